#include "select/CooccurrenceIndex.h"

#include <algorithm>
#include <cstdint>

namespace dl {

namespace {

// Distinct ids of a sentence, sorted; `withNull` adds the NULL word (id 0).
void distinctIds(std::span<const std::uint32_t> s, bool withNull, std::vector<std::uint32_t>& out) {
    out.assign(s.begin(), s.end());
    if (withNull) out.push_back(0);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

// Contiguous row ranges whose candidate keys fit in one block (a row bigger than a block
// gets a block of its own).
std::vector<std::pair<std::uint32_t, std::uint32_t>> rowBlocks(const std::vector<std::uint64_t>& load,
                                                               std::size_t budget) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> blocks;
    std::uint32_t begin = 0;
    std::uint64_t sum = 0;
    for (std::uint32_t r = 0; r < load.size(); ++r) {
        if (sum > 0 && sum + load[r] > budget) {
            blocks.emplace_back(begin, r);
            begin = r;
            sum = 0;
        }
        sum += load[r];
    }
    blocks.emplace_back(begin, static_cast<std::uint32_t>(load.size()));
    return blocks;
}

}  // namespace

Expected<CooccurrenceIndex> CooccurrenceIndex::build(const std::vector<Corpus>& corpora, std::uint32_t rowVocab,
                                                     std::uint32_t colVocab, const Options& options,
                                                     const CancelToken& cancel) {
    if (rowVocab == 0 || colVocab == 0) return fail("The lexical table needs non-empty vocabularies.");
    CooccurrenceIndex index;
    index.colVocab_ = colVocab;
    std::vector<std::uint32_t> rows, cols;
    // Pass 1: candidate keys per row (an upper bound on its entries), to plan the blocks.
    std::vector<std::uint64_t> load(rowVocab, 0);
    for (const auto& c : corpora)
        for (std::size_t i = 0; i < c.rows->size(); ++i) {
            distinctIds(c.rows->sentence(i), true, rows);
            distinctIds(c.cols->sentence(i), false, cols);
            for (auto r : rows) load[r] += cols.size();
        }
    const auto blocks = rowBlocks(load, std::max<std::size_t>(options.blockKeys, 1));
    index.stats_.blocks = static_cast<int>(blocks.size());
    index.rowStart_.assign(std::size_t(rowVocab) + 1, 0);
    std::vector<std::uint64_t> keys;
    for (const auto& [lo, hi] : blocks) {
        if (cancel.isCancelled()) return cancelled();
        keys.clear();
        for (const auto& c : corpora)
            for (std::size_t i = 0; i < c.rows->size(); ++i) {
                distinctIds(c.rows->sentence(i), true, rows);
                auto first = std::lower_bound(rows.begin(), rows.end(), lo);
                if (first == rows.end() || *first >= hi) continue;
                distinctIds(c.cols->sentence(i), false, cols);
                for (auto r = first; r != rows.end() && *r < hi; ++r)
                    for (auto col : cols) keys.push_back(std::uint64_t(*r) << 32 | col);
            }
        std::sort(keys.begin(), keys.end());
        for (std::size_t k = 0; k < keys.size();) {
            std::size_t e = k;
            while (e < keys.size() && keys[e] == keys[k]) ++e;
            const auto row = static_cast<std::uint32_t>(keys[k] >> 32);
            if (row == 0 || static_cast<int>(e - k) >= options.minCount) {
                index.cols_.push_back(static_cast<std::uint32_t>(keys[k] & 0xffffffffu));
                ++index.rowStart_[std::size_t(row) + 1];
                ++index.stats_.kept;
            } else {
                ++index.stats_.pruned;
            }
            k = e;
        }
    }
    for (std::size_t r = 1; r < index.rowStart_.size(); ++r) index.rowStart_[r] += index.rowStart_[r - 1];
    index.cols_.shrink_to_fit();
    return index;
}

std::int64_t CooccurrenceIndex::find(std::uint32_t row, std::uint32_t col) const {
    if (row >= rowCount()) return -1;
    const auto first = cols_.begin() + static_cast<std::ptrdiff_t>(rowStart_[row]);
    const auto last = cols_.begin() + static_cast<std::ptrdiff_t>(rowStart_[row + 1]);
    const auto it = std::lower_bound(first, last, col);
    return it != last && *it == col ? it - cols_.begin() : -1;
}

}  // namespace dl
