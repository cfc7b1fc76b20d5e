// The names and parsers of the selection options (method, side, sides, the cross-lingual
// adaptive layer and negatives): what the parameter tables (SelectParamsTable.cpp) need, kept
// apart from the jobs (SelectJob.cpp, CrossLingual.cpp) so that the tables, and RunParams built on
// them, link without libtorch (the sanitizer and fuzz builds, tests/fuzz/SanitizeSuites.cmake).
#include <algorithm>
#include <charconv>
#include <string>
#include <string_view>

#include "select/CrossLingual.h"
#include "select/SelectJob.h"

namespace dl {

std::string methodName(SelectMethod m) {
    switch (m) {
    case SelectMethod::Cosine: return "cosine";
    case SelectMethod::FinetuneHead: return "finetune-head";
    case SelectMethod::Finetune: return "finetune";
    case SelectMethod::MooreLewis: return "moore-lewis";
    case SelectMethod::Axelrod: return "axelrod";
    case SelectMethod::Contrast: return "contrast";
    case SelectMethod::Invitation: return "invitation";
    }
    return "?";
}

std::string sideName(TextSide s) { return s == TextSide::Target ? "tgt" : "src"; }
std::string sidesName(ContrastSides s) { return s == ContrastSides::Both ? "both" : "one"; }

Expected<CrossLingualNegatives> parseCrossLingualNegatives(std::string_view text) {
    const auto bad = [&] {
        return usageError("--negatives: expected preranked, preranked:F (0 < F <= 1) or lowest:N (N >= 1), got \"" +
                          std::string(text) + "\"");
    };
    if (text == "preranked") return CrossLingualNegatives{};
    constexpr std::string_view kPreranked = "preranked:";
    if (text.starts_with(kPreranked)) {
        // A plain decimal fraction: digits with at most one '.', nothing else (no sign, exponent,
        // "nan" or "inf").
        const std::string number(text.substr(kPreranked.size()));
        const auto dots = std::count(number.begin(), number.end(), '.');
        if (number.empty() || number.size() > 12 || dots > 1 || number == "." ||
            !std::all_of(number.begin(), number.end(), [](char ch) { return (ch >= '0' && ch <= '9') || ch == '.'; }))
            return bad();
        double f = 0.0;
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), f);
        if (ec != std::errc() || end != number.data() + number.size() || !(f > 0.0 && f <= 1.0)) return bad();
        return CrossLingualNegatives{0, f};
    }
    constexpr std::string_view kLowest = "lowest:";
    if (text.starts_with(kLowest)) {
        const std::string digits(text.substr(kLowest.size()));
        if (!digits.empty() && digits.size() <= 12 &&
            std::all_of(digits.begin(), digits.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
            if (const auto n = std::stoll(digits); n >= 1) return CrossLingualNegatives{n, 2.0 / 3.0};
    }
    return bad();
}

std::string_view adaptiveLayerName(AdaptiveLayerKind kind) {
    switch (kind) {
    case AdaptiveLayerKind::Ffn: return "ffn";
    case AdaptiveLayerKind::None: return "none";
    case AdaptiveLayerKind::Residual: return "residual";
    case AdaptiveLayerKind::Auto: return "auto";
    }
    return "auto";
}

}  // namespace dl
