#pragma once
// A compact open-addressing set of 64-bit hashes (8 bytes a slot) for import dedupe:
// ~3x less memory than std::unordered_set at 1.5M entries and no allocation per insert.
// Linear probing up to a load of 0.75: a miss scans a few neighbouring slots (one or two
// cache lines) and the sets take half the memory of a 0.5 limit (48 MB at 1.5M pairs).
#include <cstdint>
#include <vector>

namespace dl {

class HashSet64 {
public:
    // Returns true when the value was not present (and inserts it).
    bool insert(std::uint64_t value) {
        if (value == 0) value = 0x9e3779b97f4a7c15ull;  // 0 marks an empty slot
        if ((size_ + 1) * 4 > slots_.size() * 3) grow();  // load <= 0.75
        return insertNoGrow(value);
    }
    bool contains(std::uint64_t value) const {
        if (value == 0) value = 0x9e3779b97f4a7c15ull;
        if (slots_.empty()) return false;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = mix(value) & mask;; i = (i + 1) & mask) {
            if (slots_[i] == value) return true;
            if (slots_[i] == 0) return false;
        }
    }
    std::size_t size() const { return size_; }

private:
    static std::size_t mix(std::uint64_t x) {
        x ^= x >> 33;
        x *= 0xff51afd7ed558ccdull;
        x ^= x >> 33;
        return static_cast<std::size_t>(x);
    }
    bool insertNoGrow(std::uint64_t value) {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = mix(value) & mask;; i = (i + 1) & mask) {
            if (slots_[i] == value) return false;
            if (slots_[i] == 0) {
                slots_[i] = value;
                ++size_;
                return true;
            }
        }
    }
    void grow() {
        std::vector<std::uint64_t> old;
        old.swap(slots_);
        slots_.assign(old.empty() ? 1024 : old.size() * 2, 0);
        size_ = 0;
        for (auto v : old)
            if (v) insertNoGrow(v);
    }
    std::vector<std::uint64_t> slots_;
    std::size_t size_ = 0;
};

}  // namespace dl
