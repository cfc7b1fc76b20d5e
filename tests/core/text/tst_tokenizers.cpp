// Tokenizer parity with Hugging Face (fixtures from scripts/gen_encoder_fixtures.py):
// exact token ids for every test sentence of every tiny model (WordPiece, SentencePiece,
// MPNet's WordPiece with <s></s>, byte-level BPE from tokenizer.json and from vocab.json +
// merges.txt) and the real models when installed; the GPT-2 regex split against the values
// HF tokenizers 0.23 gives; errors that name the tokenizer file and what is wrong in it.
#include <QtTest>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "TestSupport.h"
#include "text/ByteLevel.h"
#include "text/ByteLevelBpe.h"
#include "text/SentencePieceTokenizer.h"
#include "text/Tokenizer.h"
#include "text/WordPiece.h"

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

// A copy of a fixture's tokenizer files in tmp, then `edit` applied to the folder.
void copyModel(const QTemporaryDir& tmp, const QString& model) {
    for (const auto& e : std::filesystem::directory_iterator(modelDirFor(model)))
        if (e.path().filename() != "model.safetensors")
            std::filesystem::copy_file(e.path(), std::filesystem::path(tmp.path().toStdString()) / e.path().filename());
}

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
        for (const char* m : {"roberta-tiny", "gpt2-tiny"}) {
            auto bpe = dl::loadTokenizer(modelDirFor(m));
            QVERIFY2(bpe.has_value(), bpe ? "" : bpe.error().message.c_str());
            QCOMPARE(QString::fromStdString((*bpe)->kind()), QStringLiteral("bpe"));
        }
        auto mp = dl::loadTokenizer(modelDirFor("mpnet-tiny"));
        QVERIFY(mp.has_value());
        QCOMPARE((*mp)->encode("", 0).ids, (std::vector<std::int32_t>{0, 2}));  // <s> </s>
        QCOMPARE((*mp)->padId(), 1);                                            // <pad>
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
        auto t = dl::WordPieceTokenizer::fromVocab(
            {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "un", "unaff", "##aff", "##able", "##a", "##ble", "x"}, {}, "inline");
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

    // The GPT-2 pre-tokenizer regex; expected words from HF tokenizers'
    // pre_tokenizers.ByteLevel(add_prefix_space=False).pre_tokenize_str (bytes shown unmapped).
    void gpt2Split_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("words");
        QTest::addRow("contractions") << "don't 'S 'll" << QStringList{"don", "'t", " '", "S", " '", "ll"};
        QTest::addRow("space runs") << "x  \n\n y" << QStringList{"x", "  \n\n", " y"};
        QTest::addRow("leading spaces") << "  hi" << QStringList{" ", " hi"};
        QTest::addRow("nbsp is space") << QString::fromUtf8("a\u00a0b")
                                       << QStringList{"a", QString::fromUtf8("\u00a0"), "b"};
        QTest::addRow("em space") << QString::fromUtf8("a\u2003 b")
                                  << QStringList{"a", QString::fromUtf8("\u2003"), " b"};
        QTest::addRow("ideographic space")
            << QString::fromUtf8("a\u3000b") << QStringList{"a", QString::fromUtf8("\u3000"), "b"};
        QTest::addRow("numbers") << QString::fromUtf8("1\u00bd\u00b2\u0663")
                                 << QStringList{QString::fromUtf8("1\u00bd\u00b2\u0663")};
        QTest::addRow("file separator is not space")
            << QString::fromUtf8("!\x1c!") << QStringList{QString::fromUtf8("!\x1c!")};
        QTest::addRow("vertical tab is space") << QString::fromUtf8("!\x0b!") << QStringList{"!", "\x0b", "!"};
        QTest::addRow("zero width") << QString::fromUtf8("\u200bz") << QStringList{QString::fromUtf8("\u200b"), "z"};
        QTest::addRow("cjk") << QString::fromUtf8("日本語 english")
                             << QStringList{QString::fromUtf8("日本語"), " english"};
        QTest::addRow("empty") << "" << QStringList{};
    }
    void gpt2Split() {
        QFETCH(QString, text);
        QFETCH(QStringList, words);
        const std::string utf8 = text.toStdString();
        QStringList got;
        for (const auto w : dl::splitGpt2Words(utf8)) got << QString::fromStdString(std::string(w));
        QCOMPARE(got, words);
    }

    void byteLevelMap() {
        QCOMPARE(QString::fromStdString(dl::byteLevelEncode(" hi\n")), QString::fromUtf8("\u0120hi\u010a"));
        QCOMPARE(QString::fromStdString(dl::byteLevelEncode("\xc3\xa9")), QString::fromUtf8("\u00c3\u00a9"));
        QCOMPARE(dl::byteLevelSymbols("ab\x7f").size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(dl::byteLevelSymbols("\x7f")[0]), QString::fromUtf8("\u0121"));
    }

    void bpeMerges() {
        // Merges apply lowest rank first; a pair merges left to right.
        std::unordered_map<std::string, std::int32_t> vocab{{"a", 0},  {"b", 1},   {"ab", 2},
                                                            {"aa", 3}, {"aab", 4}, {"<s>", 5}};
        dl::ByteLevelBpeOptions o;
        o.addedTokens.push_back({"<s>", 5, false, true});
        auto t = dl::ByteLevelBpeTokenizer::create(vocab, {{"a", "a"}, {"aa", "b"}, {"a", "b"}}, o, "inline");
        QVERIFY(t.has_value());
        QCOMPARE(t->tokenize("aab"), (std::vector<std::int32_t>{4}));
        QCOMPARE(t->tokenize("aaab"), (std::vector<std::int32_t>{3, 2}));  // (aa) then a+b
        QCOMPARE(t->tokenize("aaa"), (std::vector<std::int32_t>{3, 0}));
        QCOMPARE(t->tokenize("ab<s>  b"), (std::vector<std::int32_t>{2, 5, 1}));  // rstrip eats the spaces
        // " ab": "Ġ" is not in this vocabulary and there is no unk token, so it is dropped as in HF.
        QCOMPARE(t->encode("ab ab ab", 2).ids, (std::vector<std::int32_t>{2, 2}));  // no specials: keep the start
    }

    // Tokenizer files it cannot read: the error names the file and what is wrong.
    void unreadableTokenizer_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("content");  // empty: delete the file
        QTest::addColumn<QStringList>("mentions");
        QTest::newRow("no merges.txt") << "gpt2-tiny"
                                       << "merges.txt" << QByteArray() << QStringList{"vocab.json", "merges.txt"};
        QTest::newRow("bad merge line") << "gpt2-tiny"
                                        << "merges.txt" << QByteArray("#version: 0.2\nĠ t\nbad\n")
                                        << QStringList{"merges.txt:3", "two symbols"};
        QTest::newRow("vocab.json not json")
            << "gpt2-tiny"
            << "vocab.json" << QByteArray("{oops") << QStringList{"vocab.json", "JSON"};
        QTest::newRow("bpe without byte level")
            << "roberta-tiny"
            << "tokenizer.json"
            << QByteArray(
                   R"({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}, "pre_tokenizer": {"type": "Metaspace"}})")
            << QStringList{"tokenizer.json", "pre_tokenizer Metaspace"};
        QTest::newRow("bpe without vocab")
            << "roberta-tiny"
            << "tokenizer.json"
            << QByteArray(R"({"model": {"type": "BPE", "merges": []}, "pre_tokenizer": {"type": "ByteLevel"}})")
            << QStringList{"tokenizer.json", "model.vocab"};
        QTest::newRow("unknown model type")
            << "roberta-tiny"
            << "tokenizer.json" << QByteArray(R"({"model": {"type": "WordLevel", "vocab": {}}})")
            << QStringList{"tokenizer.json", "WordLevel"};
        QTest::newRow("bad post processor")
            << "roberta-tiny"
            << "tokenizer.json"
            << QByteArray(
                   R"({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}, "pre_tokenizer": {"type": "ByteLevel"},
                              "post_processor": {"type": "Fancy"}})")
            << QStringList{"tokenizer.json", "post_processor Fancy"};
    }
    void unreadableTokenizer() {
        QFETCH(QString, model);
        QFETCH(QString, file);
        QFETCH(QByteArray, content);
        QFETCH(QStringList, mentions);
        QTemporaryDir tmp;
        copyModel(tmp, model);
        if (content.isEmpty()) QVERIFY(QFile::remove(tmp.filePath(file)));
        else dltest::writeFile(tmp, file, content);
        auto t = dl::loadTokenizer(tmp.path().toStdString());
        QVERIFY(!t.has_value());
        const auto& msg = t.error().message;
        for (const auto& m : mentions) QVERIFY2(msg.find(m.toStdString()) != std::string::npos, msg.c_str());
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
