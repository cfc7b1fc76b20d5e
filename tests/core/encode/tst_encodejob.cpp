// The encode job against a real project file: storage, chunked commits, resume after
// cancel, no-op when complete, float16/float32 storage, side checks.
#include <QtTest>

#include <cmath>

#include "TestSupport.h"
#include "corpus/Import.h"
#include "encode/EncodeJob.h"
#include "encode/ModelCatalog.h"
#include "encode/ModelIdentity.h"
#include "encode/TransformerEncoder.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Store.h"

namespace {

// Cancels the job once `after` sentences are reported done.
class CancelAfter final : public dl::ProgressSink {
public:
    CancelAfter(dl::CancelToken& t, std::int64_t after) : token_(t), after_(after) {}
    void progress(std::int64_t done, std::int64_t) override {
        if (done >= after_) token_.cancel();
    }
    std::vector<std::string> infos;
    void info(std::string_view m) override { infos.emplace_back(m); }

private:
    dl::CancelToken& token_;
    std::int64_t after_;
};

std::vector<std::string> sentences() {
    std::vector<std::string> s;
    for (int i = 0; i < 50; ++i)
        s.push_back("Sentence number " + std::to_string(i) +
                    (i % 3 ? " about the law and the court." : " über Café 日本.") +
                    std::string(static_cast<std::size_t>(i % 7), '!'));
    return s;
}

std::string tinyModel() { return dltest::testData("models/bert-tiny").toStdString(); }

// The tiny model's vectors of sentences() at one layer, from an encoder of its own ({} on failure).
std::vector<float> encodedAt(int layer) {
    dl::EncoderOptions o;
    o.layer = layer;
    o.precision = "auto";
    auto enc = dl::TransformerEncoder::load(tinyModel(), o);
    std::vector<float> out;
    if (!enc || !(*enc)->encode(sentences(), out)) return {};
    return out;
}

}  // namespace

class TestEncodeJob : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::unique_ptr<dl::Store> store_;
    std::vector<float> direct_, directNorm_;

