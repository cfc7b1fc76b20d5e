#include "UpSetView.h"

#include "PlotExport.h"
#include "PlotPalette.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLocale>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

UpSetView::UpSetView(QWidget* parent) : QWidget(parent) {
    plot_ = new QCustomPlot(this);
    plot_->setMinimumSize(320, 240);
    plot_->setBackground(Qt::white);
    auto* save = new QToolButton(this);
    save->setText(tr("Save…"));
    save->setToolTip(tr("Save the chart as PNG, SVG or PDF"));
    save->setAutoRaise(true);
    connect(save, &QToolButton::clicked, this,
            [this] { PlotExport::saveWithDialog(plot_, this, tr("intersections")); });
    auto* bar = new QHBoxLayout;
    bar->addStretch(1);
    bar->addWidget(save);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(plot_, 1);
}

void UpSetView::setData(const UpSetData& data) {
    plot_->clearPlottables();
    plot_->clearItems();
    plot_->plotLayout()->clear();
    columns_.clear();
    for (quint32 mask = 1; mask < quint32(data.exclusive.size()); ++mask)
        if (data.exclusive[mask] > 0) columns_.append(mask);
    std::stable_sort(columns_.begin(), columns_.end(),
                     [&](quint32 a, quint32 b) { return data.exclusive[a] > data.exclusive[b]; });
    const int m = int(data.sets.size());

    // Top: bars of the intersection sizes; bottom: the dot matrix. The two share columns.
    auto* bars = new QCPAxisRect(plot_);
    auto* matrix = new QCPAxisRect(plot_);
    plot_->plotLayout()->addElement(0, 0, bars);
    plot_->plotLayout()->addElement(1, 0, matrix);
    plot_->plotLayout()->setRowStretchFactors({3, 1.0 + 0.35 * m});
    auto* margins = new QCPMarginGroup(plot_);
    bars->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    matrix->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    for (QCPAxisRect* r : {bars, matrix})
        for (QCPAxis* a : r->axes()) PlotPalette::styleAxis(a);
    const double right = std::max<qsizetype>(1, columns_.size()) - 0.4;
    QCPAxis* bx = bars->axis(QCPAxis::atBottom);
    QCPAxis* by = bars->axis(QCPAxis::atLeft);
    bx->setRange(-0.6, right);
    bx->setTicks(false);
    bx->grid()->setVisible(false);
    by->setLabel(tr("Sentences in exactly these top-k sets"));
    QCPAxis* mx = matrix->axis(QCPAxis::atBottom);
    QCPAxis* my = matrix->axis(QCPAxis::atLeft);
    mx->setRange(-0.6, right);
    mx->setVisible(false);
    my->setRange(-0.6, m - 0.4);
    my->setRangeReversed(true);
    my->grid()->setVisible(false);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int s = 0; s < m; ++s) ticker->addTick(s, data.sets[s]);
    my->setTicker(ticker);

    auto* bar = new QCPBars(bx, by);
    bar->setPen(Qt::NoPen);
    bar->setBrush(QColor(0x44, 0x44, 0x44));
    bar->setWidth(0.6);
    qint64 top = 1;
    for (int c = 0; c < columns_.size(); ++c) {
        const qint64 n = data.exclusive[columns_[c]];
        bar->addData(c, double(n));
        top = std::max(top, n);
        auto* label = new QCPItemText(plot_);
        label->setClipAxisRect(bars);
        label->position->setAxes(bx, by);
        label->position->setCoords(c, double(n));
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setText(QLocale().toString(n));
        label->setColor(QColor(0x33, 0x33, 0x33));
    }
    by->setRange(0, top * 1.15);
    // Dots: dark for member sets, light for the others, a line joining the members.
    for (int c = 0; c < columns_.size(); ++c) {
        QVector<double> xs, ys;
        auto* light = new QCPGraph(mx, my);
        light->setLineStyle(QCPGraph::lsNone);
        light->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0xDD, 0xDD, 0xDD), 11));
        for (int s = 0; s < m; ++s) {
            if (columns_[c] >> s & 1u) xs.append(c), ys.append(s);
            else light->addData(c, s);
        }
        auto* members = new QCPCurve(mx, my);  // a curve: several points share one x
        members->setData(xs, ys);
        members->setPen(QPen(QColor(0x33, 0x33, 0x33), 2.5));
        members->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0x33, 0x33, 0x33), 11));
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

bool UpSetView::save(const QString& path, QString* error) { return PlotExport::save(plot_, path, 0, 0, error); }
