#include "RunListModel.h"

void RunListModel::setRuns(QList<RunRow> runs) {
    beginResetModel();
    runs_ = std::move(runs);
    endResetModel();
}

int RunListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(runs_.size()); }
int RunListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RunListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const auto& r = runs_[index.row()];
    if (role == RunIdRole) return r.id;
    if (role == KindRole) return r.kind;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case IdColumn: return r.id;
    case KindColumn:
        return r.kind == QLatin1String("cluster") ? tr("clustering") : r.kind == QLatin1String("select") ? tr("selection")
               : r.kind == QLatin1String("cluster-sweep") ? tr("k sweep") : r.kind == QLatin1String("layer-sweep") ? tr("layer sweep") : r.kind;
    case CorpusColumn: return r.corpus;
    case ResultColumn: return r.result;
    case ParametersColumn: return r.description;
    case CreatedColumn: return r.created;
    default: return {};
    }
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn: return tr("Run");
    case KindColumn: return tr("Kind");
    case CorpusColumn: return tr("Corpus");
    case ResultColumn: return tr("Result");
    case ParametersColumn: return tr("Parameters");
    case CreatedColumn: return tr("Created (UTC)");
    default: return {};
    }
}
