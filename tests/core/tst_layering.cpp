// The layer rules of ARCHITECTURE.md, checked on the sources: core/ has no Qt, core headers do
// not include torch (slow builds, layer leak), widgets/ know nothing of SQLite/torch/SentencePiece,
// the Slurm launcher (app/launch) is Qt-free and only the CLI uses it, app/services and the
// view data (widgets/data, widgets/models) show nothing (no QWidget); and inside core, each
// stage includes only the stages its row of the direction table allows (no cycles: the table
// is ordered so that a stage only names stages above it).
#include <QDir>
#include <QDirIterator>
#include <QRegularExpression>
#include <QtTest>

#include "TestPaths.h"

namespace {

// The stage table of ARCHITECTURE.md: the core folders each stage may include besides its
// own. Ordered so that every stage names only stages listed before it, which rules out
// cycles by construction (checked in stageTableIsOrdered).
const QList<QPair<QString, QStringList>>& stageTable() {
    static const QList<QPair<QString, QStringList>> table{
        {"common", {}},
        {"jobs", {"common"}},
        {"runs", {"common"}},
        {"store", {"common", "jobs", "runs"}},
        {"text", {"common"}},
        {"kernels", {"common", "jobs"}},
        {"corpus", {"common", "jobs", "store"}},
        {"filter", {"common", "jobs", "runs", "store"}},
        {"encode", {"common", "jobs", "store", "text"}},
        {"analysis", {"common", "jobs", "runs", "store", "kernels"}},
        {"mpi", {"common", "jobs", "analysis"}},
        {"select", {"common", "jobs", "runs", "store", "text", "encode", "kernels", "analysis"}},
        {"reports", {"common", "jobs", "runs", "store", "text", "encode", "kernels", "analysis", "select"}},
        {"export", {"common", "jobs", "runs", "store", "select"}},
        {"shard", {"common", "jobs", "runs", "store", "filter", "encode", "kernels", "analysis", "select", "export"}},
        {"mixture",
         {"common", "jobs", "runs", "store", "text", "encode", "kernels", "analysis", "select", "export", "shard"}},
        {"share", {"common", "jobs", "runs", "store", "kernels", "analysis"}},
        {"explore", {"common", "jobs", "runs", "store", "corpus", "encode", "analysis"}},
    };
    return table;
}

// An include of QtWidgets or of a widget: a QWidget subclass header by its room or its name.
const QString kShowsSomething = QStringLiteral(
    "#include\\s*<(QtWidgets/)?Q(Widget|Dialog|Label|PushButton|ToolButton|Splitter|ComboBox|SpinBox|"
    "CheckBox|LineEdit|TableView|TableWidget|ListWidget|HeaderView|MessageBox|FileDialog|"
    "Application|Action|[A-Z][A-Za-z]*Layout|Style[A-Za-z]*)>|"
    "#include\\s*\"[A-Za-z]*(View|Dialog|Panel|Explorer|Browser|Bar|Delegate)\\.h\"");

}  // namespace

class TestLayering : public QObject {
    Q_OBJECT
private slots:
    void rules_data() {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QStringList>("suffixes");
        QTest::addColumn<QString>("forbidden");
        QTest::newRow("core has no Qt") << "core" << QStringList{"*.h", "*.cpp"} << "#include\\s*<Q[A-Za-z]+";
        QTest::newRow("core headers have no torch") << "core" << QStringList{"*.h"} << "#include\\s*<(torch|ATen|c10)/";
        QTest::newRow("widgets have no storage/torch")
            << "widgets" << QStringList{"*.h", "*.cpp"}
            << "#include\\s*[<\"](sqlite3|torch/|ATen/|sentencepiece|store/|encode/)";
        QTest::newRow("the launcher has no Qt")
            << "app/launch" << QStringList{"*.h", "*.cpp"} << "#include\\s*<Q[A-Za-z]+";
        QTest::newRow("the services do not launch Slurm")
            << "app/services" << QStringList{"*.h", "*.cpp"} << "#include\\s*\"launch/";
        QTest::newRow("the panels do not launch Slurm")
            << "app/panels" << QStringList{"*.h", "*.cpp"} << "#include\\s*\"launch/";
        // The services run off the GUI thread and hand plain data over: no QWidget, no view
        // (their library does not link QtWidgets either; app/CMakeLists.txt).
        QTest::newRow("the services show nothing") << "app/services" << QStringList{"*.h", "*.cpp"} << kShowsSomething;
        QTest::newRow("view data is plain") << "widgets/data" << QStringList{"*.h", "*.cpp"} << kShowsSomething;
        QTest::newRow("item models draw nothing") << "widgets/models" << QStringList{"*.h", "*.cpp"} << kShowsSomething;
        QTest::newRow("the window does not launch Slurm")
            << "app/gui" << QStringList{"*.h", "*.cpp"} << "#include\\s*\"launch/";
    }
    void rules() {
        QFETCH(QString, folder);
        QFETCH(QStringList, suffixes);
        QFETCH(QString, forbidden);
        const QRegularExpression re(forbidden);
        const QString root = QString::fromUtf8(dltest::sourceDir()) + QLatin1Char('/') + folder;
        QStringList offenders;
        int files = 0;
        QDirIterator it(root, suffixes, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            // Private implementation headers (*Impl.h) are included by .cpp files only.
            if (suffixes == QStringList{QStringLiteral("*.h")} && it.fileName().endsWith(QLatin1String("Impl.h")))
                continue;
            QVERIFY(f.open(QIODevice::ReadOnly));
            ++files;
            if (re.match(QString::fromUtf8(f.readAll())).hasMatch()) offenders << it.filePath();
        }
        QVERIFY2(files > 0, qPrintable(root));
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
    }

    void stageDirections_data() {
        QTest::addColumn<QString>("stage");
        QTest::addColumn<QStringList>("allowed");
        for (const auto& [stage, allowed] : stageTable()) QTest::newRow(qPrintable(stage)) << stage << allowed;
    }
    void stageDirections() {
        QFETCH(QString, stage);
        QFETCH(QStringList, allowed);
        const QString root = QString::fromUtf8(dltest::sourceDir()) + QStringLiteral("/core/") + stage;
        if (!QDir(root).exists()) QSKIP("stage folder not present in this checkout");
        static const QRegularExpression include(QStringLiteral("#include\\s*\"([a-z_]+)/"));
        QStringList offenders;
        int files = 0;
        QDirIterator it(root, {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            ++files;
            auto matches = include.globalMatch(QString::fromUtf8(f.readAll()));
            while (matches.hasNext()) {
                const QString used = matches.next().captured(1);
                if (used != stage && !allowed.contains(used))
                    offenders << it.filePath() + QStringLiteral(" -> ") + used;
            }
        }
        QVERIFY2(files > 0, qPrintable(root));
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
    }

    // A new core folder must get a row (and so a decision about what it may use).
    void everyStageHasDirections() {
        QStringList stages;
        for (const auto& row : stageTable()) stages << row.first;
        const QDir core(QString::fromUtf8(dltest::sourceDir()) + QStringLiteral("/core"));
        for (const QString& folder : core.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            QVERIFY2(stages.contains(folder),
                     qPrintable(QStringLiteral("core/%1 has no row in the stage table").arg(folder)));
    }

    void stageTableIsOrdered() {
        QStringList seen;
        for (const auto& [stage, allowed] : stageTable()) {
            for (const QString& used : allowed)
                QVERIFY2(seen.contains(used),
                         qPrintable(stage + QStringLiteral(" may use ") + used + QStringLiteral(", listed after it")));
            seen << stage;
        }
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "tst_layering.moc"
