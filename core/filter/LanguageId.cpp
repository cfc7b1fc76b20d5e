#include "filter/LanguageId.h"

#include <fasttext/fasttext.h>
#include <cstdint>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "common/DataDirs.h"
#include "common/RegularFile.h"
#include "common/Sha256.h"

namespace dl {
namespace {

constexpr std::string_view kLabelPrefix = "__label__";
constexpr int kTopLanguages = 3;

Expected<std::string> fileSha256(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("Cannot read the language-ID model " + path + ".");
    Sha256 h;
    std::vector<char> buffer(1 << 16);
    while (in) {
        in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        h.update(buffer.data(), static_cast<std::size_t>(in.gcount()));
    }
    return h.hexDigest();
}

}  // namespace

std::string defaultLanguageIdModelPath() { return modelsDataDir() + "/lid.176.ftz"; }

LanguageIdentifier::LanguageIdentifier() : model_(std::make_unique<fasttext::FastText>()) {}
LanguageIdentifier::~LanguageIdentifier() = default;

Expected<std::unique_ptr<LanguageIdentifier>> LanguageIdentifier::load(const std::string& path, bool checkDigest) {
    if (auto s = checkRegularFile(path, "The language-ID model"); !s)
        return std::unexpected(Error(s.error().kind,
                                     s.error().message + " (scripts/install-model.sh lid.176 installs it)",
                                     s.error().code, s.error().args));
    if (checkDigest) {
        auto digest = fileSha256(path);
        if (!digest) return std::unexpected(digest.error());
        if (*digest != kLid176Sha256)
            return fail("The language-ID model " + path + " is not lid.176.ftz (SHA-256 " + *digest +
                        "); reinstall it with scripts/install-model.sh lid.176.");
    }
    std::unique_ptr<LanguageIdentifier> id(new LanguageIdentifier());
    try {
        id->model_->loadModel(path);
    } catch (const std::exception& e) {
        return fail("Cannot load the language-ID model " + path + ": " + e.what());
    }
    const auto dict = id->model_->getDictionary();
    for (std::int32_t i = 0; i < dict->nlabels(); ++i) {
        std::string label = dict->getLabel(i);
        if (label.starts_with(kLabelPrefix)) label.erase(0, kLabelPrefix.size());
        id->labels_.push_back(std::move(label));
    }
    if (id->labels_.empty()) return fail("The language-ID model " + path + " has no labels.");
    return id;
}

bool LanguageIdentifier::knows(std::string_view language) const {
    return std::find(labels_.begin(), labels_.end(), language) != labels_.end();
}

std::vector<std::string> LanguageIdentifier::languages() const {
    std::vector<std::string> out = labels_;
    std::sort(out.begin(), out.end());
    return out;
}

LanguageGuess LanguageIdentifier::identify(std::string_view text, std::string_view expected) const {
    std::string line(text);
    std::replace_if(
        line.begin(), line.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    line += '\n';
    std::istringstream in(line);
    std::vector<std::pair<fasttext::real, std::string>> predictions;
    LanguageGuess guess;
    if (!model_->predictLine(in, predictions, kTopLanguages, 0.0f) || predictions.empty()) return guess;
    auto code = [](const std::string& label) {
        return std::string_view(label).substr(label.starts_with(kLabelPrefix) ? kLabelPrefix.size() : 0);
    };
    guess.best = std::string(code(predictions.front().second));
    guess.bestProb = predictions.front().first;
    for (const auto& [prob, label] : predictions)
        if (code(label) == expected) guess.expectedProb = prob;
    return guess;
}

}  // namespace dl
