// libFuzzer target: byte-level BPE (RoBERTa's tokenizer.json, GPT-2's vocab.json + merges.txt,
// the tiny test models) on arbitrary bytes, invalid UTF-8 included. The first byte picks
// the model and the maximum length. Time budget (issue #23): the input repeated into a line of
// 16 KB is tokenized whole in under a second (the merge loop was quadratic in a word's length).
#include <cstdint>
#include <string>

#include "FuzzSupport.h"
#include "text/Tokenizer.h"

namespace {
const dl::Tokenizer& model(int which) {
    static const auto load = [](const char* name) {
        auto t = dl::loadTokenizer(std::string(DL_FUZZ_DATA_DIR) + "/models/" + name);
        if (!t) {
            std::fprintf(stderr, "%s\n", t.error().message.c_str());
            std::abort();
        }
        return std::move(*t);
    };
    static const auto roberta = load("roberta-tiny");
    static const auto gpt2 = load("gpt2-tiny");
    return which ? *gpt2 : *roberta;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto& tok = model(data[0] & 1);
    const int maxLength = 2 + (data[0] >> 1) % 30;
    const auto r = tok.encode(dlfuzz::asView(data + 1, size - 1), maxLength);
    if (r.ids.size() > static_cast<std::size_t>(maxLength)) std::abort();
    for (auto id : r.ids)
        if (id < 0 || id >= tok.vocabSize()) std::abort();
    const std::string_view unit = dlfuzz::asView(data + 1, size - 1);
    if (unit.empty()) return 0;
    std::string line;
    while (line.size() < (16u << 10)) line.append(unit);
    dlfuzz::withinBudget("byte-level BPE on a 16 KB line", [&] { (void)tok.encode(line, 0); });
    return 0;
}
