#pragma once
// The import's duplicate rule (Aharoni & Goldberg): a pair is dropped when the same pair,
// the same source or the same target is already IN THE CORPUS, i.e. on a kept row; a dropped
// row registers nothing. Holds 64-bit hashes of the kept texts (a false "duplicate" needs a
// hash collision, ~1e-7 at 1.5M rows); each text is hashed once and salted per role.
// Not thread-safe: used by the import's reading thread only.
#include <cstdint>
#include <functional>
#include <string_view>

#include "corpus/HashSet64.h"

namespace dl {

class DedupeIndex {
public:
    enum class Verdict { Keep, DuplicatePair, DuplicateSource, DuplicateTarget };

    // A row the corpus already holds (appending to an existing corpus).
    void add(std::string_view src, std::string_view tgt) { add(Keys(src, tgt), !tgt.empty()); }

    // Keep registers the row; any other verdict leaves the index as it was.
    Verdict check(std::string_view src, std::string_view tgt) {
        const Keys k(src, tgt);
        if (pairs_.contains(k.pair)) return Verdict::DuplicatePair;
        if (sources_.contains(k.src)) return Verdict::DuplicateSource;
        if (!tgt.empty() && targets_.contains(k.tgt)) return Verdict::DuplicateTarget;
        add(k, !tgt.empty());
        return Verdict::Keep;
    }

private:
    struct Keys {
        Keys(std::string_view s, std::string_view t) {
            const std::uint64_t hs = std::hash<std::string_view>{}(s), ht = std::hash<std::string_view>{}(t);
            src = hs ^ salt(1);
            tgt = ht ^ salt(2);
            pair = (hs ^ salt(3)) ^ ((ht ^ salt(4)) * 31);
        }
        static constexpr std::uint64_t salt(std::uint64_t role) { return role * 0x9e3779b97f4a7c15ull; }
        std::uint64_t src, tgt, pair;
    };
    void add(const Keys& k, bool hasTarget) {
        pairs_.insert(k.pair);
        sources_.insert(k.src);
        if (hasTarget) targets_.insert(k.tgt);
    }
    HashSet64 pairs_, sources_, targets_;
};

}  // namespace dl
