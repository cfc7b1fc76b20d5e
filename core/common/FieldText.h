#pragma once
// The one rule for what a text field (a sentence side, a domain label) may hold, decided at
// import and relied on by every export: a Moses line and a TSV cell end at LF, CR or TAB, so a
// field holds none of them (JSONL could, but all formats export the same rows). Import replaces
// each with a space and counts the fields it changed (ImportReport::lineBreaksReplaced); export
// applies the same rule to projects written before it, so line counts stay aligned.
#include <cstddef>
#include <string>
#include <string_view>

namespace dl {

inline constexpr std::string_view kFieldBreaks = "\n\r\t";

inline bool hasFieldBreaks(std::string_view text) { return text.find_first_of(kFieldBreaks) != std::string_view::npos; }

// Replaces every LF, CR and TAB in `text` by a space; returns how many it replaced.
inline std::size_t flattenFieldBreaks(std::string& text) {
    std::size_t n = 0;
    for (std::size_t i = text.find_first_of(kFieldBreaks); i != std::string::npos;
         i = text.find_first_of(kFieldBreaks, i + 1)) {
        text[i] = ' ';
        ++n;
    }
    return n;
}

}  // namespace dl
