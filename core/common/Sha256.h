#pragma once
// SHA-256 (FIPS 180-4) for export manifests: streaming, no external crypto dependency.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace dl {

class Sha256 {
public:
    Sha256();
    void update(const void* data, std::size_t size);
    void update(std::string_view s) { update(s.data(), s.size()); }
    std::string hexDigest();  // finishes the hash

private:
    void block(const std::uint8_t* p);
    std::array<std::uint32_t, 8> h_;
    std::array<std::uint8_t, 64> buffer_{};
    std::size_t used_ = 0;
    std::uint64_t length_ = 0;
};

}  // namespace dl
