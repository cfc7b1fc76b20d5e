// Corpus import: formats, normalisation, dedupe, and every bad input the issue names —
// each with a message naming the file (and line), and nothing half-written.
#include <QtTest>

#include <sqlite3.h>
#include <utf8proc.h>
#include <zlib.h>

#include <filesystem>

#include "TestSupport.h"
#include "corpus/Import.h"
#include "corpus/TextNormalizer.h"
#include "store/Corpora.h"
#include "store/Store.h"

using namespace dl;

namespace {

std::string gzipFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const auto path = dir.filePath(name).toStdString();
    gzFile f = gzopen(path.c_str(), "wb");
    gzwrite(f, bytes.constData(), static_cast<unsigned>(bytes.size()));
    gzclose(f);
    return path;
}

class CancelOnFirstProgress final : public ProgressSink {
public:
    explicit CancelOnFirstProgress(CancelToken& t) : token(t) {}
    void progress(std::int64_t, std::int64_t) override { token.cancel(); }
    CancelToken& token;
};

}  // namespace

class TestImport : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    int counter_ = 0;
    std::unique_ptr<Store> freshStore() {
        return Store::create(dir_.filePath(QStringLiteral("p%1.dlproj").arg(++counter_)).toStdString()).value();
    }
    static std::vector<Sentence> sentences(Store& s, const std::string& corpus) {
        std::vector<Sentence> out;
        auto c = findCorpus(s, corpus).value();
        forEachSentence(s, c.id, 0, [&](const Sentence& x) {
            out.push_back(x);
            return true;
        }).value();
        return out;
    }

