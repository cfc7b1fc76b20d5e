#pragma once
// A header whose sections hold several lines (the confusion matrix's "c3 / article · regulation /
// → law"): each line is elided on its own at the section's width, keeping its start, where
// QHeaderView clips a multi-line label on both sides ("cle · regulat"). The full text stays in
// the model's tooltip. GUI thread only, as any widget.
#include <QHeaderView>

class LineElidingHeaderView : public QHeaderView {
public:
    explicit LineElidingHeaderView(Qt::Orientation orientation, QWidget* parent = nullptr);

    // Each line of `text` elided (Qt::ElideRight) to `width` pixels with `metrics`.
    static QString elideEachLine(const QString& text, const QFontMetrics& metrics, int width);

protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override;
};
