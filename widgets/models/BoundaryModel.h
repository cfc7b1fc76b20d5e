#pragma once
// The Cleaning tab's boundary thumbnail: the few removed sentences whose scores lie nearest a
// threshold on each side, in score order across the line (the short side first, then the side
// still removed), with the side in words. Plain QtCore model over BoundaryRow.
#include <QAbstractTableModel>
#include <QVector>

#include "FilterViewData.h"

class BoundaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SideColumn, ScoreColumn, TextColumn, ColumnCount };
    enum Role { SentenceIdRole = Qt::UserRole + 1 };
    explicit BoundaryModel(QObject* parent = nullptr);
    // `rows` as read (readBoundary: short side nearest first, then past side nearest first);
    // shown in score order across the threshold.
    void setRows(QVector<BoundaryRow> rows);
    const QVector<BoundaryRow>& rows() const { return rows_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVector<BoundaryRow> rows_;
};
