#include "jobs/ParamSpec.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace dl {

namespace {

std::string formatNumber(double v) {
    if (v == std::floor(v) && std::abs(v) < 9e15) return std::to_string(static_cast<std::int64_t>(v));
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form
    return std::string(buf, r.ptr);
}

// "full, diag, spherical or tied"
std::string choiceList(const std::vector<std::string>& choices) {
    std::string s;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        if (i > 0) s += i + 1 == choices.size() ? " or " : ", ";
        s += choices[i];
    }
    return s;
}

std::string option(const ParamSpec& spec) { return "--" + spec.name; }

// "from 1 to 10000", "of at least 0", "of at most 5", "" (unbounded)
std::string bounds(const ParamSpec& spec) {
    if (spec.min && spec.max) return "from " + formatNumber(*spec.min) + " to " + formatNumber(*spec.max);
    if (spec.min) return "of at least " + formatNumber(*spec.min);
    if (spec.max) return "of at most " + formatNumber(*spec.max);
    return {};
}

std::unexpected<Error> outOfRange(const ParamSpec& spec, const ParamValue& value) {
    const std::string what = spec.kind == ParamKind::Int ? "a whole number" : "a number";
    const std::string range = bounds(spec);
    return usageError(option(spec) + " must be " + what + (range.empty() ? "" : " " + range) + ", got '" +
                      formatParamValue(value) + "'");
}

bool inBounds(const ParamSpec& spec, double v) {
    return (!spec.min || v >= *spec.min) && (!spec.max || v <= *spec.max);
}

}  // namespace

std::string formatParamValue(const ParamValue& value) {
    struct Format {
        std::string operator()(std::monostate) const { return {}; }
        std::string operator()(bool b) const { return b ? "on" : "off"; }
        std::string operator()(std::int64_t v) const { return std::to_string(v); }
        std::string operator()(double v) const { return formatNumber(v); }
        std::string operator()(const std::string& s) const { return s; }
        std::string operator()(const std::vector<int>& list) const {
            std::string s;
            for (std::size_t i = 0; i < list.size(); ++i) s += (i ? "," : "") + std::to_string(list[i]);
            return s;
        }
    };
    return std::visit(Format{}, value);
}

std::vector<std::string> splitRepeated(std::string_view text) {
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find(kRepeatSeparator, pos), text.size());
        if (end > pos) out.emplace_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return out;
}

std::string joinRepeated(const std::vector<std::string>& values) {
    std::string out;
    for (const auto& v : values) {
        if (v.empty()) continue;
        if (!out.empty()) out += kRepeatSeparator;
        out += v;
    }
    return out;
}

std::string describeDefaultAndRange(const ParamSpec& spec) {
    if (spec.kind == ParamKind::Flag) return {};
    if (spec.repeatable) return "repeatable";
    std::string s;
    if (spec.required) s = "required";
    else if (!spec.defaultNote.empty()) s = "default " + spec.defaultNote;
    else if (const std::string d = formatParamValue(spec.defaultValue); !d.empty()) s = "default " + d;
    std::string range;
    if (spec.kind == ParamKind::Choice) range = choiceList(spec.choices);
    else if (spec.kind == ParamKind::Int || spec.kind == ParamKind::Double) {
        if (spec.min && spec.max) range = formatNumber(*spec.min) + " to " + formatNumber(*spec.max);
        else if (spec.min) range = "at least " + formatNumber(*spec.min);
        else if (spec.max) range = "at most " + formatNumber(*spec.max);
    }
    if (!range.empty()) s += (s.empty() ? "" : "; ") + range;
    return s;
}

std::string paramHelpLine(const ParamSpec& spec) {
    const std::string extra = describeDefaultAndRange(spec);
    return extra.empty() ? spec.help : spec.help + " (" + extra + ")";
}

Status checkParamValue(const ParamSpec& spec, const ParamValue& value) {
    if (std::holds_alternative<std::monostate>(value)) {
        if (std::holds_alternative<std::monostate>(spec.defaultValue)) return {};
        return usageError(option(spec) + " needs a value.");
    }
    auto wrongType = [&] { return usageError(option(spec) + ": a value of the wrong kind."); };
    switch (spec.kind) {
    case ParamKind::Int: {
        const auto* v = std::get_if<std::int64_t>(&value);
        if (!v) return wrongType();
        if (!inBounds(spec, double(*v))) return outOfRange(spec, value);
        return {};
    }
    case ParamKind::Double: {
        const auto* v = std::get_if<double>(&value);
        if (!v) return wrongType();
        if (!std::isfinite(*v) || !inBounds(spec, *v)) return outOfRange(spec, value);
        return {};
    }
    case ParamKind::Flag: return std::holds_alternative<bool>(value) ? Status{} : wrongType();
    case ParamKind::Text: {
        const auto* v = std::get_if<std::string>(&value);
        if (!v) return wrongType();
        return spec.checkText ? spec.checkText(*v) : Status{};
    }
    case ParamKind::Choice: {
        const auto* v = std::get_if<std::string>(&value);
        if (!v) return wrongType();
        if (std::find(spec.choices.begin(), spec.choices.end(), *v) == spec.choices.end())
            return usageError(option(spec) + " must be " + choiceList(spec.choices) + ", got '" + *v + "'");
        return {};
    }
    case ParamKind::IntList: {
        const auto* v = std::get_if<std::vector<int>>(&value);
        if (!v) return wrongType();
        for (int x : *v)
            if (!inBounds(spec, x)) return outOfRange(spec, std::int64_t(x));
        return {};
    }
    }
    return wrongType();
}

