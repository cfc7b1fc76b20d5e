// `domainlens-cli share` (issue #28, "a map you can send"): the page is written, opens in a real
// browser from a file URL (headless Chromium, Debian's `chromium`, installed by scripts/setup.sh),
// draws the map (the canvas is not blank), shows a sentence on hover, and sentences holding
// markup stay text: the page's own self-check (`#selftest`) reports what it drew and hovered.
// Also: the stratified sample, and the errors of the CLI contract.
#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QtTest>

#include "CliProcess.h"
#include "share/ShareMap.h"

using namespace dltest;

class TestCliShare : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString project_;

    static QString chromium() {
        for (const char* name : {"chromium", "chromium-browser", "google-chrome"})
            if (auto p = QStandardPaths::findExecutable(QLatin1String(name)); !p.isEmpty()) return p;
        return {};
    }
    // The DOM after the page's script ran (headless Chromium, no network, no GPU).
    static QByteArray domOf(const QString& url) {
        QProcess p;
        p.start(chromium(),
                {QStringLiteral("--headless"), QStringLiteral("--no-sandbox"), QStringLiteral("--disable-gpu"),
                 QStringLiteral("--window-size=1200,900"), QStringLiteral("--dump-dom"), url});
        if (!p.waitForFinished(60000)) return {};
        return p.readAllStandardOutput();
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QVERIFY2(!chromium().isEmpty(), "no chromium in PATH (scripts/setup.sh installs Debian's chromium)");
        project_ = dir_.filePath(QStringLiteral("p.dlproj"));
        const QString model = QString::fromUtf8(testDataDir()) + QStringLiteral("/models/bert-tiny");
        const QByteArray failed = makeLabelledProject(dir_, project_, model, 60, 10);
        QVERIFY2(failed.isEmpty(), failed.constData());
        // Sentences that are markup: they must reach the page as text.
        QFile hostile(dir_.filePath(QStringLiteral("hostile.en")));
        QVERIFY(hostile.open(QIODevice::WriteOnly));
        hostile.write(
            "<script>document.title='pwned'</script> click the menu button\n"
            "<img src=x onerror=\"document.title='pwned2'\"> install the server file\n"
            "</script><b>bold & raw</b> window option\n"
            // a near-duplicate of the first line, for the filter's ledger
            "<script>document.title='pwned'</script> click the menu button!\n");
        hostile.close();
        auto r = runCli({QStringLiteral("import"), project_, QStringLiteral("--src"), hostile.fileName(),
                         QStringLiteral("--domain"), QStringLiteral("it"), QStringLiteral("--corpus"),
                         QStringLiteral("pool")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = runCli({QStringLiteral("encode"), project_, QStringLiteral("--model"), model, QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = runCli({QStringLiteral("cluster"), project_, QStringLiteral("--corpus"), QStringLiteral("pool"),
                    QStringLiteral("--k"), QStringLiteral("3"), QStringLiteral("--pca"), QStringLiteral("8"),
                    QStringLiteral("--seeds"), QStringLiteral("2")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

    void pageOpensDrawsAndHovers() {
        const QString out = dir_.filePath(QStringLiteral("shared"));
        auto r = runCli({QStringLiteral("share"), project_, QStringLiteral("--out"), out, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j.value(QStringLiteral("points")).toInteger(), 184);  // 3 x 60 + the 4 hostile lines
        QCOMPARE(j.value(QStringLiteral("total")).toInteger(), 184);
        QFile page(out + QStringLiteral("/index.html"));
        QVERIFY(page.open(QIODevice::ReadOnly));
        const QByteArray html = page.readAll();
        QVERIFY(html.contains("Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-"));
        QVERIFY(html.contains("connect-src 'none'"));
        // Exactly the page's own blocks (data, points, script, sentences); the sentences' tags
        // are \u003c-escaped data.
        QCOMPARE(html.count("<script"), 4);
        QVERIFY(html.contains("\\u003cscript\\u003edocument.title"));
        QVERIFY(!html.contains("<img"));

        const QByteArray dom =
            domOf(QUrl::fromLocalFile(out + QStringLiteral("/index.html")).toString() + QStringLiteral("#selftest"));
        QVERIFY2(!dom.isEmpty(), "chromium printed no DOM");
        // No sentence ran as script (it would have set the title) or became an element.
        const auto title = QRegularExpression(QStringLiteral("<title>([^<]*)</title>")).match(QString::fromUtf8(dom));
        QVERIFY2(title.hasMatch() && title.captured(1).startsWith(QStringLiteral("Run #")), dom.left(600).constData());
        QVERIFY(!dom.contains("<img"));
        QVERIFY(!dom.contains("<b>bold"));
        const QRegularExpression selftest(QStringLiteral("<pre id=\"selftest\">([^<]*)</pre>"));
        const auto m = selftest.match(QString::fromUtf8(dom));
        QVERIFY2(m.hasMatch(), "the page's self-check did not run (script blocked or failed)");
        QString text = m.captured(1);
        text.replace(QStringLiteral("&amp;"), QStringLiteral("&")).replace(QStringLiteral("&lt;"), QStringLiteral("<"));
        text.replace(QStringLiteral("&gt;"), QStringLiteral(">"))
            .replace(QStringLiteral("&quot;"), QStringLiteral("\""));
        const QJsonObject check = QJsonDocument::fromJson(text.toUtf8()).object();
        QCOMPARE(check.value(QStringLiteral("points")).toInt(), 184);
        QVERIFY2(check.value(QStringLiteral("nonBlankPixels")).toInt() > 2000, qPrintable(text));
        const QString hover = check.value(QStringLiteral("hoverText")).toString();
        QVERIFY2(!hover.isEmpty(), qPrintable(text));
        QVERIFY2(hover.startsWith(check.value(QStringLiteral("expectedText")).toString()) ||
                     hover.contains(QStringLiteral("Sentence ")),
                 qPrintable(text));
        // A sentence that is markup, hovered, comes back as the same characters.
        const QString markup = check.value(QStringLiteral("markupText")).toString();
        QVERIFY2(markup.contains(QStringLiteral("</script>")) || markup.contains(QStringLiteral("<img")) ||
                     markup.contains(QStringLiteral("<script>")),
                 qPrintable(text));
        QVERIFY2(check.value(QStringLiteral("markupHover")).toString().startsWith(markup), qPrintable(text));
    }

    // A selection run colours the map by its score: one more choice, drawn from the URL's
    // "#colour=score0"; a run of another kind is refused.
    void scoreColouring() {
        auto r =
            runCli({QStringLiteral("select"), project_, QStringLiteral("--method"), QStringLiteral("cosine"),
                    QStringLiteral("--pool"), QStringLiteral("pool"), QStringLiteral("--seed"), QStringLiteral("seed"),
                    QStringLiteral("--top"), QStringLiteral("50"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString selectRun = QString::number(r.json().value(QStringLiteral("run")).toInteger());
        const QString out = dir_.filePath(QStringLiteral("scored"));
        r = runCli({QStringLiteral("share"), project_, QStringLiteral("1"), selectRun, QStringLiteral("--out"), out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile page(out + QStringLiteral("/index.html"));
        QVERIFY(page.open(QIODevice::ReadOnly));
        QVERIFY(page.readAll().contains("score of selection run #" + selectRun.toUtf8() + " (cosine)"));
        const QByteArray dom = domOf(QUrl::fromLocalFile(out + QStringLiteral("/index.html")).toString() +
                                     QStringLiteral("#colour=score0&selftest"));
        const auto m = QRegularExpression(QStringLiteral("\"nonBlankPixels\":(\\d+)")).match(QString::fromUtf8(dom));
        QVERIFY2(m.hasMatch() && m.captured(1).toInt() > 2000, dom.right(400).constData());
        QVERIFY(dom.contains("score of selection run"));
        // The threshold figure's panel: the selected count and the cut.
        QVERIFY2(dom.contains("Selection run #" + selectRun.toUtf8()), dom.right(2000).constData());
        QVERIFY(dom.contains("50 of "));
        QVERIFY(dom.contains("\"panels\":1"));
        r = runCli({QStringLiteral("share"), project_, QStringLiteral("1"), QStringLiteral("1"),
                    QStringLiteral("--out"), out, QStringLiteral("--force")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("only selection and filter runs"), r.err.constData());
    }

    // A filter run over the map: removed/kept as a colouring and its ledger (counts per rule and
    // per domain, the removed sentence next to its kept twin, as text).
    void filterLedger() {
        auto r = runCli({QStringLiteral("filter"), project_, QStringLiteral("--corpus"), QStringLiteral("pool"),
                         QStringLiteral("--kind"), QStringLiteral("near-dup"), QStringLiteral("--threshold"),
                         QStringLiteral("0.95"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString filterRun = QString::number(r.json().value(QStringLiteral("run")).toInteger());
        QVERIFY2(r.json().value(QStringLiteral("removed")).toInteger() >= 1, r.out.constData());
        const QString out = dir_.filePath(QStringLiteral("filtered"));
        r = runCli({QStringLiteral("share"), project_, QStringLiteral("1"), filterRun, QStringLiteral("--out"), out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray dom = domOf(QUrl::fromLocalFile(out + QStringLiteral("/index.html")).toString() +
                                     QStringLiteral("#colour=layer0&selftest"));
        QVERIFY2(dom.contains("Filter run #" + filterRun.toUtf8() + ": the ledger"), dom.right(2000).constData());
        QVERIFY(dom.contains("removed by filter run #" + filterRun.toUtf8()));
        // The planted near-duplicate is listed as removed, escaped text in a table cell.
        QVERIFY2(dom.contains("&lt;script&gt;document.title='pwned'&lt;/script&gt; click the menu button!"),
                 dom.right(3000).constData());
        QVERIFY(!dom.contains("<script>document.title"));
        const auto m = QRegularExpression(QStringLiteral("\"nonBlankPixels\":(\\d+)")).match(QString::fromUtf8(dom));
        QVERIFY2(m.hasMatch() && m.captured(1).toInt() > 2000, dom.right(400).constData());
        // A filter run of another corpus is refused.
        r = runCli({QStringLiteral("filter"), project_, QStringLiteral("--corpus"), QStringLiteral("seed"),
                    QStringLiteral("--kind"), QStringLiteral("near-dup"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString seedFilter = QString::number(r.json().value(QStringLiteral("run")).toInteger());
        r = runCli({QStringLiteral("share"), project_, QStringLiteral("1"), seedFilter, QStringLiteral("--out"), out,
                    QStringLiteral("--force")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("saw none of cluster run 1"), r.err.constData());
    }

    void sampleIsStratified_data() {
        QTest::addColumn<QList<int>>("sizes");
        QTest::addColumn<qint64>("sample");
        QTest::newRow("proportional") << QList<int>{600, 300, 100} << qint64(100);
        QTest::newRow("small cluster kept") << QList<int>{5000, 5} << qint64(50);
        QTest::newRow("floor of 20") << QList<int>{1000, 40} << qint64(30);
        QTest::newRow("everything") << QList<int>{10, 10} << qint64(0);
    }
    void sampleIsStratified() {
        QFETCH(QList<int>, sizes);
        QFETCH(qint64, sample);
        std::vector<std::int32_t> cluster;
        for (int c = 0; c < sizes.size(); ++c) cluster.insert(cluster.end(), sizes[c], c);
        std::shuffle(cluster.begin(), cluster.end(), std::mt19937_64(3));
        const auto kept = dl::stratifiedSample(cluster, int(sizes.size()), sample, 9);
        QVERIFY(std::is_sorted(kept.begin(), kept.end()));
        QVERIFY(std::adjacent_find(kept.begin(), kept.end()) == kept.end());
        QCOMPARE(kept, dl::stratifiedSample(cluster, int(sizes.size()), sample, 9));  // seeded
        std::vector<qint64> per(sizes.size());
        for (auto i : kept) ++per[cluster[std::size_t(i)]];
        const qint64 n = cluster.size();
        if (sample == 0) QCOMPARE(qint64(kept.size()), n);
        for (int c = 0; c < sizes.size(); ++c) {
            const qint64 floor = std::min<qint64>(20, sizes[c]);
            const qint64 proportional = sample == 0 ? sizes[c] : qint64(std::floor(double(sample) * sizes[c] / n));
            QVERIFY2(per[c] >= std::max(floor, proportional), qPrintable(QString::number(c)));
            QVERIFY2(per[c] <= std::max(floor, proportional + 1), qPrintable(QString::number(c)));
        }
    }

    void errors() {
        const QString out = dir_.filePath(QStringLiteral("again"));
        auto r = runCli({QStringLiteral("share"), project_, QStringLiteral("--out"), out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = runCli({QStringLiteral("share"), project_, QStringLiteral("--out"), out});  // exists
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("use --force"), r.err.constData());
        r = runCli({QStringLiteral("share"), project_, QStringLiteral("--out"), out, QStringLiteral("--force")});
        QCOMPARE(r.exitCode, 0);
        r = runCli({QStringLiteral("share"), project_});  // --out is mandatory
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("share"), project_, QStringLiteral("--out"), out, QStringLiteral("--sample"),
                    QStringLiteral("-1")});
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("share"), project_, QStringLiteral("999"), QStringLiteral("--out"), out,
                    QStringLiteral("--force")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("999"), r.err.constData());
        const QString empty = dir_.filePath(QStringLiteral("empty.dlproj"));
        QCOMPARE(runCli({QStringLiteral("init"), empty}).exitCode, 0);
        r = runCli({QStringLiteral("share"), empty, QStringLiteral("--out"), dir_.filePath(QStringLiteral("none"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("none/index.html"))));
    }
};

QTEST_GUILESS_MAIN(TestCliShare)
#include "tst_cli_share.moc"
