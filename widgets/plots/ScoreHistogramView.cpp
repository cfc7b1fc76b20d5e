#include "ScoreHistogramView.h"

#include "PlotExport.h"
#include "PlotPalette.h"

#include <qcustomplot.h>

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedLayout>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <cmath>

ScoreHistogramView::ScoreHistogramView(QWidget* parent) : QWidget(parent) {
    hist_ = new QCustomPlot(this);
    hist_->setMinimumSize(320, 200);
    PlotPalette::applyStyle(hist_);
    hist_->xAxis->setLabel(tr("Score"));
    hist_->yAxis->setLabel(tr("Sentences"));
    hist_->setAutoAddPlottableToLegend(false);
    outBars_ = new QCPBars(hist_->xAxis, hist_->yAxis);
    outBars_->setName(tr("not selected"));
    outBars_->setPen(Qt::NoPen);
    outBars_->setBrush(PlotPalette::muted());
    inBars_ = new QCPBars(hist_->xAxis, hist_->yAxis);
    inBars_->setName(tr("selected"));
    inBars_->setPen(Qt::NoPen);
    inBars_->setBrush(PlotPalette::accent());
    inBars_->moveAbove(outBars_);  // stacked: the bin the threshold cuts shows both parts
    relevantGraph_ = new QCPGraph(hist_->xAxis, hist_->yAxis);
    relevantGraph_->setName(tr("labelled in-domain"));
    relevantGraph_->setLineStyle(QCPGraph::lsStepCenter);
    relevantGraph_->setPen(QPen(PlotPalette::category(1), 1.8));
    for (QCPAbstractPlottable* p : std::initializer_list<QCPAbstractPlottable*>{inBars_, outBars_, relevantGraph_}) {
        p->setSelectable(QCP::stNone);
        p->addToLegend();
    }
    relevantGraph_->removeFromLegend();
    hist_->legend->setVisible(true);
    hist_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);

    line_ = new QCPItemStraightLine(hist_);
    line_->setPen(QPen(QColor(0x22, 0x22, 0x22), 2));
    line_->setSelectable(false);
    lineLabel_ = new QCPItemText(hist_);
    lineLabel_->position->setTypeX(QCPItemPosition::ptPlotCoords);
    lineLabel_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    lineLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    lineLabel_->setPadding(QMargins(4, 2, 4, 2));
    lineLabel_->setBrush(QColor(255, 255, 255, 220));
    lineLabel_->setSelectable(false);
    connect(hist_, &QCustomPlot::mousePress, this, &ScoreHistogramView::onPress);
    connect(hist_, &QCustomPlot::mouseMove, this, &ScoreHistogramView::onMove);
    connect(hist_, &QCustomPlot::mouseRelease, this, &ScoreHistogramView::onRelease);

    pr_ = new QCustomPlot(this);
    pr_->setMinimumSize(220, 200);
    pr_->setMaximumWidth(320);
    PlotPalette::applyStyle(pr_);
    pr_->xAxis->setLabel(tr("Recall"));
    pr_->yAxis->setLabel(tr("Precision"));
    pr_->xAxis->setRange(0, 1.02);
    pr_->yAxis->setRange(0, 1.02);
    prCurve_ = new QCPCurve(pr_->xAxis, pr_->yAxis);
    prCurve_->setPen(QPen(PlotPalette::accent(), 2));
    prCurve_->setSelectable(QCP::stNone);
    prMarker_ = new QCPGraph(pr_->xAxis, pr_->yAxis);
    prMarker_->setLineStyle(QCPGraph::lsNone);
    prMarker_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0x22, 0x22, 0x22), PlotPalette::category(1), 10));
    prMarker_->setSelectable(QCP::stNone);
    noLabels_ = new QLabel(tr("No domain labels in this pool:\nprecision and recall are not available."), this);
    noLabels_->setAlignment(Qt::AlignCenter);
    noLabels_->setWordWrap(true);
    noLabels_->setStyleSheet(QStringLiteral("color: #777;"));
    noLabels_->setObjectName(QStringLiteral("noLabels"));
    noLabels_->setMaximumWidth(320);

    thresholdBox_ = new QDoubleSpinBox(this);
    thresholdBox_->setToolTip(
        tr("Sentences scoring at least this much are selected (drag the line in the histogram)."));
    thresholdBox_->setKeyboardTracking(false);
    kBox_ = new QSpinBox(this);
    kBox_->setToolTip(tr("Select this many best-scoring sentences."));
    kBox_->setGroupSeparatorShown(true);
    kBox_->setKeyboardTracking(false);
    connect(thresholdBox_, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &ScoreHistogramView::setThreshold);
    connect(kBox_, qOverload<int>(&QSpinBox::valueChanged), this, [this](int k) { setTopK(k); });
    summary_ = new QLabel(this);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* saveButton = new QToolButton(this);
    saveButton->setText(tr("Save…"));
    saveButton->setAutoRaise(true);
    connect(saveButton, &QToolButton::clicked, this, [this] { PlotExport::saveWithDialog(hist_, this, tr("scores")); });

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Threshold:"), this));
    controls->addWidget(thresholdBox_);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Top k:"), this));
    controls->addWidget(kBox_);
    controls->addSpacing(12);
    controls->addWidget(summary_, 1);
    controls->addWidget(saveButton);
    auto* plots = new QHBoxLayout;
    plots->addWidget(hist_, 3);
    plots->addWidget(pr_, 1);
    plots->addWidget(noLabels_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addLayout(plots, 1);
    setLabels({});
}

