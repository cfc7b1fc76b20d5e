#pragma once
// Word n-gram language model with interpolated modified Kneser-Ney smoothing
// (Chen & Goodman 1998; the estimate KenLM's lmplz makes), for Moore-Lewis / Axelrod
// cross-entropy data selection. Sentences are token sequences; each is scored as
// "<s> w1 ... wn </s>". Words outside the vocabulary map to <unk>.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "common/Error.h"

namespace dl {

class NgramLm {
public:
    static constexpr int kMaxOrder = 6;

    struct Options {
        int order = 4;
        // Closed vocabulary (words outside become <unk>); nullopt = every training word.
        std::optional<std::unordered_set<std::string>> vocabulary;
    };

    // Discounts D1, D2, D3+ of one order, from the closed-form count-of-counts estimate.
    struct Discounts {
        double d1 = 0, d2 = 0, d3 = 0;
    };

    static Expected<NgramLm> train(const std::vector<std::vector<std::string>>& sentences, const Options& options);
    NgramLm(NgramLm&&) noexcept;
    NgramLm& operator=(NgramLm&&) noexcept;
    ~NgramLm();

    int order() const;
    std::size_t vocabularySize() const;  // including <unk> and </s>, excluding <s>
    Discounts discounts(int n) const;    // n = 1..order

    // Natural-log probability of `word` after `context` (the last order-1 words count).
    // Use "<s>" as the first context word for a sentence start, "</s>" as the word for its end.
    double logProb(const std::vector<std::string>& context, const std::string& word) const;
    // Total natural-log probability of the sentence including </s>.
    double sentenceLogProb(const std::vector<std::string>& tokens) const;
    // Per-word cross-entropy in bits: -log2 p(sentence) / (tokens + 1).
    double crossEntropy(const std::vector<std::string>& tokens) const;

    // Writes the model in ARPA format (log10 probabilities and back-off weights).
    Status writeArpa(const std::string& path) const;

private:
    struct Impl;
    explicit NgramLm(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d;
};

// Closed-form modified Kneser-Ney discounts from the counts of n-grams seen once..four times.
NgramLm::Discounts kneserNeyDiscounts(std::int64_t n1, std::int64_t n2, std::int64_t n3, std::int64_t n4);

// The word tokenisation used for n-gram selection: lower-cased, split on white space and
// around punctuation (UTF-8 aware; non-ASCII letters stay inside words).
std::vector<std::string> wordTokens(const std::string& text);

}  // namespace dl
