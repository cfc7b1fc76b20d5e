// Tokenizer parity with Hugging Face (fixtures from scripts/gen_encoder_fixtures.py):
// exact token ids for every test sentence of every tiny model and the real default model.
#include <QtTest>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "TestSupport.h"
#include "text/SentencePieceTokenizer.h"
#include "text/Tokenizer.h"
#include "text/WordPiece.h"

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

}  // namespace

class TestTokenizers : public QObject {
    Q_OBJECT
private slots:
    void parity_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("index");
        for (const auto& m : kModels) {
            const auto doc = expected(m);
            for (int i = 0; i < static_cast<int>(doc["sentences"].size()); ++i)
                QTest::addRow("%s/%d", qPrintable(m), i) << m << i;
        }
    }
    void parity() {
        QFETCH(QString, model);
        QFETCH(int, index);
        const auto dir = modelDirFor(model);
        if (!std::filesystem::exists(dir + "/config.json"))
            QSKIP(qPrintable(QStringLiteral("model not installed: %1").arg(QString::fromStdString(dir))));
        static std::map<QString, std::unique_ptr<dl::Tokenizer>> cache;
        auto& tok = cache[model];
        if (!tok) {
            auto t = dl::loadTokenizer(dir);
            QVERIFY2(t.has_value(), t ? "" : t.error().message.c_str());
            tok = std::move(*t);
        }
        const auto doc = expected(model);
        const auto& rec = doc["sentences"][static_cast<std::size_t>(index)];
        const auto want = rec["ids"].get<std::vector<std::int32_t>>();
        const auto got = tok->encode(rec["text"].get<std::string>(), doc["max_length"].get<int>());
        if (got.ids != want) {
            QString g, w;
            for (auto i : got.ids) g += QString::number(i) + ' ';
            for (auto i : want) w += QString::number(i) + ' ';
            qWarning("got:  %s\nwant: %s", qPrintable(g.left(400)), qPrintable(w.left(400)));
        }
        QCOMPARE(got.ids.size(), want.size());
        QVERIFY(got.ids == want);
        QCOMPARE(got.truncated, rec["truncated"].get<bool>());
    }

    void kinds() {
        auto wp = dl::loadTokenizer(modelDirFor("bert-tiny"));
        QVERIFY(wp.has_value());
        QCOMPARE(QString::fromStdString((*wp)->kind()), QStringLiteral("wordpiece"));
        auto sp = dl::loadTokenizer(modelDirFor("bert-spm-tiny"));  // BERT config, XLM-R tokenizer
        QVERIFY2(sp.has_value(), sp ? "" : sp.error().message.c_str());
        QCOMPARE(QString::fromStdString((*sp)->kind()), QStringLiteral("sentencepiece"));
    }

    void wordPieceRules_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("words");
        QTest::addRow("punct") << "Hello,world!" << QStringList{"hello", ",", "world", "!"};
        QTest::addRow("accents") << "Ångström Café" << QStringList{"angstrom", "cafe"};
        QTest::addRow("cjk") << "ab中文cd" << QStringList{"ab", "中", "文", "cd"};
        QTest::addRow("control") << QString::fromUtf8("a\u200bb\tc") << QStringList{"ab", "c"};
        QTest::addRow("nbsp") << QString::fromUtf8("a\u00a0b\u3000c") << QStringList{"a", "b", "c"};
        QTest::addRow("empty") << "  \t " << QStringList{};
    }
    void wordPieceRules() {
        QFETCH(QString, text);
        QFETCH(QStringList, words);
        auto t = dl::WordPieceTokenizer::fromVocab({"[PAD]", "[UNK]", "[CLS]", "[SEP]", "a"}, {}, "inline");
        QVERIFY(t.has_value());
        QStringList got;
        for (const auto& w : t->preTokenize(text.toStdString())) got << QString::fromStdString(w);
        QCOMPARE(got, words);
    }

    void wordPieceGreedy() {
        auto t = dl::WordPieceTokenizer::fromVocab({"[PAD]", "[UNK]", "[CLS]", "[SEP]", "un", "unaff", "##aff", "##able",
                                                    "##a", "##ble", "x"},
                                                   {}, "inline");
        QVERIFY(t.has_value());
        // longest match first: "unaff" + "##able"
        QCOMPARE(t->tokenize("unaffable"), (std::vector<std::int32_t>{5, 7}));
        // a word that cannot be pieced becomes a single [UNK]
        QCOMPARE(t->tokenize("unaffz x"), (std::vector<std::int32_t>{1, 10}));
        // over-long words (> 100 characters) are [UNK]
        QCOMPARE(t->tokenize(std::string(101, 'x')), (std::vector<std::int32_t>{1}));
        // truncation keeps [CLS] ... [SEP] and reports it
        auto e = t->encode("x x x x x", 4);
        QCOMPARE(e.ids, (std::vector<std::int32_t>{2, 10, 10, 3}));
        QVERIFY(e.truncated);
        QVERIFY(!t->encode("x x", 4).truncated);
    }

    void missingSpecialToken() {
        auto t = dl::WordPieceTokenizer::fromVocab({"[PAD]", "[CLS]", "[SEP]"}, {}, "inline-vocab");
        QVERIFY(!t.has_value());
        QVERIFY(t.error().message.find("[UNK]") != std::string::npos);
        QVERIFY(t.error().message.find("inline-vocab") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestTokenizers)
#include "tst_tokenizers.moc"