void ScoreHistogramView::setCutWording(const QString& inside, const QString& outside, const QString& summaryFormat) {
    inBars_->setName(inside);
    outBars_->setName(outside);
    summaryFormat_ = summaryFormat;
    prPaneShown_ = false;
    refreshLabelViews();
    updateSelectionViews();
}

void ScoreHistogramView::setScoreLabel(const QString& label) {
    hist_->xAxis->setLabel(label);
    hist_->replot(QCustomPlot::rpQueuedReplot);
}

void ScoreHistogramView::setBinCount(int bins) {
    bins_ = std::max(1, bins);
    rebuildHistogram();
    updateSelectionViews();
}

void ScoreHistogramView::setScores(const QVector<double>& scores, bool higherIsBetter) {
    ranking_.setScores(scores, higherIsBetter);
    applyRanking();
}

void ScoreHistogramView::setRanking(ScoreRanking ranking) {
    ranking_ = std::move(ranking);
    applyRanking();
}

void ScoreHistogramView::applyRanking() {
    const QString side = ranking_.higherIsBetter() ? tr("at least") : tr("at most");
    thresholdBox_->setToolTip(
        tr("Sentences scoring %1 this much are selected (drag the line in the histogram).").arg(side));
    {
        const QSignalBlocker b1(thresholdBox_), b2(kBox_);
        const double lo = ranking_.minScore(), hi = ranking_.maxScore();
        const double span = hi > lo ? hi - lo : 1.0;
        // Enough decimals to move the threshold by ~1/1000 of the score range.
        thresholdBox_->setDecimals(std::clamp(int(std::ceil(3 - std::log10(span))), 2, 8));
        thresholdBox_->setRange(lo - 0.05 * span, hi + 0.05 * span);
        thresholdBox_->setSingleStep(span / 100);
        kBox_->setRange(0, int(std::min<qint64>(ranking_.size(), INT_MAX)));
    }
    // ScoreRanking keeps labels of the same length (rescoring the same pool), drops others.
    refreshLabelViews();
    // Keep the user's k across a rescoring; a fresh view starts with the top 10%.
    if (ranking_.size() == 0) {
        k_ = 0;
        threshold_ = 0;
        updateSelectionViews();
        return;
    }
    const qint64 k = k_ > 0 ? std::min(k_, ranking_.size()) : ranking_.size() / 10;
    k_ = -1;  // force the update and the signals
    setTopK(k);
}

