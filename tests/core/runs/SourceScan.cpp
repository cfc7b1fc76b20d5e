#include "SourceScan.h"

namespace {

// The code of `source` with comments blanked (newlines kept, so line numbers stay) and the
// literals found on the way.
struct Scanner {
    const QString& src;
    QString code;
    QVector<SourceLiteral> literals;
    qsizetype i = 0;
    int line = 1;

    QChar at(qsizetype k) const { return k < src.size() ? src[k] : QChar(); }
    void keep(QChar c) {
        code += c;
        if (c == QLatin1Char('\n')) ++line;
    }
    void skipLineComment() {
        while (i < src.size() && src[i] != QLatin1Char('\n')) ++i;
    }
    void skipBlockComment() {
        i += 2;
        while (i < src.size() && !(src[i] == QLatin1Char('*') && at(i + 1) == QLatin1Char('/'))) {
            if (src[i] == QLatin1Char('\n')) keep(src[i]);
            ++i;
        }
        i += 2;
    }
    void quoted(QChar quote) {  // at the opening quote
        const int startLine = line;
        QString text;
        keep(src[i++]);
        while (i < src.size() && src[i] != quote && src[i] != QLatin1Char('\n')) {
            if (src[i] == QLatin1Char('\\') && i + 1 < src.size()) text += src[i], keep(src[i++]);
            text += src[i];
            keep(src[i++]);
        }
        if (i < src.size()) keep(src[i++]);
        if (quote == QLatin1Char('"')) literals.append({startLine, text, {}});
    }
    void raw() {  // at R"delim(
        const int startLine = line;
        const qsizetype open = src.indexOf(QLatin1Char('('), i);
        const QString delimiter = QLatin1Char(')') + src.mid(i + 2, open - i - 2) + QLatin1Char('"');
        qsizetype close = src.indexOf(delimiter, open);
        if (close < 0) close = src.size();
        const QString text = src.mid(open + 1, close - open - 1);
        for (qsizetype k = i; k < close + delimiter.size() && k < src.size(); ++k) keep(src[k]);
        i = close + delimiter.size();
        literals.append({startLine, text, {}});
    }
    void run() {
        while (i < src.size()) {
            const QChar c = src[i];
            if (c == QLatin1Char('/') && at(i + 1) == QLatin1Char('/')) skipLineComment();
            else if (c == QLatin1Char('/') && at(i + 1) == QLatin1Char('*')) skipBlockComment();
            else if (c == QLatin1Char('R') && at(i + 1) == QLatin1Char('"') &&
                     !(i > 0 && (src[i - 1].isLetterOrNumber() || src[i - 1] == QLatin1Char('_'))))
                raw();
            else if (c == QLatin1Char('"')) quoted(c);
            // a digit separator (1'000) is not a character literal
            else if (c == QLatin1Char('\'') && !(i > 0 && src[i - 1].isDigit())) quoted(c);
            else keep(src[i++]);
        }
    }
};

}  // namespace

QVector<SourceLiteral> stringLiterals(const QString& source) {
    Scanner s{source, {}, {}};
    s.run();
    const QStringList lines = s.code.split(QLatin1Char('\n'));
    for (auto& literal : s.literals) literal.lineCode = lines.value(literal.line - 1);
    return s.literals;
}
