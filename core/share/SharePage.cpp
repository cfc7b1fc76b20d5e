#include "share/SharePage.h"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "common/Sha256.h"

namespace dl::share_detail {

// The page's style and script (share/SharePageAssets.cpp).
extern const std::string_view kStyle;
extern const std::string_view kScript;

namespace {

// 'sha256-…' of an inline block, as CSP Level 2 spells a hash source.
std::string cspHash(std::string_view text) {
    Sha256 h;
    h.update(text);
    const std::string hex = h.hexDigest();
    std::array<std::uint8_t, 32> raw{};
    for (std::size_t i = 0; i < raw.size(); ++i)
        raw[i] = static_cast<std::uint8_t>(std::stoi(hex.substr(2 * i, 2), nullptr, 16));
    return "'sha256-" + base64(raw) + "'";
}

std::string htmlEscape(std::string_view s) {
    std::string out;
    for (char c : s) {
        switch (c) {
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '&': out += "&amp;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

static_assert(std::endian::native == std::endian::little, "the page reads little-endian typed arrays");

template <typename T>
void appendBytes(std::vector<std::uint8_t>& out, const std::vector<T>& values) {
    const std::size_t at = out.size();
    out.resize(at + values.size() * sizeof(T));
    if (!values.empty()) std::memcpy(out.data() + at, values.data(), values.size() * sizeof(T));
}

// The per-point block: x, y, the layers (float32; 4-byte aligned from offset 0), then cluster
// and domain (int16).
std::string pointBlock(const SharePageData& d) {
    std::vector<std::uint8_t> bytes;
    bytes.reserve(d.x.size() * (12 + 4 * d.layers.size()));
    appendBytes(bytes, d.x);
    appendBytes(bytes, d.y);
    for (const auto& layer : d.layers) appendBytes(bytes, layer);
    appendBytes(bytes, d.cluster);
    appendBytes(bytes, d.domain);
    return base64(bytes);
}

// The sentences as one JSON string joined by '\n' (a sentence's own line breaks become spaces):
// one string parses far faster than 1.5M small ones.
std::string textBlock(const std::vector<std::string>& texts) {
    std::string joined;
    std::size_t total = 0;
    for (const auto& t : texts) total += t.size() + 1;
    joined.reserve(total);
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (i) joined += '\n';
        for (char c : texts[i]) joined += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return jsonForScriptBlock(nlohmann::json(joined));
}

}  // namespace

std::string base64(std::span<const std::uint8_t> bytes) {
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const std::uint32_t v = (std::uint32_t(bytes[i]) << 16) | (std::uint32_t(bytes[i + 1]) << 8) | bytes[i + 2];
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += kAlphabet[(v >> 6) & 63];
        out += kAlphabet[v & 63];
    }
    if (const std::size_t rest = bytes.size() - i; rest > 0) {
        std::uint32_t v = std::uint32_t(bytes[i]) << 16;
        if (rest == 2) v |= std::uint32_t(bytes[i + 1]) << 8;
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += rest == 2 ? kAlphabet[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

std::string jsonForScriptBlock(const nlohmann::json& data) {
    const std::string text = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::string out;
    out.reserve(text.size() + text.size() / 16);
    for (char c : text) {
        if (c == '<') out += "\\u003c";
        else if (c == '>') out += "\\u003e";
        else if (c == '&') out += "\\u0026";
        else out += c;
    }
    return out;
}

std::string renderSharePage(const SharePageData& data) {
    nlohmann::json meta = data.meta;
    meta["n"] = data.x.size();
    const std::string csp = "default-src 'none'; script-src " + cspHash(kScript) + "; style-src " + cspHash(kStyle) +
                            "; img-src 'none'; connect-src 'none'; base-uri 'none'; form-action 'none'";
    std::string page;
    page += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    page += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + csp + "\">\n";
    page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    page += "<title>" + htmlEscape(meta.value("title", std::string("DomainLens map"))) + "</title>\n";
    page += "<style>" + std::string(kStyle) + "</style>\n</head>\n<body>\n";
    page += R"(<header><h1 id="title"></h1><p id="provenance"></p></header>
<main><section id="mapPane"><div id="controls"><label>Colour by <select id="colourBy">
<option value="domain">true domain</option><option value="cluster">cluster</option></select></label>
<label><input type="checkbox" id="ellipses" checked> component ellipses (2&sigma;)</label>
<span id="count"></span></div><div id="plot"><canvas id="map"></canvas><div id="tip" hidden></div></div>
<div id="legend"></div></section>
<section id="side"><h2>True domain &times; cluster</h2><table id="confusion"></table><p id="metrics"></p>
<div id="selections"></div><div id="filters"></div></section></main>
<pre id="selftest" hidden></pre>
)";
    page += "<script type=\"application/json\" id=\"meta\">" + jsonForScriptBlock(meta) + "</script>\n";
    page += "<script type=\"application/octet-stream\" id=\"points\">" + pointBlock(data) + "</script>\n";
    page += "<script>" + std::string(kScript) + "</script>\n";
    page += "<script type=\"application/json\" id=\"text\">" + textBlock(data.texts) + "</script>\n";
    page += "</body>\n</html>\n";
    return page;
}

}  // namespace dl::share_detail