void ScoreHistogramView::setLabels(const QVector<bool>& relevant) {
    ranking_.setLabels(relevant);
    refreshLabelViews();
    updateSelectionViews();
}

void ScoreHistogramView::refreshLabelViews() {
    const bool has = ranking_.hasLabels();
    pr_->setVisible(has);
    // Without scores there is no pool to lack labels (no run yet): the histogram takes the room.
    noLabels_->setVisible(!has && prPaneShown_ && ranking_.size() > 0);
    if (has) relevantGraph_->addToLegend();
    else relevantGraph_->removeFromLegend();
    relevantGraph_->setVisible(has);
    const QVector<QPointF> curve = ranking_.prCurve(200);
    QVector<double> r, p;
    for (const QPointF& pt : curve) r.append(pt.x()), p.append(pt.y());
    prCurve_->setData(r, p);
    rebuildHistogram();
    pr_->replot(QCustomPlot::rpQueuedReplot);
}

void ScoreHistogramView::rebuildHistogram() {
    const qint64 n = ranking_.size();
    binCenters_.clear();
    binRankStart_.clear();
    binCount_.clear();
    QVector<double> relevant;
    if (n > 0) {
        const double lo = ranking_.minScore(), hi = ranking_.maxScore();
        const double span = hi > lo ? hi - lo : 1.0;
        binWidth_ = span / bins_;
        binCenters_.resize(bins_);
        binRankStart_.fill(-1, bins_);
        binCount_.fill(0, bins_);
        relevant.fill(0, bins_);
        for (int j = 0; j < bins_; ++j) binCenters_[j] = lo + (j + 0.5) * binWidth_;
        // Ranks are best-first and scores monotone in rank, so each bin holds one run of ranks.
        const bool labels = ranking_.hasLabels();
        for (qint64 rank = 0; rank < n; ++rank) {
            const int j = std::clamp(int((ranking_.scoreAtRank(rank) - lo) / binWidth_), 0, bins_ - 1);
            if (binRankStart_[j] < 0) binRankStart_[j] = rank;
            ++binCount_[j];
            if (labels && ranking_.relevantAtRank(rank)) relevant[j] += 1;
        }
        hist_->xAxis->setRange(lo - 0.03 * span, hi + 0.03 * span);
        qint64 peak = 1;
        for (qint64 c : std::as_const(binCount_)) peak = std::max(peak, c);
        hist_->yAxis->setRange(0, peak * 1.08);
    }
    inBars_->setWidth(binWidth_);
    outBars_->setWidth(binWidth_);
    relevantGraph_->setData(binCenters_, relevant, true);
}

double ScoreHistogramView::clampThreshold(double t) const {
    return std::clamp(t, thresholdBox_->minimum(), thresholdBox_->maximum());
}

void ScoreHistogramView::setThreshold(double t) {
    if (ranking_.size() == 0) return;
    if (t == threshold_ && k_ >= 0) return;
    threshold_ = t;
    const qint64 k = ranking_.countAtThreshold(t);
    const bool kChanged = k != k_;
    k_ = k;
    updateSelectionViews();
    emit thresholdChanged(threshold_);
    if (kChanged) emit topKChanged(k_);
}

void ScoreHistogramView::setTopK(qint64 k) {
    if (ranking_.size() == 0) return;
    k = std::clamp<qint64>(k, 0, ranking_.size());
    if (k == k_) return;
    k_ = k;
    // The k-th best score is the threshold; with ties more than k score at least that much,
    // but the user asked for k, so k stays what was typed (summaryText() mentions the tie).
    const double t = ranking_.thresholdForTopK(k);
    const bool tChanged = t != threshold_;
    threshold_ = t;
    updateSelectionViews();
    emit topKChanged(k_);
    if (tChanged) emit thresholdChanged(threshold_);
}

