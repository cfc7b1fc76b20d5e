#include "common/JsonText.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/RegularFile.h"

namespace dl {

std::pair<std::int64_t, std::int64_t> lineAndColumn(const std::string& text, std::size_t at) {
    const std::size_t upto = std::min(at, text.size());
    const auto line = 1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(upto), '\n');
    const auto lastNl = text.rfind('\n', upto == 0 ? 0 : upto - 1);
    const auto column = lastNl == std::string::npos || upto == 0 ? upto + 1 : upto - lastNl;
    return {std::int64_t(line), std::int64_t(column)};
}

nlohmann::json parseJsonOrDiscarded(std::string_view text, bool* tooDeep) {
    const bool deep = jsonNestsDeeperThan(text);
    if (tooDeep) *tooDeep = deep;
    if (deep) return nlohmann::json(nlohmann::json::value_t::discarded);
    return nlohmann::json::parse(text, nullptr, false);
}

nlohmann::json parseJsonOrDiscarded(std::istream& in, bool* tooDeep) {
    std::ostringstream s;
    s << in.rdbuf();
    return parseJsonOrDiscarded(std::string_view(s.view()), tooDeep);
}

std::string tooDeepNote(bool tooDeep) {
    return tooDeep ? " (nested deeper than " + std::to_string(kMaxJsonDepth) + " levels)" : "";
}

Expected<nlohmann::json> parseJsonText(const std::string& text, const std::string& what) {
    if (jsonNestsDeeperThan(text))
        return usageError(what + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels.");
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte is 1-based: the byte at which parsing stopped.
        const auto [line, column] = lineAndColumn(text, e.byte > 0 ? e.byte - 1 : 0);
        std::string msg = e.what();
        if (const auto p = msg.find("syntax error"); p != std::string::npos) msg = msg.substr(p);
        return usageError(what + ": malformed JSON at line " + std::to_string(line) + ", column " +
                          std::to_string(column) + ": " + msg);
    }
}

Expected<std::string> readTextFile(const std::string& path, std::uint64_t maxBytes, std::string_view what) {
    if (auto st = checkRegularFile(path, what); !st) return std::unexpected(st.error());
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("Cannot read " + path + ".");
    if (maxBytes == 0) {
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    }
    auto tooLarge = [&] {
        return usageError(path + " has more than " + std::to_string(maxBytes) + " bytes; a " + std::string(what) +
                          " is read only up to that size.");
    };
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return fail("Cannot read " + path + ": " + ec.message() + ".");
    if (size > maxBytes) return tooLarge();
    // Chunks up to maxBytes + 1 bytes in all: a file that grew since its size was taken is
    // refused, not read to its end.
    std::string text;
    text.reserve(std::size_t(size));
    std::array<char, 65536> chunk{};
    while (text.size() <= maxBytes && in) {
        in.read(chunk.data(), std::streamsize(std::min<std::uint64_t>(chunk.size(), maxBytes + 1 - text.size())));
        text.append(chunk.data(), std::size_t(in.gcount()));
    }
    if (text.size() > maxBytes) return tooLarge();
    return text;
}

Expected<nlohmann::json> readJsonFile(const std::string& path, std::uint64_t maxBytes) {
    auto text = readTextFile(path, maxBytes, "JSON file");
    if (!text) return std::unexpected(text.error());
    return parseJsonText(*text, path);
}

}  // namespace dl
