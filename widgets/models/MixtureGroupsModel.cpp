#include "MixtureGroupsModel.h"

#include "DisplayText.h"

#include <QLocale>

#include <cmath>

MixtureGroupsModel::MixtureGroupsModel(QObject* parent) : QAbstractTableModel(parent) {}

void MixtureGroupsModel::setRows(QList<MixtureGroupRow> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

int MixtureGroupsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int MixtureGroupsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant MixtureGroupsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size() || index.column() >= ColumnCount) return {};
    const MixtureGroupRow& r = rows_[index.row()];
    if (role == Qt::TextAlignmentRole)
        return index.column() == Group ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                       : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
    const bool raw = role == Qt::EditRole;
    auto count = [&](qint64 n) {
        if (n < 0) return raw ? QVariant(QString()) : QVariant(QStringLiteral("–"));
        return raw ? QVariant(n) : QVariant(QLocale().toString(n));
    };
    auto real = [&](double v, int digits) {
        if (!std::isfinite(v)) return raw ? QVariant(QString()) : QVariant(QStringLiteral("–"));
        return raw ? QVariant(v) : QVariant(QLocale().toString(v, 'f', digits));
    };
    switch (index.column()) {
    case Group: return raw ? r.name : boundedForDisplay(r.name);
    case Train: return count(r.train);
    case Dev: return count(r.dev);
    case Test: return count(r.test);
    case Q: return real(r.q, 4);
    case LambdaS: return real(r.lambdaS, 4);
    case LambdaT: return real(r.lambdaT, 4);
    case Lambda0: return real(r.lambda0, 4);
    case Repetition: return real(r.repetition, 2);
    case LambdaFinal: return real(r.lambdaFinal, 4);
    default: return {};
    }
}

QVariant MixtureGroupsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Q: return tr("Share of the training lines, N_g / N");
        case LambdaS: return tr("The empirical mixture (λ_α with α = 1)");
        case LambdaT: return tr("The target mixture the dev loss is measured under");
        case Lambda0: return tr("The initial sampling mixture");
        case Repetition: return tr("How often the group's training shard is seen: λ_0(g) · B · T / N_g");
        case LambdaFinal: return tr("λ at the end of the trajectory shown");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Group: return tr("Group");
    case Train: return tr("Train N");
    case Dev: return tr("Dev");
    case Test: return tr("Test");
    case Q: return tr("q");
    case LambdaS: return tr("λ^s");
    case LambdaT: return tr("λ^t");
    case Lambda0: return tr("λ_0");
    case Repetition: return tr("Repetition");
    case LambdaFinal: return tr("Final λ");
    default: return {};
    }
}
