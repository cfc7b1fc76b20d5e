#pragma once
// Per-line text hygiene on import: UTF-8 validation (error or U+FFFD replacement),
// Unicode NFC, trimming of surrounding white space.
#include <cstddef>
#include <optional>
#include <string>

namespace dl {

struct NormalizeOutcome {
    bool ok = true;                          // false: invalid UTF-8 and replacement not allowed
    std::size_t invalidByteOffset = 0;       // first invalid byte (0-based) when !ok
    std::size_t replacements = 0;            // invalid sequences replaced with U+FFFD
};

// Normalises `text` in place. ASCII-only text takes a fast path (already NFC).
NormalizeOutcome normalizeLine(std::string& text, bool replaceInvalid);

// Offset of the first invalid UTF-8 byte, or nullopt when the text is valid.
std::optional<std::size_t> findInvalidUtf8(const std::string& text);

// Number of white-space separated tokens (the cheap length shown in views).
int countTokens(const std::string& text);

}  // namespace dl
