#include "PlotPalette.h"

#include <qcustomplot.h>

#include <array>

QColor PlotPalette::category(int index) {
    static const std::array<QRgb, 10> tableau10{0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F,
                                                0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F, 0xBAB0AC};
    if (index < 0) return QColor(0x88, 0x88, 0x88);
    if (index < int(tableau10.size())) return QColor(tableau10[size_t(index)]);
    // Beyond ten categories: walk the hue circle by the golden angle so neighbours differ.
    const int hue = int((index * 137.508)) % 360;
    return QColor::fromHsv(hue, 150 + (index % 3) * 35, 200 - (index % 2) * 45);
}

QColor PlotPalette::accent() { return QColor(0x4E79A7); }
QColor PlotPalette::muted() { return QColor(0xBA, 0xB0, 0xAC); }

QCPColorGradient PlotPalette::viridis() {
    QCPColorGradient g;
    g.clearColorStops();
    g.setColorStopAt(0.00, QColor(0x44, 0x01, 0x54));
    g.setColorStopAt(0.25, QColor(0x3B, 0x52, 0x8B));
    g.setColorStopAt(0.50, QColor(0x21, 0x91, 0x8C));
    g.setColorStopAt(0.75, QColor(0x5E, 0xC9, 0x62));
    g.setColorStopAt(1.00, QColor(0xFD, 0xE7, 0x25));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    return g;
}

QCPColorGradient PlotPalette::sequentialBlue() {
    QCPColorGradient g;
    g.clearColorStops();
    g.setColorStopAt(0.0, QColor(0xF7, 0xFB, 0xFF));
    g.setColorStopAt(0.5, QColor(0x6B, 0xAE, 0xD6));
    g.setColorStopAt(1.0, QColor(0x08, 0x30, 0x6B));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    return g;
}

void PlotPalette::styleAxis(QCPAxis* axis) {
    const QColor text(0x33, 0x33, 0x33);
    QFont labelFont = axis->labelFont();
    labelFont.setPointSizeF(10);
    axis->setLabelFont(labelFont);
    axis->setLabelColor(text);
    axis->setTickLabelColor(text);
    axis->setBasePen(QPen(QColor(0x99, 0x99, 0x99), 1));
    axis->setTickPen(QPen(QColor(0x99, 0x99, 0x99), 1));
    axis->setSubTickPen(Qt::NoPen);
    axis->grid()->setPen(QPen(QColor(0xE6, 0xE6, 0xE6), 1, Qt::SolidLine));
    axis->grid()->setZeroLinePen(QPen(QColor(0xD0, 0xD0, 0xD0), 1));
}

void PlotPalette::applyStyle(QCustomPlot* plot) {
    plot->setBackground(Qt::white);
    styleAxis(plot->xAxis);
    styleAxis(plot->yAxis);
    // The grid and axes frame the data only on the left/bottom; a light top/right line closes the box.
    plot->xAxis2->setVisible(true);
    plot->yAxis2->setVisible(true);
    for (QCPAxis* a : {plot->xAxis2, plot->yAxis2}) {
        a->setTicks(false);
        a->setTickLabels(false);
        a->setBasePen(QPen(QColor(0xDD, 0xDD, 0xDD), 1));
    }
    QObject::connect(plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), plot->xAxis2,
                     qOverload<const QCPRange&>(&QCPAxis::setRange));
    QObject::connect(plot->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), plot->yAxis2,
                     qOverload<const QCPRange&>(&QCPAxis::setRange));
    plot->legend->setBrush(QColor(255, 255, 255, 225));
    plot->legend->setBorderPen(QPen(QColor(0xCC, 0xCC, 0xCC)));
    QFont legendFont = plot->legend->font();
    legendFont.setPointSizeF(9);
    plot->legend->setFont(legendFont);
}
