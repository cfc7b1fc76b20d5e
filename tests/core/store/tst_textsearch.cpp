// Full-text search (FTS5) over a real project: the law and IT slices of ../shared/data
// (de-en) imported, the index filled lazily, words found exactly where a plain scan of the
// same texts finds them (both sides, one corpus only), diacritics folded, prefixes; the index
// follows added and deleted corpora and a cancelled update writes nothing.
#include <QtTest>

#include <QRegularExpression>

#include "TestSupport.h"
#include "corpus/Import.h"
#include "store/Corpora.h"
#include "store/Statement.h"
#include "store/Store.h"
#include "store/TextSearch.h"

using namespace dl;

namespace {

class CancelAtOnce final : public ProgressSink {
public:
    explicit CancelAtOnce(CancelToken& t) : token_(t) {}
    void stage(std::string_view) override { token_.cancel(); }
    void progress(std::int64_t, std::int64_t) override {}

private:
    CancelToken& token_;
};

std::int64_t importDomain(Store& store, const QString& domain) {
    ImportParams p;
    p.srcPath = dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/%1.de").arg(domain)).toStdString();
    p.tgtPath = dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/%1.en").arg(domain)).toStdString();
    p.corpus = domain.toStdString();
    p.labelSource = LabelSource::Given;
    p.domain = p.corpus;
    NullProgress np;
    CancelToken ct;
    if (!runImport(p, store, np, ct)) qFatal("import failed");
    return findCorpus(store, p.corpus).value().id;
}

// Ids of the corpus's sentences whose either side contains every word as a whole word
// (case-insensitive): the reference the FTS answer must equal.
std::vector<std::int64_t> scan(Store& store, std::int64_t corpusId, const QStringList& words) {
    std::vector<std::int64_t> ids;
    forEachSentence(store, corpusId, 0, [&](const Sentence& s) {
        const QString text = QString::fromStdString(s.src + " " + s.tgt);
        bool all = true;
        for (const auto& w : words)
            all =
                all && text.contains(QRegularExpression(
                           QStringLiteral("(?<![\\w])%1(?![\\w])").arg(QRegularExpression::escape(w)),
                           QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption));
        if (all) ids.push_back(s.id);
        return true;
    }).value();
    std::sort(ids.begin(), ids.end());
    return ids;
}

}  // namespace

class TestTextSearch : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::unique_ptr<Store> store_;
    std::int64_t law_ = 0, it_ = 0;

