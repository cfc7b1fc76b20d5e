#pragma once
// WordPiece exactly as Hugging Face's BertTokenizer(Fast) does it: BertNormalizer (clean
// text, CJK padding, accent stripping via NFD, lower-casing), BertPreTokenizer (split on
// whitespace and punctuation), greedy longest-match-first WordPiece with "##" continuation
// pieces and [UNK] for words that cannot be pieced or are longer than 100 characters,
// then [CLS] ... [SEP].
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "text/Tokenizer.h"

namespace dl {

struct WordPieceOptions {
    bool cleanText = true;
    bool handleChineseChars = true;
    bool lowercase = true;
    std::optional<bool> stripAccents;  // unset: follows lowercase (HF's default)
    int maxInputCharsPerWord = 100;
    std::string continuingPrefix = "##";
    std::string unkToken = "[UNK]", clsToken = "[CLS]", sepToken = "[SEP]", padToken = "[PAD]";
};

class WordPieceTokenizer final : public Tokenizer {
public:
    // vocab.txt: one token a line, id = line number.
    static Expected<WordPieceTokenizer> fromVocabFile(const std::string& path, WordPieceOptions options);
    static Expected<WordPieceTokenizer> fromVocab(std::vector<std::string> tokens, WordPieceOptions options,
                                                  const std::string& origin);

    TokenIds encode(std::string_view text, int maxLength) const override;
    std::int32_t padId() const override { return pad_; }
    std::int64_t vocabSize() const override { return static_cast<std::int64_t>(tokens_.size()); }
    std::string kind() const override { return "wordpiece"; }

    // The pieces between the special tokens (no [CLS]/[SEP], no truncation); with a limit, it
    // stops at a word boundary once more than `limit` pieces are out (the first `limit` are exact).
    std::vector<std::int32_t> tokenize(std::string_view text,
                                       std::size_t limit = std::numeric_limits<std::size_t>::max()) const;
    // Normalised, pre-tokenized words (for tests and diagnostics).
    std::vector<std::string> preTokenize(std::string_view text) const;
    std::int32_t idOf(std::string_view token) const;  // -1 when absent
    const std::string& token(std::int32_t id) const { return tokens_.at(static_cast<std::size_t>(id)); }
    const WordPieceOptions& options() const { return options_; }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
    };
    void pieceWord(std::string_view word, std::vector<std::int32_t>& out) const;

    WordPieceOptions options_;
    std::vector<std::string> tokens_;
    std::unordered_map<std::string, std::int32_t, Hash, std::equal_to<>> index_;
    std::int32_t unk_ = 0, cls_ = 0, sep_ = 0, pad_ = 0;
    // Bytes of the longest vocabulary entry up to kMaxMatchedTokenBytes: no longer candidate is tried.
    std::size_t longestToken_ = 0;
};

}  // namespace dl
