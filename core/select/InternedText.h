#pragma once
// Sentences as flat arrays of word ids (one vocabulary per language side), the compact form
// the IBM Model 1 tables work on: a 1.5M-pair pool is ~4 bytes per token instead of a
// std::string per token. Id 0 is reserved for the NULL word of IBM Model 1.
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace dl {

using WordIds = std::unordered_map<std::string, std::uint32_t>;

struct InternedText {
    std::vector<std::uint32_t> ids;
    std::vector<std::uint64_t> offsets{0};  // sentence i = ids[offsets[i], offsets[i+1])

    std::size_t size() const { return offsets.size() - 1; }
    std::span<const std::uint32_t> sentence(std::size_t i) const {
        return {ids.data() + offsets[i], static_cast<std::size_t>(offsets[i + 1] - offsets[i])};
    }
    // Interns every word of `text` into `vocabulary` (new words get the next id; the NULL
    // word takes id 0 when the vocabulary is empty).
    static InternedText intern(const std::vector<std::vector<std::string>>& text, WordIds& vocabulary);
    // The rows given, in that order.
    InternedText subset(const std::vector<std::int64_t>& rows) const;
};

}  // namespace dl
