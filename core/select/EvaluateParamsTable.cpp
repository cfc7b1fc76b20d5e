// The parameters of `evaluate` (EvaluateParams), declared once: names, ranges, help. Defaults
// are the struct's initialisers. The runs to compare are the command's positional arguments,
// not a parameter of the table.
#include <climits>

#include "select/SelectJob.h"

namespace dl {

namespace {

ParamTable<EvaluateParams> makeEvaluateTable() {
    using E = EvaluateParams;
    ParamTable<E> t;
    t.field(param("domain", "The in-domain label of the pool (the oracle).").shownAs("LABEL").mandatory(), &E::domain);
    t.field(param("dev",
                  "In-domain dev set CORPUS[:DOMAIN] kept out of the selection: perplexity of a 4-gram LM trained "
                  "on each selection vs a random one.")
                .shownAs("SET"),
            &E::dev);
    // Cut-offs are int64 in the job; the command line takes them as a comma list of ints.
    t.add(
        param("cutoffs",
              "Comma-separated cut-offs N for precision at N (default: 10 evenly spaced up to twice the "
              "number of in-domain sentences).")
            .ofKind(ParamKind::IntList)
            .between(1, INT_MAX)
            .shownAs("LIST"),
        [](const E& p) { return ParamValue(std::vector<int>(p.cutoffs.begin(), p.cutoffs.end())); },
        [](E& p, const ParamValue& v) {
            const auto& list = std::get<std::vector<int>>(v);
            p.cutoffs.assign(list.begin(), list.end());
        });
    return t;
}

}  // namespace

const ParamTable<EvaluateParams>& evaluateParamTable() {
    static const ParamTable<EvaluateParams> table = makeEvaluateTable();
    return table;
}

}  // namespace dl
