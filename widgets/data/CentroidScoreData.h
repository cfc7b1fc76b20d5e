#pragma once
// The paper's Fig. 4 as view data (Aharoni & Goldberg 2020): a cluster run's domain-centroid
// cosine matrix, and its correlation with a user's cross-domain score matrix (e.g. BLEU of a
// model trained on one domain and tested on another). Plain values; app/services fills them
// off the GUI thread from core/reports/Report.h (centroidCosineOf, correlateScores).
#include <QString>
#include <QStringList>
#include <QVector>

#include <limits>

struct CentroidCosineData {
    qint64 runId = 0;
    QStringList domains;     // raw names (bound them for display: DisplayText.h)
    QVector<double> values;  // domains x domains, row-major; NaN = not stored
};

// One (train, test) domain pair both matrices hold.
struct CentroidScorePoint {
    int train = 0, test = 0;  // indices into CentroidCosineData::domains
    double cosine = 0, score = 0;
    bool sameDomain() const { return train == test; }
};

struct ScoreCorrelationData {
    CentroidCosineData centroids;
    QString file;  // the score matrix's path
    QVector<CentroidScorePoint> points;
    // NaN = undefined (fewer than two points, or no spread)
    double pearson = std::numeric_limits<double>::quiet_NaN();
    double pearsonWithSameDomain = std::numeric_limits<double>::quiet_NaN();
    qint64 pairs = 0, pairsWithSameDomain = 0;
    QStringList runDomainsNotScored, scoreDomainsNotInRun;  // raw names
};
