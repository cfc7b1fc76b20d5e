#pragma once
// Command-line options made from a job's parameter table (core/jobs/ParamTable.h): one option
// per parameter, its --help line (help, default, range) from the spec, values parsed and
// checked by the spec; a Cmd*.cpp declares by hand only what is not a job parameter (the
// project, output formatting, which job to run).
#include <QCommandLineParser>

#include <optional>
#include <vector>

#include "CliSupport.h"
#include "jobs/ParamTable.h"

namespace dlcli {

// One option per spec, in the table's order; flags take no value.
void addParamOptions(QCommandLineParser& parser, const std::vector<dl::ParamSpec>& specs);

// The value given for `spec`, parsed and checked; nullopt when the option is absent.
dl::Expected<std::optional<dl::ParamValue>> paramOption(const QCommandLineParser& parser, const dl::ParamSpec& spec);

// Every option of the table that was given, set on `params` (the others keep P{}'s defaults).
// A bad value or a required option left out prints a usage error naming the option and
// returns false.
template <class P>
bool readParamOptions(const QCommandLineParser& parser, const dl::ParamTable<P>& table, P& params) {
    for (const auto& b : table.bindings()) {
        if (b.spec.required && !parser.isSet(QString::fromStdString(b.spec.name))) {
            usageError(QStringLiteral("--%1 is required").arg(QString::fromStdString(b.spec.name)));
            return false;
        }
        auto value = paramOption(parser, b.spec);
        if (!value) {
            usageError(QString::fromStdString(value.error().message));
            return false;
        }
        if (*value) b.set(params, **value);
    }
    return true;
}

}  // namespace dlcli
