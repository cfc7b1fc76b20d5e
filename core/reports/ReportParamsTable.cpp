// The parameters of `report` (ReportParams), declared once. Defaults are the struct's
// initialisers.
#include "reports/Report.h"

namespace dl {

const ParamTable<ReportParams>& reportParamTable() {
    static const ParamTable<ReportParams> table = [] {
        ParamTable<ReportParams> t;
        t.field(param("samples", "Outlier sentences shown per (from, to) pair.").between(0, 100000).shownAs("N"),
                &ReportParams::outlierSamples);
        t.field(param("after",
                      "Filter runs: list the removed sentences whose id is above ID (the next page "
                      "starts after the last id shown).")
                    .atLeast(0)
                    .shownAs("ID"),
                &ReportParams::ledgerAfter);
        t.field(param("limit", "Filter runs: removed sentences per page, each with its kept twin.")
                    .between(0, 100000)
                    .shownAs("N"),
                &ReportParams::ledgerLimit);
        return t;
    }();
    return table;
}

}  // namespace dl
