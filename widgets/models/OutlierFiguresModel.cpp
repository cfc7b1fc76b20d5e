#include "OutlierFiguresModel.h"

#include "DisplayText.h"

#include <QFont>
#include <QLocale>

namespace {

double share(qint64 n, qint64 of) { return of ? double(n) / double(of) : 0.0; }
double meanOf(const OutlierFigures& f) { return f.sentences ? f.tokens / double(f.sentences) : 0.0; }

bool outliersColumn(int column) {
    using M = OutlierFiguresModel;
    return column == M::OutliersColumn || column == M::TokensOutColumn || column == M::DigitsOutColumn ||
           column == M::PronounOutColumn;
}

int figureOf(int column) {
    using M = OutlierFiguresModel;
    if (column == M::DigitsOutColumn || column == M::DigitsAllColumn) return 1;
    if (column == M::PronounOutColumn || column == M::PronounAllColumn) return 2;
    return 0;
}

}  // namespace

OutlierFiguresModel::OutlierFiguresModel(QObject* parent) : QAbstractTableModel(parent) {}

void OutlierFiguresModel::setRows(QVector<OutlierFiguresRow> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

int OutlierFiguresModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int OutlierFiguresModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant OutlierFiguresModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto& r = rows_[index.row()];
    const int c = index.column();
    if (c != ClusterColumn) {
        if (role == ClusterRole) return r.cluster;
        if (role == OutliersOnlyRole) return outliersColumn(c);
        if (role == FigureRole) return figureOf(c);
    }
    const OutlierFigures& f = outliersColumn(c) ? r.outliers : r.all;
    const QLocale locale;
    auto shareText = [&](qint64 n) {
        return tr("%1 % (%2)").arg(locale.toString(100 * share(n, f.sentences), 'f', 1), locale.toString(n));
    };
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        const bool raw = role == Qt::EditRole;
        switch (c) {
        case ClusterColumn: return raw ? r.name : boundedForDisplay(r.name);
        case SentencesColumn:
        case OutliersColumn: return raw ? QVariant(f.sentences) : QVariant(locale.toString(f.sentences));
        case TokensOutColumn:
        case TokensAllColumn: return raw ? QVariant(meanOf(f)) : QVariant(locale.toString(meanOf(f), 'f', 1));
        case DigitsOutColumn:
        case DigitsAllColumn:
            return raw ? QVariant(share(f.withDigits, f.sentences)) : QVariant(shareText(f.withDigits));
        case PronounOutColumn:
        case PronounAllColumn:
            return raw ? QVariant(share(f.withPronoun, f.sentences)) : QVariant(shareText(f.withPronoun));
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && c != ClusterColumn) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && r.cluster < 0) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ToolTipRole && c != ClusterColumn) return tr("Click to list the sentences behind this figure.");
    return {};
}

QVariant OutlierFiguresModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ClusterColumn: return tr("Target cluster");
    case SentencesColumn: return tr("Sentences");
    case OutliersColumn: return tr("Outliers");
    case TokensOutColumn: return tr("Mean tokens, outliers");
    case TokensAllColumn: return tr("Mean tokens, all");
    case DigitsOutColumn: return tr("With digits, outliers");
    case DigitsAllColumn: return tr("With digits, all");
    case PronounOutColumn: return tr("Pronoun or '?', outliers");
    case PronounAllColumn: return tr("Pronoun or '?', all");
    default: return {};
    }
}
