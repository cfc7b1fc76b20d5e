// libFuzzer target: WordPiece (BERT normaliser, pre-tokenizer, greedy longest match) on
// arbitrary bytes, invalid UTF-8 included, with the tiny test model's vocabulary. The first
// byte picks the options (lower-casing, accents, CJK, clean text, max word length).
#include <cstdint>

#include "FuzzSupport.h"
#include "text/WordPiece.h"

namespace {
const dl::WordPieceTokenizer& tokenizer(std::uint8_t flags) {
    static dl::WordPieceTokenizer* cache[32] = {};
    auto& t = cache[flags & 31];
    if (!t) {
        dl::WordPieceOptions o;
        o.lowercase = flags & 1;
        if (flags & 2) o.stripAccents = (flags & 4) != 0;
        o.handleChineseChars = flags & 8;
        o.cleanText = flags & 16;
        auto r =
            dl::WordPieceTokenizer::fromVocabFile(std::string(DL_FUZZ_DATA_DIR) + "/models/bert-tiny/vocab.txt", o);
        if (!r) std::abort();
        t = new dl::WordPieceTokenizer(std::move(*r));  // lives for the whole run, like a loaded model
    }
    return *t;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto& tok = tokenizer(data[0]);
    const auto text = dlfuzz::asView(data + 1, size - 1);
    const auto pieces = tok.tokenize(text);
    for (auto id : pieces)
        if (id < 0 || id >= tok.vocabSize()) std::abort();
    (void)tok.preTokenize(text);
    const int maxLength = 2 + (data[0] >> 5);  // 2..9
    const auto r = tok.encode(text, maxLength);
    if (r.ids.size() > static_cast<std::size_t>(maxLength) || r.ids.size() < 2) std::abort();
    return 0;
}
