// Encoder parity with Hugging Face transformers (fixtures from scripts/gen_encoder_fixtures.py):
// pooled vectors within 1e-4 max-abs for every tiny architecture (BERT, DistilBERT, XLM-R,
// MPNet, RoBERTa, GPT-2) and the real models when installed (all-MiniLM-L6-v2,
// all-mpnet-base-v2), for mean / CLS / max pooling, layer 1 and L2 normalisation; batching
// (padding) must not change them; several layers from one pass must equal one layer at a time.
#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <span>

#include <nlohmann/json.hpp>

#include "TestSupport.h"
#include "encode/TransformerEncoder.h"
#include "text/Tokenizer.h"

namespace {

std::string defaultModelDir() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    std::string base =
        xdg && *xdg ? xdg : std::string(std::getenv("HOME") ? std::getenv("HOME") : "") + "/.local/share";
    return base + "/domainlens/models/all-MiniLM-L6-v2";
}

std::string modelDirFor(const QString& name) {
    if (name == QLatin1String("all-MiniLM-L6-v2")) return defaultModelDir();
    if (name == QLatin1String("all-mpnet-base-v2"))
        return std::filesystem::path(defaultModelDir()).parent_path().string() + "/all-mpnet-base-v2";
    return dltest::testData(QStringLiteral("models/") + name).toStdString();
}

nlohmann::json expected(const QString& name) {
    std::ifstream in(dltest::testData(QStringLiteral("encoder_expected/%1.json").arg(name)).toStdString());
    return nlohmann::json::parse(in);
}

const QStringList kModels = {"bert-tiny",        "bert-cased-tiny",  "distilbert-tiny", "xlm-roberta-tiny",
                             "bert-spm-tiny",    "mpnet-tiny",       "roberta-tiny",    "gpt2-tiny",
                             "all-MiniLM-L6-v2", "all-mpnet-base-v2"};
constexpr double kTolerance = 1e-4;

double maxAbsDiff(const std::vector<float>& a, const std::vector<float>& b) {
    double m = a.size() == b.size() ? 0.0 : 1e9;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) m = std::max(m, double(std::abs(a[i] - b[i])));
    return m;
}

std::vector<float> expectedRows(const nlohmann::json& doc, const std::string& key) {
    std::vector<float> out;
    for (const auto& r : doc["sentences"]) {
        const auto v = r[key].get<std::vector<float>>();
        out.insert(out.end(), v.begin(), v.end());
    }
    return out;
}

// Copies a fixture model into tmp with config.json edited.
void copyWithConfig(const QTemporaryDir& tmp, const QString& model, const std::function<void(nlohmann::json&)>& edit) {
    const auto src = modelDirFor(model);
    for (const auto& e : std::filesystem::directory_iterator(src))
        std::filesystem::copy_file(e.path(), std::filesystem::path(tmp.path().toStdString()) / e.path().filename());
    std::ifstream in(src + "/config.json");
    auto cfg = nlohmann::json::parse(in);
    edit(cfg);
    dltest::writeFile(tmp, "config.json", QByteArray::fromStdString(cfg.dump()));
}

}  // namespace

