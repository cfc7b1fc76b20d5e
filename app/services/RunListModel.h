#pragma once
// Every stored run (clusterings, k sweeps, selections) with its parameters and headline result.
#include <QAbstractTableModel>
#include <QList>

#include <optional>

#include "ProjectQueries.h"

class RunListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { IdColumn, KindColumn, CorpusColumn, ResultColumn, ParametersColumn, CreatedColumn, ColumnCount };
    enum Role { RunIdRole = Qt::UserRole + 1, KindRole };  // KindRole: the stored name (dl::toString)
    // The kind of the run at `index` (of this model or a proxy of it), from its KindRole.
    static std::optional<dl::RunKind> kindAt(const QModelIndex& index);
    using QAbstractTableModel::QAbstractTableModel;
    void setRuns(QList<RunRow> runs);
    const QList<RunRow>& runs() const { return runs_; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<RunRow> runs_;
};
