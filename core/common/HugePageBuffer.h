#pragma once
// A large zero-filled buffer allocated as numpy allocates its arrays on Linux: transparent
// huge pages advised (MADV_HUGEPAGE, which numpy sets on every array of 4 MiB or more) and all
// pages mapped in one call (MADV_POPULATE_WRITE) rather than faulted in one by one as threads
// first touch them. Measured for the 300 MB projection of 1.5M rows (bench/gmm/RESULTS.md):
// 0.03 s to map with huge pages, 0.10 s with 4 KiB pages (MAP_POPULATE), ~0.25 s of CPU when
// faulted on first touch; the projection went from 0.31 to 0.24 s. The first huge-page mapping
// after the machine sat idle can take longer (0.65 s once here) while the kernel compacts
// memory; numpy's arrays pay the same. Either advice may be refused (THP disabled, an older
// kernel): the buffer is then mapped with normal pages, page by page as it is written.
// Ownership: the buffer owns its mapping; move-only; unmapped by the destructor.
#include <cstddef>
#include <optional>

namespace dl {

class HugePageBuffer {
public:
    // nullopt when the mapping itself fails (out of address space or memory).
    static std::optional<HugePageBuffer> allocate(std::size_t bytes);

    HugePageBuffer(HugePageBuffer&& other) noexcept;
    HugePageBuffer& operator=(HugePageBuffer&& other) noexcept;
    HugePageBuffer(const HugePageBuffer&) = delete;
    HugePageBuffer& operator=(const HugePageBuffer&) = delete;
    ~HugePageBuffer();

    void* data() const { return data_; }  // 2 MiB aligned
    std::size_t size() const { return size_; }

private:
    HugePageBuffer(void* mapping, std::size_t mappedBytes, void* data, std::size_t size);
    void release();

    void* mapping_ = nullptr;  // what munmap gets: data_ rounded down, plus the alignment slack
    std::size_t mappedBytes_ = 0;
    void* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace dl
