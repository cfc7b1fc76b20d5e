#pragma once
// One row per group of a mixture kit: lines in train/dev/test, q = N_g/N, the empirical mixture
// lambda^s, the target lambda^t, the initial lambda_0, the repetition factor r_g and the final
// lambda of the trajectory shown. EditRole gives raw numbers (CSV export; NaN as empty).
#include <QAbstractTableModel>
#include <QList>

#include "MixtureViewData.h"

class MixtureGroupsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Group, Train, Dev, Test, Q, LambdaS, LambdaT, Lambda0, Repetition, LambdaFinal, ColumnCount };
    explicit MixtureGroupsModel(QObject* parent = nullptr);
    void setRows(QList<MixtureGroupRow> rows);
    const QList<MixtureGroupRow>& rows() const { return rows_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<MixtureGroupRow> rows_;
};
