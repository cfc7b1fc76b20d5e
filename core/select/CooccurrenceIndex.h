#pragma once
// The sparse key set of the IBM Model 1 lexical tables: the (row word, column word) pairs
// that co-occur in at least `minCount` sentence pairs of the corpora given, stored as CSR
// (row offsets + sorted column ids, 4 bytes per entry). Both domains' tables of one
// direction share it, so a lookup is done once for the in- and the out-table.
// Row 0 is the NULL word: it co-occurs with every column word and is never pruned.
// Memory is bounded during the build: rows are processed in blocks of at most `blockKeys`
// candidate keys (8 bytes each), so the peak is the block plus the final index.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "select/InternedText.h"

namespace dl {

class CooccurrenceIndex {
public:
    struct Corpus {
        const InternedText* rows = nullptr;
        const InternedText* cols = nullptr;
    };
    struct Options {
        int minCount = 1;                      // pairs seen in fewer sentence pairs get no entry
        std::size_t blockKeys = std::size_t(1) << 24;  // candidate keys per build block (128 MiB)
    };
    struct Stats {
        std::uint64_t kept = 0, pruned = 0;  // distinct pairs kept / below minCount
        int blocks = 0;
    };

    static Expected<CooccurrenceIndex> build(const std::vector<Corpus>& corpora, std::uint32_t rowVocab,
                                             std::uint32_t colVocab, const Options& options, const CancelToken& cancel);

    // Position of (row, col) in the value arrays, or -1 when the pair has no entry.
    std::int64_t find(std::uint32_t row, std::uint32_t col) const;
    std::uint32_t rowCount() const { return static_cast<std::uint32_t>(rowStart_.size() - 1); }
    std::uint32_t colCount() const { return colVocab_; }
    std::size_t entries() const { return cols_.size(); }
    std::uint64_t rowBegin(std::uint32_t r) const { return rowStart_[r]; }
    std::uint64_t rowEnd(std::uint32_t r) const { return rowStart_[r + 1]; }
    std::uint32_t colAt(std::uint64_t pos) const { return cols_[pos]; }
    // First position in [lo, hi) of one row whose column id is >= col.
    std::uint64_t lowerBound(std::uint64_t lo, std::uint64_t hi, std::uint32_t col) const {
        return std::uint64_t(
            std::lower_bound(cols_.begin() + std::ptrdiff_t(lo), cols_.begin() + std::ptrdiff_t(hi), col) -
            cols_.begin());
    }
    const Stats& stats() const { return stats_; }
    std::size_t bytes() const {
        return rowStart_.size() * sizeof(std::uint64_t) + cols_.size() * sizeof(std::uint32_t);
    }

private:
    std::vector<std::uint64_t> rowStart_;
    std::vector<std::uint32_t> cols_;
    std::uint32_t colVocab_ = 0;
    Stats stats_;
};

}  // namespace dl
