#include "share/SharePage.h"

#include <array>
#include <cstdint>
#include <string_view>

#include "common/Sha256.h"

namespace dl::share_detail {

// The page's style and script (share/SharePageAssets.cpp).
extern const std::string_view kStyle;
extern const std::string_view kScript;

namespace {

std::string base64(const std::array<std::uint8_t, 32>& bytes) {
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (std::uint8_t b : bytes) {
        acc = (acc << 8) | b;
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out += kAlphabet[(acc >> bits) & 63];
        }
    }
    if (bits > 0) out += kAlphabet[(acc << (6 - bits)) & 63];
    while (out.size() % 4) out += '=';
    return out;
}

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

}  // namespace

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

std::string renderSharePage(const nlohmann::json& data) {
    const std::string csp = "default-src 'none'; script-src " + cspHash(kScript) + "; style-src " + cspHash(kStyle) +
                            "; img-src 'none'; connect-src 'none'; base-uri 'none'; form-action 'none'";
    std::string page;
    page += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    page += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + csp + "\">\n";
    page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    page += "<title>" + htmlEscape(data.value("title", std::string("DomainLens map"))) + "</title>\n";
    page += "<style>" + std::string(kStyle) + "</style>\n</head>\n<body>\n";
    page += R"(<header><h1 id="title"></h1><p id="provenance"></p></header>
<main><section id="mapPane"><div id="controls"><label>Colour by <select id="colourBy">
<option value="domain">true domain</option><option value="cluster">cluster</option></select></label>
<label><input type="checkbox" id="ellipses" checked> component ellipses (2&sigma;)</label>
<span id="count"></span></div><div id="plot"><canvas id="map"></canvas><div id="tip" hidden></div></div>
<div id="legend"></div></section>
<section id="side"><h2>True domain &times; cluster</h2><table id="confusion"></table><p id="metrics"></p></section></main>
<pre id="selftest" hidden></pre>
)";
    page += "<script type=\"application/json\" id=\"data\">" + jsonForScriptBlock(data) + "</script>\n";
    page += "<script>" + std::string(kScript) + "</script>\n</body>\n</html>\n";
    return page;
}

}  // namespace dl::share_detail
