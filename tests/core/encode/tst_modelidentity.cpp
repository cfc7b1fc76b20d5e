// Embedding sets are identified by the model's content (issues #10, #14 item 2): two
// different models in folders both named `model` must not share vectors, the same model in
// another folder reuses them, the set records path and precision, and `select --method
// finetune` works for a model given by path.
#include <QtTest>

#include <cmath>

#include "TestSupport.h"
#include "corpus/Import.h"
#include "encode/EncodeJob.h"
#include "encode/ModelIdentity.h"
#include "select/SelectJob.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Store.h"

namespace {

std::string copyModel(const QTemporaryDir& tmp, const QString& fixture, const QString& to) {
    const QDir src(dltest::testData(QStringLiteral("models/") + fixture));
    QDir(tmp.path()).mkpath(to);
    for (const auto& f : src.entryList(QDir::Files))
        if (!QFile::copy(src.filePath(f), tmp.filePath(to + QLatin1Char('/') + f))) qFatal("copy %s", qPrintable(f));
    return tmp.filePath(to).toStdString();
}

dl::EncodeResult encode(dl::Store& store, const std::string& model, const std::string& corpus = "law") {
    dl::EncodeParams p;
    p.model = model;
    p.corpus = corpus;
    p.device = "cpu";
    dl::NullProgress np;
    dl::CancelToken ct;
    auto r = dl::runEncode(p, store, np, ct);
    if (!r) qFatal("encode: %s", r.error().message.c_str());
    return *r;
}

}  // namespace

class TestModelIdentity : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::unique_ptr<dl::Store> store_;
    std::string modelA_, modelB_, modelA2_;

private slots:
    void initTestCase() {
        qputenv("XDG_CACHE_HOME", tmp_.filePath("cache").toUtf8());  // the digest cache, not the user's
        modelA_ = copyModel(tmp_, "bert-tiny", "a/model");
        modelB_ = copyModel(tmp_, "bert-cased-tiny", "b/model");
        modelA2_ = copyModel(tmp_, "bert-tiny", "elsewhere/renamed");
        QByteArray law, it;
        for (int i = 0; i < 24; ++i) {
            law += "The court rules on article " + QByteArray::number(i) + " of the regulation.\n";
            it += "Click the button to open file number " + QByteArray::number(i) + " in the editor.\n";
        }
        auto st = dl::Store::create(tmp_.filePath("p.dlproj").toStdString());
        QVERIFY2(st.has_value(), st ? "" : st.error().message.c_str());
        store_ = std::move(*st);
        for (const auto& [name, text] : {std::pair{"law", law}, std::pair{"it", it}}) {
            dl::ImportParams ip;
            ip.corpus = name;
            ip.srcPath = dltest::writeFile(tmp_, QString::fromLatin1(name) + ".en", text);
            ip.labelSource = dl::LabelSource::Given;
            ip.domain = name;
            dl::NullProgress np;
            dl::CancelToken ct;
            auto r = dl::runImport(ip, *store_, np, ct);
            QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        }
    }

    void contentHash() {
        auto a = dl::modelContentHash(modelA_), b = dl::modelContentHash(modelB_), a2 = dl::modelContentHash(modelA2_);
        QVERIFY(a && b && a2);
        QCOMPARE(a->size(), std::size_t(64));
        QVERIFY(*a != *b);
        QCOMPARE(*a, *a2);
        // Cached by path, size and mtime; a changed file changes the hash.
        QFile cfg(QString::fromStdString(modelA2_ + "/config.json"));
        QVERIFY(cfg.open(QIODevice::Append));
        cfg.write(" ");
        cfg.close();
        auto changed = dl::modelContentHash(modelA2_);
        QVERIFY(changed.has_value());
        QVERIFY(*changed != *a);
        QVERIFY(!dl::modelContentHash(tmp_.filePath("absent").toStdString()).has_value());
    }

    void modelsNamedAlikeDoNotShareVectors() {
        const auto a = encode(*store_, modelA_);
        QVERIFY(!a.noop);
        QCOMPARE(a.model, std::string("model"));
        const auto b = encode(*store_, modelB_);
        QVERIFY2(!b.noop, "a different model in a folder of the same name reused the first model's vectors");
        QVERIFY(b.setId != a.setId);
        auto ma = dl::loadEmbeddings(*store_, a.setId, a.corpusId);
        auto mb = dl::loadEmbeddings(*store_, b.setId, b.corpusId);
        QVERIFY(ma && mb);
        double diff = 0;
        for (std::size_t i = 0; i < ma->data.size(); ++i)
            diff = std::max(diff, double(std::abs(ma->data[i] - mb->data[i])));
        QVERIFY(diff > 1e-3);

        auto set = dl::embeddingSet(*store_, b.setId);
        QVERIFY(set.has_value());
        QCOMPARE(set->modelPath, modelB_);
        QCOMPARE(set->key.precision, dl::encoderPrecision("cpu", "auto"));  // what encode's auto resolved to
        QCOMPARE(set->key.model, std::string("model"));
        QCOMPARE(set->key.modelHash, *dl::modelContentHash(modelB_));
    }

    void sameContentElsewhereReusesVectors() {
        auto second = copyModel(tmp_, "bert-tiny", "moved/model");
        const auto first = encode(*store_, modelA_);
        QVERIFY(first.noop);
        const auto moved = encode(*store_, second);
        QVERIFY(moved.noop);
        QCOMPARE(moved.setId, first.setId);
        auto set = dl::embeddingSet(*store_, moved.setId);
        QVERIFY(set.has_value());
        QCOMPARE(set->modelPath, second);  // the latest place the model was found
    }

    void finetuneWithModelGivenByPath() {
        encode(*store_, modelB_, "it");
        dl::SelectParams p;
        p.method = dl::SelectMethod::Finetune;
        p.pool = "law";
        p.seed = "it";
        p.model = modelB_;
        p.top = 5;
        p.excludeLeaked = false;
        p.fineTune.epochs = 1;
        p.fineTune.batchSize = 8;
        // the set of model B (its folder name "model" resolves to nothing by name)
        auto sets = dl::listEmbeddingSets(*store_);
        QVERIFY(sets.has_value());
        for (const auto& s : *sets)
            if (s.key.modelHash == *dl::modelContentHash(modelB_)) p.embeddingSet = s.id;
        QVERIFY(p.embeddingSet.has_value());
        dl::NullProgress np;
        dl::CancelToken ct;
        auto r = dl::runSelect(p, *store_, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->selected, std::int64_t(5));
    }
};

QTEST_GUILESS_MAIN(TestModelIdentity)
#include "tst_modelidentity.moc"
