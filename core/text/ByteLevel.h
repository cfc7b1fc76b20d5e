#pragma once
// The two steps of Hugging Face's ByteLevel pre-tokenizer (GPT-2, RoBERTa, BART, ...):
// the GPT-2 regular expression that cuts a text into words
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// (written out by hand: \s is Unicode White_Space as in the Oniguruma engine tokenizers
// uses, \p{L}/\p{N} the Unicode letter/number categories), and the byte-to-unicode map
// that turns every byte of a word into one printable character (space -> "Ġ").
#include <string>
#include <string_view>
#include <vector>

namespace dl {

// The words of text in order; their concatenation is text. Bytes that are not valid
// UTF-8 count as one "other" character each.
std::vector<std::string_view> splitGpt2Words(std::string_view text);

// Every byte of word mapped through GPT-2's bytes_to_unicode(), UTF-8 encoded.
std::string byteLevelEncode(std::string_view word);

// The mapped characters of word, one string each (the initial BPE symbols).
std::vector<std::string> byteLevelSymbols(std::string_view word);

// Rust's char::is_whitespace (Unicode White_Space): what HF's regex \s and lstrip/rstrip see.
bool isUnicodeWhitespace(char32_t c);

}  // namespace dl
