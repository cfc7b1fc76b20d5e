// The Outlier analysis tab's "Domain centroids (Fig. 4)" on a real project (made with the CLI:
// three labelled domains encoded with the tiny test model, clustered): the service queries give
// the numbers `domainlens-cli report --json` gives (the centroid-cosine matrix; with --scores,
// Pearson r with and without the same-domain pairs), the panel reads and shows them through the
// AsyncService, and hostile score files are refused naming the file and the problem.
#include <QtTest>

#include <QJsonArray>
#include <QJsonObject>
#include <QPushButton>

#include <cmath>

#include "AsyncService.h"
#include "CentroidCosineModel.h"
#include "CentroidScoreView.h"
#include "CliProcess.h"
#include "OutlierAnalysisPanel.h"
#include "OutlierAnalysisQueries.h"
#include "TestSupport.h"

using namespace dltest;

class TestCentroidFig4 : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString project_;
    qint64 run_ = 0;
    QStringList domains_;  // the run's, in its order
    QJsonArray matrix_;    // report --json's centroid_cosine.matrix

    QString writeText(const QString& name, const QByteArray& text) {
        QString path = dir_.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
        f.write(text);
        return path;
    }

    // A score matrix over `names` whose off-diagonal scores follow 10 x cosine plus a wobble and
    // whose diagonal disagrees (so the two r differ); names the run lacks get arbitrary values.
    QByteArray scores(const QStringList& names) const {
        QByteArray csv;
        for (const auto& n : names) csv += ',' + n.toUtf8();
        csv += '\n';
        for (int r = 0; r < names.size(); ++r) {
            csv += names[r].toUtf8();
            const int ri = int(domains_.indexOf(names[r]));
            for (int c = 0; c < names.size(); ++c) {
                const int ci = int(domains_.indexOf(names[c]));
                double v = 3.0 + r + 2 * c;
                if (ri >= 0 && ci >= 0)
                    v = ri == ci ? 5.0 * (ri + 1) : 10 * matrix_[ri].toArray()[ci].toDouble() + 0.1 * (ri - ci);
                csv += ',' + QByteArray::number(v, 'g', 17);
            }
            csv += '\n';
        }
        return csv;
    }

    static QString describe(const CliRun& r) {
        return QStringLiteral("exit %1; stderr: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err.right(600)));
    }

private slots:
    void initTestCase() {
        QVERIFY(QFile::exists(cliPath()));
        project_ = dir_.filePath(QStringLiteral("fig4.dlproj"));
        const QByteArray made =
            makeLabelledProject(dir_, project_, testData(QStringLiteral("models/bert-tiny")), 60, 10);
        QVERIFY2(made.isEmpty(), made.constData());
        auto r = runCli({QStringLiteral("cluster"), project_, QStringLiteral("--corpus"), QStringLiteral("pool"),
                         QStringLiteral("--k"), QStringLiteral("3"), QStringLiteral("--pca"), QStringLiteral("8"),
                         QStringLiteral("--seeds"), QStringLiteral("1"), QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = runCli({QStringLiteral("report"), project_, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const QJsonObject rep = r.json();
        run_ = rep[QStringLiteral("run")].toObject()[QStringLiteral("id")].toInteger();
        const QJsonObject cc = rep[QStringLiteral("centroid_cosine")].toObject();
        for (const auto& d : cc[QStringLiteral("domains")].toArray()) domains_ << d.toString();
        matrix_ = cc[QStringLiteral("matrix")].toArray();
        QVERIFY(run_ > 0);
        QCOMPARE(domains_.size(), 3);
        QCOMPARE(matrix_.size(), 3);
    }

    // The matrix the tab shows is the report's centroid_cosine, value for value.
    void matrixEqualsReport() {
        auto d = readCentroidCosine(project_, run_);
        QVERIFY2(d, d ? "" : d.error().message.c_str());
        QCOMPARE(d->runId, run_);
        QCOMPARE(d->domains, domains_);
        QCOMPARE(d->values.size(), qsizetype(9));
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) QCOMPARE(d->values[i * 3 + j], matrix_[i].toArray()[j].toDouble());
    }

    // With a score file, the r values and pair counts are the report's; domains either side
    // lacks are named (the report's run_domains_not_scored / score_domains_not_in_run).
    void correlationEqualsReport_data() {
        QTest::addColumn<QStringList>("names");  // the file's domains
        QTest::addColumn<qint64>("pairs");
        QTest::addColumn<qint64>("pairsWithSameDomain");
        QTest::newRow("every run domain")
            << QStringList{QStringLiteral("it"), QStringLiteral("law"), QStringLiteral("medical")} << qint64(6)
            << qint64(9);
        QTest::newRow("rows in another order")
            << QStringList{QStringLiteral("medical"), QStringLiteral("it"), QStringLiteral("law")} << qint64(6)
            << qint64(9);
        QTest::newRow("one run domain missing, one the run lacks")
            << QStringList{QStringLiteral("koran"), QStringLiteral("law"), QStringLiteral("medical")} << qint64(2)
            << qint64(4);
    }
    void correlationEqualsReport() {
        QFETCH(QStringList, names);
        QFETCH(qint64, pairs);
        QFETCH(qint64, pairsWithSameDomain);
        const QString csv =
            writeText(QStringLiteral("scores-%1.csv").arg(QTest::currentDataTag()).replace(' ', '-'), scores(names));
        auto r = runCli({QStringLiteral("report"), project_, QString::number(run_), QStringLiteral("--scores"), csv,
                         QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const QJsonObject sc =
            r.json()[QStringLiteral("centroid_cosine")].toObject()[QStringLiteral("score_correlation")].toObject();
        auto d = readScoreCorrelation(project_, run_, csv);
        QVERIFY2(d, d ? "" : d.error().message.c_str());
        QCOMPARE(d->pairs, pairs);
        QCOMPARE(d->pairsWithSameDomain, pairsWithSameDomain);
        QCOMPARE(d->pairs, sc[QStringLiteral("pairs")].toInteger());
        QCOMPARE(d->pairsWithSameDomain, sc[QStringLiteral("pairs_with_same_domain")].toInteger());
        // Equal to the report's (JSON null = undefined = NaN).
        auto same = [](double a, const QJsonValue& b) {
            return b.isNull() ? std::isnan(a) : std::abs(a - b.toDouble()) <= 1e-12;
        };
        QVERIFY2(same(d->pearson, sc[QStringLiteral("pearson")]),
                 qPrintable(QStringLiteral("%1 vs %2").arg(d->pearson).arg(sc[QStringLiteral("pearson")].toDouble())));
        QVERIFY(same(d->pearsonWithSameDomain, sc[QStringLiteral("pearson_with_same_domain")]));
        QVERIFY(std::isfinite(d->pearsonWithSameDomain));
        if (pairs > 2) QVERIFY(std::abs(d->pearson - d->pearsonWithSameDomain) > 1e-3);  // the diagonal disagrees
        else QVERIFY(std::isnan(d->pearson));  // (law, medical) and back: one cosine, r undefined
        QCOMPARE(d->points.size(), pairsWithSameDomain);
        QStringList notScored, notInRun;
        for (const auto& v : sc[QStringLiteral("run_domains_not_scored")].toArray()) notScored << v.toString();
        for (const auto& v : sc[QStringLiteral("score_domains_not_in_run")].toArray()) notInRun << v.toString();
        QCOMPARE(d->runDomainsNotScored, notScored);
        QCOMPARE(d->scoreDomainsNotInRun, notInRun);
        if (names.contains(QStringLiteral("koran"))) {
            QCOMPARE(notScored, QStringList{QStringLiteral("it")});
            QCOMPARE(notInRun, QStringList{QStringLiteral("koran")});
        }
    }

    // The panel: the run's matrix in the heat-map table, then a loaded score file's r values
    // (both, labelled), the scatter with the same-domain points apart, and the missing domains.
    void panelShowsFig4() {
        AsyncService async;
        OutlierAnalysisPanel panel(async);
        QSignalSpy centroids(&panel, &OutlierAnalysisPanel::centroidsShown);
        QSignalSpy scored(&panel, &OutlierAnalysisPanel::scoresShown);
        panel.showRun(project_, run_);
        QVERIFY(panel.centroidsPending());
        QVERIFY(centroids.wait(30000));
        QCOMPARE(centroids.at(0).at(0).toInt(), 3);
        QCOMPARE(panel.centroids()->headerData(1, Qt::Horizontal).toString(), domains_[1]);
        QCOMPARE(panel.centroids()->index(0, 1).data(CentroidCosineModel::ValueRole).toDouble(),
                 matrix_[0].toArray()[1].toDouble());
        QCOMPARE(panel.loadScoresButton()->text(), QStringLiteral("Load cross-domain scores (CSV)…"));

        const QString csv = writeText(
            QStringLiteral("panel.csv"),
            scores({QStringLiteral("it"), QStringLiteral("law"), QStringLiteral("koran"), QStringLiteral("medical")}));
        panel.loadScores(csv);
        QVERIFY(scored.wait(30000));
        QCOMPARE(scored.at(0).at(0).toBool(), true);
        const auto d = readScoreCorrelation(project_, run_, csv).value();
        const QString text = panel.correlationText();
        const QLocale locale;
        QVERIFY2(text.contains(QStringLiteral("with the same-domain points (as the paper's Fig. 4): %1 (%2 pairs)")
                                   .arg(locale.toString(d.pearsonWithSameDomain, 'f', 3))
                                   .arg(d.pairsWithSameDomain)),
                 qPrintable(text));
        QVERIFY2(
            text.contains(
                QStringLiteral("without them: %1 (%2 pairs)").arg(locale.toString(d.pearson, 'f', 3)).arg(d.pairs)),
            qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("panel.csv")));
        QCOMPARE(panel.missingDomainsText(),
                 QStringLiteral("Domains in the file that the run lacks (left out): koran"));
        QCOMPARE(panel.scoreView()->pointCount(true), 3);   // the diagonal
        QCOMPARE(panel.scoreView()->pointCount(false), 6);
        const int it = int(domains_.indexOf(QStringLiteral("it"))), law = int(domains_.indexOf(QStringLiteral("law")));
        QVERIFY(panel.centroids()->index(it, law).data(CentroidCosineModel::ScoreRole).isValid());

        // Another run shown: the same file is read again for it (here: the same run again).
        scored.clear();
        panel.showRun(project_, run_);
        QVERIFY(scored.wait(30000));
        QCOMPARE(scored.at(0).at(0).toBool(), true);
    }

    // Hostile score files: each is refused with a message naming the file and the problem, by
    // the query and in the panel (through the AsyncService); nothing crashes.
    void hostileScores_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("empty file") << QByteArray() << QStringLiteral("is empty");
        QTest::newRow("byte-order mark only") << QByteArray("\xEF\xBB\xBF") << QStringLiteral("is empty");
        QTest::newRow("ragged row") << QByteArray(",it,law\nit,1,2\nlaw,3\n")
                                    << QStringLiteral("line 3: the row 'law' has 1 values; the header has 2");
        QTest::newRow("non-number") << QByteArray(",it,law\nit,1,2\nlaw,3,four\n")
                                    << QStringLiteral(
                                           "line 3, field 3 (row 'law', column 'law'): 'four' is not a number");
        QTest::newRow("NaN") << QByteArray(",it,law\nit,1,nan\nlaw,3,4\n")
                             << QStringLiteral(
                                    "line 2, field 3 (row 'it', column 'law'): 'nan' is not a finite number");
        QTest::newRow("repeated row") << QByteArray(",it,law\nit,1,2\nit,3,4\n")
                                      << QStringLiteral("line 3, field 1: the row 'it' was given already on line 2");
        QTest::newRow("huge file") << QByteArray() << QStringLiteral("has more than 16777216 bytes");
        QTest::newRow("missing file") << QByteArray() << QStringLiteral("does not exist");
    }
    void hostileScores() {
        QFETCH(QByteArray, text);
        QFETCH(QString, says);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
        QString path = dir_.filePath(tag + QStringLiteral(".csv"));
        if (tag == QLatin1String("huge-file")) writeText(tag + QStringLiteral(".csv"), QByteArray(17 << 20, ','));
        else if (tag != QLatin1String("missing-file")) writeText(tag + QStringLiteral(".csv"), text);
        auto d = readScoreCorrelation(project_, run_, path);
        QVERIFY(!d);
        const QString message = QString::fromStdString(d.error().message);
        QVERIFY2(message.contains(says), qPrintable(message));
        QVERIFY2(message.contains(tag + QStringLiteral(".csv")), qPrintable(message));  // names the file

        AsyncService async;
        OutlierAnalysisPanel panel(async);
        QSignalSpy scored(&panel, &OutlierAnalysisPanel::scoresShown);
        panel.showRun(project_, run_);
        panel.loadScores(path);
        QVERIFY(scored.wait(30000));
        QCOMPARE(scored.at(0).at(0).toBool(), false);
        QVERIFY2(panel.correlationText().startsWith(QStringLiteral("Cannot use the scores:")),
                 qPrintable(panel.correlationText()));
        QVERIFY(panel.correlationText().contains(says));
        QCOMPARE(panel.scoreView()->pointCount(true) + panel.scoreView()->pointCount(false), 0);
    }
};

QTEST_MAIN(TestCentroidFig4)
#include "tst_centroidfig4.moc"
