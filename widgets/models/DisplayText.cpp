#include "DisplayText.h"

#include <QLocale>

#include <algorithm>

QString DisplayText::bounded(const QString& text, qsizetype max) {
    if (text.size() <= max) return text;
    qsizetype keep = std::max<qsizetype>(max, 0);
    if (keep > 0 && text.at(keep - 1).isHighSurrogate()) --keep;
    return text.left(keep) + QChar(0x2026);
}

QString DisplayText::tooltip(const QString& text) {
    if (text.size() <= kTooltipChars) return text;
    return tr("%1\n(%2 characters in all)").arg(bounded(text, kTooltipChars), QLocale().toString(text.size()));
}
