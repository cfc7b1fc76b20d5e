// The safetensors reader: dtypes, bounds checks, error messages naming file and tensor.
#include <QtTest>

#include <cstring>

#include "TestSupport.h"
#include "common/Half.h"
#include "encode/SafeTensors.h"

namespace {

QByteArray makeFile(const std::string& header, const QByteArray& data) {
    QByteArray out;
    std::uint64_t n = header.size();
    out.append(reinterpret_cast<const char*>(&n), 8);
    out.append(header.data(), static_cast<qsizetype>(header.size()));
    out.append(data);
    return out;
}

template <class T>
QByteArray bytesOf(const std::vector<T>& v) {
    return QByteArray(reinterpret_cast<const char*>(v.data()), static_cast<qsizetype>(v.size() * sizeof(T)));
}

}  // namespace

class TestSafeTensors : public QObject {
    Q_OBJECT
private slots:
    void dtypes() {
        const std::vector<float> f32{1.5f, -2.25f, 3.0f, 0.0f};
        std::vector<std::uint16_t> f16(4), bf16(4);
        dl::floatsToHalves(f32, f16);
        for (std::size_t i = 0; i < 4; ++i) {
            std::uint32_t bits;
            std::memcpy(&bits, &f32[i], 4);
            bf16[i] = static_cast<std::uint16_t>(bits >> 16);  // exact for these values
        }
        QByteArray data = bytesOf(f32) + bytesOf(f16) + bytesOf(bf16);
        const std::string header = R"({"__metadata__":{"format":"pt"},)"
                                   R"("a":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},)"
                                   R"("b":{"dtype":"F16","shape":[4],"data_offsets":[16,24]},)"
                                   R"("c":{"dtype":"BF16","shape":[1,4],"data_offsets":[24,32]}})";
        QTemporaryDir tmp;
        auto path = dltest::writeFile(tmp, "m.safetensors", makeFile(header, data));
        auto f = dl::SafeTensorsFile::open(path);
        QVERIFY2(f.has_value(), f ? "" : f.error().message.c_str());
        QCOMPARE((*f)->tensors().size(), std::size_t(3));
        QCOMPARE((*f)->metadata().at("format"), std::string("pt"));
        for (const char* name : {"a", "b", "c"}) {
            const auto* e = (*f)->find(name);
            QVERIFY(e);
            auto v = (*f)->toFloat32(*e);
            QVERIFY(v.has_value());
            QCOMPARE(*v, f32);
        }
        QCOMPARE((*f)->find("a")->shape, (std::vector<std::int64_t>{2, 2}));
        QVERIFY(!(*f)->find("d"));
    }

    void rejects_data() {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("needle");
        const QByteArray eight(8, '\0');
        QTest::addRow("too short") << QByteArray("abc") << "too short";
        QTest::addRow("header past end") << makeFile("{}", {}).left(8) + QByteArray("{") << "header length";
        QTest::addRow("not json") << makeFile("nope", {}) << "JSON";
        QTest::addRow("offsets past end")
            << makeFile(R"({"w":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})", eight) << "tensor w";
        QTest::addRow("size vs shape") << makeFile(R"({"w":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", eight)
                                       << "do not match";
        QTest::addRow("bad dtype") << makeFile(R"({"w":{"dtype":"F8_E4M3","shape":[8],"data_offsets":[0,8]}})", eight)
                                   << "unsupported dtype";
        QTest::addRow("reversed offsets")
            << makeFile(R"({"w":{"dtype":"U8","shape":[0],"data_offsets":[8,0]}})", eight) << "outside";
    }
    void rejects() {
        QFETCH(QByteArray, file);
        QFETCH(QString, needle);
        QTemporaryDir tmp;
        auto path = dltest::writeFile(tmp, "bad.safetensors", file);
        auto f = dl::SafeTensorsFile::open(path);
        QVERIFY(!f.has_value());
        QVERIFY2(f.error().message.find(needle.toStdString()) != std::string::npos, f.error().message.c_str());
        QVERIFY2(f.error().message.find(path) != std::string::npos, f.error().message.c_str());
    }

    void intTensorIsNotFloat() {
        const std::vector<std::int64_t> v{1, 2};
        QTemporaryDir tmp;
        auto path = dltest::writeFile(
            tmp, "i.safetensors", makeFile(R"({"ids":{"dtype":"I64","shape":[2],"data_offsets":[0,16]}})", bytesOf(v)));
        auto f = dl::SafeTensorsFile::open(path);
        QVERIFY(f.has_value());
        auto r = (*f)->toFloat32(*(*f)->find("ids"));
        QVERIFY(!r.has_value());
        QVERIFY(r.error().message.find("ids") != std::string::npos);
    }

    void modelDirWithoutWeights() {
        QTemporaryDir tmp;
        dltest::writeFile(tmp, "pytorch_model.bin", "x");
        auto m = dl::SafeTensorsModel::openDir(tmp.path().toStdString());
        QVERIFY(!m.has_value());
        QVERIFY(m.error().message.find("pytorch_model.bin") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestSafeTensors)
#include "tst_safetensors.moc"
