#include "SearchHitModel.h"

#include "DisplayText.h"

#include <QLocale>

#include <algorithm>

#include <cmath>

SearchHitModel::SearchHitModel(QObject* parent) : QAbstractTableModel(parent) {}

void SearchHitModel::setHits(QVector<SearchHit> hits, qint64 total) {
    beginResetModel();
    hits_ = std::move(hits);
    total_ = std::max<qint64>(total, hits_.size());
    endResetModel();
}

void SearchHitModel::clear() { setHits({}, 0); }

int SearchHitModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(hits_.size()); }

int SearchHitModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SearchHitModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const SearchHit& h = hits_[index.row()];
    if (role == SentenceIdRole) return h.sentenceId;
    if (role == TextRole) return h.text;
    const bool hasCosine = std::isfinite(h.cosine);
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        const bool raw = role == Qt::EditRole;
        switch (index.column()) {
        case RankColumn: return index.row() + 1;
        case CosineColumn:
            if (!hasCosine) return {};
            return raw ? QVariant(h.cosine) : QVariant(QLocale().toString(h.cosine, 'f', 4));
        case DomainColumn: return raw ? h.domain : boundedForDisplay(h.domain);
        case TextColumn: return raw ? h.text : boundedForDisplay(h.text);
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != TextColumn && index.column() != DomainColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == TextColumn)
        return h.onMap ? DisplayText::tooltip(h.text) : tr("%1\n(not on this map)").arg(DisplayText::tooltip(h.text));
    return {};
}

QVariant SearchHitModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RankColumn: return tr("#");
    case CosineColumn: return tr("Cosine");
    case DomainColumn: return tr("Domain");
    case TextColumn: return tr("Sentence");
    default: return {};
    }
}
