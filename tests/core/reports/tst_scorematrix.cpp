// The cross-domain score matrix of the paper's Fig. 4 (report --scores, the Outlier analysis
// tab's "Load cross-domain scores"): a user's CSV, so untrusted. Each hostile file is refused
// with a message naming the file, the line and the field; accepted files give the values; the
// correlation names the domains either side lacks.
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <cmath>
#include <fstream>

#include "analysis/Metrics.h"
#include "reports/Report.h"

using namespace dl;

class TestScoreMatrix : public QObject {
    Q_OBJECT
private slots:
    void accepted_data() {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<double>("lawOnIt");  // row law, column it
        QTest::newRow("plain") << QByteArray(",it,law\nit,30,10\nlaw,12.5,40\n") << 12.5;
        QTest::newRow("rows in another order, CRLF, blank lines")
            << QByteArray(",it,law\r\n\r\nlaw,12.5,40\r\nit,30,10\r\n") << 12.5;
        QTest::newRow("byte-order mark") << QByteArray("\xEF\xBB\xBF,it,law\nit,30,10\nlaw,12.5,40") << 12.5;
        QTest::newRow("spaces around cells, a sign, an exponent")
            << QByteArray(" , it , law\nit , +30, 1e1\nlaw, -1.25e1 ,40\n") << -12.5;
    }
    void accepted() {
        QFETCH(QByteArray, csv);
        QFETCH(double, lawOnIt);
        auto m = parseScoreMatrixCsv(csv.toStdString(), "s.csv");
        QVERIFY2(m, m ? "" : m.error().message.c_str());
        QCOMPARE(m->domains, (std::vector<std::string>{"it", "law"}));
        QCOMPARE(m->values.size(), std::size_t(4));
        QCOMPARE(m->values[2], lawOnIt);
        QCOMPARE(m->values[0], 30.0);
    }

    // Each hostile text is refused, and the message names the file, the line and the field
    // (or what is missing). Rows marked "was accepted" were taken before this check existed.
    void hostile_data() {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("says");
        QTest::newRow("empty file") << QByteArray() << QStringLiteral("s.csv is empty");
        QTest::newRow("only a byte-order mark and blank lines")
            << QByteArray("\xEF\xBB\xBF\n\r\n  \n") << QStringLiteral("s.csv is empty");
        QTest::newRow("header only") << QByteArray(",it,law\n")
                                     << QStringLiteral("s.csv has a header line but no rows");
        QTest::newRow("header without domains")
            << QByteArray("x\ny\n") << QStringLiteral("line 1: the header names no domain");
        QTest::newRow("ragged row, short")
            << QByteArray(",it,law\nit,1,2\nlaw,3\n")
            << QStringLiteral("s.csv, line 3: the row 'law' has 1 values; the header has 2");
        QTest::newRow("ragged row, long")
            << QByteArray(",it,law\nit,1,2,9\nlaw,3,4\n") << QStringLiteral("s.csv, line 2: the row 'it' has 3 values");
        QTest::newRow("not square") << QByteArray(",it,law\nit,1,2\n") << QStringLiteral("2 columns but 1 rows");
        QTest::newRow("non-number") << QByteArray(",it,law\nit,1,2\nlaw,abc,4\n")
                                    << QStringLiteral(
                                           "s.csv, line 3, field 2 (row 'law', column 'it'): 'abc' is not a number");
        // was accepted: std::stod read the leading "1.5" and dropped the rest
        QTest::newRow("number with trailing text")
            << QByteArray(",it,law\nit,1.5x,2\nlaw,3,4\n")
            << QStringLiteral("line 2, field 2 (row 'it', column 'it'): '1.5x' is not a number");
        // was accepted: NaN and infinity went into the matrix (the report then skipped those pairs silently)
        QTest::newRow("NaN") << QByteArray(",it,law\nit,1,NaN\nlaw,3,4\n")
                             << QStringLiteral(
                                    "line 2, field 3 (row 'it', column 'law'): 'NaN' is not a finite number");
        QTest::newRow("infinity") << QByteArray(",it,law\nit,1,2\nlaw,-inf,4\n")
                                  << QStringLiteral(
                                         "line 3, field 2 (row 'law', column 'it'): '-inf' is not a finite number");
        QTest::newRow("out of range") << QByteArray(",it,law\nit,1,2\nlaw,1e999,4\n")
                                      << QStringLiteral(
                                             "line 3, field 2 (row 'law', column 'it'): '1e999' is out of the range");
        QTest::newRow("empty value") << QByteArray(",it,law\nit,1,\nlaw,3,4\n")
                                     << QStringLiteral(
                                            "line 2, field 3 (row 'it', column 'law'): the value is missing");
        QTest::newRow("unknown row") << QByteArray(",it,law\nit,1,2\nmedical,3,4\n")
                                     << QStringLiteral("line 3, field 1: the row 'medical' is not among the columns");
        // was accepted: the second "it" row overwrote the first and law's row stayed NaN, so the
        // report quietly used fewer pairs
        QTest::newRow("repeated row") << QByteArray(",it,law\nit,1,2\nit,3,4\n")
                                      << QStringLiteral("line 3, field 1: the row 'it' was given already on line 2");
        // was accepted: the second "it" column was never read
        QTest::newRow("repeated column") << QByteArray(",it,it\nit,1,2\nit,3,4\n")
                                         << QStringLiteral("line 1, field 3: the domain 'it' is named twice");
        // was accepted: a domain called ""
        QTest::newRow("empty column name")
            << QByteArray(",it,\nit,1,2\n,3,4\n") << QStringLiteral("line 1, field 3: the column has no domain name");
        QTest::newRow("a 10 MB domain name is quoted short")
            << (QByteArray(",it,law\nit,1,2\n") + QByteArray(10'000'000, 'x') + ",3,4\n")
            << QStringLiteral("line 3, field 1: the row 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (10000000 bytes)");
    }
    void hostile() {
        QFETCH(QByteArray, csv);
        QFETCH(QString, says);
        auto m = parseScoreMatrixCsv(csv.toStdString(), "s.csv");
        QVERIFY(!m);
        const QString message = QString::fromStdString(m.error().message);
        QVERIFY2(message.contains(says), qPrintable(message.left(300)));
        QVERIFY2(message.size() < 400, qPrintable(QString::number(message.size())));  // bounded, whatever the input
    }

