#pragma once
// Selection scores sorted once, so a threshold and a top-k can be converted into each other
// in O(log n), and precision/recall/F1 at any cut come from prefix sums in O(1).
// Pure data (no widgets), so the threshold ↔ top-k rules are tested on their own.
//
// Rules: with higher-is-better, "selected at threshold t" = every score ≥ t; top-k's
// threshold is the k-th best score. With ties at the k-th score, count(threshold(k)) ≥ k:
// the histogram view keeps the k the user typed and reports the tie.
#include <QPointF>
#include <QVector>
#include <QtGlobal>

class ScoreRanking {
public:
    struct Stats {
        qint64 selected = 0;
        qint64 relevantSelected = 0;
        double precision = 0, recall = 0, f1 = 0;
    };

    void setScores(const QVector<double>& scores, bool higherIsBetter = true);
    // relevant[i] = score i's sentence belongs to the target domain; empty = no labels.
    void setLabels(const QVector<bool>& relevant);

    qint64 size() const { return qint64(sorted_.size()); }
    bool higherIsBetter() const { return higherIsBetter_; }
    bool hasLabels() const { return !cumRelevant_.isEmpty(); }
    qint64 relevantTotal() const { return hasLabels() ? cumRelevant_.last() : 0; }
    double scoreAtRank(qint64 rank) const { return sorted_[rank]; }  // rank 0 = best
    qint64 indexAtRank(qint64 rank) const { return order_[rank]; }
    bool relevantAtRank(qint64 rank) const { return hasLabels() && cumRelevant_[rank + 1] > cumRelevant_[rank]; }
    double best() const;   // best score (max, or min when lower is better)
    double worst() const;
    double minScore() const;
    double maxScore() const;

    qint64 countAtThreshold(double threshold) const;
    // Score of the k-th best item; k = 0 → just beyond the best score (nothing selected).
    double thresholdForTopK(qint64 k) const;
    Stats statsForTopK(qint64 k) const;
    // (recall, precision) at `points` cuts spread over k = 1..n; empty without labels.
    QVector<QPointF> prCurve(int points = 200) const;
    // Original indices of the `n` items ranked closest to the cut at k (borderline list),
    // alternating just-in / just-out.
    QVector<qint64> borderline(qint64 k, int n) const;
    // The same items as ranks (0 = best): index = indexAtRank(rank). O(n), whatever k is.
    QVector<qint64> borderlineRanks(qint64 k, int n) const;
    // Original indices of the top k.
    QVector<qint64> topIndices(qint64 k) const;

private:
    bool better(double a, double b) const { return higherIsBetter_ ? a > b : a < b; }
    QVector<double> sorted_;   // best first
    QVector<qint64> order_;    // sorted position → original index
    QVector<qint64> cumRelevant_;  // cumRelevant_[k] = relevant among the top k (size n + 1)
    QVector<bool> labels_;
    bool higherIsBetter_ = true;
};
