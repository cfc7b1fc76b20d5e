// libFuzzer target: the JSONL line parser through a real import. The first byte picks the
// options (--replace-invalid, dedupe, field names, a small line limit).
#include <cstdint>

#include "ImportFuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::uint8_t flags = data[0];
    dl::ImportParams p;
    p.srcPath = dlfuzz::writeFile("corpus.jsonl", dlfuzz::asView(data + 1, size - 1));
    p.format = dl::CorpusFormat::Jsonl;
    p.labelSource = flags & 1 ? dl::LabelSource::FromColumn : dl::LabelSource::None;
    p.replaceInvalidUtf8 = flags & 2;
    p.dedupe = !(flags & 4);
    if (flags & 8) {
        p.srcField = "text";
        p.tgtField = "translation";
        p.domainField = "label";
    }
    if (flags & 16) p.maxLineBytes = 64;
    dlfuzz::importAndCheck(p);
    return 0;
}