    // The file reader: a regular file of bounded size, parsed naming its path.
    void files_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("says");
        QTest::newRow("missing") << QStringLiteral("missing") << QStringLiteral("does not exist");
        QTest::newRow("a folder") << QStringLiteral("folder") << QStringLiteral("folder");
        QTest::newRow("a FIFO (would block for ever)")
            << QStringLiteral("fifo") << QStringLiteral("not a regular file");
        QTest::newRow("over 16 MiB") << QStringLiteral("huge") << QStringLiteral("has more than 16777216 bytes");
        QTest::newRow("a ragged row, named with the path")
            << QStringLiteral("ragged") << QStringLiteral("ragged.csv, line 3");
    }
    void files() {
        QFETCH(QString, kind);
        QFETCH(QString, says);
        QTemporaryDir dir;
        const std::string path = dir.filePath(kind + QStringLiteral(".csv")).toStdString();
        if (kind == QLatin1String("folder")) QVERIFY(QDir().mkpath(QString::fromStdString(path)));
        if (kind == QLatin1String("fifo")) QCOMPARE(::mkfifo(path.c_str(), 0600), 0);
        if (kind == QLatin1String("huge")) {
            std::ofstream f(path);
            f << ",it\nit,1\n" << std::string(kMaxScoreMatrixBytes, '\n');
        }
        if (kind == QLatin1String("ragged")) std::ofstream(path) << ",it,law\nit,1,2\nlaw,3\n";
        auto m = readScoreMatrixFile(path);
        QVERIFY(!m);
        QVERIFY2(QString::fromStdString(m.error().message).contains(says), m.error().message.c_str());
    }

    // Domains either side lacks are named; the pairs both hold are correlated, as before.
    void correlationNamesMissingDomains() {
        CentroidCosine c;
        c.domains = {"it", "law", "medical"};
        c.values = {1.0, 0.8, 0.6, 0.8, 1.0, 0.7, 0.6, 0.7, 1.0};
        auto s = parseScoreMatrixCsv(",law,it,koran\nit,20,40,1\nlaw,35,25,2\nkoran,1,2,3\n").value();
        const ScoreCorrelation r = correlateScores(c, s);
        QCOMPARE(r.runDomainsNotScored, std::vector<std::string>{"medical"});
        QCOMPARE(r.scoreDomainsNotInRun, std::vector<std::string>{"koran"});
        QCOMPARE(r.pairs, std::size_t(2));
        QCOMPARE(r.pairsWithSameDomain, std::size_t(4));
        QCOMPARE(r.points.size(), std::size_t(4));
        QCOMPARE(r.points[1].train, std::size_t(0));  // (it, law): cosine 0.8, score 20
        QCOMPARE(r.points[1].test, std::size_t(1));
        QCOMPARE(r.points[1].cosine, 0.8);
        QCOMPARE(r.points[1].score, 20.0);
        QVERIFY(r.points[0].sameDomain() && !r.points[1].sameDomain());
        const std::vector<double> x{1.0, 0.8, 0.8, 1.0}, y{40, 20, 25, 35};
        QCOMPARE(r.pearsonWithSameDomain, pearson(x, y));
        QVERIFY(std::isnan(r.pearson));  // two points with one cosine: undefined
    }

    // A damaged project's matrix of another shape is an error, not a read out of bounds.
    void storedMatrixChecked_data() {
        QTest::addColumn<QByteArray>("stored");
        QTest::newRow("short") << QByteArray("[[1,0.5],[0.5,1]]");
        QTest::newRow("ragged") << QByteArray("[[1,0.5,0.2],[0.5,1],[0.2,0.1,1]]");
        QTest::newRow("a string") << QByteArray("[[1,0.5,0.2],[0.5,1,\"x\"],[0.2,0.1,1]]");
        QTest::newRow("not an array") << QByteArray("{\"a\":1}");
    }
    void storedMatrixChecked() {
        QFETCH(QByteArray, stored);
        auto c = centroidCosineOf({"a", "b", "c"}, nlohmann::json::parse(stored.toStdString()), 7);
        QVERIFY(!c);
        QCOMPARE(c.error().code, ErrorCode::StoredDataInvalid);
        QVERIFY(centroidCosineOf({"a", "b"}, nlohmann::json::parse("[[1,null],[0.5,1]]"), 7));
    }
};

QTEST_GUILESS_MAIN(TestScoreMatrix)
#include "tst_scorematrix.moc"
