#pragma once
// The most distinctive words of each cluster, for naming clusters on the map: class-based
// TF-IDF (c-TF-IDF, Grootendorst 2022 "BERTopic"). All sentences of a cluster form one
// document; for term t and cluster c
//     W(t, c) = tf(t, c) / |c| · log(1 + A / f(t))
// with tf(t, c) the occurrences of t in c, |c| the words of c, A the mean number of words per
// cluster and f(t) the occurrences of t in all clusters. Stop words of the corpus language,
// tokens shorter than two characters and tokens of digits only are not terms.
// Plain data; the store side is ClusterNaming.h.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace dl {

// Words of a text: maximal runs of letters and digits (non-ASCII characters count as letters
// except punctuation and symbols such as – ’ « ° •, so UTF-8 words stay whole), lower-cased
// (ASCII and Latin-1 letters such as Ä, É).
std::vector<std::string> wordsOf(std::string_view text);

// One word a line; blank lines and lines starting with '#' are ignored; lower-cased.
std::unordered_set<std::string> parseStopWords(std::string_view text);

struct ClusterTerm {
    std::string term;
    double weight = 0;
};

class ClusterTermCounter {
public:
    ClusterTermCounter(int clusters, std::unordered_set<std::string> stopWords);
    // Counts the terms of one sentence of `cluster` (ignored when out of range).
    void add(int cluster, std::string_view text);
    // Per cluster, the `top` terms by W(t, c), heaviest first (ties by term).
    std::vector<std::vector<ClusterTerm>> top(int top) const;
    std::int64_t words(int cluster) const { return words_[std::size_t(cluster)]; }

private:
    std::unordered_set<std::string> stop_;
    std::vector<std::unordered_map<std::string, std::int64_t>> tf_;  // per cluster
    std::unordered_map<std::string, std::int64_t> total_;            // f(t)
    std::vector<std::int64_t> words_;                                 // |c|
};

}  // namespace dl
