// Core errors reach the UI through one translation point (errorText): coded errors come back
// from tr() with their arguments filled in, uncoded ones as core's English sentence. Also: the
// codes real core failures carry (a missing project, an unknown corpus, a cancel).
#include <QTranslator>
#include <QtTest>

#include "ErrorText.h"
#include "TestSupport.h"
#include "jobs/RunJob.h"
#include "reports/SentenceQuery.h"
#include "store/Corpora.h"
#include "store/Store.h"

using dl::Error;
using dl::ErrorCode;
using dl::ErrorKind;

namespace {
// A translator that answers every DomainLensError string with a marked copy, standing in for
// a German .qm: proves the text went through QCoreApplication::translate.
class MarkingTranslator final : public QTranslator {
public:
    QString translate(const char* context, const char* source, const char* = nullptr, int = -1) const override {
        if (QByteArray(context) != "DomainLensError") return {};
        return QStringLiteral("DE: ") + QString::fromUtf8(source);
    }
    bool isEmpty() const override { return false; }
};
}  // namespace

class TestErrorText : public QObject {
    Q_OBJECT
private slots:
    void codesAreTranslatedWithArguments_data() {
        QTest::addColumn<int>("code");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, ErrorCode c, QStringList a, const char* e) {
            QTest::newRow(name) << int(c) << a << QString::fromUtf8(e);
        };
        row("cancelled", ErrorCode::Cancelled, {}, "DE: Cancelled by the user.");
        row("missing", ErrorCode::ProjectMissing, {"/p.dlproj"}, "DE: The project /p.dlproj does not exist.");
        row("not a project", ErrorCode::NotAProject, {"/x"}, "DE: The file /x is not a DomainLens project.");
        row("too new", ErrorCode::ProjectTooNew, {"/p", "9", "2"},
            "DE: The project /p was written by a newer DomainLens (schema 9; this version reads up to schema 2). "
            "Please update DomainLens.");
        row("locked", ErrorCode::ProjectLocked, {"/p"},
            "DE: The project /p is locked by another program; try again when it has finished.");
        row("disk full", ErrorCode::DiskFull, {"/p"},
            "DE: Disk full while writing /p (no space left, or the file-size limit reached); nothing was changed.");
        row("unknown corpus", ErrorCode::UnknownCorpus, {"x", "a, b"},
            "DE: There is no corpus named 'x' (corpora: a, b).");
        row("unknown run", ErrorCode::UnknownRun, {"7"}, "DE: There is no run 7 in the project.");
        row("invalid utf8", ErrorCode::InvalidUtf8, {"f.en:3", "5"},
            "DE: f.en:3: invalid UTF-8 at byte 5 (allow replacing invalid bytes to import it anyway).");
        row("upgrade failed", ErrorCode::UpgradeFailed, {"/p", "2", "boom", "/p.v1.bak"},
            "DE: Upgrading the project /p to schema 2 failed (boom). The project is unchanged; a backup is at "
            "/p.v1.bak.");
        row("model changed", ErrorCode::ModelChanged, {"/m"},
            "DE: The model at /m has changed since the corpus was encoded: its vectors would not be comparable.");
        row("precision", ErrorCode::PrecisionMismatch, {"fp32", "bf16"},
            "DE: The corpus was encoded in fp32; this machine computes bf16: the vectors would not be comparable.");
        row("not a cluster run", ErrorCode::NotClusterRun, {"4", "select"},
            "DE: Run 4 is a select run, not a clustering run.");
        row("nothing encoded", ErrorCode::NothingEncoded, {"MiniLM"},
            "DE: Nothing of this corpus is encoded with MiniLM yet: encode it first.");
        row("no such cluster", ErrorCode::NoSuchCluster, {"3", "9"}, "DE: Run 3 has no cluster 9.");
        row("empty query", ErrorCode::EmptyQuery, {}, "DE: Type a sentence or a word to search for.");
        row("no stored model", ErrorCode::ClusterModelMissing, {"9"},
            "DE: Clustering run 9 has no stored model (it was made before models were stored with runs): cluster again "
            "to place new sentences on its map or apply it.");
    }
    void codesAreTranslatedWithArguments() {
        QFETCH(int, code);
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        MarkingTranslator translator;
        QCoreApplication::installTranslator(&translator);
        Error e(ErrorKind::Failed, "English message", ErrorCode(code));
        for (const auto& a : args) e.args.push_back(a.toStdString());
        QCOMPARE(errorText(e), expected);
        QCoreApplication::removeTranslator(&translator);
        // Without a translation the English source text shows, never the code.
        QCOMPARE(errorText(e), expected.mid(4));
    }

    // Every code has its own text: none falls back to core's English message.
    void everyCodeHasAText() {
        for (int c = int(ErrorCode::Generic) + 1; c <= int(ErrorCode::ClusterModelTooNew); ++c) {
            const Error e(ErrorKind::Failed, "untranslated", ErrorCode(c), {"a", "b", "c", "d"});
            QVERIFY2(errorText(e) != QStringLiteral("untranslated"), qPrintable(QString::number(c)));
        }
    }

    void uncodedErrorsShowTheMessage() {
        MarkingTranslator translator;
        QCoreApplication::installTranslator(&translator);
        QCOMPARE(errorText(Error(ErrorKind::Failed, "Something specific went wrong.")),
                 QStringLiteral("Something specific went wrong."));
        QCoreApplication::removeTranslator(&translator);
    }

    void coreFailuresCarryCodes() {
        QTemporaryDir dir;
        auto missing = dl::Store::open(dir.filePath(QStringLiteral("none.dlproj")).toStdString());
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, ErrorCode::ProjectMissing);
        QCOMPARE(missing.error().args.at(0), dir.filePath(QStringLiteral("none.dlproj")).toStdString());
        QVERIFY(missing.error().message.find("does not exist") != std::string::npos);  // the CLI's English text

        auto store = dl::Store::create(dir.filePath(QStringLiteral("p.dlproj")).toStdString());
        QVERIFY(store);
        auto corpus = dl::findCorpus(**store, "nope");
        QVERIFY(!corpus);
        QCOMPARE(corpus.error().code, ErrorCode::UnknownCorpus);
        QCOMPARE(corpus.error().args.at(0), std::string("nope"));

        dl::NullProgress np;
        dl::CancelToken ct;
        auto empty = dl::querySentences(dl::SentenceQueryParams{}, **store, np, ct);
        QVERIFY(!empty);
        QCOMPARE(empty.error().code, ErrorCode::EmptyQuery);

        auto cancelled = dl::runJob<int>([]() -> dl::Expected<int> { throw dl::CancelledException{}; });
        QVERIFY(!cancelled);
        QCOMPARE(cancelled.error().kind, ErrorKind::Cancelled);
        QCOMPARE(cancelled.error().code, ErrorCode::Cancelled);
        auto internal = dl::runJob<int>([]() -> dl::Expected<int> { throw std::runtime_error("c10 says no"); });
        QVERIFY(!internal);
        QCOMPARE(internal.error().code, ErrorCode::Internal);
        QCOMPARE(errorText(internal.error()), QStringLiteral("Internal error: c10 says no"));
    }
};

QTEST_GUILESS_MAIN(TestErrorText)
#include "tst_errortext.moc"
