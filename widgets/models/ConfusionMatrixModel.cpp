#include "ConfusionMatrixModel.h"

#include "DisplayText.h"

#include <QLocale>

ConfusionMatrixModel::ConfusionMatrixModel(QObject* parent) : QAbstractTableModel(parent) {}

void ConfusionMatrixModel::setConfusion(const ConfusionData& data) {
    beginResetModel();
    data_ = data;
    rowTotals_.fill(0, data_.rowNames.size());
    colTotals_.fill(0, data_.colNames.size());
    rowMaxCol_.fill(-1, data_.rowNames.size());
    for (int r = 0; r < data_.rowNames.size(); ++r) {
        qint64 best = 0;
        for (int c = 0; c < data_.colNames.size(); ++c) {
            const qint64 n = count(r, c);
            rowTotals_[r] += n;
            colTotals_[c] += n;
            if (n > best) best = n, rowMaxCol_[r] = c;
        }
    }
    endResetModel();
}

qint64 ConfusionMatrixModel::count(int row, int col) const {
    // Ragged or short count rows read as zero rather than out of bounds.
    if (row < 0 || row >= data_.counts.size() || col < 0 || col >= data_.counts[row].size()) return 0;
    return data_.counts[row][col];
}

qint64 ConfusionMatrixModel::rowTotal(int row) const {
    return row >= 0 && row < rowTotals_.size() ? rowTotals_[row] : 0;
}
qint64 ConfusionMatrixModel::columnTotal(int col) const {
    return col >= 0 && col < colTotals_.size() ? colTotals_[col] : 0;
}
qint64 ConfusionMatrixModel::total() const {
    qint64 t = 0;
    for (qint64 n : rowTotals_) t += n;
    return t;
}

int ConfusionMatrixModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(data_.rowNames.size());
}
int ConfusionMatrixModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(data_.colNames.size());
}

QVariant ConfusionMatrixModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const int r = index.row(), c = index.column();
    const qint64 n = count(r, c);
    const double rowFrac = rowTotals_[r] > 0 ? double(n) / double(rowTotals_[r]) : 0.0;
    switch (role) {
    case Qt::DisplayRole: return QLocale().toString(n);
    case Qt::EditRole:
    case CountRole: return n;
    case RowFractionRole: return rowFrac;
    case ColumnFractionRole: return colTotals_[c] > 0 ? double(n) / double(colTotals_[c]) : 0.0;
    case IsRowMaximumRole: return rowMaxCol_[r] == c;
    case Qt::TextAlignmentRole: return int(Qt::AlignCenter);
    case Qt::ToolTipRole:
        return tr("%1 sentences of %2 are in %3 (%4 of the domain, %5 of the cluster)")
            .arg(QLocale().toString(n), boundedForDisplay(data_.rowNames[r]), boundedForDisplay(data_.colNames[c]),
                 QLocale().toString(100.0 * rowFrac, 'f', 1) + QLatin1Char('%'),
                 QLocale().toString(colTotals_[c] > 0 ? 100.0 * double(n) / double(colTotals_[c]) : 0.0, 'f', 1) +
                     QLatin1Char('%'));
    default: return {};
    }
}

namespace {

// A named cluster "c3 patient · dose → medical" on three short lines (id, words, the domain
// it maps to), so that narrow columns show the whole name instead of clipping its middle.
QString columnLines(QString name) {
    const qsizetype arrow = name.lastIndexOf(QStringLiteral(" → "));
    if (arrow > 0) name.replace(arrow, 1, QLatin1Char('\n'));
    const qsizetype space = name.indexOf(QLatin1Char(' '));
    if (space > 0 && (arrow < 0 || space < arrow)) name[space] = QLatin1Char('\n');
    return name;
}

}  // namespace

QVariant ConfusionMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const {
    const bool rows = orientation == Qt::Vertical;
    if (section < 0 || section >= (rows ? data_.rowNames.size() : data_.colNames.size())) return {};
    const QString raw = rows ? data_.rowNames[section] : data_.colNames[section];
    const QString name = role == Qt::EditRole ? raw : boundedForDisplay(raw);
    const qint64 total = rows ? rowTotals_[section] : colTotals_[section];
    switch (role) {
    case Qt::DisplayRole: return rows ? tr("%1\n%2 sentences").arg(name, QLocale().toString(total)) : columnLines(name);
    case Qt::EditRole: return name;
    case Qt::ToolTipRole: return tr("%1: %2 sentences").arg(name, QLocale().toString(total));
    default: return {};
    }
}