QString ScoreHistogramView::summaryText() const {
    const QLocale loc;
    const qint64 n = ranking_.size();
    if (n == 0) return tr("No scores");
    QString text = (summaryFormat_.isEmpty() ? tr("Selected %1 of %2 (%3%)") : summaryFormat_)
                       .arg(loc.toString(k_), loc.toString(n), loc.toString(100.0 * double(k_) / double(n), 'f', 1));
    const qint64 atThreshold = ranking_.countAtThreshold(threshold_);
    if (atThreshold != k_) text += tr(" — %1 tie at the threshold").arg(loc.toString(atThreshold - k_));
    if (ranking_.hasLabels()) {
        const ScoreRanking::Stats s = ranking_.statsForTopK(k_);
        text += tr(" · precision %1 · recall %2 · F1 %3")
                    .arg(loc.toString(s.precision, 'f', 3), loc.toString(s.recall, 'f', 3), loc.toString(s.f1, 'f', 3));
    }
    return text;
}

void ScoreHistogramView::updateSelectionViews() {
    {
        const QSignalBlocker b1(thresholdBox_), b2(kBox_);
        thresholdBox_->setValue(threshold_);
        kBox_->setValue(int(std::min<qint64>(k_, INT_MAX)));
    }
    summary_->setText(summaryText());
    // Split every bin into its selected and unselected part from the rank runs: O(bins).
    QVector<double> in(binCenters_.size()), out(binCenters_.size());
    for (int j = 0; j < binCenters_.size(); ++j) {
        const qint64 sel = std::clamp<qint64>(k_ - binRankStart_[j], 0, binCount_[j]);
        in[j] = double(binCount_[j] > 0 ? sel : 0);
        out[j] = double(binCount_[j] - (binCount_[j] > 0 ? sel : 0));
    }
    inBars_->setData(binCenters_, in, true);
    outBars_->setData(binCenters_, out, true);
    line_->point1->setCoords(threshold_, 0);
    line_->point2->setCoords(threshold_, 1);
    lineLabel_->position->setCoords(threshold_, 0.02);
    lineLabel_->setText(tr("threshold %1").arg(QLocale().toString(threshold_, 'g', 4)));
    // A threshold that is not finite (scores of ±inf) has no place on the axis.
    line_->setVisible(std::isfinite(threshold_));
    lineLabel_->setVisible(std::isfinite(threshold_));
    // Keep the label inside the plot: right of the line, or left of it near the right edge.
    const QCPRange xr = hist_->xAxis->range();
    const bool nearRight = threshold_ > xr.lower + 0.75 * xr.size();
    lineLabel_->setPositionAlignment((nearRight ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    hist_->replot(QCustomPlot::rpQueuedReplot);
    if (ranking_.hasLabels()) {
        const ScoreRanking::Stats s = ranking_.statsForTopK(k_);
        prMarker_->setData(QVector<double>{s.recall}, QVector<double>{s.precision});
        pr_->replot(QCustomPlot::rpQueuedReplot);
    }
}

void ScoreHistogramView::onPress(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || ranking_.size() == 0) return;
    if (!hist_->axisRect()->rect().contains(event->position().toPoint())) return;
    // Grab the line anywhere: a press moves the threshold there and starts a drag.
    dragging_ = true;
    setThreshold(clampThreshold(hist_->xAxis->pixelToCoord(event->position().x())));
}

void ScoreHistogramView::onMove(QMouseEvent* event) {
    const double linePx = hist_->xAxis->coordToPixel(threshold_);
    const bool near = std::abs(event->position().x() - linePx) <= 6;
    hist_->setCursor(dragging_ || near ? Qt::SizeHorCursor : Qt::ArrowCursor);
    if (!dragging_) return;
    setThreshold(clampThreshold(hist_->xAxis->pixelToCoord(event->position().x())));
}

void ScoreHistogramView::onRelease(QMouseEvent*) { dragging_ = false; }

bool ScoreHistogramView::saveHistogram(const QString& path, QString* error) {
    return PlotExport::save(hist_, path, 0, 0, error);
}