class TestEncoder : public QObject {
    Q_OBJECT
private slots:
    void parity_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<qint64>("batchTokens");
        for (const auto& m : kModels) {
            // GPT-2 and the real MPNet fixtures carry the mean-pooled variants only; the real
            // MPNet (438 MB, ~1 min a load on 2 cores) skips mean_norm, covered by every other row.
            const auto first = expected(m)["sentences"][0];
            for (const char* v : {"mean", "cls", "max", "mean_l1", "mean_norm"})
                if (first.contains(v) && !(m == "all-mpnet-base-v2" && std::string(v) == "mean_norm"))
                    QTest::addRow("%s/%s", qPrintable(m), v) << m << QString::fromLatin1(v) << qint64(16384);
        }
        // tiny batches: many forward passes with padding, order restored
        for (const char* m : {"bert-tiny", "xlm-roberta-tiny", "mpnet-tiny", "roberta-tiny", "gpt2-tiny"})
            for (const char* v : {"mean", "mean_l1"})
                QTest::addRow("%s/%s/batch64", m, v) << QString::fromLatin1(m) << QString::fromLatin1(v) << qint64(64);
    }
    void parity() {
        QFETCH(QString, model);
        QFETCH(QString, variant);
        QFETCH(qint64, batchTokens);
        const auto dir = modelDirFor(model);
        if (!std::filesystem::exists(dir + "/model.safetensors"))
            QSKIP(qPrintable(QStringLiteral("model not installed: %1").arg(QString::fromStdString(dir))));
        dl::EncoderOptions o;
        o.device = "cpu";
        o.batchTokens = batchTokens;
        if (variant == "cls") o.pooling = dl::Pooling::Cls;
        if (variant == "max") o.pooling = dl::Pooling::Max;
        if (variant == "mean_l1") o.layer = 1;
        if (variant == "mean_norm") o.normalize = true;
        auto enc = dl::TransformerEncoder::load(dir, o);
        QVERIFY2(enc.has_value(), enc ? "" : enc.error().message.c_str());

        const auto doc = expected(model);
        std::vector<std::string> texts;
        for (const auto& r : doc["sentences"]) texts.push_back(r["text"].get<std::string>());
        std::vector<float> out;
        dl::EncodeStats stats;
        auto s = (*enc)->encode(texts, out, &stats);
        QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        const int dim = (*enc)->dim();
        QCOMPARE(out.size(), texts.size() * static_cast<std::size_t>(dim));
        QCOMPARE(stats.sentences, static_cast<std::int64_t>(texts.size()));
        std::int64_t wantTruncated = 0;
        for (const auto& r : doc["sentences"]) wantTruncated += r["truncated"].get<bool>() ? 1 : 0;
        QCOMPARE(stats.truncated, wantTruncated);
        if (batchTokens < 1000) QVERIFY(stats.batches > 5);

        double maxAbs = 0;
        const std::string key = variant.toStdString();
        for (std::size_t i = 0; i < texts.size(); ++i) {
            const auto want = doc["sentences"][i][key].get<std::vector<float>>();
            QCOMPARE(static_cast<int>(want.size()), dim);
            double rowMax = 0;
            for (int j = 0; j < dim; ++j)
                rowMax =
                    std::max(rowMax, std::abs(double(out[i * dim + j]) - double(want[static_cast<std::size_t>(j)])));
            if (rowMax > kTolerance) qWarning("sentence %zu: max-abs diff %.3g", i, rowMax);
            maxAbs = std::max(maxAbs, rowMax);
        }
        qInfo("PARITY %s %s max-abs %.3g", qPrintable(model), qPrintable(variant), maxAbs);
        QVERIFY2(maxAbs <= kTolerance, qPrintable(QStringLiteral("max-abs diff %1").arg(maxAbs)));
    }

    void badLayer() {
        dl::EncoderOptions o;
        o.layer = 3;  // the tiny models have 2 layers
        auto enc = dl::TransformerEncoder::load(modelDirFor("bert-tiny"), o);
        QVERIFY(!enc.has_value());
        QCOMPARE(enc.error().kind, dl::ErrorKind::Usage);
        o.layer = -3;  // -1 = layer 2, -2 = layer 1, -3 = embeddings
        auto ok = dl::TransformerEncoder::load(modelDirFor("bert-tiny"), o);
        QVERIFY(ok.has_value());
        QCOMPARE((*ok)->resolvedLayer(), 0);
    }

    void embeddingLayerDiffersFromLast() {
        dl::EncoderOptions o0, o2;
        o0.layer = 0;
        auto e0 = dl::TransformerEncoder::load(modelDirFor("bert-tiny"), o0);
        auto e2 = dl::TransformerEncoder::load(modelDirFor("bert-tiny"), o2);
        QVERIFY(e0 && e2);
        std::vector<std::string> t{"hello world"};
        std::vector<float> a, b;
        QVERIFY((*e0)->encode(t, a).has_value());
        QVERIFY((*e2)->encode(t, b).has_value());
        double diff = 0;
        for (std::size_t i = 0; i < a.size(); ++i) diff = std::max(diff, double(std::abs(a[i] - b[i])));
        QVERIFY(diff > 1e-3);
    }

    void cancel() {
        auto enc = dl::TransformerEncoder::load(modelDirFor("bert-tiny"));
        QVERIFY(enc.has_value());
        dl::CancelToken token;
        token.cancel();
        std::vector<std::string> t{"a", "b"};
        std::vector<float> out;
        auto s = (*enc)->encode(t, out, nullptr, &token);
        QVERIFY(!s.has_value());
        QCOMPARE(s.error().kind, dl::ErrorKind::Cancelled);
    }

    // Several layers from one pass equal the fixture's single-layer vectors, in request order.
    void encodeLayers_data() {
        QTest::addColumn<QString>("model");
        for (const char* m : {"bert-tiny", "distilbert-tiny", "mpnet-tiny", "roberta-tiny", "gpt2-tiny"})
            QTest::newRow(m) << QString::fromLatin1(m);
    }
    void encodeLayers() {
        QFETCH(QString, model);
        dl::EncoderOptions o;
        o.device = "cpu";
        o.batchTokens = 256;  // padded batches
        auto enc = dl::TransformerEncoder::load(modelDirFor(model), o);
        QVERIFY2(enc.has_value(), enc ? "" : enc.error().message.c_str());
        const auto doc = expected(model);
        std::vector<std::string> texts;
        for (const auto& r : doc["sentences"]) texts.push_back(r["text"].get<std::string>());
        std::vector<std::vector<float>> out;
        dl::EncodeStats stats;
        auto s = (*enc)->encodeLayers(texts, {-1, 1, 0, 2}, dl::Pooling::Mean, out, &stats);
        QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        QCOMPARE(out.size(), std::size_t(4));
        QCOMPARE(stats.sentences, static_cast<std::int64_t>(texts.size()));
        const double last = maxAbsDiff(out[0], expectedRows(doc, "mean"));
        const double l1 = maxAbsDiff(out[1], expectedRows(doc, "mean_l1"));
        qInfo("LAYERS %s last %.3g layer1 %.3g", qPrintable(model), last, l1);
        QVERIFY2(last <= kTolerance, qPrintable(QString::number(last)));
        QVERIFY2(l1 <= kTolerance, qPrintable(QString::number(l1)));
        QCOMPARE(out[3], out[0]);  // -1 and 2 are the same hidden state of a 2-layer model
        QVERIFY(maxAbsDiff(out[2], out[0]) > 1e-3);  // the embedding output is not the last layer
    }

    // Long batches are cut by their attention scores (B x T^2 within what the token budget
    // costs at T = 64) as well as by tokens, and the cut changes no vector: each row equals
    // the sentence encoded alone (BERT-style and MPNet's relative bias, GPT-2's causal mask).
    void longBatchesCutByAttention_data() {
        QTest::addColumn<QString>("model");
        for (const char* m : {"bert-tiny", "mpnet-tiny", "gpt2-tiny"}) QTest::newRow(m) << QString::fromLatin1(m);
    }
    void longBatchesCutByAttention() {
        QFETCH(QString, model);
        dl::EncoderOptions o;
        o.device = "cpu";
        o.workers = 1;
        o.batchTokens = 16384;
        auto enc = dl::TransformerEncoder::load(modelDirFor(model), o);
        QVERIFY2(enc.has_value(), enc ? "" : enc.error().message.c_str());
        const auto doc = expected(model);
        std::string longText;
        for (int i = 0; static_cast<int>((*enc)->tokenizer().encode(longText, 100000).ids.size()) < 250; ++i)
            longText +=
                doc["sentences"][static_cast<std::size_t>(i) % doc["sentences"].size()]["text"].get<std::string>() +
                " ";
        const auto T = static_cast<std::int64_t>((*enc)->tokenizer().encode(longText, (*enc)->maxLength()).ids.size());
        QVERIFY2(T >= 200, qPrintable(QString::number(T)));
        // 40 sentences: the token budget alone would take 16384 / T >= 40 of them in one batch.
        std::vector<std::string> texts(40, longText);
        texts[7] = "a short one";
        std::vector<float> out;
        dl::EncodeStats stats;
        QVERIFY((*enc)->encode(texts, out, &stats).has_value());
        const std::int64_t perBatch = 16384 * 64 / (T * T);
        QCOMPARE(stats.batches, (40 + perBatch - 1) / perBatch);  // the short one pads into the last
        const std::size_t dim = static_cast<std::size_t>((*enc)->dim());
        for (std::size_t row : {std::size_t(0), std::size_t(7), std::size_t(39)}) {
            std::vector<float> alone;
            QVERIFY((*enc)->encode(std::span(texts).subspan(row, 1), alone).has_value());
            const std::vector<float> got(out.begin() + static_cast<std::ptrdiff_t>(row * dim),
                                         out.begin() + static_cast<std::ptrdiff_t>((row + 1) * dim));
            QVERIFY2(maxAbsDiff(got, alone) <= 1e-5, qPrintable(QString::number(maxAbsDiff(got, alone))));
        }
    }

    void encodeLayersBeyondLoaded() {
        dl::EncoderOptions o;
        o.layer = 1;  // loads layer 1 only
        auto enc = dl::TransformerEncoder::load(modelDirFor("mpnet-tiny"), o);
        QVERIFY(enc.has_value());
        std::vector<std::vector<float>> out;
        std::vector<std::string> t{"hello"};
        auto s = (*enc)->encodeLayers(t, {2}, dl::Pooling::Mean, out);
        QVERIFY(!s.has_value());
        QCOMPARE(s.error().kind, dl::ErrorKind::Usage);
        QVERIFY2(s.error().message.find("layer -1") != std::string::npos, s.error().message.c_str());
        QVERIFY((*enc)->encodeLayers(t, {0, 1}, dl::Pooling::Max, out).has_value());
        QVERIFY(!(*enc)->encodeLayers(t, {}, dl::Pooling::Mean, out).has_value());
    }

    // Model files it cannot read: the error names the file and what is missing or wrong.
    void unreadableModel_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QVariant>("value");
        QTest::addColumn<QStringList>("mentions");
        QTest::newRow("unknown model_type")
            << "bert-tiny"
            << "model_type" << QVariant("t5") << QStringList{"config.json", "\"t5\"", "mpnet", "gpt2"};
        QTest::newRow("gpt2 without n_embd") << "gpt2-tiny"
                                             << "n_embd" << QVariant() << QStringList{"config.json", "n_embd"};
        QTest::newRow("gpt2 missing block")
            << "gpt2-tiny"
            << "n_layer" << QVariant(3) << QStringList{"model.safetensors", "h.2.ln_1.weight", "GPT-2"};
        QTest::newRow("mpnet bias shape")
            << "mpnet-tiny"
            << "relative_attention_num_buckets" << QVariant(16)
            << QStringList{"model.safetensors", "encoder.relative_attention_bias.weight", "16x4"};
        QTest::newRow("mpnet missing layer")
            << "mpnet-tiny"
            << "num_hidden_layers" << QVariant(3)
            << QStringList{"model.safetensors", "encoder.layer.2.attention.attn.q.weight"};
        QTest::newRow("roberta positions") << "roberta-tiny"
                                           << "max_position_embeddings" << QVariant(600)
                                           << QStringList{"embeddings.position_embeddings.weight", "600x32"};
    }
    void unreadableModel() {
        QFETCH(QString, model);
        QFETCH(QString, field);
        QFETCH(QVariant, value);
        QFETCH(QStringList, mentions);
        QTemporaryDir tmp;
        copyWithConfig(tmp, model, [&](nlohmann::json& cfg) {
            if (!value.isValid()) cfg.erase(field.toStdString());
            else if (value.typeId() == QMetaType::Int) cfg[field.toStdString()] = value.toInt();
            else cfg[field.toStdString()] = value.toString().toStdString();
        });
        auto enc = dl::TransformerEncoder::load(tmp.path().toStdString());
        QVERIFY(!enc.has_value());
        const auto& msg = enc.error().message;
        for (const auto& m : mentions) QVERIFY2(msg.find(m.toStdString()) != std::string::npos, msg.c_str());
    }

    void missingTensor() {
        // A config asking for 3 layers over a 2-layer checkpoint: the error names file and tensor.
        QTemporaryDir tmp;
        const auto src = modelDirFor("bert-tiny");
        for (const char* f : {"model.safetensors", "vocab.txt", "tokenizer.json", "tokenizer_config.json"})
            QVERIFY(QFile::copy(QString::fromStdString(src + "/" + f), tmp.filePath(f)));
        std::ifstream in(src + "/config.json");
        auto cfg = nlohmann::json::parse(in);
        cfg["num_hidden_layers"] = 3;
        dltest::writeFile(tmp, "config.json", QByteArray::fromStdString(cfg.dump()));
        auto enc = dl::TransformerEncoder::load(tmp.path().toStdString());
        QVERIFY(!enc.has_value());
        const auto& msg = enc.error().message;
        QVERIFY2(msg.find("encoder.layer.2.attention.self.query.weight") != std::string::npos, msg.c_str());
        QVERIFY2(msg.find("model.safetensors") != std::string::npos, msg.c_str());
    }
};

QTEST_GUILESS_MAIN(TestEncoder)
#include "tst_encoder.moc"
