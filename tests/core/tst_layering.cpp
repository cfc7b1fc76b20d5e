// The layer rules of DESIGN.md, checked on the sources: core/ has no Qt, core headers do not
// include torch (slow builds, layer leak), widgets/ know nothing of SQLite/torch/SentencePiece.
#include <QDirIterator>
#include <QRegularExpression>
#include <QtTest>

class TestLayering : public QObject {
    Q_OBJECT
private slots:
    void rules_data() {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QStringList>("suffixes");
        QTest::addColumn<QString>("forbidden");
        QTest::newRow("core has no Qt") << "core" << QStringList{"*.h", "*.cpp"} << "#include\\s*<Q[A-Za-z]+";
        QTest::newRow("core headers have no torch") << "core" << QStringList{"*.h"} << "#include\\s*<(torch|ATen|c10)/";
        QTest::newRow("widgets have no storage/torch") << "widgets" << QStringList{"*.h", "*.cpp"}
                                                       << "#include\\s*[<\"](sqlite3|torch/|ATen/|sentencepiece|store/|encode/)";
    }
    void rules() {
        QFETCH(QString, folder);
        QFETCH(QStringList, suffixes);
        QFETCH(QString, forbidden);
        const QRegularExpression re(forbidden);
        const QString root = QStringLiteral(DOMAINLENS_SOURCE_DIR "/") + folder;
        QStringList offenders;
        int files = 0;
        QDirIterator it(root, suffixes, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            // Private implementation headers (*Impl.h) are included by .cpp files only.
            if (suffixes == QStringList{QStringLiteral("*.h")} && it.fileName().endsWith(QLatin1String("Impl.h"))) continue;
            QVERIFY(f.open(QIODevice::ReadOnly));
            ++files;
            if (re.match(QString::fromUtf8(f.readAll())).hasMatch()) offenders << it.filePath();
        }
        QVERIFY2(files > 0, qPrintable(root));
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "tst_layering.moc"
