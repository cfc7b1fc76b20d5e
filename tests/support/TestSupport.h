#pragma once
// Helpers shared by the Qt Test suites: temporary files and a fixture-path resolver.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QTemporaryDir>
#include <QtGlobal>

#include <string>

namespace dltest {

inline QString testData(const QString& relative) {
    return QStringLiteral(DOMAINLENS_TEST_DATA_DIR) + QLatin1Char('/') + relative;
}

inline QString sharedData(const QString& relative) {
    return QStringLiteral(DOMAINLENS_SHARED_DATA_DIR) + QLatin1Char('/') + relative;
}

inline bool hasSharedData() { return QDir(QStringLiteral(DOMAINLENS_SHARED_DATA_DIR)).exists(); }

// CI sets CI=true; there a suite whose data is missing has not tested anything, so it fails.
inline bool onCi() { return qEnvironmentVariable("CI").compare(QLatin1String("true"), Qt::CaseInsensitive) == 0; }

}  // namespace dltest

// For a test slot that needs ../shared/data: skips on a developer machine without it, fails
// under CI=true (a skipped suite there would hide that the data never reached the machine).
#define DLTEST_REQUIRE_SHARED_DATA()                                                                    \
    do {                                                                                               \
        if (!dltest::hasSharedData()) {                                                                \
            if (dltest::onCi()) QFAIL("../shared/data is absent but CI=true: this suite must run in CI"); \
            QSKIP("../shared/data not present");                                                       \
        }                                                                                              \
    } while (false)

namespace dltest {

inline std::string writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
    return path.toStdString();
}

}  // namespace dltest
