// libFuzzer target: the streaming line reader on a `.gz` file of arbitrary bytes (truncated
// streams, bad CRCs, concatenated members, a `.gz` that is not gzip), then the same bytes as
// plain text. The first byte picks a small maximum line length sometimes.
#include <cstdint>

#include "FuzzSupport.h"
#include "corpus/LineReader.h"

namespace {
void readAll(const std::string& path, std::size_t maxLine) {
    auto r = dl::LineReader::open(path, maxLine);
    if (!r) return;
    std::string line;
    std::int64_t lines = 0;
    while (true) {
        auto more = (*r)->next(line);
        if (!more || !*more) break;
        if (line.size() > maxLine || line.find('\n') != std::string::npos) std::abort();
        if (++lines != (*r)->lineNumber()) std::abort();
        if ((*r)->bytesRead() < 0) std::abort();
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t maxLine = data[0] & 1 ? 16 : dl::LineReader::kDefaultMaxLineBytes;
    const auto bytes = dlfuzz::asView(data + 1, size - 1);
    readAll(dlfuzz::writeFile("input.gz", bytes), maxLine);
    readAll(dlfuzz::writeFile("input.txt", bytes), maxLine);
    return 0;
}
