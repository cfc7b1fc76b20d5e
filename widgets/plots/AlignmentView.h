#pragma once
// The alignment view of a cross-lingual selection run (Vu et al. 2021, Figs. 3-4): sentence
// pairs of the two languages in one 2-D PCA each, before and after the adaptive layer, side by
// side; hovering a point joins it to its translation in both panels and shows both sentences.
// Plain data in (widgets know no storage); GUI thread. Saves as PNG/SVG/PDF (PlotExport).
#include "AlignmentData.h"

#include <QPointF>
#include <QStringList>
#include <QVector>
#include <QWidget>

class QCustomPlot;
class QCPItemLine;
class QLabel;
class QMouseEvent;

class AlignmentView : public QWidget {
    Q_OBJECT
public:
    explicit AlignmentView(QWidget* parent = nullptr);
    void setData(AlignmentData data);
    void setMessage(const QString& message);  // no data: says why
    const AlignmentData& data() const { return data_; }
    // Joins pair `pair` in both panels (-1 = none) and shows its sentences.
    void highlightPair(int pair);
    int highlightedPair() const { return highlighted_; }
    QCustomPlot* beforePlot() const { return before_; }
    QCustomPlot* afterPlot() const { return after_; }
    bool save(const QString& path, QString* error = nullptr);

signals:
    void pairHovered(int pair);
    // setData or setMessage is on screen.
    void dataShown();

private:
    QCustomPlot* makePlot(const QString& title);
    void fill(QCustomPlot* plot, const QVector<QPointF>& a, const QVector<QPointF>& b);
    int pairAt(QCustomPlot* plot, const QVector<QPointF>& a, const QVector<QPointF>& b, const QPoint& pixel) const;
    void onMouseMove(QCustomPlot* plot, QMouseEvent* event);

    AlignmentData data_;
    QLabel* title_;
    QLabel* pairText_;
    QCustomPlot* before_;
    QCustomPlot* after_;
    QCPItemLine* beforeLine_;
    QCPItemLine* afterLine_;
    int highlighted_ = -1;
};