Expected<std::vector<int>> parseIntList(const std::string& name, std::string_view text) {
    std::vector<int> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        std::string_view item = text.substr(start, comma - start);
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
        if (!item.empty()) {
            int v = 0;
            const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
            if (ec != std::errc() || end != item.data() + item.size())
                return usageError(name + " must be a comma list of whole numbers, got '" + std::string(item) + "'");
            out.push_back(v);
        }
        start = comma + 1;
    }
    return out;
}

Expected<ParamValue> parseParamText(const ParamSpec& spec, std::string_view text) {
    ParamValue value;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    if (!text.empty() && text.front() == '+') ++first;  // as QString::toInt accepted
    switch (spec.kind) {
    case ParamKind::Int: {
        std::int64_t v = 0;
        const auto r = std::from_chars(first, last, v);
        if (text.empty() || r.ec != std::errc() || r.ptr != last) return outOfRange(spec, std::string(text));
        value = v;
        break;
    }
    case ParamKind::Double: {
        double v = 0;
        const auto r = std::from_chars(first, last, v);
        if (text.empty() || r.ec != std::errc() || r.ptr != last)
            return usageError(option(spec) + " must be a number, got '" + std::string(text) + "'");
        value = v;
        break;
    }
    case ParamKind::Flag:
        if (text == "1" || text == "true" || text == "on" || text == "yes") value = true;
        else if (text == "0" || text == "false" || text == "off" || text == "no") value = false;
        else return usageError(option(spec) + " must be on or off, got '" + std::string(text) + "'");
        break;
    case ParamKind::Choice:
    case ParamKind::Text: value = std::string(text); break;
    case ParamKind::IntList: {
        auto list = spec.parseList ? spec.parseList(text) : parseIntList(option(spec), text);
        if (!list) return std::unexpected(list.error());
        value = std::move(*list);
        break;
    }
    }
    if (auto s = checkParamValue(spec, value); !s) return std::unexpected(s.error());
    return value;
}

namespace {
// The default as --help shows it: the note where the front ends resolve it, else the value.
std::string shownDefault(const ParamSpec& spec) {
    return spec.defaultNote.empty() ? formatParamValue(spec.defaultValue) : spec.defaultNote;
}
}  // namespace

std::vector<ParamSpec> mergeParamSpecs(std::vector<ParamSpec> first, const std::vector<ParamSpec>& second,
                                       ParamUsers firstUsers, ParamUsers secondUsers) {
    const std::size_t own = first.size();
    for (const auto& spec : second) {
        auto it = std::find_if(first.begin(), first.begin() + std::ptrdiff_t(own),
                               [&](const ParamSpec& s) { return s.name == spec.name; });
        if (it == first.begin() + std::ptrdiff_t(own)) {
            first.push_back(spec);
            continue;
        }
        for (const auto& c : spec.choices)
            if (std::find(it->choices.begin(), it->choices.end(), c) == it->choices.end()) it->choices.push_back(c);
        it->min = it->min && spec.min ? std::optional(std::min(*it->min, *spec.min)) : std::nullopt;
        it->max = it->max && spec.max ? std::optional(std::max(*it->max, *spec.max)) : std::nullopt;
        if (const std::string a = shownDefault(*it), b = shownDefault(spec); a != b && !it->required)
            it->defaultNote = firstUsers && secondUsers
                                  ? a + " for " + firstUsers(*it) + ", " + b + " for " + secondUsers(spec)
                                  : a + " or " + b;
    }
    return first;
}

nlohmann::json paramValueToJson(const ParamValue& value) {
    return std::visit(
        []<class T>(const T& v) -> nlohmann::json {
            if constexpr (std::is_same_v<T, std::monostate>) return nullptr;
            else return v;
        },
        value);
}

Expected<ParamValue> paramValueFromJson(const ParamSpec& spec, const nlohmann::json& j) {
    ParamValue value;
    try {
        if (j.is_null()) value = std::monostate{};
        else switch (spec.kind) {
            case ParamKind::Int: value = j.get<std::int64_t>(); break;
            case ParamKind::Double: value = j.get<double>(); break;
            case ParamKind::Flag: value = j.get<bool>(); break;
            case ParamKind::Choice:
            case ParamKind::Text: value = j.get<std::string>(); break;
            case ParamKind::IntList: value = j.get<std::vector<int>>(); break;
            }
    } catch (const nlohmann::json::exception& e) {
        return usageError(spec.jsonKey + ": " + e.what());
    }
    if (auto s = checkParamValue(spec, value); !s) return std::unexpected(s.error());
    return value;
}

void setJsonPath(nlohmann::json& j, std::string_view path, nlohmann::json value) {
    nlohmann::json* at = &j;
    while (true) {
        const auto dot = path.find('.');
        if (dot == std::string_view::npos) break;
        at = &(*at)[std::string(path.substr(0, dot))];
        path.remove_prefix(dot + 1);
    }
    (*at)[std::string(path)] = std::move(value);
}

const nlohmann::json* findJsonPath(const nlohmann::json& j, std::string_view path) {
    const nlohmann::json* at = &j;
    while (true) {
        const auto dot = path.find('.');
        const std::string key(path.substr(0, dot));
        if (!at->is_object()) return nullptr;
        const auto it = at->find(key);
        if (it == at->end()) return nullptr;
        at = &*it;
        if (dot == std::string_view::npos) return at;
        path.remove_prefix(dot + 1);
    }
}

}  // namespace dl
