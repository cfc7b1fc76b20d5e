#pragma once
// What a view may be handed to draw from a project or a user's file: corpus names, domain
// labels, cluster and group names, sentences. They can be megabytes long (a crafted project, a
// runaway label), and Qt shapes the whole string to elide or wrap it on every repaint: a 10 MB
// label froze the GUI thread for about 16 s in the Corpora tree. Every item model in widgets/
// and every plot label over such text goes through these; the raw text stays in EditRole and
// the models' own roles (CSV export, lookups).
#include <QCoreApplication>
#include <QString>

class DisplayText {
    Q_DECLARE_TR_FUNCTIONS(DisplayText)
public:
    static constexpr qsizetype kDisplayChars = 1000;  // a cell, a header, a legend's text
    static constexpr qsizetype kTooltipChars = 2000;  // tooltips shape their text too
    static constexpr qsizetype kLabelChars = 80;      // names drawn in a plot (legend, map labels)

    // `text` when it has at most `max` characters, else its first ones (never half a surrogate
    // pair) and "…", at most `max` + 1 characters in all. O(max), not O(text).
    static QString bounded(const QString& text, qsizetype max = kDisplayChars);
    // For Qt::ToolTipRole: `text` bounded to kTooltipChars; when cut, a line with its full length.
    static QString tooltip(const QString& text);
};

// The display form of a text from a project (DisplayText::bounded with the default bound).
inline QString boundedForDisplay(const QString& text) { return DisplayText::bounded(text); }
