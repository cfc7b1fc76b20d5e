// How large explore's first-map sample must be (issue 27): on an encoded corpus, the first map
// as explore computes it (a stratified sample of SIZE rows, clustered with `cluster`'s own job,
// its stored model applied to every row) against the full fit (every row clustered), for a few
// sample seeds per size: label_agreement (Hungarian-matched share) and the adjusted Rand index.
// The noise floor is the full fit against itself with other seeds (firstSeed 100, 200): a
// sample agrees "within noise" when its agreement is as high as two full fits agree.
// The sample's vectors are copied from the corpus's set (the encoder is deterministic, so
// they are what explore would encode), so no sentence is encoded here.
//
// usage: bench_sample_agreement PROJECT CORPUS K SIZE[,SIZE...] SAMPLE_SEEDS
// It writes into PROJECT (one corpus and cluster run per sample, three full fits): use a copy.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "BenchCheck.h"
#include "analysis/ClusterJob.h"
#include "analysis/ClusterModel.h"
#include "analysis/Metrics.h"
#include "corpus/Import.h"
#include "explore/ExploreJob.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string loadAverage() {
    std::ifstream f("/proc/loadavg");
    std::string a, b, c;
    f >> a >> b >> c;
    return a + " " + b + " " + c;
}

std::vector<std::int32_t> labelsOf(dl::Store& store, std::int64_t runId) {
    return check(dl::readRunResults(store, runId), "read run").label;
}

double purityOf(const std::vector<int>& truth, const std::vector<std::int32_t>& labels, int domains, int k) {
    return dl::purity(dl::confusionMatrix(truth, labels, domains, k));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 6) {
        std::fprintf(stderr, "usage: %s PROJECT CORPUS K SIZE[,SIZE...] SAMPLE_SEEDS\n", argv[0]);
        return 2;
    }
    const std::string project = argv[1], corpusName = argv[2];
    const int k = std::stoi(argv[3]);
    std::vector<std::int64_t> sizes;
    std::stringstream list(argv[4]);
    for (std::string s; std::getline(list, s, ',');) sizes.push_back(std::stoll(s));
    const int sampleSeeds = std::stoi(argv[5]);

    auto store = check(dl::Store::open(project), "open");
    dl::NullProgress np;
    dl::CancelToken none;
    const auto corpus = check(dl::findCorpus(*store, corpusName), "corpus");
    const auto set = check(dl::latestCompleteSet(*store, corpus.id), "embedding set");
    const auto labels = check(dl::corpusLabels(*store, corpus.id), "labels");
    auto all = check(dl::loadEmbeddings(*store, set.id, corpus.id), "vectors");
    const int domains = int(labels.domainNames.size());
    std::printf("corpus %s: %lld sentences, %d domains, set %lld (%s), k %d, load %s\n", corpusName.c_str(),
                static_cast<long long>(corpus.sentences), domains, static_cast<long long>(set.id),
                set.key.model.c_str(), k, loadAverage().c_str());

    // The full fits: explore's refit (firstSeed 0) and two more for the noise floor.
    std::vector<std::vector<std::int32_t>> full;
    for (const std::uint64_t first : {0ull, 100ull, 200ull}) {
        dl::ClusterParams cp;
        cp.corpus = corpusName;
        cp.embeddingSet = set.id;
        cp.k = k;
        cp.firstSeed = first;
        const auto t = Clock::now();
        auto r = check(dl::runCluster(cp, *store, np, none), "full fit");
        full.push_back(labelsOf(*store, r.runId));
        std::printf("full fit seeds %llu..: run %lld, %.1f s, purity %.4f\n", static_cast<unsigned long long>(first),
                    static_cast<long long>(r.runId), since(t), purityOf(labels.domainIndex, full.back(), domains, k));
    }
    for (std::size_t a = 0; a < full.size(); ++a)
        for (std::size_t b = a + 1; b < full.size(); ++b) {
            const auto ag = dl::labelAgreement(full[a], full[b], k);
            std::printf("noise: full fit %zu vs %zu: label_agreement %.4f, ARI %.4f\n", a, b, ag.matched,
                        ag.adjustedRandIndex);
        }

    std::printf("size\tseed\tlabel_agreement\tARI\tvs_other_full_fits\tpurity_assigned\tfit_s\tload\n");
    for (const std::int64_t size : sizes)
        for (int seed = 0; seed < sampleSeeds; ++seed) {
            const auto rows = dl::stratifiedSample(labels.domainIndex, size, std::uint64_t(seed));
            // the sample as its own corpus, as explore imports it (src and domain columns)
            const std::string name = corpusName + ".s" + std::to_string(size) + "." + std::to_string(seed);
            const std::string tsv = project + "." + name + ".tsv";
            {
                std::vector<std::int64_t> ids;
                for (const auto r : rows) ids.push_back(labels.sentenceIds[std::size_t(r)]);
                auto sentences = check(dl::sentencesById(*store, ids), "sentences");
                std::ofstream out(tsv);
                for (const auto& s : sentences) out << s.src << '\t' << s.domain << '\n';
            }
            dl::ImportParams ip;
            ip.corpus = name;
            ip.srcPath = tsv;
            ip.format = dl::CorpusFormat::Tsv;
            ip.tsvColumns = {"src", "domain"};
            ip.labelSource = dl::LabelSource::FromColumn;
            ip.dedupe = false;
            check(dl::runImport(ip, *store, np, none), "import sample");
            std::remove(tsv.c_str());
            const auto sample = check(dl::findCorpus(*store, name), "sample corpus");
            if (sample.sentences != std::int64_t(rows.size())) {
                std::fprintf(stderr, "sample %s imported %lld of %zu rows\n", name.c_str(),
                             static_cast<long long>(sample.sentences), rows.size());
                return 1;
            }
            std::vector<float> data;
            data.reserve(rows.size() * std::size_t(all.dim));
            for (const auto r : rows) data.insert(data.end(), all.row(r), all.row(r) + all.dim);
            {
                auto tx = check(store->begin(), "begin");
                check(dl::appendEmbeddings(*store, set.id, sample.id, 0, std::int64_t(rows.size()), data),
                      "copy vectors");
                check(tx.commit(), "commit");
            }
            dl::ClusterParams cp;
            cp.corpus = name;
            cp.embeddingSet = set.id;
            cp.k = k;
            const auto t = Clock::now();
            auto fit = check(dl::runCluster(cp, *store, np, none), "sample fit");
            const double fitSeconds = since(t);
            auto run = check(dl::getRun(*store, fit.runId), "run");
            auto model = check(dl::loadClusterModel(*store, run), "model");
            auto copy = all.data;
            auto g = check(dl::applyClusterModel(model, copy, all.rows, all.dim, none), "assign");
            const std::vector<std::int32_t> assigned(g.labels.begin(), g.labels.end());
            const auto ag = dl::labelAgreement(assigned, full[0], k);
            const double others =
                (dl::labelAgreement(assigned, full[1], k).matched + dl::labelAgreement(assigned, full[2], k).matched) /
                2;
            std::printf("%lld\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t%.1f\t%s\n", static_cast<long long>(size), seed, ag.matched,
                        ag.adjustedRandIndex, others, purityOf(labels.domainIndex, assigned, domains, k), fitSeconds,
                        loadAverage().c_str());
            std::fflush(stdout);
        }
    return 0;
}
