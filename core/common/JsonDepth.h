#pragma once
// The nesting bound of JSON read from outside, header-only so that the Parquet module (which
// links no core library) can use it too. Parsing helpers: common/JsonText.h.
#include <cstddef>
#include <string_view>

namespace dl {

// How deep a JSON document from outside (a model's files, a shard manifest, a JSONL line, a run
// record of a project someone sent) may nest. nlohmann's parser and destructor are iterative,
// but copying, comparing and dumping a value recurse once per level: a 600 KB config.json of
// 300,000 nested arrays overflowed the stack of encode and merge (SIGSEGV). The files DomainLens
// reads nest fewer than 10 levels.
inline constexpr int kMaxJsonDepth = 128;

// Whether `text` nests arrays and objects deeper than maxDepth. Strings (with their escapes)
// are skipped; linear, no allocation; for malformed text it answers for what it could scan.
inline bool jsonNestsDeeperThan(std::string_view text, int maxDepth = kMaxJsonDepth) {
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') ++i;  // the escaped character cannot end the string
            else if (c == '"') inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > maxDepth) return true;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return false;
}
}  // namespace dl
