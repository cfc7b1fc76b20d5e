// libFuzzer target: tokenizer.json of arbitrary bytes, loaded the way the encoder loads a
// model folder: alone (WordPiece vocab inside tokenizer.json, normalizer options, byte-level
// BPE) and, when it mentions Unigram, next to the tiny XLM-R SentencePiece model (the
// piece-to-id mapping is read from the JSON). Every id produced must be in the vocabulary.
// Time budget (issue #23): a 32 KB line made of the input's own bytes (so its words are the
// vocabulary's words) is tokenized whole, and cut at 512, each in under a second.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "FuzzSupport.h"
#include "text/Tokenizer.h"

namespace {
void loadAndExercise(const std::string& dir, std::string_view bytes) {
    auto tok = dl::loadTokenizer(dir);
    if (!tok) return;
    static const char* sentences[] = {"Hello, world!", "The patient\u2019s blood pressure was 120/80.", "東京 café",
                                      ""};
    for (const char* s : sentences) {
        const auto r = (*tok)->encode(s, 16);
        if (r.ids.size() > 16) std::abort();
    }
    std::string line;
    while (!bytes.empty() && line.size() < (32u << 10)) line.append(bytes.substr(0, 4096));
    dlfuzz::withinBudget("tokenizing a 32 KB line", [&] { (void)(*tok)->encode(line, 0); });
    dlfuzz::withinBudget("tokenizing a 32 KB line, max_length 512", [&] {
        if ((*tok)->encode(line, 512).ids.size() > 512) std::abort();
    });
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto bytes = dlfuzz::asView(data, size);
    dlfuzz::writeFile("plain/tokenizer.json", bytes);
    loadAndExercise((dlfuzz::scratchDir() / "plain").string(), bytes);
    if (bytes.find("Unigram") != std::string_view::npos) {
        const auto dir = dlfuzz::scratchDir() / "spm";
        dlfuzz::writeFile("spm/tokenizer.json", bytes);
        std::error_code ec;
        if (!std::filesystem::exists(dir / "sentencepiece.bpe.model"))
            std::filesystem::create_symlink(
                std::string(DL_FUZZ_DATA_DIR) + "/models/xlm-roberta-tiny/sentencepiece.bpe.model",
                dir / "sentencepiece.bpe.model", ec);
        loadAndExercise(dir.string(), bytes);
    }
    return 0;
}
