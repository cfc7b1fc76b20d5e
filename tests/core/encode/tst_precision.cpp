// Reduced-precision encoding (EncoderOptions::precision) and the inference workers, on real
// sentences (../shared/data), tiny fixture models of both encoder families and
// all-MiniLM-L6-v2 (skipped when it is not installed, failed under CI=true, where setup.sh
// installs it): bf16 vectors within cosine 0.999 of fp32; int8 within the bounds it reaches
// (see closeToFp32); two workers give the vectors of one; bad requests are usage errors;
// fine-tuning refuses a lowered encoder.
#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <utility>

#include "TestSupport.h"
#include "encode/ModelIdentity.h"
#include "encode/TransformerEncoder.h"

namespace {

std::string modelDir(const QString& name) {
    if (name == QLatin1String("all-MiniLM-L6-v2")) {
        const char* xdg = std::getenv("XDG_DATA_HOME");
        const std::string base =
            xdg && *xdg ? xdg : std::string(std::getenv("HOME") ? std::getenv("HOME") : "") + "/.local/share";
        return base + "/domainlens/models/all-MiniLM-L6-v2";
    }
    return dltest::testData(QStringLiteral("models/") + name).toStdString();
}

// 40 lines of each of the 7 domains of the English test set: short subtitles to long law.
std::vector<std::string> realSentences() {
    std::vector<std::string> out;
    for (const char* d : {"it", "koran", "law", "medical", "qed", "subtitles", "ted"}) {
        QFile f(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/%1.en").arg(QLatin1String(d))));
        if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(f.fileName()));
        for (int i = 0; i < 40 && !f.atEnd(); ++i) out.push_back(f.readLine().trimmed().toStdString());
    }
    return out;
}

std::vector<float> encodeWith(const std::string& dir, const std::string& precision, int workers,
                              const std::vector<std::string>& texts) {
    dl::EncoderOptions o;
    o.device = "cpu";
    o.precision = precision;
    o.workers = workers;
    // Several batches, so that two workers share them; the budget is split over the workers,
    // so 512 per worker gives every worker count the same batches (int8's per-batch
    // activation scale makes its vectors depend on the batch).
    o.batchTokens = 512 * workers;
    auto enc = dl::TransformerEncoder::load(dir, o);
    if (!enc) qFatal("load %s: %s", dir.c_str(), enc.error().message.c_str());
    std::vector<float> out;
    auto s = (*enc)->encode(texts, out);
    if (!s) qFatal("encode: %s", s.error().message.c_str());
    return out;
}

// The smallest and the mean cosine between the rows of a and b.
std::pair<double, double> cosines(const std::vector<float>& a, const std::vector<float>& b, std::size_t dim) {
    double worst = 1, sum = 0;
    const std::size_t rows = a.size() / dim;
    for (std::size_t r = 0; r < rows; ++r) {
        double ab = 0, aa = 0, bb = 0;
        for (std::size_t j = r * dim; j < (r + 1) * dim; ++j) {
            ab += double(a[j]) * b[j];
            aa += double(a[j]) * a[j];
            bb += double(b[j]) * b[j];
        }
        const double c = ab / std::sqrt(aa * bb);
        worst = std::min(worst, c);
        sum += c;
    }
    return {worst, sum / double(rows)};
}

}  // namespace

