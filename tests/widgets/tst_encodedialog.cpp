// The Encode dialog's model list (languages, dimension, size, measured speed; models not
// installed yet) and installing one with the real scripts/install-model.sh as a process:
// progress from its "[i/n]" lines, a failure reported with the script's message, Cancel.
#include <QtTest>

#include <QTimer>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>

#include "EncodeDialog.h"
#include "ParamFields.h"
#include "TestSupport.h"

Q_DECLARE_METATYPE(ModelChoice)

namespace {

ModelChoice installed() {
    ModelChoice m{QStringLiteral("all-MiniLM-L6-v2"), QStringLiteral("/models/all-MiniLM-L6-v2"),
                  QStringLiteral("default"), true};
    m.languages = QStringLiteral("English");
    m.dim = 384;
    m.sizeBytes = 91'000'000;
    m.sentencesPerSecond = 812;
    m.speedDevice = QStringLiteral("cpu");
    return m;
}

ModelChoice missing() {
    ModelChoice m{QStringLiteral("multilingual-e5-small"), QString(), QStringLiteral("installable"), true};
    m.installed = false;
    m.languages = QStringLiteral("~100 languages (XLM-R vocabulary)");
    m.dim = 384;
    m.sizeBytes = 480'000'000;
    return m;
}

QPushButton* button(EncodeDialog& d, const QString& text) {
    for (auto* b : d.findChildren<QPushButton*>())
        if (b->text() == text) return b;
    return nullptr;
}

QString script() { return QString::fromUtf8(dltest::sourceDir()) + QStringLiteral("/scripts/install-model.sh"); }

}  // namespace

