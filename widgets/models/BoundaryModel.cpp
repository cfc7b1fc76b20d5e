#include "BoundaryModel.h"

#include "DisplayText.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <algorithm>

BoundaryModel::BoundaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void BoundaryModel::setRows(QVector<BoundaryRow> rows) {
    // The short side farthest first, up to the line, then the past side from the line outwards.
    auto split = std::stable_partition(rows.begin(), rows.end(), [](const BoundaryRow& r) { return !r.past; });
    std::reverse(rows.begin(), split);
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

int BoundaryModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int BoundaryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BoundaryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const BoundaryRow& r = rows_[index.row()];
    if (role == SentenceIdRole) return r.sentenceId;
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
        case SideColumn: return r.past ? tr("removed") : tr("kept");
        case ScoreColumn:
            return role == Qt::EditRole ? QVariant(r.score) : QVariant(QLocale().toString(r.score, 'f', 4));
        case TextColumn: return role == Qt::EditRole ? r.text : boundedForDisplay(r.text);
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == TextColumn) return DisplayText::tooltip(r.text);
    if (role == Qt::ForegroundRole && index.column() == SideColumn)
        return QBrush(r.past ? QColor(0xc0, 0x20, 0x20) : QColor(0x20, 0x80, 0x30));
    if (role == Qt::TextAlignmentRole && index.column() == ScoreColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant BoundaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SideColumn: return tr("At this threshold");
    case ScoreColumn: return tr("Score");
    case TextColumn: return tr("Sentence");
    default: return {};
    }
}