private slots:
    void initTestCase() {
        QByteArray src, tgt;
        for (const auto& s : sentences()) {
            src += QByteArray::fromStdString(s) + '\n';
            tgt += QByteArray::fromStdString("Ziel " + s) + '\n';
        }
        auto srcPath = dltest::writeFile(tmp_, "law.en", src);
        auto tgtPath = dltest::writeFile(tmp_, "law.de", tgt);
        auto st = dl::Store::create(tmp_.filePath("p.dlproj").toStdString());
        QVERIFY2(st.has_value(), st ? "" : st.error().message.c_str());
        store_ = std::move(*st);
        dl::ImportParams ip;
        ip.corpus = "mono";
        ip.srcPath = srcPath;
        dl::NullProgress np;
        dl::CancelToken ct;
        auto r = dl::runImport(ip, *store_, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->imported, std::int64_t(50));
        ip.corpus = "pair";
        ip.tgtPath = tgtPath;
        r = dl::runImport(ip, *store_, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());

        // What the job computes by default (--precision auto).
        dl::EncoderOptions a;
        a.precision = "auto";
        auto enc = dl::TransformerEncoder::load(tinyModel(), a);
        QVERIFY(enc.has_value());
        const auto s = sentences();
        QVERIFY((*enc)->encode(s, direct_).has_value());
        dl::EncoderOptions o = a;
        o.normalize = true;
        auto encN = dl::TransformerEncoder::load(tinyModel(), o);
        QVERIFY(encN.has_value());
        QVERIFY((*encN)->encode(s, directNorm_).has_value());
    }

    void encodeStoreAndNoop_data() {
        QTest::addColumn<bool>("float32");
        QTest::addColumn<double>("tolerance");
        QTest::addRow("float16") << false << 2e-3;
        QTest::addRow("float32") << true << 1e-6;
    }
    void encodeStoreAndNoop() {
        QFETCH(bool, float32);
        QFETCH(double, tolerance);
        dl::EncodeParams p;
        p.model = tinyModel();
        p.corpus = "mono";
        p.chunkSentences = 16;
        p.storage = float32 ? dl::StorageType::Float32 : dl::StorageType::Float16;
        // The storage type belongs to the set, not its key: the float32 run uses another key (layer 1).
        p.layer = float32 ? 1 : 2;  // layer 2 of 2 is the last layer: stored under -1
        dl::NullProgress np;
        dl::CancelToken ct;
        auto r = dl::runEncode(p, *store_, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QVERIFY(!r->noop);
        QCOMPARE(r->encoded, std::int64_t(50));
        QCOMPARE(r->dim, 32);
        QCOMPARE(r->layer, float32 ? 1 : -1);
        QCOMPARE(r->model, std::string("bert-tiny"));
        QVERIFY(r->sentencesPerSecond > 0);
        auto m = dl::loadEmbeddings(*store_, r->setId, r->corpusId);
        QVERIFY2(m.has_value(), m ? "" : m.error().message.c_str());
        QCOMPARE(m->rows, std::int64_t(50));
        std::vector<float> want = direct_;
        if (float32) {
            dl::EncoderOptions o;
            o.layer = 1;
            o.precision = "auto";
            auto enc = dl::TransformerEncoder::load(tinyModel(), o);
            QVERIFY(enc.has_value());
            QVERIFY((*enc)->encode(sentences(), want).has_value());
        }
        double maxAbs = 0;
        for (std::size_t i = 0; i < want.size(); ++i) maxAbs = std::max(maxAbs, double(std::abs(m->data[i] - want[i])));
        QVERIFY2(maxAbs <= tolerance, qPrintable(QString::number(maxAbs)));

        auto again = dl::runEncode(p, *store_, np, ct);
        QVERIFY(again.has_value());
        QVERIFY(again->noop);
        QCOMPARE(again->encoded, std::int64_t(0));
        QCOMPARE(again->setId, r->setId);
    }

    // The precision is part of the set's identity: int8 vectors get their own set, never
    // mixed with fp32 ones, and are what an int8 encoder computes.
    void precisionKeysTheSet() {
        dl::EncodeParams p;
        p.model = tinyModel();
        p.corpus = "mono";
        dl::NullProgress np;
        dl::CancelToken ct;
        // auto stores under what it resolved to: an explicit run of that precision reuses the
        // set, and the other of fp32 / bf16 gets its own.
        auto autoRun = dl::runEncode(p, *store_, np, ct);
        QVERIFY2(autoRun.has_value(), autoRun ? "" : autoRun.error().message.c_str());
        const std::string resolved = dl::encoderPrecision("cpu", "auto");
        QCOMPARE(autoRun->precision, resolved);
        p.precision = resolved;
        auto same = dl::runEncode(p, *store_, np, ct);
        QVERIFY(same.has_value());
        QVERIFY(same->noop);
        QCOMPARE(same->setId, autoRun->setId);
        p.precision = resolved == "bf16" ? "fp32" : "bf16";
        auto other = dl::runEncode(p, *store_, np, ct);
        QVERIFY(other.has_value());
        QVERIFY(!other->noop);
        QVERIFY(other->setId != autoRun->setId);
        p.precision = "fp32";
        auto fp32 = dl::runEncode(p, *store_, np, ct);
        QVERIFY2(fp32.has_value(), fp32 ? "" : fp32.error().message.c_str());
        QCOMPARE(fp32->precision, std::string("fp32"));
        p.precision = "int8";
        auto int8 = dl::runEncode(p, *store_, np, ct);
        QVERIFY2(int8.has_value(), int8 ? "" : int8.error().message.c_str());
        QCOMPARE(int8->precision, std::string("int8"));
        QVERIFY(!int8->noop);
        QVERIFY(int8->setId != fp32->setId);
        dl::EncoderOptions o;
        o.precision = "int8";
        auto enc = dl::TransformerEncoder::load(tinyModel(), o);
        QVERIFY(enc.has_value());
        std::vector<float> want;
        QVERIFY((*enc)->encode(sentences(), want).has_value());
        auto m = dl::loadEmbeddings(*store_, int8->setId, int8->corpusId);
        QVERIFY(m.has_value());
        double maxAbs = 0;
        for (std::size_t i = 0; i < want.size(); ++i) maxAbs = std::max(maxAbs, double(std::abs(m->data[i] - want[i])));
        QVERIFY2(maxAbs <= 2e-3, qPrintable(QString::number(maxAbs)));  // stored as float16
        p.precision = "fp8";
        auto bad = dl::runEncode(p, *store_, np, ct);
        QVERIFY(!bad.has_value());
        QCOMPARE(bad.error().kind, dl::ErrorKind::Usage);
    }

    void cancelAndResume() {
        dl::EncodeParams p;
        p.model = tinyModel();
        p.corpus = "mono";
        p.normalize = true;
        p.chunkSentences = 16;
        dl::CancelToken ct;
        CancelAfter sink(ct, 16);
        auto r = dl::runEncode(p, *store_, sink, ct);
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().kind, dl::ErrorKind::Cancelled);
        auto sets = dl::listEmbeddingSets(*store_);
        QVERIFY(sets.has_value());
        std::int64_t setId = 0;
        for (const auto& s : *sets)
            if (s.key.normalized && s.key.side == dl::Side::Source) setId = s.id;
        QVERIFY(setId > 0);
        auto corpus = dl::findCorpus(*store_, "mono");
        QVERIFY(corpus.has_value());
        auto done = dl::encodedCount(*store_, setId, corpus->id);
        QVERIFY(done.has_value());
        QCOMPARE(*done, std::int64_t(16));  // the committed chunk survives, the next one does not

        ct.reset();
        dl::NullProgress np;
        auto resumed = dl::runEncode(p, *store_, np, ct);
        QVERIFY2(resumed.has_value(), resumed ? "" : resumed.error().message.c_str());
        QCOMPARE(resumed->alreadyEncoded, std::int64_t(16));
        QCOMPARE(resumed->encoded, std::int64_t(34));
        QCOMPARE(resumed->setId, setId);
        auto m = dl::loadEmbeddings(*store_, setId, corpus->id);
        QVERIFY(m.has_value());
        QCOMPARE(m->rows, std::int64_t(50));
        double maxAbs = 0;
        for (std::size_t i = 0; i < directNorm_.size(); ++i)
            maxAbs = std::max(maxAbs, double(std::abs(m->data[i] - directNorm_[i])));
        QVERIFY2(maxAbs <= 2e-3, qPrintable(QString::number(maxAbs)));
    }

    void targetSide() {
        dl::EncodeParams p;
        p.model = tinyModel();
        p.corpus = "mono";
        p.side = dl::Side::Target;
        dl::NullProgress np;
        dl::CancelToken ct;
        auto r = dl::runEncode(p, *store_, np, ct);
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().kind, dl::ErrorKind::Usage);
        p.corpus = "pair";
        r = dl::runEncode(p, *store_, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->encoded, std::int64_t(50));
        auto m = dl::loadEmbeddings(*store_, r->setId, r->corpusId);
        QVERIFY(m.has_value());
        // target sentences differ from the source ones: vectors differ
        double diff = 0;
        for (std::size_t i = 0; i < direct_.size(); ++i)
            diff = std::max(diff, double(std::abs(m->data[i] - direct_[i])));
        QVERIFY(diff > 1e-2);
    }

    void badParameters_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("pooling");
        QTest::addColumn<int>("layer");
        QTest::addColumn<QString>("needle");
        QTest::addRow("pooling") << QString() << "median" << -1 << "median";
        QTest::addRow("layer") << QString() << "mean" << 7 << "Layer 7";
        QTest::addRow("model") << "/nonexistent/model"
                               << "mean" << -1 << "/nonexistent/model";
    }
    void badParameters() {
        QFETCH(QString, model);
        QFETCH(QString, pooling);
        QFETCH(int, layer);
        QFETCH(QString, needle);
        dl::EncodeParams p;
        p.model = model.isEmpty() ? tinyModel() : model.toStdString();
        p.corpus = "mono";
        p.pooling = pooling.toStdString();
        p.layer = layer;
        dl::NullProgress np;
        dl::CancelToken ct;
        auto r = dl::runEncode(p, *store_, np, ct);
        QVERIFY(!r.has_value());
        QVERIFY2(r.error().message.find(needle.toStdString()) != std::string::npos, r.error().message.c_str());
    }

    void severalLayersInOnePass() {
        dl::EncodeParams p;
        p.model = tinyModel();
        p.corpus = "pair";
        p.layers = {1, -1};
        p.chunkSentences = 20;
        p.storage = dl::StorageType::Float32;
        dl::NullProgress np;
        dl::CancelToken ct;
        auto r = dl::runEncodeLayers(p, *store_, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->size(), std::size_t(2));
        QCOMPARE((*r)[0].layer, 1);
        QCOMPARE((*r)[1].layer, -1);
        QVERIFY((*r)[0].setId != (*r)[1].setId);
        for (int j = 0; j < 2; ++j) {
            const std::vector<float> want = encodedAt(j == 0 ? 1 : -1);
            QVERIFY(!want.empty());
            auto m = dl::loadEmbeddings(*store_, (*r)[j].setId, (*r)[j].corpusId);
            QVERIFY(m.has_value());
            QCOMPARE(m->data.size(), want.size());
            double maxAbs = 0;
            for (std::size_t i = 0; i < want.size(); ++i)
                maxAbs = std::max(maxAbs, double(std::abs(m->data[i] - want[i])));
            // The last layer's set already exists from encodeStoreAndNoop, stored as float16
            // (storage belongs to the set, which holds every corpus encoded with that key).
            auto set = dl::embeddingSet(*store_, (*r)[j].setId);
            QVERIFY(set.has_value());
            const double tolerance = set->storage == dl::StorageType::Float16 ? 2e-3 : 1e-5;
            QVERIFY2(maxAbs <= tolerance, qPrintable(QString::number(maxAbs)));
        }
        // all = 1..L: layer 1 and 2 (= last) exist already, so nothing is encoded again.
        p.layers.clear();
        p.allLayers = true;
        auto again = dl::runEncodeLayers(p, *store_, np, ct);
        QVERIFY2(again.has_value(), again ? "" : again.error().message.c_str());
        QCOMPARE(again->size(), std::size_t(2));
        QVERIFY((*again)[0].noop && (*again)[1].noop);
        QCOMPARE((*again)[0].setId, (*r)[0].setId);
        // Adding the embedding output (0) encodes only that set.
        p.allLayers = false;
        p.layers = {0, 1};
        auto more = dl::runEncodeLayers(p, *store_, np, ct);
        QVERIFY2(more.has_value(), more ? "" : more.error().message.c_str());
        QCOMPARE((*more)[0].encoded, std::int64_t(50));
        QCOMPARE((*more)[1].encoded, std::int64_t(0));
        QVERIFY((*more)[1].noop);
    }

    // --layer-mean: the element-wise mean of several layers of one pass stored as ONE set (the
    // default of all-mpnet-base-v2: docs/clustering.md), keyed apart from each layer's own set.
    void layerMeanIsOneSet() {
        dl::EncodeParams p;
        p.model = tinyModel();
        p.corpus = "pair";
        p.layerMean = {-1, 1};  // the tiny model has 2 layers: 1 and 2 = last, stored as -1
        p.storage = dl::StorageType::Float32;
        dl::NullProgress np;
        dl::CancelToken ct;
        auto r = dl::runEncode(p, *store_, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->layerMean, std::string("1+-1"));  // sorted by hidden state
        QCOMPARE(r->layer, -1);                       // its deepest layer
        QCOMPARE(r->encoded, std::int64_t(50));
        auto set = dl::embeddingSet(*store_, r->setId);
        QVERIFY(set.has_value());
        QCOMPARE(set->key.layerMean, std::string("1+-1"));  // read back from the identity column
        QVERIFY(set->key.identity().ends_with("|mean=1+-1"));
        QCOMPARE(set->key.layerLabel(), std::string("mean of layers 1+last"));
        // Not the last layer's own set (encodeStoreAndNoop made one with this model).
        dl::EmbeddingKey last = set->key;
        last.layerMean.clear();
        auto own = dl::findEmbeddingSet(*store_, last);
        QVERIFY(own.has_value());
        QVERIFY(!*own || (*own)->id != r->setId);
        // The vectors are the mean of the two layers' vectors.
        const std::vector<std::vector<float>> layers{encodedAt(1), encodedAt(-1)};
        QVERIFY(!layers[0].empty() && !layers[1].empty());
        auto m = dl::loadEmbeddings(*store_, r->setId, r->corpusId);
        QVERIFY(m.has_value());
        QCOMPARE(m->data.size(), layers[0].size());
        double maxAbs = 0, apart = 0;
        for (std::size_t i = 0; i < layers[0].size(); ++i) {
            maxAbs = std::max(maxAbs, double(std::abs(m->data[i] - 0.5f * (layers[0][i] + layers[1][i]))));
            apart = std::max(apart, double(std::abs(layers[0][i] - layers[1][i])));
        }
        QVERIFY2(maxAbs <= 1e-5, qPrintable(QString::number(maxAbs)));
        QVERIFY(apart > 1e-2);  // the two layers differ: the mean is neither of them
        // The same mean named otherwise (2 = last) is the same set: nothing to encode.
        p.layerMean = {1, 2};
        auto again = dl::runEncodeLayers(p, *store_, np, ct);
        QVERIFY2(again.has_value(), again ? "" : again.error().message.c_str());
        QCOMPARE(again->size(), std::size_t(1));
        QVERIFY(again->front().noop);
        QCOMPARE(again->front().setId, r->setId);
        // One layer twice is no mean; a mean and --layers exclude each other.
        p.layerMean = {2, -1};
        auto twice = dl::runEncode(p, *store_, np, ct);
        QVERIFY(!twice.has_value());
        QCOMPARE(twice.error().kind, dl::ErrorKind::Usage);
        p.layerMean = {1, 2};
        p.layers = {1};
        QVERIFY(!dl::validateEncodeParams(p).has_value());
        // The parameter table reads and writes the list (the CLI's --layer-mean 8,10).
        dl::EncodeParams q;
        QVERIFY(!dl::encodeParamTable()
                     .set(q, "layer-mean", dl::ParamValue(std::string("10")))
                     .has_value());  // one layer is --layer
        QVERIFY(dl::encodeParamTable().set(q, "layer-mean", dl::ParamValue(std::string("8,10"))).has_value());
        QCOMPARE(q.layerMean, (std::vector<int>{8, 10}));
        // A malformed list names the option it came from, not --layers.
        for (const char* bad : {"8,,10", "abc", "99999999999999,1"}) {
            auto s = dl::encodeParamTable().set(q, "layer-mean", dl::ParamValue(std::string(bad)));
            QVERIFY2(!s.has_value(), bad);
            QVERIFY2(s.error().message.find("--layer-mean") != std::string::npos, s.error().message.c_str());
        }
    }

    void prompts() {
        auto none = dl::resolvePrompt(tinyModel(), "");
        QVERIFY(none.has_value());
        QVERIFY(none->first.empty() && none->second.empty());
        auto bad = dl::resolvePrompt(tinyModel(), "query");
        QVERIFY(!bad.has_value());
        QCOMPARE(bad.error().kind, dl::ErrorKind::Usage);
        QVERIFY(dl::resolvePrompt(tinyModel(), "none").has_value());
    }

    void shortNames() {
        QTemporaryDir data;
        qputenv("XDG_DATA_HOME", data.path().toUtf8());
        auto missing = dl::resolveModel("all-mpnet-base-v2");
        QVERIFY(!missing.has_value());
        QVERIFY2(missing.error().message.find("scripts/install-model.sh all-mpnet-base-v2") != std::string::npos,
                 missing.error().message.c_str());
        auto all = dl::listModelsWithInstallable();
        QCOMPARE(all.size(), std::size_t(3));
        for (const auto& m : all) QVERIFY(!m.installed && m.dim > 0 && !m.languages.empty());
        QDir(data.path()).mkpath("domainlens/models/multilingual-e5-small");
        for (const char* f : {"config.json", "model.safetensors", "vocab.txt"})
            QVERIFY(QFile::copy(QString::fromStdString(tinyModel() + "/" + f),
                                data.filePath(QStringLiteral("domainlens/models/multilingual-e5-small/") + f)));
        auto e5 = dl::resolveModel("multilingual-e5-small");
        QVERIFY2(e5.has_value(), e5 ? "" : e5.error().message.c_str());
        QCOMPARE(e5->source, std::string("data-dir"));
        QCOMPARE(e5->dim, 32);
        QVERIFY(e5->sizeBytes > 0);
        QVERIFY(e5->languages.find("languages") != std::string::npos);
        dl::recordModelSpeed(e5->path, 1234.5, "cpu");
        all = dl::listModelsWithInstallable();
        QCOMPARE(all.size(), std::size_t(3));
        QCOMPARE(all[0].name, std::string("multilingual-e5-small"));
        QVERIFY(all[0].installed);
        QCOMPARE(all[0].sentencesPerSecond, 1234.5);
        QCOMPARE(all[0].speedDevice, std::string("cpu"));
        qunsetenv("XDG_DATA_HOME");
    }

    void catalog() {
        QTemporaryDir data, cache;
        qputenv("XDG_DATA_HOME", data.path().toUtf8());
        qputenv("HF_HUB_CACHE", cache.path().toUtf8());
        QVERIFY(!dl::resolveModel("").has_value());  // default not installed there
        // a fake HF cache entry with a snapshot pointed to by refs/main
        QDir c(cache.path());
        QVERIFY(c.mkpath("models--org--tiny-bert/snapshots/abc123"));
        QVERIFY(c.mkpath("models--org--tiny-bert/refs"));
        dltest::writeFile(cache, "models--org--tiny-bert/refs/main", "abc123");
        for (const char* f : {"config.json", "model.safetensors", "vocab.txt"})
            QVERIFY(QFile::copy(QString::fromStdString(tinyModel() + "/" + f),
                                cache.filePath(QStringLiteral("models--org--tiny-bert/snapshots/abc123/") + f)));
        QDir d(data.path());
        QVERIFY(d.mkpath(QStringLiteral("domainlens/models/%1").arg(QLatin1String(dl::kDefaultModelName))));
        QVERIFY(QFile::copy(
            QString::fromStdString(tinyModel() + "/config.json"),
            data.filePath(
                QStringLiteral("domainlens/models/%1/config.json").arg(QLatin1String(dl::kDefaultModelName)))));
        auto list = dl::listModels();
        QCOMPARE(list.size(), std::size_t(2));
        QCOMPARE(list[0].name, std::string(dl::kDefaultModelName));
        QCOMPARE(list[0].source, std::string("default"));
        QVERIFY(!list[0].supported);  // no weights
        QCOMPARE(list[1].name, std::string("org/tiny-bert"));
        QCOMPARE(list[1].source, std::string("hf-cache"));
        QVERIFY(list[1].supported);
        QCOMPARE(list[1].modelType, std::string("bert"));
        auto byId = dl::resolveModel("org/tiny-bert");
        QVERIFY2(byId.has_value(), byId ? "" : byId.error().message.c_str());
        QVERIFY(byId->path.ends_with("snapshots/abc123"));
        auto byPath = dl::resolveModel(byId->path);  // a snapshot path keeps its HF id as name
        QVERIFY(byPath.has_value());
        QCOMPARE(byPath->name, std::string("org/tiny-bert"));
        auto def = dl::resolveModel("");
        QVERIFY(def.has_value());
        QCOMPARE(def->name, std::string(dl::kDefaultModelName));
        // No layer asked for: the default model's recommended mean of layers 8 and 10, unless
        // several layers are asked for; other models keep their one recommended layer.
        dl::EncodeParams rec;
        dl::useRecommendedLayer(rec);
        QCOMPARE(rec.layer, 10);
        QCOMPARE(rec.layerMean, (std::vector<int>{8, 10}));
        dl::EncodeParams several;
        several.layers = {8, 9};
        dl::useRecommendedLayer(several);
        QVERIFY(several.layerMean.empty());
        QVERIFY(dl::recommendedLayerMean("multilingual-e5-small").empty());
        QVERIFY(!dl::resolveModel("org/absent").has_value());
        qunsetenv("XDG_DATA_HOME");
        qunsetenv("HF_HUB_CACHE");
    }
};

QTEST_GUILESS_MAIN(TestEncodeJob)
#include "tst_encodejob.moc"