private slots:
    void importsFormats_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QByteArray>("src");
        QTest::addColumn<QByteArray>("tgt");
        QTest::addColumn<bool>("gzip");
        QTest::addColumn<int>("expected");
        QTest::addColumn<QString>("firstDomain");
        QTest::newRow("plain") << "plain" << QByteArray("one\ntwo\nthree\n") << QByteArray() << false << 3 << "medical";
        QTest::newRow("plain no final newline, CRLF")
            << "plain" << QByteArray("one\r\ntwo\r\nthree") << QByteArray() << false << 3 << "medical";
        QTest::newRow("moses pair") << "plain" << QByteArray("a\nb\n") << QByteArray("x\ny\n") << false << 2
                                    << "medical";
        QTest::newRow("plain gz") << "plain" << QByteArray("one\ntwo\n") << QByteArray() << true << 2 << "medical";
        QTest::newRow("tsv src tgt domain")
            << "tsv" << QByteArray("a\tx\tlaw\nb\ty\tit\n") << QByteArray() << false << 2 << "law";
        QTest::newRow("tsv gz") << "tsv" << QByteArray("a\tx\tlaw\nb\ty\tit\n") << QByteArray() << true << 2 << "law";
        QTest::newRow("jsonl") << "jsonl"
                               << QByteArray(
                                      "{\"src\":\"a\",\"tgt\":\"x\",\"domain\":\"ted\"}\n{\"src\":\"b\",\"tgt\":\"y\","
                                      "\"domain\":\"ted\"}\n")
                               << QByteArray() << false << 2 << "ted";
    }
    void importsFormats() {
        QFETCH(QString, format);
        QFETCH(QByteArray, src);
        QFETCH(QByteArray, tgt);
        QFETCH(bool, gzip);
        QFETCH(int, expected);
        QFETCH(QString, firstDomain);
        QTemporaryDir d;
        ImportParams p;
        p.format = format == QLatin1String("tsv")     ? CorpusFormat::Tsv
                   : format == QLatin1String("jsonl") ? CorpusFormat::Jsonl
                                                      : CorpusFormat::Plain;
        const QString ext = format == QLatin1String("plain") ? QStringLiteral(".en") : QLatin1Char('.') + format;
        p.srcPath = gzip ? gzipFile(d, "medical" + ext + ".gz", src) : dltest::writeFile(d, "medical" + ext, src);
        if (!tgt.isEmpty()) p.tgtPath = dltest::writeFile(d, QStringLiteral("medical.de"), tgt);
        p.corpus = "c";
        if (p.format == CorpusFormat::Plain) p.labelSource = LabelSource::FromFilename;
        auto store = freshStore();
        NullProgress np;
        CancelToken ct;
        auto r = runImport(p, *store, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->imported, std::int64_t(expected));
        auto rows = sentences(*store, "c");
        QCOMPARE(int(rows.size()), expected);
        QCOMPARE(QString::fromStdString(rows[0].domain), firstDomain);
        QCOMPARE(rows[0].position, std::int64_t(0));
        QVERIFY(!rows[0].src.empty());
        QCOMPARE(findCorpus(*store, "c")->parallel, !tgt.isEmpty() || format != QLatin1String("plain"));
    }

    void normalisesTrimsAndDedupes() {
        QTemporaryDir d;
        // NFD "é" (e + U+0301) becomes NFC; NBSP and tabs are trimmed; duplicates dropped per pair/side.
        const QByteArray src =
            "  caf\x65\xcc\x81 \xc2\xa0\n"
            "same\nsame\nother src\nx\n\n   \ny\n";
        const QByteArray tgt =
            "Kaffee\n"
            "gleich\ngleich\ngleich\nanders\nleer?\nnein\n\n";
        ImportParams p;
        p.srcPath = dltest::writeFile(d, QStringLiteral("law.en"), src);
        p.tgtPath = dltest::writeFile(d, QStringLiteral("law.de"), tgt);
        p.labelSource = LabelSource::FromFilename;
        auto store = freshStore();
        NullProgress np;
        CancelToken ct;
        auto r = runImport(p, *store, np, ct).value();
        QCOMPARE(r.corpus, std::string("law"));
        QCOMPARE(r.linesRead, std::int64_t(8));
        QCOMPARE(r.emptySkipped, std::int64_t(3));   // "" / "leer?", "   " / "nein", "y" / ""
        QCOMPARE(r.duplicatePairs, std::int64_t(1));  // same / gleich twice
        QCOMPARE(r.duplicateTargets, std::int64_t(1));  // other src / gleich
        QCOMPARE(r.imported, std::int64_t(3));
        auto rows = sentences(*store, "law");
        QCOMPARE(QString::fromStdString(rows[0].src), QString::fromUtf8("caf\xc3\xa9"));
        QCOMPARE(rows[0].domain, std::string("law"));
        QCOMPARE(findCorpus(*store, "law")->srcLang, std::string("en"));
        QCOMPARE(findCorpus(*store, "law")->tgtLang, std::string("de"));
        // Appending the same file again adds nothing: every pair is a duplicate.
        auto again = runImport(p, *store, np, ct).value();
        QCOMPARE(again.imported, std::int64_t(0));
        QCOMPARE(sentences(*store, "law").size(), size_t(3));
    }

    // The dedupe rule (Aharoni & Goldberg): a pair is dropped when the same pair, source or
    // target is already IN THE CORPUS, i.e. on a kept row. A dropped row registers nothing,
    // so a later pair whose source/target appeared only on dropped rows is kept (the rule the
    // Python reference in bench/import follows; the two kept sets are identical).
    void dedupeRegistersOnlyKeptRows_data() {
        QTest::addColumn<QByteArray>("src");
        QTest::addColumn<QByteArray>("tgt");
        QTest::addColumn<QString>("kept");  // kept "src/tgt" rows joined by '|'
        QTest::addColumn<int>("dupPairs");
        QTest::addColumn<int>("dupSources");
        QTest::addColumn<int>("dupTargets");
        QTest::newRow("target seen only on a dropped row")
            << QByteArray("a\na\nb\n") << QByteArray("x\ny\ny\n") << "a/x|b/y" << 0 << 1 << 0;
        QTest::newRow("source seen only on a dropped row")
            << QByteArray("a\nb\nb\n") << QByteArray("x\nx\ny\n") << "a/x|b/y" << 0 << 0 << 1;
        QTest::newRow("dropped pair then new pair")
            << QByteArray("a\na\nb\nb\n") << QByteArray("x\nx\ny\nz\n") << "a/x|b/y" << 1 << 1 << 0;
        QTest::newRow("kept rows block both sides")
            << QByteArray("a\nb\na\nc\n") << QByteArray("x\nx\nz\nx\n") << "a/x" << 0 << 1 << 2;
        QTest::newRow("after NFC and trim")
            << QByteArray("caf\x65\xcc\x81\n caf\xc3\xa9\t\nb\n") << QByteArray("k\nl\nl\n")
            << QString::fromUtf8("caf\xc3\xa9/k|b/l") << 0 << 1 << 0;
    }
    void dedupeRegistersOnlyKeptRows() {
        QFETCH(QByteArray, src);
        QFETCH(QByteArray, tgt);
        QFETCH(QString, kept);
        QFETCH(int, dupPairs);
        QFETCH(int, dupSources);
        QFETCH(int, dupTargets);
        QTemporaryDir d;
        ImportParams p;
        p.srcPath = dltest::writeFile(d, QStringLiteral("dd.en"), src);
        p.tgtPath = dltest::writeFile(d, QStringLiteral("dd.de"), tgt);
        auto store = freshStore();
        NullProgress np;
        CancelToken ct;
        auto r = runImport(p, *store, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QStringList got;
        for (const auto& row : sentences(*store, "dd"))
            got << QString::fromStdString(row.src) + QLatin1Char('/') + QString::fromStdString(row.tgt);
        QCOMPARE(got.join(QLatin1Char('|')), kept);
        QCOMPARE(r->duplicatePairs, std::int64_t(dupPairs));
        QCOMPARE(r->duplicateSources, std::int64_t(dupSources));
        QCOMPARE(r->duplicateTargets, std::int64_t(dupTargets));
    }

    // normalizeLine skips utf8proc_NFC when a quick check says the line is already NFC;
    // every code point, between letters and after a precomposed letter, must come out
    // exactly as full NFC makes it (a wrong quick check would keep a non-NFC line).
    void nfcQuickCheckAgreesWithFullNfc_data() {
        QTest::addColumn<QByteArray>("before");
        QTest::addColumn<QByteArray>("after");
        QTest::newRow("between letters") << QByteArray("a") << QByteArray("b");
        QTest::newRow("after a precomposed letter") << QByteArray("\xc3\xa9") << QByteArray("z");
        QTest::newRow("after a Hangul syllable") << QByteArray("\xea\xb0\x80") << QByteArray("x");
    }
    void nfcQuickCheckAgreesWithFullNfc() {
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        int differ = 0;
        std::string firstBad;
        for (utf8proc_int32_t cp = 1; cp < 0x110000; ++cp) {
            if (cp >= 0xD800 && cp < 0xE000) continue;
            utf8proc_uint8_t enc[4];
            const auto len = utf8proc_encode_char(cp, enc);
            std::string line = before.toStdString() + std::string(reinterpret_cast<char*>(enc), std::size_t(len)) +
                               after.toStdString();
            utf8proc_uint8_t* full = utf8proc_NFC(reinterpret_cast<const utf8proc_uint8_t*>(line.c_str()));
            const std::string expected(reinterpret_cast<const char*>(full));
            std::free(full);
            std::string got = line;
            QVERIFY(normalizeLine(got, false).ok);
            if (got != expected && ++differ == 1) firstBad = std::to_string(cp);
        }
        QVERIFY2(differ == 0, ("code point " + firstBad + " and " + std::to_string(differ - 1) + " more").c_str());
    }

    // countTokens reads eight bytes at a time: tokens split by spaces/tabs at every offset
    // around the 8-byte steps, runs of separators, other whitespace that is not a separator.
    void countTokensCountsSpaceSeparatedWords_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("tokens");
        QTest::newRow("empty") << QByteArray("") << 0;
        QTest::newRow("only separators") << QByteArray(" \t  \t\t   \t ") << 0;
        QTest::newRow("one word") << QByteArray("word") << 1;
        QTest::newRow("eight bytes") << QByteArray("abcdefgh") << 1;
        QTest::newRow("space at byte 8") << QByteArray("abcdefgh ijklmnop") << 2;
        QTest::newRow("space at byte 7") << QByteArray("abcdefg hijklmnop") << 2;
        QTest::newRow("word starts at byte 8") << QByteArray("        x") << 1;
        QTest::newRow("word starts at byte 16") << QByteArray("a               b") << 2;
        QTest::newRow("tabs and runs") << QByteArray("a\tb  c\t\t d   e\t") << 5;
        QTest::newRow("one-letter words") << QByteArray("a b c d e f g h i j k l m n o p q") << 17;
        QTest::newRow("newline and NBSP are not separators") << QByteArray(
                                                                    "a\nb c\xc2\xa0"
                                                                    "d")
                                                             << 2;
        QTest::newRow("UTF-8 words") << QByteArray("Gr\xc3\xbc\xc3\x9f Gott, sch\xc3\xb6ne Welt (12)") << 5;
    }
    void countTokensCountsSpaceSeparatedWords() {
        QFETCH(QByteArray, text);
        QFETCH(int, tokens);
        QCOMPARE(countTokens(text.toStdString()), tokens);
    }

    void badInputIsRefusedCleanly_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QByteArray>("src");
        QTest::addColumn<QByteArray>("tgt");
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("expected");  // must appear in the message
        QTest::newRow("invalid UTF-8") << "plain" << QByteArray("fine\nbad \xff byte\n") << QByteArray() << "a.en"
                                       << "a.en:2: invalid UTF-8 at byte 5";
        QTest::newRow("line counts differ") << "plain" << QByteArray("1\n2\n3\n") << QByteArray("1\n2\n") << "a.en"
                                            << "a.en has 3 lines but";
        QTest::newRow("tsv wrong columns") << "tsv" << QByteArray("a\tb\tlaw\nc\td\n") << QByteArray() << "a.tsv"
                                           << "a.tsv:2: expected 3 tab-separated columns";
        QTest::newRow("jsonl broken") << "jsonl" << QByteArray("{\"src\":\"a\"}\n{\"src\":\n") << QByteArray()
                                      << "a.jsonl"
                                      << "a.jsonl:2: not valid JSON";
        QTest::newRow("jsonl missing field") << "jsonl" << QByteArray("{\"text\":\"a\"}\n") << QByteArray() << "a.jsonl"
                                             << "a.jsonl:1: the field \"src\" is missing";
        QTest::newRow("not gzip") << "plain" << QByteArray("plain text\n") << QByteArray() << "a.en.gz"
                                  << "is named .gz but is not gzip";
        QTest::newRow("10 MB line") << "plain" << (QByteArray("ok\n") + QByteArray(10 * 1024 * 1024, 'x') + "\n")
                                    << QByteArray() << "a.en"
                                    << "a.en:2: the line is longer than";
        QTest::newRow("only empty lines") << "plain" << QByteArray("\n  \n\t\n") << QByteArray() << "a.en"
                                          << "contains no sentences: all 3 lines are empty";
        QTest::newRow("empty file") << "plain" << QByteArray() << QByteArray() << "a.en"
                                    << "is empty";
    }
    void badInputIsRefusedCleanly() {
        QFETCH(QString, format);
        QFETCH(QByteArray, src);
        QFETCH(QByteArray, tgt);
        QFETCH(QString, fileName);
        QFETCH(QString, expected);
        QTemporaryDir d;
        ImportParams p;
        p.format = format == QLatin1String("tsv")     ? CorpusFormat::Tsv
                   : format == QLatin1String("jsonl") ? CorpusFormat::Jsonl
                                                      : CorpusFormat::Plain;
        p.srcPath = dltest::writeFile(d, fileName, src);
        if (!tgt.isEmpty()) p.tgtPath = dltest::writeFile(d, QStringLiteral("a.de"), tgt);
        p.corpus = "c";
        if (format == QLatin1String("tsv")) p.tsvColumns = {"src", "tgt", "domain"};
        auto store = freshStore();
        NullProgress np;
        CancelToken ct;
        auto r = runImport(p, *store, np, ct);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error().message).contains(expected), r.error().message.c_str());
        QCOMPARE(listCorpora(*store)->size(), size_t(0));  // nothing half-written
    }

    void invalidUtf8CanBeReplaced() {
        QTemporaryDir d;
        ImportParams p;
        p.srcPath = dltest::writeFile(d, QStringLiteral("a.en"), "bad \xff byte\n");
        p.replaceInvalidUtf8 = true;
        auto store = freshStore();
        NullProgress np;
        CancelToken ct;
        auto r = runImport(p, *store, np, ct).value();
        QCOMPARE(r.invalidUtf8Replaced, std::int64_t(1));
        QCOMPARE(QString::fromStdString(sentences(*store, "a")[0].src), QString::fromUtf8("bad \xef\xbf\xbd byte"));
    }

    void missingFileNamesIt() {
        ImportParams p;
        p.srcPath = "/nonexistent/medical.en";
        auto store = freshStore();
        NullProgress np;
        CancelToken ct;
        auto r = runImport(p, *store, np, ct);
        QVERIFY(!r);
        QVERIFY(QString::fromStdString(r.error().message)
                    .contains(QStringLiteral("/nonexistent/medical.en does not exist")));
    }

    void readOnlyModeIsRefused() {
        QTemporaryDir d;
        const auto path = dir_.filePath(QStringLiteral("ro.dlproj")).toStdString();
        Store::create(path).value();
        auto store = Store::open(path, OpenMode::ReadOnly).value();
        ImportParams p;
        p.srcPath = dltest::writeFile(d, QStringLiteral("a.en"), "x\n");
        NullProgress np;
        CancelToken ct;
        auto r = runImport(p, *store, np, ct);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error().message).contains(QStringLiteral("read-only")),
                 r.error().message.c_str());
    }

    void lockedProjectIsRefused() {
        QTemporaryDir d;
        const auto path = dir_.filePath(QStringLiteral("lock.dlproj")).toStdString();
        auto store = Store::create(path).value();
        sqlite3* other = nullptr;
        sqlite3_open(path.c_str(), &other);
        sqlite3_exec(other, "BEGIN IMMEDIATE;", nullptr, nullptr, nullptr);
        ImportParams p;
        p.srcPath = dltest::writeFile(d, QStringLiteral("a.en"), "x\n");
        NullProgress np;
        CancelToken ct;
        auto r = runImport(p, *store, np, ct);
        sqlite3_exec(other, "ROLLBACK;", nullptr, nullptr, nullptr);
        sqlite3_close(other);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error().message).contains(QStringLiteral("locked")),
                 r.error().message.c_str());
    }

    void cancelLeavesNothing() {
        QTemporaryDir d;
        QByteArray big;
        for (int i = 0; i < 40000; ++i) big += "sentence number " + QByteArray::number(i) + "\n";
        ImportParams p;
        p.srcPath = dltest::writeFile(d, QStringLiteral("big.en"), big);
        auto store = freshStore();
        CancelToken ct;
        CancelOnFirstProgress sink(ct);
        auto r = runImport(p, *store, sink, ct);
        QVERIFY(!r);
        QCOMPARE(r.error().kind, ErrorKind::Cancelled);
        QCOMPARE(listCorpora(*store)->size(), size_t(0));
    }

    void realCorpusSlice() {
        DLTEST_REQUIRE_SHARED_DATA();
        ImportParams p;
        p.srcPath = dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/it.de")).toStdString();
        p.tgtPath = dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/it.en")).toStdString();
        p.labelSource = LabelSource::FromFilename;
        auto store = freshStore();
        NullProgress np;
        CancelToken ct;
        auto r = runImport(p, *store, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->linesRead, std::int64_t(500));
        QCOMPARE(r->imported + r->emptySkipped + r->duplicatePairs + r->duplicateSources + r->duplicateTargets,
                 std::int64_t(500));
        QCOMPARE(r->perDomain.at("it"), r->imported);
    }

    void splitsDomainAndLanguage_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("domain");
        QTest::addColumn<QString>("lang");
        QTest::newRow("plain") << "/x/medical.en"
                               << "medical"
                               << "en";
        QTest::newRow("gz") << "medical.de.gz"
                            << "medical"
                            << "de";
        QTest::newRow("tsv") << "law.tsv"
                             << "law"
                             << "";
        QTest::newRow("no extension") << "subtitles"
                                      << "subtitles"
                                      << "";
        QTest::newRow("dotted domain") << "news.2019.fr"
                                       << "news.2019"
                                       << "fr";
    }
    void splitsDomainAndLanguage() {
        QFETCH(QString, path);
        QFETCH(QString, domain);
        QFETCH(QString, lang);
        auto [d, l] = splitDomainAndLanguage(path.toStdString());
        QCOMPARE(QString::fromStdString(d), domain);
        QCOMPARE(QString::fromStdString(l), lang);
    }
};

QTEST_GUILESS_MAIN(TestImport)
#include "tst_import.moc"
