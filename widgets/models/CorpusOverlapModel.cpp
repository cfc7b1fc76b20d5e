#include "CorpusOverlapModel.h"

#include "DisplayText.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

CorpusOverlapModel::CorpusOverlapModel(QObject* parent) : QAbstractTableModel(parent) {}

void CorpusOverlapModel::setRows(QVector<CorpusOverlapRow> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

QString CorpusOverlapModel::emptyText(qsizetype corpora) {
    if (corpora <= 0)
        return tr("No corpus yet: File > Import Corpus… adds one. Overlap is counted between two corpora.");
    if (corpora == 1)
        return tr(
            "This project has a single corpus, so there is no pair to compare. Import another one (a dev or test "
            "set with the role dev or test, or a second training corpus) to see which sentences they share.");
    return {};
}

int CorpusOverlapModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int CorpusOverlapModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CorpusOverlapModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size()) return {};
    const CorpusOverlapRow& r = rows_[index.row()];
    if (role == Qt::TextAlignmentRole)
        return index.column() >= AInB && index.column() <= Distinct ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                    : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole) return r.leaks() ? QVariant(QBrush(QColor(0xc0, 0x20, 0x20))) : QVariant();
    if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
    const bool raw = role == Qt::EditRole;
    auto count = [&](qint64 n) { return raw ? QVariant(n) : QVariant(QLocale().toString(n)); };
    auto share = [&](qint64 n, qint64 of) {
        const double v = of > 0 ? double(n) / double(of) : 0.0;
        return raw ? QVariant(v) : QVariant(QLocale().toString(100.0 * v, 'f', 2) + QLatin1Char('%'));
    };
    auto named = [](const QString& name, const QString& role) {
        return boundedForDisplay(role == QLatin1String("train") ? name : QStringLiteral("%1 (%2)").arg(name, role));
    };
    switch (index.column()) {
    case CorpusA: return raw ? QVariant(r.a) : QVariant(named(r.a, r.aRole));
    case CorpusB: return raw ? QVariant(r.b) : QVariant(named(r.b, r.bRole));
    case AInB: return count(r.aInB);
    case AShare: return share(r.aInB, r.aSentences);
    case BInA: return count(r.bInA);
    case BShare: return share(r.bInA, r.bSentences);
    case Distinct: return count(r.distinct);
    case Flag:
        if (raw) return r.trainVsHeldOut;
        if (!r.trainVsHeldOut) return QString();
        return r.leaks() ? tr("train vs dev/test: overlap") : tr("train vs dev/test: clean");
    default: return {};
    }
}

QVariant CorpusOverlapModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case CorpusA: return tr("Corpus A");
    case CorpusB: return tr("Corpus B");
    case AInB: return tr("A in B");
    case AShare: return tr("Share of A");
    case BInA: return tr("B in A");
    case BShare: return tr("Share of B");
    case Distinct: return tr("Shared texts");
    case Flag: return tr("Hygiene");
    default: return {};
    }
}
