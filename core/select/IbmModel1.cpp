#include "select/IbmModel1.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace dl {

namespace {
// A column word no row explains (possible only without smoothing) must not give log(0).
constexpr double kTiny = 1e-300;
// Column id 0 is the NULL word, which is never generated: it is not part of |V_col|.
double columnVocabulary(const CooccurrenceIndex& index) { return double(std::max(1u, index.colCount() - 1)); }
}  // namespace

IbmModel1::IbmModel1(std::shared_ptr<const CooccurrenceIndex> index, double alpha)
    : index_(std::move(index)), alpha_(alpha) {
    const double uniform = 1.0 / columnVocabulary(*index_);
    values_.assign(index_->entries(), float(uniform));
    rowUnseen_.assign(index_->rowCount(), uniform);
}

void IbmModel1::lookup(const CooccurrenceIndex& index, std::span<const std::uint32_t> rows,
                       std::span<const std::uint32_t> cols, std::vector<std::int64_t>& pos) {
    const std::size_t l1 = rows.size() + 1;
    pos.resize(cols.size() * l1);
    // The sentence's columns in ascending id order: each row's entries are sorted too, so one
    // row is searched by successive lower_bounds over a shrinking range (the NULL row and
    // frequent words have long rows; this was most of the E-step's time).
    thread_local std::vector<std::uint32_t> order;
    order.resize(cols.size());
    for (std::uint32_t j = 0; j < order.size(); ++j) order[j] = j;
    std::sort(order.begin(), order.end(), [&](auto a, auto b) { return cols[a] < cols[b]; });
    for (std::size_t i = 0; i <= rows.size(); ++i) {
        const std::uint32_t row = i == 0 ? 0 : rows[i - 1];
        if (row >= index.rowCount()) {
            for (std::size_t j = 0; j < cols.size(); ++j) pos[j * l1 + i] = -1;
            continue;
        }
        std::uint64_t lo = index.rowBegin(row);
        const std::uint64_t hi = index.rowEnd(row);
        for (auto j : order) {
            lo = index.lowerBound(lo, hi, cols[j]);
            pos[j * l1 + i] = lo < hi && index.colAt(lo) == cols[j] ? std::int64_t(lo) : -1;
        }
    }
}

double IbmModel1::prob(std::uint32_t row, std::uint32_t col) const {
    if (row >= index_->rowCount()) return 1.0 / columnVocabulary(*index_);
    return valueAt(index_->find(row, col), row);
}

double IbmModel1::logProb(std::span<const std::uint32_t> rows, std::span<const std::uint32_t> cols,
                          const std::vector<std::int64_t>& pos) const {
    const std::size_t l1 = rows.size() + 1;
    double total = -double(cols.size()) * std::log(double(l1));
    for (std::size_t j = 0; j < cols.size(); ++j) {
        double sum = valueAt(pos[j * l1], 0);
        for (std::size_t i = 0; i < rows.size(); ++i) sum += valueAt(pos[j * l1 + i + 1], rows[i]);
        total += std::log(std::max(sum, kTiny));
    }
    return total;
}

double IbmModel1::logProb(std::span<const std::uint32_t> rows, std::span<const std::uint32_t> cols) const {
    std::vector<std::int64_t> pos;
    lookup(*index_, rows, cols, pos);
    return logProb(rows, cols, pos);
}

void IbmModel1::accumulate(std::span<const std::uint32_t> rows, std::span<const std::uint32_t> cols,
                           const std::vector<std::int64_t>& pos, double weight, std::vector<double>& counts) const {
    if (weight <= 0) return;
    const std::size_t l1 = rows.size() + 1;
    for (std::size_t j = 0; j < cols.size(); ++j) {
        const auto* p = pos.data() + j * l1;
        double sum = valueAt(p[0], 0);
        for (std::size_t i = 0; i < rows.size(); ++i) sum += valueAt(p[i + 1], rows[i]);
        if (sum <= 0) continue;
        const double scale = weight / sum;
        if (p[0] >= 0) counts[std::size_t(p[0])] += scale * valueAt(p[0], 0);
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (p[i + 1] >= 0) counts[std::size_t(p[i + 1])] += scale * valueAt(p[i + 1], rows[i]);
    }
}

void IbmModel1::normalize(const std::vector<double>& counts) {
    const double vocab = columnVocabulary(*index_);
    for (std::uint32_t r = 0; r < index_->rowCount(); ++r) {
        double total = 0;
        for (auto k = index_->rowBegin(r); k < index_->rowEnd(r); ++k) total += counts[k];
        const double den = total + alpha_ * vocab;
        if (den <= 0) {  // a row nothing was counted for (and no smoothing): uniform
            for (auto k = index_->rowBegin(r); k < index_->rowEnd(r); ++k) values_[k] = float(1.0 / vocab);
            rowUnseen_[r] = 1.0 / vocab;
            continue;
        }
        for (auto k = index_->rowBegin(r); k < index_->rowEnd(r); ++k) values_[k] = float((counts[k] + alpha_) / den);
        rowUnseen_[r] = alpha_ / den;
    }
}

void IbmModel1::train(const InternedText& rows, const InternedText& cols, int iterations) {
    std::vector<std::int64_t> pos;
    for (int it = 0; it < iterations; ++it) {
        auto counts = zeroCounts();
        for (std::size_t s = 0; s < rows.size(); ++s) {
            lookup(*index_, rows.sentence(s), cols.sentence(s), pos);
            accumulate(rows.sentence(s), cols.sentence(s), pos, 1.0, counts);
        }
        normalize(counts);
    }
}

}  // namespace dl
