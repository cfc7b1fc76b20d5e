#pragma once
// A job's parameters declared once, as QGIS Processing algorithms declare theirs
// (initAlgorithm/addParameter): a ParamSpec names one parameter (its command-line option and
// dialog field), its kind, default, range or choices and help; a ParamTable<P> (ParamTable.h)
// binds the specs to the fields of the job's Params struct. Everything else is derived from
// the table: the run's params JSON, the one validator, the CLI's options and --help
// (app/cli/ParamOptions.h) and the dialogs' fields (app/services/ParamFields.h). ARCHITECTURE.md,
// "Where a parameter lives".
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"

namespace dl {

enum class ParamKind {
    Int,      // a whole number (an int, int64 or uint64 field)
    Double,
    Flag,     // on/off; on the command line a switch without a value
    Choice,   // one of `choices` (an enum field, by name)
    Text,     // free text (a corpus name)
    IntList,  // a comma list of whole numbers ("8,10")
};

// One value of any kind: Int -> int64, Double -> double, Flag -> bool, Choice/Text -> string,
// IntList -> vector<int>. Empty (monostate) = unset: an optional field without a value.
using ParamValue = std::variant<std::monostate, bool, std::int64_t, double, std::string, std::vector<int>>;

struct ParamSpec {
    std::string name;  // the command-line option without "--" and the dialog field's key
    ParamKind kind = ParamKind::Int;
    // The default is not written here: ParamTable takes it from a default-constructed Params
    // struct, whose member initialisers are the one place defaults live.
    ParamValue defaultValue;
    std::optional<double> min, max;    // Int and Double; unbounded when empty
    std::vector<std::string> choices;  // Choice: the names, in the order offered
    std::string help;                  // one or two sentences; default and range are appended
    std::string valueName;             // on the command line: --k K
    // Key in the run's params JSON; a dot nests ("representation.l2"); empty = not stored
    // (how a job runs, not what it computes: --cpu).
    std::string jsonKey;
    bool omitDefault = false;  // the key is written only when the value is not the default
    // The command line refuses to run without it (the dialogs always give one); --help says
    // "required" instead of the default.
    bool required = false;
    // IntList: reads the text ("8,10,last" for layers); each number must then be in [min, max].
    // nullptr = parseIntList: "5,10,15" (empty items skipped).
    Expected<std::vector<int>> (*parseList)(std::string_view text) = nullptr;
    // Text: the values it accepts (encode's --layers: a comma list or all); any text when empty.
    Status (*checkText)(std::string_view text) = nullptr;
    // Shown as the default instead of the value where the front ends resolve an unset
    // parameter themselves (encode's --layer: the model's recommended layer).
    std::string defaultNote;
    // Text: the option may be given more than once (export's --tag T --tag U). Its value is the
    // values joined by kRepeatSeparator (a line break, which no single value may hold); the
    // command line joins every occurrence, Python a list of strings.
    bool repeatable = false;
    // What a stored run that lacks the key ran with, when that is not today's default: runs
    // stored before the parameter existed, or before its default changed (select --classifiers:
    // 5 now, runs before it ran with 1). ParamTable::fromJson and withAbsentKeys read an absent key
    // as this; empty = the default (absentValue).
    std::optional<ParamValue> absentMeans;
    // Not given = "auto": the job resolves it (cluster's --cov, --n-init, --reg-covar: the
    // vectors' model's value, useModelMixture). --help shows defaultNote as the default; a dialog
    // offers "auto" (a combo's first item, a spin box's value below the minimum) and leaves the
    // value out of its request when chosen, as the command line leaves out the option.
    bool autoWhenAbsent = false;

