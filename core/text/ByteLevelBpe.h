#pragma once
// Byte-level BPE exactly as Hugging Face's GPT2TokenizerFast / RobertaTokenizerFast run it:
// added and special tokens are cut out of the raw text first (with their lstrip/rstrip),
// then ByteLevel pre-tokenization (optional prefix space, the GPT-2 regex, bytes mapped to
// printable characters, see ByteLevel.h), then BPE merges applied lowest rank first, then the
// post-processor's special tokens (RoBERTa: <s> ... </s>; GPT-2: none).
// Files: tokenizer.json (model type BPE with a ByteLevel pre-tokenizer), or vocab.json +
// merges.txt with tokenizer_config.json. Immutable after loading; encode() is thread-safe.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "text/Tokenizer.h"

namespace dl {

struct AddedToken {
    std::string content;
    std::int32_t id = 0;
    bool lstrip = false;  // swallows the whitespace before it
    bool rstrip = false;  // swallows the whitespace after it
};

struct ByteLevelBpeOptions {
    bool addPrefixSpace = false;
    bool ignoreMerges = false;            // a word found whole in the vocabulary is one token
    std::optional<std::int32_t> first;    // special token added before the pieces (<s>)
    std::optional<std::int32_t> last;     // special token added after the pieces (</s>)
    std::optional<std::int32_t> unk;      // for symbols missing from the vocabulary
    std::int32_t pad = 0;                 // id used to pad batches (GPT-2 has none: masked anyway)
    std::vector<AddedToken> addedTokens;  // matched in the raw text before anything else
};

class ByteLevelBpeTokenizer final : public Tokenizer {
public:
    // Loads modelDir/tokenizer.json when its model is BPE, else vocab.json + merges.txt
    // (settings from tokenizer_config.json). Errors name the file and the missing part.
    static Expected<ByteLevelBpeTokenizer> load(const std::string& modelDir);
    // merges: pairs in rank order.
    static Expected<ByteLevelBpeTokenizer> create(std::unordered_map<std::string, std::int32_t> vocab,
                                                  const std::vector<std::pair<std::string, std::string>>& merges,
                                                  ByteLevelBpeOptions options, const std::string& origin);

    TokenIds encode(std::string_view text, int maxLength) const override;
    std::int32_t padId() const override { return options_.pad; }
    std::int64_t vocabSize() const override { return vocabSize_; }
    std::string kind() const override { return "bpe"; }

    // The pieces without special tokens or truncation; with a limit, tokenization stops (at a
    // word boundary) once more than `limit` pieces are out: the first `limit` are exact.
    std::vector<std::int32_t> tokenize(std::string_view text,
                                       std::size_t limit = std::numeric_limits<std::size_t>::max()) const;
    std::int32_t idOf(std::string_view token) const;  // -1 when absent
    const ByteLevelBpeOptions& options() const { return options_; }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
    };
    using Map = std::unordered_map<std::string, std::int32_t, Hash, std::equal_to<>>;
    void tokenizeSpan(std::string_view text, std::vector<std::int32_t>& out, std::size_t limit) const;
    void pieceWord(std::string_view word, std::vector<std::int32_t>& out) const;

    ByteLevelBpeOptions options_;
    Map vocab_;
    Map ranks_;  // "left right" -> merge rank (mapped symbols never contain a plain space)
    std::int64_t vocabSize_ = 0;
};

}  // namespace dl
