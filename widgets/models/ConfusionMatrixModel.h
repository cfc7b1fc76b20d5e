#pragma once
// Table model over a confusion matrix: one row per true domain, one column per cluster.
// Display = count; the heatmap delegate reads the roles below for colour and percentages.
// EditRole gives the raw count, so CSV export writes plain numbers.
#include "ConfusionData.h"

#include <QAbstractTableModel>

class ConfusionMatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        CountRole = Qt::UserRole + 1,  // qint64
        RowFractionRole,               // double: count / row total (0 when the row is empty)
        ColumnFractionRole,            // double: count / column total
        IsRowMaximumRole,              // bool: the row's largest cell (where the domain went)
    };

    explicit ConfusionMatrixModel(QObject* parent = nullptr);

    void setConfusion(const ConfusionData& data);
    const ConfusionData& confusion() const { return data_; }
    qint64 rowTotal(int row) const;
    qint64 columnTotal(int col) const;
    qint64 total() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    qint64 count(int row, int col) const;
    ConfusionData data_;
    QVector<qint64> rowTotals_, colTotals_;
    QVector<int> rowMaxCol_;
};
