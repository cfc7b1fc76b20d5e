#pragma once
// One row per pair of compared selection methods: how many sentences both keep in their
// top k, how many only one keeps, Jaccard, and Spearman's rank correlation over the pool.
// EditRole gives raw numbers (CSV export).
#include <QAbstractTableModel>
#include <QVector>

struct MethodPairRow {
    QString a, b;                 // method labels, e.g. "#4 cosine"
    qint64 both = 0, onlyA = 0, onlyB = 0;
    double jaccard = 0, spearman = 0;  // spearman NaN when undefined
};

class MethodPairsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { MethodA, MethodB, Both, OnlyA, OnlyB, Jaccard, Spearman, ColumnCount };
    explicit MethodPairsModel(QObject* parent = nullptr);
    void setRows(QVector<MethodPairRow> rows);
    const QVector<MethodPairRow>& rows() const { return rows_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVector<MethodPairRow> rows_;
};
