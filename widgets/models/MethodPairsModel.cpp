#include "MethodPairsModel.h"

#include "DisplayText.h"

#include <QLocale>

#include <cmath>

MethodPairsModel::MethodPairsModel(QObject* parent) : QAbstractTableModel(parent) {}

void MethodPairsModel::setRows(QVector<MethodPairRow> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

int MethodPairsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int MethodPairsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant MethodPairsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size()) return {};
    const MethodPairRow& r = rows_[index.row()];
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Both ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                      : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
    const bool raw = role == Qt::EditRole;
    auto count = [&](qint64 n) { return raw ? QVariant(n) : QVariant(QLocale().toString(n)); };
    auto real = [&](double v, int digits) {
        if (std::isnan(v)) return raw ? QVariant(QString()) : QVariant(QStringLiteral("–"));
        return raw ? QVariant(v) : QVariant(QLocale().toString(v, 'f', digits));
    };
    switch (index.column()) {
    case MethodA: return raw ? r.a : boundedForDisplay(r.a);
    case MethodB: return raw ? r.b : boundedForDisplay(r.b);
    case Both: return count(r.both);
    case OnlyA: return count(r.onlyA);
    case OnlyB: return count(r.onlyB);
    case Jaccard: return real(r.jaccard, 3);
    case Spearman: return real(r.spearman, 3);
    default: return {};
    }
}

QVariant MethodPairsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case MethodA: return tr("Method A");
    case MethodB: return tr("Method B");
    case Both: return tr("Kept by both");
    case OnlyA: return tr("Only A");
    case OnlyB: return tr("Only B");
    case Jaccard: return tr("Jaccard");
    case Spearman: return tr("Spearman ρ (ranks)");
    default: return {};
    }
}