    // What the tables write: param("k", "Number of clusters.").between(1, 10000).shownAs("K").storedAt("k")
    ParamSpec& between(double lo, double hi) {
        min = lo, max = hi;
        return *this;
    }
    ParamSpec& atLeast(double lo) {
        min = lo;
        return *this;
    }
    ParamSpec& shownAs(std::string name) {
        valueName = std::move(name);
        return *this;
    }
    ParamSpec& storedAt(std::string key) {
        jsonKey = std::move(key);
        return *this;
    }
    ParamSpec& storedUnlessDefault(std::string key) {
        jsonKey = std::move(key), omitDefault = true;
        return *this;
    }
    ParamSpec& flag() {
        kind = ParamKind::Flag;
        return *this;
    }
    ParamSpec& mandatory() {
        required = true;
        return *this;
    }
    ParamSpec& oneOf(std::vector<std::string> names) {
        kind = ParamKind::Choice, choices = std::move(names);
        return *this;
    }
    ParamSpec& listReadBy(Expected<std::vector<int>> (*parser)(std::string_view)) {
        parseList = parser;
        return *this;
    }
    ParamSpec& textCheckedBy(Status (*check)(std::string_view)) {
        checkText = check;
        return *this;
    }
    ParamSpec& defaultShownAs(std::string note) {
        defaultNote = std::move(note);
        return *this;
    }
    // Not given = auto (autoWhenAbsent), shown as the default as `note` says.
    ParamSpec& autoUnlessGiven(std::string note) {
        autoWhenAbsent = true, defaultNote = std::move(note);
        return *this;
    }
    ParamSpec& repeated() {
        kind = ParamKind::Text, repeatable = true;
        return *this;
    }
    ParamSpec& ofKind(ParamKind k) {
        kind = k;
        return *this;
    }
    // Runs stored without the key ran with `value` (absentMeans); checked against the spec
    // like any value (tests/core/runs/tst_runrecords).
    ParamSpec& meansWhenAbsent(ParamValue value) {
        absentMeans = std::move(value);
        return *this;
    }
};

// What a stored run without the spec's key ran with: absentMeans, else the default.
inline const ParamValue& absentValue(const ParamSpec& spec) {
    return spec.absentMeans ? *spec.absentMeans : spec.defaultValue;
}

// Between the values of a repeatable Text parameter (ParamSpec::repeatable).
inline constexpr char kRepeatSeparator = '\n';
// The values of a repeatable parameter's text, empty ones skipped; and back.
std::vector<std::string> splitRepeated(std::string_view text);
std::string joinRepeated(const std::vector<std::string>& values);

inline ParamSpec param(std::string name, std::string help) {
    ParamSpec spec;
    spec.name = std::move(name);
    spec.help = std::move(help);
    return spec;
}

// "5", "0.001", "1e-06", "full", "8,10"; "" for an unset value.
std::string formatParamValue(const ParamValue& value);
// The default and range as the command line's --help and the dialogs' tooltips show them:
// "default 5; 1 to 10000", "default full; full, diag, spherical or tied"; "" when neither.
std::string describeDefaultAndRange(const ParamSpec& spec);
// help + " (" + describeDefaultAndRange + ")": the one line --help prints for the option.
std::string paramHelpLine(const ParamSpec& spec);

// The value within the spec's kind, range and choices; a usage error naming --name otherwise.
Status checkParamValue(const ParamSpec& spec, const ParamValue& value);
// "5,10,15" as numbers (spaces and empty items skipped); a usage error naming `name` otherwise.
Expected<std::vector<int>> parseIntList(const std::string& name, std::string_view text);
// Text as typed on the command line (or in a dialog's line edit), parsed and checked.
Expected<ParamValue> parseParamText(const ParamSpec& spec, std::string_view text);

// Who a table's parameter applies to, for a merged option's default ("finetune-head").
using ParamUsers = std::string (*)(const ParamSpec& spec);
// One command's options from the tables of the jobs it runs (select: the selection methods and
// cross-lingual): `first`'s specs, then `second`'s not in `first`. A name in both keeps
// `first`'s help and spans both: the choices of each, the wider range; bound with different
// defaults (and not required), its default names each with who it applies to (defaultNote "1 for finetune-head, 5
// for cross-lingual": firstUsers and secondUsers; "1 or 5" without them).
std::vector<ParamSpec> mergeParamSpecs(std::vector<ParamSpec> first, const std::vector<ParamSpec>& second,
                                       ParamUsers firstUsers = nullptr, ParamUsers secondUsers = nullptr);

// The value as stored in JSON (null when unset) and back (checked against the spec).
nlohmann::json paramValueToJson(const ParamValue& value);
Expected<ParamValue> paramValueFromJson(const ParamSpec& spec, const nlohmann::json& j);

// JSON paths with dots: j["representation"]["l2"]. find returns nullptr when absent.
void setJsonPath(nlohmann::json& j, std::string_view path, nlohmann::json value);
const nlohmann::json* findJsonPath(const nlohmann::json& j, std::string_view path);

}  // namespace dl
