#pragma once
// An UpSet chart of 2–4 sets (Lex et al. 2014): one column per exclusive intersection —
// the items in exactly these sets — with its size as a bar on top and the member sets as
// joined dots below, columns sorted by size. For the top-k of selection methods side by side.
#include "UpSetData.h"

#include <QStringList>
#include <QVector>
#include <QWidget>

class QCustomPlot;

class UpSetView : public QWidget {
    Q_OBJECT
public:
    explicit UpSetView(QWidget* parent = nullptr);
    void setData(const UpSetData& data);
    // The columns drawn, left to right (non-empty intersections, largest first).
    const QVector<quint32>& columns() const { return columns_; }
    QCustomPlot* plot() const { return plot_; }
    bool save(const QString& path, QString* error = nullptr);

private:
    QCustomPlot* plot_;
    QVector<quint32> columns_;
};