class TestPrecision : public QObject {
    Q_OBJECT
private slots:
    void closeToFp32_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("precision");
        for (const char* m : {"bert-tiny", "mpnet-tiny", "gpt2-tiny", "all-MiniLM-L6-v2"})
            for (const char* p : {"bf16", "int8"})
                QTest::addRow("%s/%s", m, p) << QString::fromLatin1(m) << QString::fromLatin1(p);
    }
    void closeToFp32() {
        DLTEST_REQUIRE_SHARED_DATA();
        QFETCH(QString, model);
        QFETCH(QString, precision);
        const std::string dir = modelDir(model);
        if (!std::filesystem::exists(dir + "/model.safetensors")) {
            if (dltest::onCi()) QFAIL(qPrintable(QStringLiteral("%1 is not installed but CI=true").arg(model)));
            QSKIP(qPrintable(QStringLiteral("model not installed: %1").arg(QString::fromStdString(dir))));
        }
        const auto texts = realSentences();
        const auto ref = encodeWith(dir, "fp32", 1, texts);
        const auto low = encodeWith(dir, precision.toStdString(), 1, texts);
        QCOMPARE(low.size(), ref.size());
        const auto [cos, mean] = cosines(ref, low, ref.size() / texts.size());
        qInfo("PRECISION %s %s: cosine to fp32 min %.6f mean %.6f over %zu sentences", qPrintable(model),
              qPrintable(precision), cos, mean, texts.size());
        QVERIFY2(cos < 1.0 - 1e-9, "the lowered precision computed exactly fp32: it did not run");
        if (precision == QLatin1String("bf16")) {
            QVERIFY2(cos >= 0.999, qPrintable(QString::number(cos, 'f', 6)));
            return;
        }
        // int8 is libtorch's dynamic quantisation: activations quantised per tensor (what
        // oneDNN's packed kernel does), which BERT's outlier channels cost: all-MiniLM-L6-v2
        // reaches min 0.973 / mean 0.991, short of 0.999 (bench/encode/RESULTS.md, "int8").
        // These bounds pin what it does today, so that a regression shows.
        QVERIFY2(cos >= 0.96, qPrintable(QString::number(cos, 'f', 6)));
        QVERIFY2(mean >= 0.99, qPrintable(QString::number(mean, 'f', 6)));
    }

    // Two workers on alternating batches give each sentence the vector one worker gives it.
    void workersAgree_data() {
        QTest::addColumn<QString>("precision");
        for (const char* p : {"fp32", "bf16", "int8"}) QTest::newRow(p) << QString::fromLatin1(p);
    }
    void workersAgree() {
        DLTEST_REQUIRE_SHARED_DATA();
        QFETCH(QString, precision);
        const auto texts = realSentences();
        const std::string dir = modelDir(QStringLiteral("bert-tiny"));
        const auto one = encodeWith(dir, precision.toStdString(), 1, texts);
        const auto two = encodeWith(dir, precision.toStdString(), 2, texts);
        QCOMPARE(two.size(), one.size());
        double maxAbs = 0;
        for (std::size_t i = 0; i < one.size(); ++i) maxAbs = std::max(maxAbs, double(std::abs(one[i] - two[i])));
        QVERIFY2(maxAbs <= 1e-5, qPrintable(QString::number(maxAbs)));
    }

    void names_data() {
        QTest::addColumn<QString>("requested");
        QTest::addColumn<QString>("device");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("resolved");
        QTest::newRow("default cpu") << ""
                                     << "cpu" << true << "fp32";
        QTest::newRow("fp32") << "fp32"
                              << "cpu" << true << "fp32";
        // auto: fp32 on every CPU (bf16 missed the cosine bar with all-mpnet-base-v2: RESULTS.md).
        QTest::newRow("auto cpu") << "auto"
                                  << "cpu" << true << "fp32";
        QTest::newRow("bf16") << "bf16"
                              << "cpu" << true << "bf16";
        QTest::newRow("int8") << "int8"
                              << "auto" << true << "int8";
        QTest::newRow("unknown") << "fp8"
                                 << "cpu" << false << "";
        QTest::newRow("int8 on cuda") << "int8"
                                      << "cuda" << false << "";
    }
    void names() {
        QFETCH(QString, requested);
        QFETCH(QString, device);
        QFETCH(bool, ok);
        QFETCH(QString, resolved);
        const auto check = dl::checkPrecision(requested.toStdString(), device.toStdString());
        QCOMPARE(check.has_value(), ok);
        if (!ok) {
            QCOMPARE(check.error().kind, dl::ErrorKind::Usage);
            dl::EncoderOptions o;
            o.precision = requested.toStdString();
            o.device = device.toStdString();
            auto enc = dl::TransformerEncoder::load(modelDir(QStringLiteral("bert-tiny")), o);
            QVERIFY(!enc.has_value());
            QCOMPARE(enc.error().kind, dl::ErrorKind::Usage);
            return;
        }
        QCOMPARE(QString::fromStdString(dl::encoderPrecision(device.toStdString(), requested.toStdString())), resolved);
        dl::EncoderOptions o;
        o.precision = requested.toStdString();
        o.device = "cpu";
        auto enc = dl::TransformerEncoder::load(modelDir(QStringLiteral("bert-tiny")), o);
        QVERIFY2(enc.has_value(), enc ? "" : enc.error().message.c_str());
        QCOMPARE(QString::fromStdString((*enc)->precision()), resolved);
    }

    void fineTuneNeedsFp32() {
        dl::EncoderOptions o;
        o.precision = "int8";
        auto enc = dl::TransformerEncoder::load(modelDir(QStringLiteral("bert-tiny")), o);
        QVERIFY(enc.has_value());
        const std::vector<std::string> pos{"a b", "c d", "e f", "g h"}, neg{"i j", "k l", "m n", "o p"};
        dl::NullProgress progress;
        dl::CancelToken cancel;
        auto r = (*enc)->fineTuneClassifier(pos, neg, pos, {}, nullptr, progress, cancel);
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().kind, dl::ErrorKind::Usage);
        QVERIFY2(r.error().message.find("int8") != std::string::npos, r.error().message.c_str());
    }

    void cancelWithWorkers() {
        dl::EncoderOptions o;
        o.workers = 2;
        auto enc = dl::TransformerEncoder::load(modelDir(QStringLiteral("bert-tiny")), o);
        QVERIFY(enc.has_value());
        dl::CancelToken token;
        token.cancel();
        std::vector<std::string> t(100, "hello world");
        std::vector<float> out;
        auto s = (*enc)->encode(t, out, nullptr, &token);
        QVERIFY(!s.has_value());
        QCOMPARE(s.error().kind, dl::ErrorKind::Cancelled);
    }
};

QTEST_GUILESS_MAIN(TestPrecision)
#include "tst_precision.moc"
