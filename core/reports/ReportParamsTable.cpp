// The parameters of `report` (ReportParams), declared once. Defaults are the struct's
// initialisers.
#include "reports/Report.h"

namespace dl {

const ParamTable<ReportParams>& reportParamTable() {
    static const ParamTable<ReportParams> table = [] {
        ParamTable<ReportParams> t;
        t.field(param("samples", "Outlier sentences shown per (from, to) pair.").between(0, 100000).shownAs("N"),
                &ReportParams::outlierSamples);
        return t;
    }();
    return table;
}

}  // namespace dl
