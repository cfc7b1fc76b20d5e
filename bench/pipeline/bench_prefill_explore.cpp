// Prepares a large project for the GUI stall while explore's chunks arrive (bench_gui_stall
// --explore) without hours of encoding: DST_CORPUS (built from SRC_CORPUS's sentences repeated
// with " (r)" appended, bench/pipeline/stall_project.sh) gets, row by row, the stored vector of
// the source sentence it repeats, in SRC's embedding set (same key: explore with the same
// model finds it encoded), and explore's sample corpus "<DST_CORPUS>.sample" is imported as
// explore imports it (stratifiedSample, seed 0) with its vectors filled the same way. explore
// then draws its first map and assigns every chunk from the store: the chunks arrive as fast as
// they are assigned, the GUI's worst case. The vectors of repeated rows are their source
// sentence's, not their own (the suffix is not encoded): a load test, not a quality figure.
//
// usage: bench_prefill_explore SRC_PROJECT SRC_CORPUS DST_PROJECT DST_CORPUS SAMPLE
#include <cstdio>
#include <fstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "BenchCheck.h"
#include "corpus/Import.h"
#include "explore/ExploreJob.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Store.h"

namespace {

// "text (12)" -> "text"; anything else as it is.
std::string base(const std::string& s) {
    if (s.empty() || s.back() != ')') return s;
    const auto open = s.rfind(" (");
    if (open == std::string::npos) return s;
    for (std::size_t i = open + 2; i + 1 < s.size(); ++i)
        if (s[i] < '0' || s[i] > '9') return s;
    return s.substr(0, open);
}

// Fills `corpus` (every row, in chunks of 20,000 rows, one transaction each) with its source rows' vectors.
void fill(dl::Store& dst, const dl::EmbeddingSetInfo& set, const dl::CorpusInfo& corpus,
          const std::unordered_map<std::string, std::int64_t>& row, const dl::EmbeddingMatrix& src) {
    constexpr std::int64_t kChunk = 20000;
    std::vector<float> data;
    std::int64_t first = 0, missing = 0;
    auto flush = [&] {
        if (data.empty()) return;
        const std::int64_t rows = std::int64_t(data.size()) / src.dim;
        auto tx = check(dst.begin(), "begin");
        check(dl::appendEmbeddings(dst, set.id, corpus.id, first, rows, data), "append");
        check(tx.commit(), "commit");
        first += rows;
        data.clear();
    };
    check(dl::forEachSentence(dst, corpus.id, 0,
                              [&](const dl::Sentence& s) {
                                  auto it = row.find(base(s.src));
                                  if (it == row.end()) it = row.find(s.src);
                                  const std::int64_t r = it == row.end() ? (++missing, 0) : it->second;
                                  data.insert(data.end(), src.row(r), src.row(r) + src.dim);
                                  if (std::int64_t(data.size()) / src.dim == kChunk) flush();
                                  return true;
                              }),
          "read corpus");
    flush();
    std::printf("%s: %lld rows filled (%lld without a source sentence: row 0's vector)\n", corpus.name.c_str(),
                static_cast<long long>(first), static_cast<long long>(missing));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 6) {
        std::fprintf(stderr, "usage: %s SRC_PROJECT SRC_CORPUS DST_PROJECT DST_CORPUS SAMPLE\n", argv[0]);
        return 2;
    }
    auto src = check(dl::Store::open(argv[1], dl::OpenMode::ReadOnly), "open source");
    const auto srcCorpus = check(dl::findCorpus(*src, argv[2]), "source corpus");
    const auto srcSet = check(dl::latestCompleteSet(*src, srcCorpus.id), "source set");
    const auto vectors = check(dl::loadEmbeddings(*src, srcSet.id, srcCorpus.id), "source vectors");
    std::unordered_map<std::string, std::int64_t> row;
    check(dl::forEachSentence(*src, srcCorpus.id, 0,
                              [&](const dl::Sentence& s) {
                                  row.emplace(s.src, s.position);
                                  return true;
                              }),
          "read source");

    auto dst = check(dl::Store::open(argv[3]), "open destination");
    const std::string name = argv[4];
    const auto corpus = check(dl::findCorpus(*dst, name), "destination corpus");
    const auto set = check(dl::ensureEmbeddingSet(*dst, srcSet.key, srcSet.dim, srcSet.storage, srcSet.modelPath),
                           "destination set");
    fill(*dst, set, corpus, row, vectors);

    // explore's sample corpus, imported as explore imports it (ExploreJob.cpp sampleCorpus).
    const auto labels = check(dl::corpusLabels(*dst, corpus.id), "labels");
    const auto rows = dl::stratifiedSample(labels.domainIndex, std::stoll(argv[5]), 0);
    const std::string tsv = std::string(argv[3]) + ".sample.tsv";
    {
        std::ofstream out(tsv);
        std::size_t next = 0;
        check(dl::forEachSentence(*dst, corpus.id, 0,
                                  [&](const dl::Sentence& s) {
                                      if (next < rows.size() && s.position == rows[next]) {
                                          out << s.src << '\t' << s.domain << '\n';
                                          ++next;
                                      }
                                      return next < rows.size();
                                  }),
              "write sample");
    }
    dl::ImportParams ip;
    ip.corpus = name + ".sample";
    ip.srcPath = tsv;
    ip.format = dl::CorpusFormat::Tsv;
    ip.tsvColumns = {"src", "domain"};
    ip.labelSource = dl::LabelSource::FromColumn;
    ip.srcLang = corpus.srcLang;
    ip.dedupe = false;
    dl::NullProgress np;
    dl::CancelToken none;
    check(dl::runImport(ip, *dst, np, none), "import sample");
    std::remove(tsv.c_str());
    fill(*dst, set, check(dl::findCorpus(*dst, ip.corpus), "sample corpus"), row, vectors);
    return 0;
}
