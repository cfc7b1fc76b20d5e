#pragma once
// SentencePiece for the XLM-R family (and BERT-architecture models with an XLM-R tokenizer,
// e.g. multilingual-E5). SentencePiece itself runs in an isolated module (libdomainlens_spm.so)
// loaded with dlopen(RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND): Debian's libsentencepiece
// bundles a protobuf that clashes with libtorch's (ARCHITECTURE.md, known traps).
// Piece ids are mapped to the model's vocabulary by piece string when tokenizer.json is
// present, else with fairseq's offset (+1, <unk> = 3) that XLM-R uses.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "text/Tokenizer.h"

namespace dl {

class SentencePieceTokenizer final : public Tokenizer {
public:
    // spmModel: sentencepiece.bpe.model; tokenizerJson: may be empty (then fairseq offsets).
    static Expected<std::unique_ptr<SentencePieceTokenizer>> load(const std::string& spmModel,
                                                                  const std::string& tokenizerJson);
    ~SentencePieceTokenizer() override;

    TokenIds encode(std::string_view text, int maxLength) const override;
    std::int32_t padId() const override { return pad_; }
    std::int64_t vocabSize() const override { return vocabSize_; }
    std::string kind() const override { return "sentencepiece"; }

    // Model ids of the pieces (no <s>/</s>, no truncation).
    std::vector<std::int32_t> tokenize(std::string_view text) const;

    // Trains a SentencePiece model in the module (SentencePieceTrainer with these flags, e.g.
    // {"input", file}, {"model_prefix", prefix}, {"vocab_size", "1000"}); writes prefix.model.
    static Status train(const std::vector<std::pair<std::string, std::string>>& options);

    // Path of the module that was loaded (or would be), for diagnostics.
    static Expected<std::string> modulePath();

private:
    SentencePieceTokenizer() = default;
    void* handle_ = nullptr;
    std::vector<std::int32_t> map_;  // SentencePiece id -> model id
    std::int32_t bos_ = 0, eos_ = 2, pad_ = 1, unk_ = 3;
    std::int64_t vocabSize_ = 0;
};

}  // namespace dl
