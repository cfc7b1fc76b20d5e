#include "ParamOptions.h"

namespace dlcli {

void addParamOptions(QCommandLineParser& parser, const std::vector<dl::ParamSpec>& specs) {
    for (const auto& spec : specs) {
        const QString name = QString::fromStdString(spec.name);
        const QString help = QString::fromStdString(dl::paramHelpLine(spec));
        if (spec.kind == dl::ParamKind::Flag) parser.addOption({name, help});
        else parser.addOption({name, help, QString::fromStdString(spec.valueName.empty() ? "VALUE" : spec.valueName)});
    }
}

dl::Expected<std::optional<dl::ParamValue>> paramOption(const QCommandLineParser& parser, const dl::ParamSpec& spec) {
    const QString name = QString::fromStdString(spec.name);
    if (!parser.isSet(name)) return std::nullopt;
    if (spec.kind == dl::ParamKind::Flag) return dl::ParamValue(true);
    // A repeatable option: every occurrence, joined (ParamSpec::repeatable).
    const std::string text = spec.repeatable
                                 ? parser.values(name).join(QChar::fromLatin1(dl::kRepeatSeparator)).toStdString()
                                 : parser.value(name).toStdString();
    auto value = dl::parseParamText(spec, text);
    if (!value) return std::unexpected(value.error());
    return *value;
}

}  // namespace dlcli
