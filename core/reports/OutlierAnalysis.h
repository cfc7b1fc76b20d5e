#pragma once
// Aharoni & Goldberg's outlier analysis (section 2.6, Table 2) per target cluster: for each
// cluster of a stored cluster run, its sentences and its outliers (labelled sentences whose
// true domain is not the domain the cluster maps to), with mean whitespace tokens, how many
// contain a digit and how many a personal pronoun or '?' (reports/Report.h, sentenceFeatures),
// plus the same over all clusters (equal to the report's "outliers" figures). Every figure
// can be traced back to its sentences with outlierFigureSentences.
#include <cstdint>
#include <string>
#include <vector>

#include "common/Error.h"
#include "reports/Report.h"

namespace dl {

class Store;
struct RunInfo;

// The labelled sentences of a cluster run in corpus order with their cluster, true domain
// (index into `domains`, -1 = unlabelled) and text features; one pass over the corpus.
struct ClusteredSentences {
    int k = 0;
    std::vector<std::string> domains;
    std::vector<std::int64_t> ids;
    std::vector<int> truth;
    std::vector<std::int32_t> cluster;
    std::vector<SentenceFeatures> features;
    std::vector<std::string> texts;  // only when asked for
};
Expected<ClusteredSentences> readClusteredSentences(Store& store, const RunInfo& run, bool withTexts);

struct FeatureCounts {
    std::int64_t sentences = 0, withDigits = 0, withPronounOrQuestion = 0;
    double tokens = 0;  // sum
    double meanTokens() const { return sentences ? tokens / double(sentences) : 0.0; }
    double digitShare() const { return sentences ? double(withDigits) / double(sentences) : 0.0; }
    double pronounShare() const { return sentences ? double(withPronounOrQuestion) / double(sentences) : 0.0; }
};

struct ClusterOutliers {
    int cluster = -1;  // -1 = all clusters
    int domain = -1;   // the domain the cluster maps to (majority), -1 = none
    FeatureCounts all, outliers;
};

struct OutlierAnalysis {
    std::int64_t runId = 0;
    std::vector<std::string> domains;
    std::vector<ClusterOutliers> clusters;  // one per cluster 0..k-1
    ClusterOutliers total;                  // over every cluster
    bool labelled = false;
};
Expected<OutlierAnalysis> analyseOutliers(Store& store, std::int64_t runId);

enum class OutlierFigure { Sentences, WithDigits, WithPronounOrQuestion };
// The sentence ids behind one figure of analyseOutliers: cluster (-1 = all), outliers only or
// every sentence of the cluster, restricted to the feature; at most `limit`, corpus order.
struct FigureSentences {
    std::vector<std::int64_t> ids;
    std::int64_t total = 0;
};
Expected<FigureSentences> outlierFigureSentences(Store& store, std::int64_t runId, int cluster, bool outliersOnly,
                                                 OutlierFigure figure, std::int64_t limit);

}  // namespace dl
