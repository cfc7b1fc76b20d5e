#include "KeptDroppedModel.h"

#include "DisplayText.h"

#include <QLocale>

#include <cmath>

KeptDroppedModel::KeptDroppedModel(QObject* parent) : QAbstractTableModel(parent) {}

void KeptDroppedModel::setRows(const QString& a, const QString& b, QVector<KeptDroppedRow> rows) {
    beginResetModel();
    a_ = a;
    b_ = b;
    rows_ = std::move(rows);
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void KeptDroppedModel::setTexts(const QHash<qint64, QString>& texts) {
    texts_.insert(texts);
    if (!rows_.isEmpty()) emit dataChanged(index(0, Sentence), index(int(rows_.size()) - 1, Sentence));
}

int KeptDroppedModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int KeptDroppedModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant KeptDroppedModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size()) return {};
    const KeptDroppedRow& r = rows_[index.row()];
    if (role == SentenceIdRole) return r.id;
    if (role == Qt::TextAlignmentRole)
        return index.column() == Sentence ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                          : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole) return {};
    const bool raw = role == Qt::EditRole;
    switch (index.column()) {
    case RankA: return raw ? QVariant(r.rankA + 1) : QVariant(QLocale().toString(r.rankA + 1));
    case ScoreA: return raw ? QVariant(r.scoreA) : QVariant(QString::number(r.scoreA, 'g', 5));
    case RankB:
        if (r.rankB < 0) return raw ? QVariant(QString()) : QVariant(tr("not ranked"));
        return raw ? QVariant(r.rankB + 1) : QVariant(QLocale().toString(r.rankB + 1));
    case ScoreB:
        if (std::isnan(r.scoreB)) return raw ? QVariant(QString()) : QVariant(QStringLiteral("–"));
        return raw ? QVariant(r.scoreB) : QVariant(QString::number(r.scoreB, 'g', 5));
    case Sentence: {
        auto it = texts_.constFind(r.id);
        if (it == texts_.constEnd()) return raw ? QString() : tr("…");
        if (raw) return *it;
        return role == Qt::ToolTipRole ? DisplayText::tooltip(*it) : boundedForDisplay(*it);
    }
    default: return {};
    }
}

QVariant KeptDroppedModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, orientation, role);
    // Short headers keep the number columns narrow; the sentence header says who A and B are.
    const bool full = role == Qt::ToolTipRole;
    switch (section) {
    case RankA: return full ? tr("Rank in %1").arg(a_) : tr("Rank A");
    case ScoreA: return full ? tr("Score in %1").arg(a_) : tr("Score A");
    case RankB: return full ? tr("Rank in %1").arg(b_) : tr("Rank B");
    case ScoreB: return full ? tr("Score in %1").arg(b_) : tr("Score B");
    case Sentence: return tr("Sentence (kept by A = %1, dropped by B = %2)").arg(a_, b_);
    default: return {};
    }
}
