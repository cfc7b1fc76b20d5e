#pragma once
// Marks drawn over a ScatterPlotView's map: the looked-up sentences (yellow diamonds), their
// nearest neighbours (rings) and full-text matches (small discs) of a search, and links (thin
// lines, e.g. from a removed duplicate to the kept sentence it duplicates), above the points and
// outside the legend. Every mark given is drawn (adaptive sampling off); callers cap how many.
// Marks and links at non-finite positions are left out (the counts say what is drawn).
// Owned by the plot's widget tree through the QCustomPlot; GUI thread.
#include <QLineF>
#include <QObject>
#include <QPointF>
#include <QVector>

class QCustomPlot;
class QCPCurve;
class QCPGraph;

class ScatterMarks : public QObject {
    Q_OBJECT
public:
    explicit ScatterMarks(QCustomPlot* plot);

    void setQueries(const QVector<QPointF>& at);
    void setNeighbours(const QVector<QPointF>& at);
    void setMatches(const QVector<QPointF>& at);
    void setLinks(const QVector<QLineF>& links);
    void clear();
    int queryCount() const;
    int neighbourCount() const;
    int matchCount() const;
    int linkCount() const { return links_; }

private:
    QCPGraph* addLayer(const QColor& pen, const QColor& brush, int shape, double size, double width);
    static void put(QCPGraph* graph, const QVector<QPointF>& at);
    QCustomPlot* plot_;
    QCPCurve* linkCurve_;
    int links_ = 0;
    QCPGraph* matches_;
    QCPGraph* neighbours_;
    QCPGraph* queries_;
};
