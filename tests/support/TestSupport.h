#pragma once
// Helpers shared by the Qt Test suites: temporary files and a fixture-path resolver.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QtGlobal>

#include <string>

#include "TestPaths.h"

namespace dltest {

inline QString testData(const QString& relative) {
    return QString::fromUtf8(testDataDir()) + QLatin1Char('/') + relative;
}

inline QString sharedData(const QString& relative) {
    return QString::fromUtf8(sharedDataDir()) + QLatin1Char('/') + relative;
}

inline bool hasSharedData() { return QDir(QString::fromUtf8(sharedDataDir())).exists(); }

// The first `max` lines of a file of ../shared/data with at least `minChars` characters once
// trimmed (short lines are mostly headings and numbers); fewer when the file has fewer.
inline QStringList sharedLines(const QString& relative, int max, int minChars = 30) {
    QFile f(sharedData(relative));
    QStringList out;
    if (!f.open(QIODevice::ReadOnly)) return out;
    while (!f.atEnd() && out.size() < max)
        if (const QString line = QString::fromUtf8(f.readLine()).trimmed(); line.size() >= minChars) out << line;
    return out;
}

// CI sets CI=true; there a suite whose data is missing has not tested anything, so it fails.
inline bool onCi() { return qEnvironmentVariable("CI").compare(QLatin1String("true"), Qt::CaseInsensitive) == 0; }

}  // namespace dltest

// For a test slot that needs ../shared/data: skips on a developer machine without it, fails
// under CI=true (a skipped suite there would hide that the data never reached the machine).
#define DLTEST_REQUIRE_SHARED_DATA()                                                                      \
    do {                                                                                                  \
        if (!dltest::hasSharedData()) {                                                                   \
            if (dltest::onCi()) QFAIL("../shared/data is absent but CI=true: this suite must run in CI"); \
            QSKIP("../shared/data not present");                                                          \
        }                                                                                                 \
    } while (false)

namespace dltest {

inline std::string writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
    return path.toStdString();
}

// Copies a project file to `to`, first removing whatever lies there under that name, its
// SQLite side files included: a -wal left by a killed writer would otherwise be replayed onto
// the fresh copy the next time it is opened (SQLite cannot tell that it belongs to an older file).
inline bool replaceProjectFile(const QString& from, const QString& to) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) QFile::remove(to + QLatin1String(suffix));
    return QFile::copy(from, to);
}

}  // namespace dltest
