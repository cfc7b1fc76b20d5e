#include "ScoreRanking.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

void ScoreRanking::setScores(const QVector<double>& scores, bool higherIsBetter) {
    higherIsBetter_ = higherIsBetter;
    order_.resize(scores.size());
    std::iota(order_.begin(), order_.end(), qint64(0));
    // Stable: equal scores keep the caller's order, so top-k is deterministic.
    std::stable_sort(order_.begin(), order_.end(), [&](qint64 a, qint64 b) { return better(scores[a], scores[b]); });
    sorted_.resize(scores.size());
    for (qsizetype i = 0; i < order_.size(); ++i) sorted_[i] = scores[order_[i]];
    if (labels_.size() == scores.size()) setLabels(labels_);
    else cumRelevant_.clear();
}

void ScoreRanking::setLabels(const QVector<bool>& relevant) {
    labels_ = relevant;
    cumRelevant_.clear();
    if (relevant.isEmpty() || relevant.size() != sorted_.size()) return;
    cumRelevant_.resize(sorted_.size() + 1);
    cumRelevant_[0] = 0;
    for (qsizetype i = 0; i < order_.size(); ++i) cumRelevant_[i + 1] = cumRelevant_[i] + (relevant[order_[i]] ? 1 : 0);
}

double ScoreRanking::best() const { return sorted_.isEmpty() ? 0.0 : sorted_.first(); }
double ScoreRanking::worst() const { return sorted_.isEmpty() ? 0.0 : sorted_.last(); }
double ScoreRanking::minScore() const { return higherIsBetter_ ? worst() : best(); }
double ScoreRanking::maxScore() const { return higherIsBetter_ ? best() : worst(); }

qint64 ScoreRanking::countAtThreshold(double t) const {
    // sorted_ is best-first, so "selected" is a prefix: find its end by binary search.
    if (higherIsBetter_)
        return std::upper_bound(sorted_.begin(), sorted_.end(), t, [](double v, double s) { return v > s; }) -
               sorted_.begin();
    return std::upper_bound(sorted_.begin(), sorted_.end(), t, [](double v, double s) { return v < s; }) -
           sorted_.begin();
}

double ScoreRanking::thresholdForTopK(qint64 k) const {
    if (sorted_.isEmpty()) return 0.0;
    if (k <= 0) {
        // Strictly beyond the best score, so countAtThreshold() gives 0.
        const double b = sorted_.first();
        return std::nextafter(
            b, higherIsBetter_ ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity());
    }
    return sorted_[std::min<qint64>(k, sorted_.size()) - 1];
}

ScoreRanking::Stats ScoreRanking::statsForTopK(qint64 k) const {
    Stats s;
    s.selected = std::clamp<qint64>(k, 0, sorted_.size());
    if (!hasLabels()) return s;
    s.relevantSelected = cumRelevant_[s.selected];
    const qint64 relevant = relevantTotal();
    s.precision = s.selected > 0 ? double(s.relevantSelected) / double(s.selected) : 0.0;
    s.recall = relevant > 0 ? double(s.relevantSelected) / double(relevant) : 0.0;
    s.f1 = s.precision + s.recall > 0 ? 2 * s.precision * s.recall / (s.precision + s.recall) : 0.0;
    return s;
}

QVector<QPointF> ScoreRanking::prCurve(int points) const {
    QVector<QPointF> curve;
    if (!hasLabels() || sorted_.isEmpty()) return curve;
    points = std::max(points, 2);
    const qint64 n = sorted_.size();
    for (int i = 0; i < points; ++i) {
        const qint64 k = std::max<qint64>(1, qint64(std::llround(double(n) * (i + 1) / points)));
        const Stats s = statsForTopK(k);
        curve.append(QPointF(s.recall, s.precision));
    }
    return curve;
}

QVector<qint64> ScoreRanking::borderlineRanks(qint64 k, int n) const {
    QVector<qint64> out;
    const qint64 size = sorted_.size();
    k = std::clamp<qint64>(k, 0, size);
    for (qint64 step = 0; out.size() < n && (k - 1 - step >= 0 || k + step < size); ++step) {
        if (k - 1 - step >= 0 && out.size() < n) out.append(k - 1 - step);  // last ones in
        if (k + step < size && out.size() < n) out.append(k + step);          // first ones out
    }
    return out;
}

QVector<qint64> ScoreRanking::borderline(qint64 k, int n) const {
    QVector<qint64> out = borderlineRanks(k, n);
    for (auto& r : out) r = order_[r];
    return out;
}

QVector<qint64> ScoreRanking::topIndices(qint64 k) const {
    k = std::clamp<qint64>(k, 0, sorted_.size());
    return QVector<qint64>(order_.begin(), order_.begin() + k);
}
