#pragma once
// FNV-1a 64 of a text: stable across builds and machines, so it may be stored (a selection
// model's seed hashes). Not collision-proof: a reader that counts matches checks the texts.
#include <cstdint>
#include <string_view>

namespace dl {

inline std::uint64_t sentenceTextHash(std::string_view text) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

}  // namespace dl