class TestEncodeDialog : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private slots:
    void initTestCase() {
        // The installer must not touch the user's data dir nor the network.
        qputenv("XDG_DATA_HOME", tmp_.filePath(QStringLiteral("data")).toUtf8());
        QDir(tmp_.path()).mkpath(QStringLiteral("no-wheels"));
        qputenv("PIP_NO_INDEX", "1");
        qputenv("PIP_FIND_LINKS", tmp_.filePath(QStringLiteral("no-wheels")).toUtf8());
    }

    void describe_data() {
        QTest::addColumn<ModelChoice>("model");
        QTest::addColumn<QStringList>("needles");
        QTest::addRow("installed, measured")
            << installed() << QStringList{"English", "384 dimensions", "812 sentences/s", "cpu"};
        QTest::addRow("not installed") << missing() << QStringList{"~100 languages", "not installed", "about"};
        ModelChoice fresh = installed();
        fresh.sentencesPerSecond = 0;
        QTest::addRow("not measured") << fresh << QStringList{"speed not measured"};
    }
    void describe() {
        QFETCH(ModelChoice, model);
        QFETCH(QStringList, needles);
        const QString text = EncodeDialog::describe(model);
        for (const auto& n : needles) QVERIFY2(text.contains(n), qPrintable(text + " lacks " + n));
    }

    void missingModelCannotEncode() {
        EncodeDialog d({installed(), missing()}, {CorpusChoice{QStringLiteral("c"), {}, false}}, encodeParamFields(),
                       QStringLiteral("cpu"));
        d.setInstaller(QStringLiteral("bash"), {script()}, [&d] { d.setModels({installed(), missing()}); });
        auto* combo = d.findChild<QComboBox*>();
        auto* encode = d.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(encode->isEnabled());
        QVERIFY(button(d, QStringLiteral("Install"))->isHidden());
        combo->setCurrentIndex(1);
        QVERIFY(!encode->isEnabled());
        QVERIFY(!button(d, QStringLiteral("Install"))->isHidden());
        QCOMPARE(d.request().values.value(QStringLiteral("model")).toString(), QStringLiteral("multilingual-e5-small"));
        combo->setCurrentIndex(0);
        QVERIFY(encode->isEnabled());
        QCOMPARE(d.request().values.value(QStringLiteral("model")).toString(),
                 QStringLiteral("/models/all-MiniLM-L6-v2"));
    }

    // The models arrive after the dialog opened (listed off the GUI thread): until then it
    // says so and cannot encode; then the preselected model is chosen.
    void modelsArriveLater() {
        EncodeDialog d({}, {CorpusChoice{QStringLiteral("c"), {}, false}}, encodeParamFields(), QStringLiteral("cpu"));
        QSignalSpy changed(&d, &EncodeDialog::modelsChanged);
        d.showModelsLoading();
        d.preselectModel(QStringLiteral("/models/all-MiniLM-L6-v2"));
        auto* combo = d.findChild<QComboBox*>();
        auto* encode = d.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(d.modelsLoading());
        QCOMPARE(combo->count(), 1);
        QCOMPARE(combo->itemText(0), QStringLiteral("Loading models…"));
        QVERIFY(!encode->isEnabled());
        QCOMPARE(changed.count(), 0);
        ModelChoice other = installed();
        other.name = QStringLiteral("other");
        other.path = QStringLiteral("/models/other");
        QTimer::singleShot(20, &d, [&] { d.setModels({other, installed()}); });
        QVERIFY(changed.wait(5000));
        QVERIFY(!d.modelsLoading());
        QCOMPARE(combo->count(), 2);
        QCOMPARE(d.request().values.value(QStringLiteral("model")).toString(),
                 QStringLiteral("/models/all-MiniLM-L6-v2"));
        QVERIFY(encode->isEnabled());
    }

    void precisionReachesTheRequest_data() {
        QTest::addColumn<int>("row");
        QTest::addColumn<QString>("precision");
        QTest::newRow("default") << 0 << QStringLiteral("auto");
        QTest::newRow("fp32") << 1 << QStringLiteral("fp32");  // the table's choices, as the CLI's --precision
        QTest::newRow("bf16") << 2 << QStringLiteral("bf16");
        QTest::newRow("int8") << 3 << QStringLiteral("int8");
    }
    void precisionReachesTheRequest() {
        QFETCH(int, row);
        QFETCH(QString, precision);
        EncodeDialog d({installed()}, {CorpusChoice{QStringLiteral("c"), {}, false}}, encodeParamFields(),
                       QStringLiteral("cpu"));
        auto* combo = d.findChild<QComboBox*>(QStringLiteral("precision"));
        QVERIFY(combo);
        combo->setCurrentIndex(row);
        QCOMPARE(d.request().values.value(QStringLiteral("precision")).toString(), precision);
    }

    // A model with a default layer mean (all-mpnet-base-v2: 8,10) sends it instead of the one
    // layer, as `encode` without --layer; emptied, the one layer goes; another model proposes its own.
    void layerMeanFollowsTheModel() {
        ModelChoice mpnet = installed();
        mpnet.name = QStringLiteral("all-mpnet-base-v2");
        mpnet.path = QStringLiteral("/models/all-mpnet-base-v2");
        mpnet.recommendedLayer = 10;
        mpnet.recommendedLayerMean = QStringLiteral("8,10");
        EncodeDialog d({mpnet, installed()}, {CorpusChoice{QStringLiteral("c"), {}, false}}, encodeParamFields(),
                       QStringLiteral("cpu"));
        auto* mean = d.findChild<QLineEdit*>(QStringLiteral("layer-mean"));
        auto* layer = d.findChild<QSpinBox*>(QStringLiteral("layer"));
        QVERIFY(mean && layer);
        auto values = d.request().values;
        QCOMPARE(values.value(QStringLiteral("layer-mean")).toString(), QStringLiteral("8,10"));
        QVERIFY(!values.contains(QStringLiteral("layer")));
        QVERIFY(!layer->isEnabled());
        mean->clear();
        values = d.request().values;
        QVERIFY(!values.contains(QStringLiteral("layer-mean")));
        QCOMPARE(values.value(QStringLiteral("layer")).toInt(), 10);
        QVERIFY(layer->isEnabled());
        d.findChild<QComboBox*>()->setCurrentIndex(1);  // MiniLM: no mean, its last layer
        values = d.request().values;
        QVERIFY(!values.contains(QStringLiteral("layer-mean")));
        QCOMPARE(values.value(QStringLiteral("layer")).toInt(), -1);
    }

    void installFailureIsReported() {
        EncodeDialog d({installed(), missing()}, {CorpusChoice{QStringLiteral("c"), {}, false}}, encodeParamFields(),
                       QStringLiteral("cpu"));
        int relisted = 0;
        d.setInstaller(QStringLiteral("bash"), {script()}, [&] {
            ++relisted;
            d.setModels({installed(), missing()});
        });
        d.findChild<QComboBox*>()->setCurrentIndex(1);
        QSignalSpy done(&d, &EncodeDialog::installFinished);
        button(d, QStringLiteral("Install"))->click();
        QVERIFY(d.isInstalling());
        QVERIFY(!button(d, QStringLiteral("Install"))->isEnabled());
        QVERIFY(done.wait(120000));
        QCOMPARE(done.first().at(0).toBool(), false);
        const QString message = done.first().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("could not download")), qPrintable(message));
        QCOMPARE(relisted, 0);
        QVERIFY(!d.isInstalling());
        QVERIFY(button(d, QStringLiteral("Install"))->isEnabled());
        QVERIFY(!QDir(tmp_.filePath(QStringLiteral("data/domainlens/models/multilingual-e5-small"))).exists());
    }

    void cancelInstall() {
        EncodeDialog d({missing()}, {CorpusChoice{QStringLiteral("c"), {}, false}}, encodeParamFields(),
                       QStringLiteral("cpu"));
        d.setInstaller(QStringLiteral("bash"), {QStringLiteral("-c"), QStringLiteral("exec sleep 30 #")}, {});
        QSignalSpy done(&d, &EncodeDialog::installFinished);
        button(d, QStringLiteral("Install"))->click();
        QVERIFY(d.isInstalling());
        button(d, QStringLiteral("Cancel install"))->click();
        QVERIFY(done.count() == 1 || done.wait(10000));
        QCOMPARE(done.first().at(0).toBool(), false);
        QVERIFY(done.first().at(1).toString().contains(QStringLiteral("cancelled")));
        QVERIFY(!d.isInstalling());
    }
};

QTEST_MAIN(TestEncodeDialog)
#include "tst_encodedialog.moc"
