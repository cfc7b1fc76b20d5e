// Encoder parity with Hugging Face transformers (fixtures from scripts/gen_encoder_fixtures.py):
// pooled vectors within 1e-4 max-abs for every tiny architecture and the real default model,
// for mean / CLS / max pooling, layer 1 and L2 normalisation; batching must not change them.
#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "TestSupport.h"
#include "encode/TransformerEncoder.h"
#include "text/Tokenizer.h"

namespace {

std::string defaultModelDir() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    std::string base = xdg && *xdg ? xdg : std::string(std::getenv("HOME") ? std::getenv("HOME") : "") + "/.local/share";
    return base + "/domainlens/models/all-MiniLM-L6-v2";
}

std::string modelDirFor(const QString& name) {
    if (name == QLatin1String("all-MiniLM-L6-v2")) return defaultModelDir();
    return dltest::testData(QStringLiteral("models/") + name).toStdString();
}

nlohmann::json expected(const QString& name) {
    std::ifstream in(dltest::testData(QStringLiteral("encoder_expected/%1.json").arg(name)).toStdString());
    return nlohmann::json::parse(in);
}

const QStringList kModels = {"bert-tiny", "bert-cased-tiny", "distilbert-tiny", "xlm-roberta-tiny", "bert-spm-tiny",
                             "all-MiniLM-L6-v2"};
constexpr double kTolerance = 1e-4;

}  // namespace

class TestEncoder : public QObject {
    Q_OBJECT
private slots:
    void parity_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<qint64>("batchTokens");
        for (const auto& m : kModels)
            for (const char* v : {"mean", "cls", "max", "mean_l1", "mean_norm"})
                QTest::addRow("%s/%s", qPrintable(m), v) << m << QString::fromLatin1(v) << qint64(16384);
        // tiny batches: many forward passes, order restored
        QTest::addRow("bert-tiny/mean/batch64") << "bert-tiny" << "mean" << qint64(64);
        QTest::addRow("xlm-roberta-tiny/mean/batch64") << "xlm-roberta-tiny" << "mean" << qint64(64);
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
                rowMax = std::max(rowMax, std::abs(double(out[i * dim + j]) - double(want[static_cast<std::size_t>(j)])));
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

    void unknownArchitecture() {
        QTemporaryDir tmp;
        dltest::writeFile(tmp, "config.json", R"({"model_type": "gpt2", "n_embd": 8})");
        auto enc = dl::TransformerEncoder::load(tmp.path().toStdString());
        QVERIFY(!enc.has_value());
        QVERIFY2(enc.error().message.find("gpt2") != std::string::npos, enc.error().message.c_str());
        QVERIFY(enc.error().message.find("config.json") != std::string::npos);
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
