// The parameters of `explore` (ExploreParams), declared once. Its own: corpus, sample, stage,
// sample-seed, chunk; the encode and cluster options it offers are borrowed from those jobs'
// tables (same names, help, ranges and defaults: explore's first map is a normal cluster run).
// explore stores no params JSON of its own (its runs store theirs), so no spec has a stored key.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "explore/ExploreJob.h"

namespace dl {

namespace {

// The bindings of `inner` named in `names`, reading and writing p.*member.
template <class Q>
void borrow(ParamTable<ExploreParams>& t, Q ExploreParams::*member, const ParamTable<Q>& inner,
            std::initializer_list<std::string_view> names) {
    for (std::string_view name : names) {
        const auto& all = inner.bindings();
        const auto b = std::find_if(all.begin(), all.end(), [&](const auto& x) { return x.spec.name == name; });
        if (b == all.end())
            throw std::logic_error("explore borrows an option its job does not have: " + std::string(name));
        ParamSpec spec = b->spec;
        spec.jsonKey.clear();
        // explore fits the value given or the default (its cluster runs resolve no "auto").
        if (spec.autoWhenAbsent) spec.autoWhenAbsent = false, spec.defaultNote.clear();
        t.add(
            std::move(spec), [member, get = b->get](const ExploreParams& p) { return get(p.*member); },
            [member, set = b->set](ExploreParams& p, const ParamValue& v) { set(p.*member, v); });
    }
}

ParamTable<ExploreParams> makeExploreTable() {
    using X = ExploreParams;
    ParamTable<X> t;
    t.field(
        param("corpus", "Corpus to explore (its sample becomes the corpus NAME.sample).").shownAs("NAME").mandatory(),
        &X::corpus);
    t.field(param("sample",
                  "Sentences in the sample map: a random sample stratified by domain label (each label's share "
                  "of the corpus, largest remainder), encoded and clustered before the rest; its first --stage "
                  "percent is the first map. 10,000 is about 4 minutes of encoding with the default model "
                  "(all-mpnet-base-v2, fp32: 41.5-46 sentences/s on 2 idle cores, bench/encode/RESULTS.md; the "
                  "default stage map of 5,000 after about 2) and 2,000 rows per cluster at k = 5 for the 1,275 "
                  "parameters of a 50-dimensional full covariance.")
                .between(1, std::int64_t(1) << 40)
                .shownAs("N"),
            &X::sample);
    t.field(param("stage",
                  "Percent of the sample encoded and clustered first and shown at once (the stage map, a "
                  "stratified share of the sample), before the rest of the sample is encoded and the sample "
                  "map replaces it; the label agreement of the two fits is reported. 0 = no stage: the first "
                  "map is the sample map. There is no stage when the corpus is no larger than the sample.")
                .between(0, 99)
                .shownAs("PERCENT"),
            &X::stage);
    t.field(param("sample-seed", "Seed of the sample.").between(0, 2147483647).shownAs("N"), &X::sampleSeed);
    t.field(param("chunk", "Sentences encoded and assigned with the first map's model per step after it.")
                .between(1, std::int64_t(1) << 40)
                .shownAs("N"),
            &X::chunk);
    borrow(t, &X::encode, encodeParamTable(),
           {"model", "layer", "prefix", "pooling", "side", "precision", "batch-tokens", "threads", "device"});
    borrow(t, &X::cluster, clusterParamTable(), {"k", "pca", "seeds", "seed", "cov"});
    return t;
}

}  // namespace

const ParamTable<ExploreParams>& exploreParamTable() {
    static const ParamTable<ExploreParams> table = makeExploreTable();
    return table;
}

Status validateExploreParams(const ExploreParams& p) {
    if (auto s = exploreParamTable().validate(p); !s) return s;
    if (auto s = validateEncodeParams(p.encode); !s) return s;
    return validateClusterParams(p.cluster);
}

}  // namespace dl
