#pragma once
// IBM Model 1 lexical translation table t(col | row) of one direction and one domain, over
// a shared sparse key set (CooccurrenceIndex). P(cols | rows) marginalises over every
// alignment, NULL word included (Brown et al. 1993; Cuong & Sima'an section 4):
//   P(f | e) = eps / (l+1)^m * prod_j sum_{i=0..l} t(f_j | e_i),   eps = 1 here.
// Estimates are add-alpha smoothed (Moore 2004): t(c | r) = (count(c, r) + alpha) /
// (count(r) + alpha |V_col|); pairs without an entry get alpha / (count(r) + alpha |V_col|),
// and a row never seen gets the uniform 1 / |V_col| (also the initial value of every entry).
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "select/CooccurrenceIndex.h"

namespace dl {

class IbmModel1 {
public:
    IbmModel1(std::shared_ptr<const CooccurrenceIndex> index, double alpha);

    // Positions of every (row_i, col_j) pair in the index, col-major: pos[j * (l+1) + i],
    // i = 0 the NULL word. Computed once per sentence pair and shared by both domains' tables.
    static void lookup(const CooccurrenceIndex& index, std::span<const std::uint32_t> rows,
                       std::span<const std::uint32_t> cols, std::vector<std::int64_t>& pos);

    double prob(std::uint32_t row, std::uint32_t col) const;
    // Natural-log P(cols | rows) from the positions `lookup` gave.
    double logProb(std::span<const std::uint32_t> rows, std::span<const std::uint32_t> cols,
                   const std::vector<std::int64_t>& pos) const;
    double logProb(std::span<const std::uint32_t> rows, std::span<const std::uint32_t> cols) const;

    // E-step of one sentence pair: adds weight * P(a_j = i | cols, rows) to counts[entry]
    // (expected counts of the entries that exist; the rest is smoothing mass).
    void accumulate(std::span<const std::uint32_t> rows, std::span<const std::uint32_t> cols,
                    const std::vector<std::int64_t>& pos, double weight, std::vector<double>& counts) const;
    std::vector<double> zeroCounts() const { return std::vector<double>(index_->entries(), 0.0); }
    // M-step: t = (count + alpha) / (row total + alpha |V_col|).
    void normalize(const std::vector<double>& counts);

    // Plain EM on one corpus (weight 1 per pair) from the current table.
    void train(const InternedText& rows, const InternedText& cols, int iterations);

    const CooccurrenceIndex& index() const { return *index_; }
    double alpha() const { return alpha_; }

private:
    double valueAt(std::int64_t pos, std::uint32_t row) const {
        return pos >= 0 ? double(values_[std::size_t(pos)]) : rowUnseen_[row];
    }

    std::shared_ptr<const CooccurrenceIndex> index_;
    double alpha_;
    std::vector<float> values_;     // t at each entry
    std::vector<double> rowUnseen_; // t of a pair without an entry, per row
};

}  // namespace dl
