// Stale views: reads for the run views run off the GUI thread, and within a view a later
// request supersedes an earlier one — a slow read for project A that finishes after the
// request for project B is dropped, never painted (QSignalSpy on applied/discarded).
#include <QtTest>

#include <QComboBox>
#include <QThread>

#include "AsyncLoader.h"
#include "ModelListLoader.h"
#include "SettingsDialog.h"

namespace {
// A read that takes `ms` and returns `value` (stands in for a slow project read).
std::function<dl::Expected<QString>()> slowRead(const QString& value, int ms) {
    return [value, ms]() -> dl::Expected<QString> {
        QThread::msleep(ms);
        return value;
    };
}
}  // namespace

class TestAsyncLoader : public QObject {
    Q_OBJECT
private slots:
    void laterRequestSupersedesEarlier_data() {
        QTest::addColumn<int>("firstMs");
        QTest::addColumn<int>("secondMs");
        QTest::newRow("older read finishes last") << 300 << 10;
        QTest::newRow("older read finishes first") << 10 << 300;
    }
    void laterRequestSupersedesEarlier() {
        QFETCH(int, firstMs);
        QFETCH(int, secondMs);
        AsyncLoader loader(nullptr, 2);
        QSignalSpy applied(&loader, &AsyncLoader::applied);
        QSignalSpy discarded(&loader, &AsyncLoader::discarded);
        QStringList painted;
        auto paint = [&](QString v) { painted << v; };
        const quint64 a = loader.load<QString>(QStringLiteral("cluster"), slowRead(QStringLiteral("project A"), firstMs), paint);
        const quint64 b = loader.load<QString>(QStringLiteral("cluster"), slowRead(QStringLiteral("project B"), secondMs), paint);
        QVERIFY(b > a);
        QTRY_COMPARE_WITH_TIMEOUT(applied.count() + discarded.count(), 2, 10000);
        QCOMPARE(painted, QStringList{QStringLiteral("project B")});
        QCOMPARE(applied.count(), 1);
        QCOMPARE(applied.at(0).at(1).toULongLong(), b);
        QCOMPARE(discarded.count(), 1);
        QCOMPARE(discarded.at(0).at(1).toULongLong(), a);
    }

    void channelsAreIndependent() {
        AsyncLoader loader;
        QSignalSpy applied(&loader, &AsyncLoader::applied);
        QStringList painted;
        loader.load<QString>(QStringLiteral("cluster"), slowRead(QStringLiteral("clusters"), 50), [&](QString v) { painted << v; });
        loader.load<QString>(QStringLiteral("selection"), slowRead(QStringLiteral("selection"), 10), [&](QString v) { painted << v; });
        QTRY_COMPARE_WITH_TIMEOUT(applied.count(), 2, 10000);
        painted.sort();
        QCOMPARE(painted, (QStringList{QStringLiteral("clusters"), QStringLiteral("selection")}));
    }

    // Opening another project invalidates every view, also one project B never asks for
    // (B has no clustering run, so nothing would supersede A's read).
    void invalidateAllDropsPending() {
        AsyncLoader loader;
        QSignalSpy applied(&loader, &AsyncLoader::applied);
        QSignalSpy discarded(&loader, &AsyncLoader::discarded);
        bool painted = false;
        loader.load<QString>(QStringLiteral("cluster"), slowRead(QStringLiteral("project A"), 100), [&](QString) { painted = true; });
        loader.invalidateAll();
        QVERIFY(discarded.wait(10000));
        QVERIFY(!painted);
        QCOMPARE(applied.count(), 0);
    }

    void errorsReachTheCallerOnlyWhenCurrent() {
        AsyncLoader loader;
        QSignalSpy failed(&loader, &AsyncLoader::failed);
        QSignalSpy discarded(&loader, &AsyncLoader::discarded);
        QStringList errors;
        auto failing = [](int ms) {
            return std::function<dl::Expected<QString>()>([ms]() -> dl::Expected<QString> {
                QThread::msleep(ms);
                return dl::fail("cannot read run " + std::to_string(ms));
            });
        };
        loader.load<QString>(QStringLiteral("v"), failing(200), [](QString) {}, [&](const QString& m) { errors << m; });
        loader.load<QString>(QStringLiteral("v"), failing(10), [](QString) {}, [&](const QString& m) { errors << m; });
        QTRY_COMPARE_WITH_TIMEOUT(failed.count() + discarded.count(), 2, 10000);
        QCOMPARE(errors, QStringList{QStringLiteral("cannot read run 10")});
    }

    // A coded core error reaches the view in the UI language (errorText), not as core's
    // English sentence: the status bar and message boxes of MainWindow show this text.
    void codedErrorsAreTranslated() {
        AsyncLoader loader;
        QSignalSpy failed(&loader, &AsyncLoader::failed);
        QString shown;
        loader.load<QString>(
            QStringLiteral("v"),
            []() -> dl::Expected<QString> { return dl::fail(dl::ErrorCode::UnknownRun, {"7"}, "No run 7 in the project /p.dlproj."); },
            [](QString) {}, [&](const QString& m) { shown = m; });
        QVERIFY(failed.wait(10000));
        QCOMPARE(shown, QStringLiteral("There is no run 7 in the project."));
        QCOMPARE(failed.at(0).at(1).toString(), shown);
    }

    // The Settings (and Encode) dialog opens at once with "Loading models…"; the model list is
    // read on the loader's pool and arrives later (QSignalSpy on the dialog); a dialog closed
    // before the list arrives is left alone.
    void modelListArrivesAfterTheDialogOpened() {
        AsyncLoader loader;
        SettingsDialog dialog(WorkbenchSettings{}, {});
        dialog.showModelsLoading();
        auto* combo = dialog.findChildren<QComboBox*>().last();  // language, then model
        QCOMPARE(combo->itemText(0), QStringLiteral("Loading models…"));
        QSignalSpy changed(&dialog, &SettingsDialog::modelsChanged);
        QSignalSpy applied(&loader, &AsyncLoader::applied);
        loadModelsAsync(loader, &dialog, [&dialog](QList<ModelChoice> m) { dialog.setModels(m); });
        QCOMPARE(changed.count(), 0);  // nothing listed on the GUI thread inside the call
        QVERIFY(changed.wait(30000));
        QCOMPARE(applied.count(), 1);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(combo->itemText(0), QStringLiteral("The installed default model"));

        auto* closed = new SettingsDialog(WorkbenchSettings{}, {});
        bool delivered = false;
        loadModelsAsync(loader, closed, [&](QList<ModelChoice>) { delivered = true; });
        delete closed;
        QVERIFY(applied.wait(30000));
        QVERIFY(!delivered);
    }

    // The read never runs on the GUI thread.
    void readsRunOffTheGuiThread() {
        AsyncLoader loader;
        QSignalSpy applied(&loader, &AsyncLoader::applied);
        QThread* readThread = nullptr;
        QThread* applyThread = nullptr;
        loader.load<int>(
            QStringLiteral("v"),
            [&]() -> dl::Expected<int> {
                readThread = QThread::currentThread();
                return 1;
            },
            [&](int) { applyThread = QThread::currentThread(); });
        QVERIFY(applied.wait(10000));
        QVERIFY(readThread != nullptr && readThread != QThread::currentThread());
        QCOMPARE(applyThread, QThread::currentThread());
    }
};

QTEST_MAIN(TestAsyncLoader)
#include "tst_asyncloader.moc"
