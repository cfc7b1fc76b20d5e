#pragma once
// The import's duplicate rule (Aharoni & Goldberg): a pair is dropped when the same pair,
// the same source or the same target is already IN THE CORPUS, i.e. on a kept row; a dropped
// row registers nothing. Holds 128-bit keyed hashes (SipHash-2-4-128, a random key per index)
// of the kept texts, one per role: the source, the target, and the pair encoded without
// ambiguity (the source's length first). A false "duplicate" needs a 128-bit collision under a
// key nobody knows; the 64-bit std::hash it replaced (and its XOR-combined pair) could be
// made to collide on purpose, merging two different sentences (issue #23).
// Not thread-safe: used by the import's reading thread only.
#include <cstdint>
#include <string>
#include <string_view>

#include "common/SipHash.h"
#include "corpus/HashSet128.h"

namespace dl {

class DedupeIndex {
public:
    enum class Verdict { Keep, DuplicatePair, DuplicateSource, DuplicateTarget };

    // A row the corpus already holds (appending to an existing corpus).
    void add(std::string_view src, std::string_view tgt) { add(keys(src, tgt), !tgt.empty()); }

    // Keep registers the row; any other verdict leaves the index as it was.
    Verdict check(std::string_view src, std::string_view tgt) {
        const Keys k = keys(src, tgt);
        if (pairs_.contains(k.pair)) return Verdict::DuplicatePair;
        if (sources_.contains(k.src)) return Verdict::DuplicateSource;
        if (!tgt.empty() && targets_.contains(k.tgt)) return Verdict::DuplicateTarget;
        add(k, !tgt.empty());
        return Verdict::Keep;
    }

private:
    struct Keys {
        Hash128 src, tgt, pair;
    };
    Keys keys(std::string_view s, std::string_view t) {
        // One key per role (the same text as source and as target must not meet), and the pair
        // as "length of s (8 bytes) | s | t", so that ("ab", "c") and ("a", "bc") differ.
        pairBuf_.clear();
        const std::uint64_t n = s.size();
        for (int i = 0; i < 8; ++i) pairBuf_.push_back(static_cast<char>(n >> (8 * i)));
        pairBuf_.append(s).append(t);
        return {sipHash128(srcKey_, s), sipHash128(tgtKey_, t), sipHash128(pairKey_, pairBuf_)};
    }
    void add(const Keys& k, bool hasTarget) {
        pairs_.insert(k.pair);
        sources_.insert(k.src);
        if (hasTarget) targets_.insert(k.tgt);
    }
    SipKey srcKey_ = randomSipKey(), tgtKey_ = randomSipKey(), pairKey_ = randomSipKey();
    std::string pairBuf_;
    HashSet128 pairs_, sources_, targets_;
};

}  // namespace dl
