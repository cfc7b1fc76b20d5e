#include "common/HugePageBuffer.h"

#include <cstdint>
#include <utility>

#include <sys/mman.h>

namespace dl {

namespace {
constexpr std::size_t kHugePage = std::size_t(2) << 20;
}

std::optional<HugePageBuffer> HugePageBuffer::allocate(std::size_t bytes) {
    // One huge page more than asked, so that the data can start on a huge-page boundary.
    const std::size_t mapped = bytes + kHugePage;
    void* mapping = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping == MAP_FAILED) return std::nullopt;
    const auto start = (reinterpret_cast<std::uintptr_t>(mapping) + kHugePage - 1) & ~(kHugePage - 1);
    void* data = reinterpret_cast<void*>(start);
#ifdef MADV_HUGEPAGE
    madvise(data, bytes, MADV_HUGEPAGE);  // advice: refused where THP is off
#endif
#ifdef MADV_POPULATE_WRITE
    madvise(data, bytes, MADV_POPULATE_WRITE);  // Linux 5.14+; else the pages fault in as written
#endif
    return HugePageBuffer(mapping, mapped, data, bytes);
}

HugePageBuffer::HugePageBuffer(void* mapping, std::size_t mappedBytes, void* data, std::size_t size)
    : mapping_(mapping), mappedBytes_(mappedBytes), data_(data), size_(size) {}

HugePageBuffer::HugePageBuffer(HugePageBuffer&& other) noexcept
    : mapping_(std::exchange(other.mapping_, nullptr)),
      mappedBytes_(std::exchange(other.mappedBytes_, 0)),
      data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)) {}

HugePageBuffer& HugePageBuffer::operator=(HugePageBuffer&& other) noexcept {
    if (this != &other) {
        release();
        mapping_ = std::exchange(other.mapping_, nullptr);
        mappedBytes_ = std::exchange(other.mappedBytes_, 0);
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

HugePageBuffer::~HugePageBuffer() { release(); }

void HugePageBuffer::release() {
    if (mapping_) munmap(mapping_, mappedBytes_);
    mapping_ = nullptr;
}

}  // namespace dl
