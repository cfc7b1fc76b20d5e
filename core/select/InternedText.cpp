#include "select/InternedText.h"

#include <cstdint>

namespace dl {

InternedText InternedText::intern(const std::vector<std::vector<std::string>>& text, WordIds& vocabulary) {
    if (vocabulary.empty()) vocabulary.emplace("<NULL>", 0u);
    InternedText out;
    out.offsets.reserve(text.size() + 1);
    for (const auto& s : text) {
        for (const auto& w : s) {
            auto [it, added] = vocabulary.emplace(w, static_cast<std::uint32_t>(vocabulary.size()));
            out.ids.push_back(it->second);
        }
        out.offsets.push_back(out.ids.size());
    }
    return out;
}

InternedText InternedText::subset(const std::vector<std::int64_t>& rows) const {
    InternedText out;
    out.offsets.reserve(rows.size() + 1);
    for (auto r : rows) {
        const auto s = sentence(static_cast<std::size_t>(r));
        out.ids.insert(out.ids.end(), s.begin(), s.end());
        out.offsets.push_back(out.ids.size());
    }
    return out;
}

}  // namespace dl
