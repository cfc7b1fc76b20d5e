#pragma once
// A small C++ source reader for tst_runrecords: the string literals of a file, line by line,
// with comments skipped (so a comment may name a stored kind or blob; code may not).
#include <QString>
#include <QStringList>
#include <QVector>

struct SourceLiteral {
    int line = 0;       // 1-based
    QString text;       // the literal's content, without quotes or prefix
    QString lineCode;   // the code of that line, comments removed
};

// Every ordinary and raw string literal of `source` (escapes are left as written).
QVector<SourceLiteral> stringLiterals(const QString& source);
