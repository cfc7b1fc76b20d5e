// libFuzzer target: the TSV line parser through a real import (normalisation, duplicate
// removal, one transaction). The first byte picks the options: gzip-named or not is left to
// the gzip target; here the column roles, --replace-invalid, dedupe and a small line limit.
#include <cstdint>

#include "ImportFuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::uint8_t flags = data[0];
    dl::ImportParams p;
    p.srcPath = dlfuzz::writeFile("corpus.tsv", dlfuzz::asView(data + 1, size - 1));
    p.format = dl::CorpusFormat::Tsv;
    static const std::vector<std::string> layouts[] = {
        {}, {"src"}, {"src", "tgt"}, {"src", "tgt", "domain"}, {"domain", "ignore", "src"}, {"tgt", "src"}};
    p.tsvColumns = layouts[(flags & 7) % 6];
    const bool hasDomain = std::find(p.tsvColumns.begin(), p.tsvColumns.end(), "domain") != p.tsvColumns.end();
    p.labelSource = hasDomain || p.tsvColumns.empty() ? dl::LabelSource::FromColumn : dl::LabelSource::None;
    p.replaceInvalidUtf8 = flags & 8;
    p.dedupe = !(flags & 16);
    if (flags & 32) p.maxLineBytes = 64;
    dlfuzz::importAndCheck(p);
    return 0;
}
