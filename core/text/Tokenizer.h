#pragma once
// Sentence tokenizers of the encoder families: a common interface over WordPiece (BERT,
// DistilBERT, MPNet), byte-level BPE (RoBERTa, GPT-2) and SentencePiece (XLM-R; loaded through the isolated module, see
// SentencePieceTokenizer.h). Output ids include the model's special tokens.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/Error.h"

namespace dl {

// The longest vocabulary entry a tokenizer matches, in bytes. Real vocabularies stay far below
// it (BERT's and MPNet's WordPiece 18 bytes, XLM-R's / e5's Unigram 48; SentencePiece trains
// pieces of at most 16 characters, 64 bytes). A model's files are untrusted: one crafted entry of
// 100,000 bytes made every candidate search as long as the word, and tokenizing a 6 KB line
// took seconds, a 12 KB line minutes (cubic in its length). Longer entries keep their ids but
// are never matched, so the search per position is bounded by this constant.
inline constexpr std::size_t kMaxMatchedTokenBytes = 128;

struct TokenIds {
    std::vector<std::int32_t> ids;  // with [CLS]/[SEP] or <s>/</s>
    bool truncated = false;  // the sentence had more tokens than maxLength allowed
};

class Tokenizer {
public:
    virtual ~Tokenizer() = default;
    // Tokenizes one sentence, adds the special tokens and truncates to maxLength tokens
    // (specials included; 0 = no truncation), keeping the beginning as Hugging Face does.
    virtual TokenIds encode(std::string_view text, int maxLength) const = 0;
    virtual std::int32_t padId() const = 0;
    virtual std::int64_t vocabSize() const = 0;
    virtual std::string kind() const = 0;  // "wordpiece" / "bpe" / "sentencepiece"

protected:
    // first + pieces + last, with the pieces cut so the whole fits maxLength (0 = no limit).
    static TokenIds withSpecials(std::vector<std::int32_t> pieces, std::int32_t first, std::int32_t last,
                                 int maxLength);
};

// Picks the tokenizer of a Hugging Face model directory from its files: an XLM-R style
// SentencePiece model (sentencepiece.bpe.model, also for BERT-architecture models such as
// multilingual-E5), byte-level BPE (tokenizer.json with a BPE model, or vocab.json +
// merges.txt) or WordPiece (vocab.txt, or the vocab inside tokenizer.json). The
// options (lower-casing, accents, CJK) come from tokenizer.json / tokenizer_config.json.
Expected<std::unique_ptr<Tokenizer>> loadTokenizer(const std::string& modelDir);

}  // namespace dl
