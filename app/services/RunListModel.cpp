#include "RunListModel.h"

#include "DisplayText.h"

std::optional<dl::RunKind> RunListModel::kindAt(const QModelIndex& index) {
    auto kind = dl::runKindFromString(index.data(KindRole).toString().toStdString());
    return kind ? std::optional(*kind) : std::nullopt;
}

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
    if (role == KindRole) return QString::fromStdString(dl::toString(r.kind));
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case IdColumn: return r.id;
    case KindColumn:
        switch (r.kind) {
        case dl::RunKind::Cluster: return tr("clustering");
        case dl::RunKind::Select: return tr("selection");
        case dl::RunKind::ClusterSweep: return tr("k sweep");
        case dl::RunKind::LayerSweep: return tr("layer sweep");
        case dl::RunKind::Filter: return tr("cleaning filter");
        case dl::RunKind::Assign:
        case dl::RunKind::Merge: break;
        }
        return QString::fromStdString(dl::toString(r.kind));
    // A project's texts (a corpus name, a run's parameters) may be megabytes: DisplayText.h.
    case CorpusColumn: return role == Qt::ToolTipRole ? DisplayText::tooltip(r.corpus) : boundedForDisplay(r.corpus);
    case ResultColumn: return r.result;
    case ParametersColumn:
        return role == Qt::ToolTipRole ? DisplayText::tooltip(r.description) : boundedForDisplay(r.description);
    case CreatedColumn: return r.created;
    default: return {};
    }
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
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
