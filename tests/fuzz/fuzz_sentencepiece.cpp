// libFuzzer target: the SentencePiece tokenizer (the isolated module, tiny XLM-R model) on
// arbitrary bytes, invalid UTF-8 included.
#include <cstdint>

#include "FuzzSupport.h"
#include "text/SentencePieceTokenizer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const auto tok = [] {
        const std::string dir = std::string(DL_FUZZ_DATA_DIR) + "/models/xlm-roberta-tiny/";
        auto t = dl::SentencePieceTokenizer::load(dir + "sentencepiece.bpe.model", dir + "tokenizer.json");
        if (!t) {
            std::fprintf(stderr, "%s\n", t.error().message.c_str());
            std::abort();
        }
        return std::move(*t);
    }();
    const auto text = dlfuzz::asView(data, size);
    for (auto id : tok->tokenize(text))
        if (id < 0 || id >= tok->vocabSize()) std::abort();
    const auto r = tok->encode(text, 16);
    if (r.ids.size() > 16 || r.ids.size() < 2) std::abort();
    return 0;
}
