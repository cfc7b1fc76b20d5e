// libFuzzer target: a vocab.txt of arbitrary bytes loaded as the WordPiece vocabulary of a
// model folder, then a few fixed sentences tokenized with it (ids must stay in the vocabulary).
#include <cstdint>

#include "FuzzSupport.h"
#include "text/Tokenizer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    dlfuzz::writeFile("vocab.txt", dlfuzz::asView(data, size));
    auto tok = dl::loadTokenizer(dlfuzz::scratchDir().string());
    if (!tok) return 0;
    static const char* sentences[] = {"Hello, world!", "unaffable ##ing [UNK] x", "Ünïcödé 東京 naïve café", ""};
    for (const char* s : sentences) {
        const auto r = (*tok)->encode(s, 8);
        if (r.ids.size() > 8) std::abort();
        for (auto id : r.ids)
            if (id < 0 || id >= (*tok)->vocabSize()) std::abort();
    }
    return 0;
}
