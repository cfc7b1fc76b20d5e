#include "HeatmapDelegate.h"

#include "ConfusionMatrixModel.h"

#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>

QColor HeatmapDelegate::tileColor(double fraction) {
    // Sequential blues (ColorBrewer "Blues" end points); sqrt spreads the small fractions,
    // which are the interesting confusions, over more of the scale.
    const double t = std::sqrt(std::clamp(fraction, 0.0, 1.0));
    const QColor lo(0xF7, 0xFB, 0xFF), mid(0x6B, 0xAE, 0xD6), hi(0x08, 0x30, 0x6B);
    auto mix = [](const QColor& a, const QColor& b, double u) {
        return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * u),
                                float(a.greenF() + (b.greenF() - a.greenF()) * u),
                                float(a.blueF() + (b.blueF() - a.blueF()) * u));
    };
    return t < 0.5 ? mix(lo, mid, t / 0.5) : mix(mid, hi, (t - 0.5) / 0.5);
}

void HeatmapDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const {
    const double frac = index.data(ConfusionMatrixModel::RowFractionRole).toDouble();
    const qint64 n = index.data(ConfusionMatrixModel::CountRole).toLongLong();
    const bool rowMax = index.data(ConfusionMatrixModel::IsRowMaximumRole).toBool();
    const QColor bg = tileColor(frac);
    painter->save();
    painter->fillRect(option.rect.adjusted(1, 1, -1, -1), bg);
    if (option.state & QStyle::State_Selected) {
        painter->setPen(QPen(QColor(0xF2, 0x8E, 0x2B), 2.5));
        painter->drawRect(QRectF(option.rect).adjusted(2, 2, -2, -2));
    }
    // Light text on dark tiles (relative luminance below ~0.5).
    const double lum = 0.2126 * bg.redF() + 0.7152 * bg.greenF() + 0.0722 * bg.blueF();
    const QColor fg = lum < 0.5 ? Qt::white : QColor(0x22, 0x22, 0x22);
    painter->setPen(n == 0 ? QColor(0xAA, 0xAA, 0xAA) : fg);
    QFont countFont = option.font;
    countFont.setBold(rowMax && n > 0);
    const QRect top = option.rect.adjusted(2, 2, -2, -option.rect.height() / 2);
    const QRect bottom = option.rect.adjusted(2, option.rect.height() / 2, -2, -2);
    if (n == 0) {
        // Empty cells stay quiet: one grey zero, no "0.0%", so the confusions stand out.
        painter->drawText(option.rect, Qt::AlignCenter, QLocale().toString(0));
        painter->restore();
        return;
    }
    painter->setFont(countFont);
    painter->drawText(top, Qt::AlignHCenter | Qt::AlignBottom, QLocale().toString(n));
    QFont small = option.font;
    small.setPointSizeF(std::max(6.0, option.font.pointSizeF() * 0.85));
    painter->setFont(small);
    painter->drawText(bottom, Qt::AlignHCenter | Qt::AlignTop,
                      QLocale().toString(100.0 * frac, 'f', 1) + QLatin1Char('%'));
    painter->restore();
}

QSize HeatmapDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const {
    const QFontMetrics fm(option.font);
    return QSize(std::max(fm.horizontalAdvance(QStringLiteral("000,000")) + 16, 64), fm.height() * 2 + 14);
}
