#pragma once
// Paints a confusion-matrix cell as a heatmap tile: background from the row percentage
// (white → dark blue), the count on top and the row percentage below, text colour chosen
// for contrast. Reads ConfusionMatrixModel's roles.
#include <QStyledItemDelegate>

class HeatmapDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    static QColor tileColor(double fraction);
};
