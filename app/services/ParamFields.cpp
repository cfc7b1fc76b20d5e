#include "ParamFields.h"

#include "analysis/ClusterJob.h"
#include "corpus/Import.h"
#include "encode/EncodeJob.h"
#include "explore/ExploreJob.h"
#include "export/Export.h"
#include "filter/FilterJob.h"
#include "mixture/MixtureParams.h"
#include "select/CrossLingual.h"
#include "select/SelectJob.h"

namespace {

QVariant toVariant(const dl::ParamValue& value) {
    if (const auto* b = std::get_if<bool>(&value)) return *b;
    if (const auto* i = std::get_if<std::int64_t>(&value)) return qint64(*i);
    if (const auto* d = std::get_if<double>(&value)) return *d;
    if (std::holds_alternative<std::monostate>(value)) return {};
    return QString::fromStdString(dl::formatParamValue(value));  // text, a choice, a list as typed
}

}  // namespace

ParamField toParamField(const dl::ParamSpec& spec) {
    ParamField f;
    f.name = QString::fromStdString(spec.name);
    f.kind = static_cast<ParamField::Kind>(spec.kind);
    f.defaultValue = toVariant(spec.defaultValue);
    if (spec.min) f.minimum = *spec.min;
    if (spec.max) f.maximum = *spec.max;
    for (const auto& c : spec.choices) f.choices << QString::fromStdString(c);
    f.help = QString::fromStdString(dl::paramHelpLine(spec));
    f.repeatable = spec.repeatable;
    f.autoWhenAbsent = spec.autoWhenAbsent;
    return f;
}

ParamFields toParamFields(const std::vector<dl::ParamSpec>& specs) {
    ParamFields fields;
    for (const auto& s : specs) fields << toParamField(s);
    return fields;
}

dl::Expected<dl::ParamValue> paramValueFromVariant(const dl::ParamSpec& spec, const QVariant& value) {
    if (!value.isValid() || value.isNull()) {
        if (auto s = dl::checkParamValue(spec, dl::ParamValue()); !s) return std::unexpected(s.error());
        return dl::ParamValue();
    }
    // Numbers typed by a widget arrive as numbers; anything else is read as the CLI reads text.
    dl::ParamValue v;
    bool ok = false;
    switch (spec.kind) {
    case dl::ParamKind::Int: {
        const qint64 i = value.toLongLong(&ok);
        if (ok && value.typeId() != QMetaType::QString) v = std::int64_t(i);
        break;
    }
    case dl::ParamKind::Double: {
        const double d = value.toDouble(&ok);
        if (ok && value.typeId() != QMetaType::QString) v = d;
        break;
    }
    case dl::ParamKind::Flag:
        if (value.typeId() == QMetaType::Bool) v = value.toBool();
        break;
    default: break;
    }
    if (!std::holds_alternative<std::monostate>(v)) {
        if (auto s = dl::checkParamValue(spec, v); !s) return std::unexpected(s.error());
        return v;
    }
    return dl::parseParamText(spec, value.toString().toStdString());
}

ParamFields importParamFields() { return toParamFields(dl::importParamTable().specs()); }
ParamFields exportParamFields() { return toParamFields(dl::exportParamTable().specs()); }
ParamFields encodeParamFields() { return toParamFields(dl::encodeParamTable().specs()); }
ParamFields clusterParamFields() { return toParamFields(dl::clusterParamTable().specs()); }
ParamFields selectParamFields() { return toParamFields(dl::selectCommandSpecs()); }
ParamFields crossLingualParamFields() { return toParamFields(dl::crossLingualParamTable().specs()); }
ParamFields exploreParamFields() { return toParamFields(dl::exploreParamTable().specs()); }
ParamFields filterParamFields() { return toParamFields(dl::filterParamTable().specs()); }

ParamFields mixtureTrainParamFields() { return toParamFields(dl::mixtureTrainParamTable().specs()); }

ParamFields mixtureParamFields(const QString& subcommand) {
    if (subcommand == QLatin1String("kit")) return toParamFields(dl::mixtureKitParamTable().specs());
    if (subcommand == QLatin1String("target")) return toParamFields(dl::mixtureTargetParamTable().specs());
    if (subcommand == QLatin1String("schedule")) return toParamFields(dl::mixtureScheduleParamTable().specs());
    if (subcommand == QLatin1String("step")) return toParamFields(dl::mixtureStepParamTable().specs());
    return {};
}
