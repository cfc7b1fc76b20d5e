#include "CentroidCosineModel.h"

#include "DisplayText.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QColor mixColor(const QColor& a, const QColor& b, double u) {
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * u),
                            float(a.greenF() + (b.greenF() - a.greenF()) * u),
                            float(a.blueF() + (b.blueF() - a.blueF()) * u));
}

}  // namespace

CentroidCosineModel::CentroidCosineModel(QObject* parent) : QAbstractTableModel(parent) {}

void CentroidCosineModel::setMatrix(CentroidCosineData data) {
    beginResetModel();
    data_ = std::move(data);
    const qsizetype n = data_.domains.size();
    if (data_.values.size() != n * n) data_.values.fill(kNaN, n * n);  // never index past the values
    scores_.fill(kNaN, n * n);
    min_ = std::numeric_limits<double>::infinity();
    max_ = -min_;
    for (double v : data_.values)
        if (std::isfinite(v)) min_ = std::min(min_, v), max_ = std::max(max_, v);
    if (min_ > max_) min_ = max_ = 0;
    endResetModel();
}

void CentroidCosineModel::setScores(const QVector<CentroidScorePoint>& points) {
    const qsizetype n = data_.domains.size();
    scores_.fill(kNaN, n * n);
    for (const auto& p : points)
        if (p.train >= 0 && p.test >= 0 && p.train < n && p.test < n) scores_[p.train * n + p.test] = p.score;
    if (n) emit dataChanged(index(0, 0), index(int(n) - 1, int(n) - 1), {Qt::ToolTipRole, ScoreRole});
}

void CentroidCosineModel::clear() { setMatrix({}); }

QColor CentroidCosineModel::tileColor(double shade) {
    // Sequential blues (ColorBrewer "Blues" end points), as the confusion matrix's tiles.
    const double t = std::clamp(std::isfinite(shade) ? shade : 0.0, 0.0, 1.0);
    const QColor lo(0xF7, 0xFB, 0xFF), mid(0x6B, 0xAE, 0xD6), hi(0x08, 0x30, 0x6B);
    return t < 0.5 ? mixColor(lo, mid, t / 0.5) : mixColor(mid, hi, (t - 0.5) / 0.5);
}

QColor CentroidCosineModel::textColor(double shade) {
    const QColor bg = tileColor(shade);
    const double luminance = 0.2126 * bg.redF() + 0.7152 * bg.greenF() + 0.0722 * bg.blueF();
    return luminance < 0.5 ? QColor(Qt::white) : QColor(Qt::black);
}

int CentroidCosineModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(data_.domains.size());
}

int CentroidCosineModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(data_.domains.size());
}

double CentroidCosineModel::value(int row, int column) const {
    return data_.values[qsizetype(row) * data_.domains.size() + column];
}

QVariant CentroidCosineModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const double v = value(index.row(), index.column());
    const bool known = std::isfinite(v);
    const double shade = !known ? 0.0 : max_ > min_ ? (v - min_) / (max_ - min_) : 1.0;
    const double score = scores_[qsizetype(index.row()) * data_.domains.size() + index.column()];
    switch (role) {
    case Qt::DisplayRole: return known ? QLocale().toString(v, 'f', 3) : QStringLiteral("–");
    case Qt::EditRole:
    case ValueRole: return known ? QVariant(v) : QVariant();
    case ScoreRole: return std::isfinite(score) ? QVariant(score) : QVariant();
    case ShadeRole: return known ? QVariant(shade) : QVariant();
    case Qt::BackgroundRole: return known ? tileColor(shade) : QVariant();
    case Qt::ForegroundRole: return known ? textColor(shade) : QVariant();
    case Qt::TextAlignmentRole: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole: {
        const QString train = DisplayText::bounded(data_.domains[index.row()], DisplayText::kLabelChars);
        const QString test = DisplayText::bounded(data_.domains[index.column()], DisplayText::kLabelChars);
        QString text = known ? tr("%1 and %2: centroid cosine %3").arg(train, test, QLocale().toString(v, 'f', 4))
                             : tr("%1 and %2: no centroid cosine stored").arg(train, test);
        if (std::isfinite(score))
            text += QLatin1Char('\n') +
                    tr("Score (trained on %1, tested on %2): %3").arg(train, test, QLocale().toString(score, 'g', 6));
        return DisplayText::tooltip(text);
    }
    default: return {};
    }
}

QVariant CentroidCosineModel::headerData(int section, Qt::Orientation, int role) const {
    if (section < 0 || section >= data_.domains.size()) return {};
    const QString& name = data_.domains[section];
    if (role == Qt::DisplayRole) return boundedForDisplay(name);
    if (role == Qt::EditRole) return name;
    if (role == Qt::ToolTipRole) return DisplayText::tooltip(name);
    return {};
}
