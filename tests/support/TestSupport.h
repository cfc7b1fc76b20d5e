#pragma once
// Helpers shared by the Qt Test suites: temporary files and a fixture-path resolver.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <string>

namespace dltest {

inline QString testData(const QString& relative) {
    return QStringLiteral(DOMAINLENS_TEST_DATA_DIR) + QLatin1Char('/') + relative;
}

inline QString sharedData(const QString& relative) {
    return QStringLiteral(DOMAINLENS_SHARED_DATA_DIR) + QLatin1Char('/') + relative;
}

inline bool hasSharedData() { return QDir(QStringLiteral(DOMAINLENS_SHARED_DATA_DIR)).exists(); }

inline std::string writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
    return path.toStdString();
}

}  // namespace dltest
