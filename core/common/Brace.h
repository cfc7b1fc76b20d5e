#pragma once
// "{}" substitution for the shard messages: GCC 12 (Debian 12) has no <format>.
#include <sstream>
#include <string>
#include <string_view>

namespace dl::shard_detail {

inline void braceInto(std::ostringstream& out, std::string_view pattern) { out << pattern; }

template <class First, class... Rest>
void braceInto(std::ostringstream& out, std::string_view pattern, const First& first, const Rest&... rest) {
    const auto at = pattern.find("{}");
    if (at == std::string_view::npos) {
        out << pattern;
        return;
    }
    out << pattern.substr(0, at) << first;
    braceInto(out, pattern.substr(at + 2), rest...);
}

template <class... Args>
std::string brace(std::string_view pattern, const Args&... args) {
    std::ostringstream out;
    braceInto(out, pattern, args...);
    return out.str();
}

}  // namespace dl::shard_detail