private slots:
    void initTestCase() {
        if (!dltest::hasSharedData()) QSKIP("../shared/data is not here");
        store_ = std::move(Store::create(tmp_.filePath("t.dlproj").toStdString()).value());
        law_ = importDomain(*store_, "law");
        it_ = importDomain(*store_, "it");
    }

    void queryText_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("query");
        QTest::newRow("words") << "court  of justice"
                               << R"("court" "of" "justice")";
        QTest::newRow("operators taken literally") << "AND -x a:b"
                                                   << R"("AND" "-x" "a:b")";
        QTest::newRow("quote doubled") << R"(say "hi")"
                                       << R"("say" """hi""")";
        QTest::newRow("prefix") << "Verordn* der"
                                << R"("Verordn"* "der")";
        QTest::newRow("lone star") << "*"
                                   << R"("*")";
        QTest::newRow("blank") << " \t "
                               << "";
    }
    void queryText() {
        QFETCH(QString, text);
        QFETCH(QString, query);
        QCOMPARE(QString::fromStdString(ftsQuery(text.toStdString())), query);
    }

    void lazyIndexThenSearch() {
        auto before = textIndexStatus(*store_).value();
        QVERIFY(!before.current);
        QCOMPARE(before.indexed, qint64(0));
        QVERIFY(!searchText(*store_, law_, "court", 10));  // a stale index is not answered
        // A cancelled update leaves nothing behind.
        CancelToken cancel;
        CancelAtOnce stopper(cancel);
        QCOMPARE(updateTextIndex(*store_, stopper, cancel).error().kind, ErrorKind::Cancelled);
        QVERIFY(!textIndexStatus(*store_).value().current);
        NullProgress np;
        CancelToken ct;
        auto indexed = updateTextIndex(*store_, np, ct);
        QVERIFY2(indexed, indexed ? "" : indexed.error().message.c_str());
        QCOMPARE(*indexed, before.sentences);
        QVERIFY(textIndexStatus(*store_).value().current);
        QCOMPARE(updateTextIndex(*store_, np, ct).value(), qint64(0));  // nothing to do
    }

    void matchesPlainScan_data() {
        QTest::addColumn<QString>("corpus");
        QTest::addColumn<QString>("words");
        QTest::newRow("English word, law") << "law"
                                           << "Commission";
        QTest::newRow("German word, law") << "law"
                                          << "Verordnung";
        QTest::newRow("two words") << "law"
                                   << "Member States";
        QTest::newRow("IT word") << "it"
                                 << "file";
        QTest::newRow("law word in IT") << "it"
                                        << "Regulation";
        QTest::newRow("no match") << "law"
                                  << "zzyzxqq";
    }
    void matchesPlainScan() {
        QFETCH(QString, corpus);
        QFETCH(QString, words);
        const auto id = corpus == QLatin1String("law") ? law_ : it_;
        auto found = searchText(*store_, id, words.toStdString(), 100000);
        QVERIFY2(found, found ? "" : found.error().message.c_str());
        const auto expected = scan(*store_, id, words.split(QLatin1Char(' ')));
        QCOMPARE(found->sentenceIds, expected);
        QCOMPARE(found->total, qint64(expected.size()));
        if (corpus == QLatin1String("law") && words != QLatin1String("zzyzxqq")) QVERIFY(!expected.empty());
    }

    void limitFoldingAndPrefix() {
        auto all = searchText(*store_, law_, "the", 1000000).value();
        auto few = searchText(*store_, law_, "the", 5).value();
        QCOMPARE(few.total, all.total);
        QCOMPARE(qint64(few.sentenceIds.size()), qint64(5));
        QVERIFY(std::equal(few.sentenceIds.begin(), few.sentenceIds.end(), all.sentenceIds.begin()));
        // Diacritics fold: "uber" finds "über"; a prefix finds the longer words.
        const auto umlaut = searchText(*store_, law_, "über", 100000).value();
        QVERIFY(umlaut.total > 0);
        QCOMPARE(searchText(*store_, law_, "uber", 100000).value().total, umlaut.total);
        const auto prefix = searchText(*store_, law_, "Verordn*", 100000).value();
        QVERIFY(prefix.total > searchText(*store_, law_, "Verordnung", 100000).value().total);
        QVERIFY(!searchText(*store_, law_, "   ", 10));
    }

    // A new corpus is indexed on top (only its rows); deleting one drops the state and the
    // next update rebuilds, so the deleted rows are never found again.
    void followsCorporaAddedAndDeleted() {
        NullProgress np;
        CancelToken ct;
        const auto med = importDomain(*store_, "medical");
        auto status = textIndexStatus(*store_).value();
        QVERIFY(!status.current);
        QCOMPARE(updateTextIndex(*store_, np, ct).value(), status.sentences - status.indexed);
        QCOMPARE(searchText(*store_, med, "patients", 100000).value().sentenceIds, scan(*store_, med, {"patients"}));
        QVERIFY(store_->exec("DELETE FROM corpora WHERE name = 'law'"));
        QVERIFY(!textIndexStatus(*store_).value().current);
        QCOMPARE(updateTextIndex(*store_, np, ct).value(), textIndexStatus(*store_).value().sentences);
        QCOMPARE(searchText(*store_, law_, "Commission", 100000).value().total, qint64(0));
        QCOMPARE(searchText(*store_, it_, "file", 100000).value().sentenceIds, scan(*store_, it_, {"file"}));
        // The FTS index itself agrees with its content table.
        QVERIFY(store_->exec("INSERT INTO sentence_text(sentence_text, rank) VALUES('integrity-check', 1)"));
    }
};

QTEST_GUILESS_MAIN(TestTextSearch)
#include "tst_textsearch.moc"
