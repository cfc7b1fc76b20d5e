#include "LineElidingHeaderView.h"

#include <QPainter>
#include <QStyleOptionHeaderV2>

LineElidingHeaderView::LineElidingHeaderView(Qt::Orientation orientation, QWidget* parent)
    : QHeaderView(orientation, parent) {}

QString LineElidingHeaderView::elideEachLine(const QString& text, const QFontMetrics& metrics, int width) {
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString& line : lines) line = metrics.elidedText(line, Qt::ElideRight, qMax(0, width));
    return lines.join(QLatin1Char('\n'));
}

// QHeaderView::paintSection with the label's lines elided first; the style then draws text that
// fits, so it neither clips it nor elides the joined lines as one.
void LineElidingHeaderView::paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const {
    if (!rect.isValid()) return;
    QStyleOptionHeaderV2 opt;
    initStyleOption(&opt);
    initStyleOptionForIndex(&opt, logicalIndex);
    opt.rect = rect;
    const QVariant font = model() ? model()->headerData(logicalIndex, orientation(), Qt::FontRole) : QVariant();
    if (font.canConvert<QFont>()) {
        painter->setFont(qvariant_cast<QFont>(font));
        opt.fontMetrics = QFontMetrics(qvariant_cast<QFont>(font));
    }
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, &opt, this);
    opt.text = elideEachLine(opt.text, opt.fontMetrics, rect.width() - 2 * margin);
    opt.textElideMode = Qt::ElideNone;
    const QPointF brushOrigin = painter->brushOrigin();
    painter->setBrushOrigin(opt.rect.topLeft());
    style()->drawControl(QStyle::CE_Header, &opt, painter, this);
    painter->setBrushOrigin(brushOrigin);
}
