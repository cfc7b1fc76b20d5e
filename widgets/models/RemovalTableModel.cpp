#include "RemovalTableModel.h"

#include "DisplayText.h"

namespace {
QString sides(const QString& src, const QString& tgt) {
    return tgt.isEmpty() ? src : src + QStringLiteral("  ‖  ") + tgt;
}
}  // namespace

RemovalTableModel::RemovalTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void RemovalTableModel::reset(const QStringList& rules, qint64 total) {
    beginResetModel();
    rules_ = rules;
    rows_.clear();
    total_ = total;
    atEnd_ = total <= 0;
    waiting_ = false;
    endResetModel();
}

void RemovalTableModel::appendPage(const QVector<RemovalEntry>& page, bool atEnd) {
    // Still waiting while the rows go in: a view (or a model tester) asking for more from the
    // insert signals would ask for this page again.
    if (!page.isEmpty()) {
        beginInsertRows({}, int(rows_.size()), int(rows_.size() + page.size() - 1));
        rows_ += page;
        endInsertRows();
    }
    atEnd_ = atEnd || page.isEmpty();
    waiting_ = false;
}

int RemovalTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int RemovalTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RemovalTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const RemovalEntry& e = rows_.at(index.row());
    if (role == SentenceIdRole) return e.sentenceId;
    if (role == KeptIdRole) return e.keptId;
    const QString rule = e.rule >= 0 && e.rule < rules_.size() ? rules_.at(e.rule) : QString::number(e.rule);
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
        case PositionColumn:
            return role == Qt::EditRole ? QVariant(e.position) : QVariant(QString::number(e.position + 1));
        case RuleColumn: return role == Qt::EditRole ? rule : boundedForDisplay(rule);
        case ScoreColumn: return role == Qt::EditRole ? QVariant(e.score) : QVariant(QString::number(e.score, 'f', 3));
        case RemovedColumn: return role == Qt::EditRole ? sides(e.src, e.tgt) : boundedForDisplay(sides(e.src, e.tgt));
        case KeptColumn:
            if (e.keptId == 0) return QString();
            return role == Qt::EditRole
                       ? sides(e.keptSrc, e.keptTgt)
                       : boundedForDisplay(tr("#%1: %2").arg(e.keptPosition + 1).arg(sides(e.keptSrc, e.keptTgt)));
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && (index.column() == RemovedColumn || index.column() == KeptColumn)) {
        const bool kept = index.column() == KeptColumn;
        if (kept && e.keptId == 0) return {};
        return DisplayText::tooltip(kept ? sides(e.keptSrc, e.keptTgt) : sides(e.src, e.tgt));
    }
    if (role == Qt::TextAlignmentRole && (index.column() == PositionColumn || index.column() == ScoreColumn))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant RemovalTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PositionColumn: return tr("Line");
    case RuleColumn: return tr("Rule");
    case ScoreColumn: return tr("Score");
    case RemovedColumn: return tr("Removed sentence");
    case KeptColumn: return tr("Kept sentence it duplicates");
    default: return {};
    }
}

bool RemovalTableModel::canFetchMore(const QModelIndex& parent) const {
    return !parent.isValid() && !atEnd_ && !waiting_;
}

void RemovalTableModel::fetchMore(const QModelIndex& parent) {
    if (!canFetchMore(parent)) return;
    waiting_ = true;
    emit pageWanted(lastSentenceId());
}
