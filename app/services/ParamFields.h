#pragma once
// A job's parameter table (core/jobs/ParamTable.h) as the dialogs see it: the ParamField list a
// dialog takes its ranges, defaults and tooltips from, and the values a dialog returns by name
// set on the job's Params struct (checked by the table, as the CLI's are).
#include <QVariantMap>

#include "ParamField.h"
#include "jobs/ParamTable.h"

ParamField toParamField(const dl::ParamSpec& spec);
ParamFields toParamFields(const std::vector<dl::ParamSpec>& specs);

// A dialog's value as the spec's kind, checked (an invalid QVariant = unset).
dl::Expected<dl::ParamValue> paramValueFromVariant(const dl::ParamSpec& spec, const QVariant& value);

// Sets every named value on `params`; a name the table lacks or a bad value is a usage error.
template <class P>
dl::Status applyParamValues(const dl::ParamTable<P>& table, P& params, const QVariantMap& values) {
    for (auto it = values.begin(); it != values.end(); ++it) {
        const auto* binding = table.find(it.key().toStdString());
        if (!binding) return dl::usageError("Unknown parameter '" + it.key().toStdString() + "'.");
        auto value = paramValueFromVariant(binding->spec, it.value());
        if (!value) return std::unexpected(value.error());
        binding->set(params, *value);
    }
    return {};
}

// The fields of each job's dialog.
ParamFields importParamFields();
ParamFields exportParamFields();
ParamFields encodeParamFields();
ParamFields clusterParamFields();
ParamFields selectParamFields();
ParamFields crossLingualParamFields();  // cross-lingual's own table (its defaults), for the Select dialog
ParamFields exploreParamFields();  // the selection methods' and cross-lingual's
ParamFields filterParamFields();
ParamFields mixtureTrainParamFields();  // `mixture train`
// `mixture kit`, `mixture target`, `mixture schedule`, `mixture step` by subcommand; empty for
// another name.
ParamFields mixtureParamFields(const QString& subcommand);
