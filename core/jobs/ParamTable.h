#pragma once
// ParamTable<P>: a job's ParamSpecs bound to the fields of its Params struct P, and what is
// derived from them: the run's params JSON (toJson/fromJson), the one validator (validate),
// setting a field by name (the CLI and the dialogs). Each job declares its table once, next
// to its Params struct (e.g. analysis/ClusterParamsTable.cpp); defaults come from P{}.
#include <concepts>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "jobs/ParamSpec.h"

namespace dl {

template <class P>
struct ParamBinding {
    ParamSpec spec;
    std::function<ParamValue(const P&)> get;
    std::function<void(P&, const ParamValue&)> set;  // the value has passed checkParamValue
    // The stored form when it is not the value itself (the --float32 flag is stored as
    // "precision": "float32"); empty = paramValueToJson / paramValueFromJson.
    std::function<nlohmann::json(const ParamValue&)> encode;
    std::function<Expected<ParamValue>(const nlohmann::json&)> decode;
    // Stored only for the runs this accepts (a method's own options); empty = always.
    std::function<bool(const P&)> storedIf;
};

namespace param_detail {

template <class T>
ParamValue toValue(const T& v) {
    if constexpr (std::integral<T> && !std::same_as<T, bool>) return static_cast<std::int64_t>(v);
    else if constexpr (std::same_as<T, std::optional<std::int64_t>> || std::same_as<T, std::optional<double>>)
        return v ? ParamValue(*v) : ParamValue();
    else return v;  // bool, double, std::string, std::vector<int>
}

template <class T>
T fromValue(const ParamValue& v) {
    if constexpr (std::same_as<T, bool>) return std::get<bool>(v);
    else if constexpr (std::integral<T>) return static_cast<T>(std::get<std::int64_t>(v));
    else if constexpr (std::same_as<T, std::optional<std::int64_t>>)
        return std::holds_alternative<std::int64_t>(v) ? T(std::get<std::int64_t>(v)) : T();
    else if constexpr (std::same_as<T, std::optional<double>>)
        return std::holds_alternative<double>(v) ? T(std::get<double>(v)) : T();
    else return std::get<T>(v);
}

template <class T>
constexpr ParamKind kindOf() {
    if constexpr (std::same_as<T, bool>) return ParamKind::Flag;
    else if constexpr (std::integral<T> || std::same_as<T, std::optional<std::int64_t>>) return ParamKind::Int;
    else if constexpr (std::same_as<T, double> || std::same_as<T, std::optional<double>>) return ParamKind::Double;
    else if constexpr (std::same_as<T, std::string>) return ParamKind::Text;
    else return ParamKind::IntList;
}

}  // namespace param_detail

template <class P>
class ParamTable {
public:
    // A field bound by getter and setter (enums, inverted flags); spec.kind as given.
    ParamTable& add(ParamSpec spec, std::function<ParamValue(const P&)> get,
                    std::function<void(P&, const ParamValue&)> set) {
        spec.defaultValue = get(P{});
        bindings_.push_back({std::move(spec), std::move(get), std::move(set), {}, {}, {}});
        return *this;
    }
    // A plain field: int, int64, uint64, optional<int64>, double, optional<double>, bool,
    // string, vector<int>; a string given oneOf(...) stays a Choice (encode's pooling).
    template <class T>
    ParamTable& field(ParamSpec spec, T P::*member) {
        if (!(std::same_as<T, std::string> && spec.kind == ParamKind::Choice)) spec.kind = param_detail::kindOf<T>();
        return add(
            std::move(spec), [member](const P& p) { return param_detail::toValue(p.*member); },
            [member](P& p, const ParamValue& v) { p.*member = param_detail::fromValue<T>(v); });
    }
    // A field of a member struct (params.head.hidden): field(spec, &P::head, &Head::hidden).
    template <class Q, class T>
    ParamTable& field(ParamSpec spec, Q P::*outer, T Q::*inner) {
        spec.kind = param_detail::kindOf<T>();
        return add(
            std::move(spec), [outer, inner](const P& p) { return param_detail::toValue(p.*outer.*inner); },
            [outer, inner](P& p, const ParamValue& v) { p.*outer.*inner = param_detail::fromValue<T>(v); });
    }
    // An enum field offered by name: `values` in the order shown, `name(value)` their names.
    template <class E, class NameFn>
    ParamTable& choice(ParamSpec spec, E P::*member, std::initializer_list<E> values, NameFn name) {
        spec.kind = ParamKind::Choice;
        for (E e : values) spec.choices.push_back(std::string(name(e)));
        std::vector<E> all(values);
        return add(
            std::move(spec), [member, name](const P& p) { return ParamValue(std::string(name(p.*member))); },
            [member, name, all](P& p, const ParamValue& v) {
                for (E e : all)
                    if (name(e) == std::get<std::string>(v)) p.*member = e;
            });
    }
    // The same for an optional enum (unset = the job decides).
    template <class E, class NameFn>
    ParamTable& choice(ParamSpec spec, std::optional<E> P::*member, std::initializer_list<E> values, NameFn name) {
        spec.kind = ParamKind::Choice;
        for (E e : values) spec.choices.push_back(std::string(name(e)));
        std::vector<E> all(values);
        return add(
            std::move(spec),
            [member, name](const P& p) {
                return p.*member ? ParamValue(std::string(name(*(p.*member)))) : ParamValue();
            },
            [member, name, all](P& p, const ParamValue& v) {
                p.*member = std::nullopt;
                if (const auto* s = std::get_if<std::string>(&v))
                    for (E e : all)
                        if (name(e) == *s) p.*member = e;
            });
    }
    // A flag that sets an enum field to `value` (export's --shards: mode Shards); off again, a
    // field holding `value` goes back to `otherwise`.
    template <class E>
    ParamTable& flagFor(ParamSpec spec, E P::*member, E value, E otherwise) {
        spec.kind = ParamKind::Flag;
        return add(
            std::move(spec), [member, value](const P& p) { return ParamValue(p.*member == value); },
            [member, value, otherwise](P& p, const ParamValue& v) {
                if (std::get<bool>(v)) p.*member = value;
                else if (p.*member == value) p.*member = otherwise;
            });
    }
    // The last parameter added is stored in another form than its value.
    ParamTable& storedAs(const std::function<nlohmann::json(const ParamValue&)>& encode,
                         const std::function<Expected<ParamValue>(const nlohmann::json&)>& decode) {
        bindings_.back().encode = encode;
        bindings_.back().decode = decode;
        return *this;
    }
    // The last parameter added is stored only when `when(params)` holds (the option of one method).
    ParamTable& storedWhen(std::function<bool(const P&)> when) {
        bindings_.back().storedIf = std::move(when);
        return *this;
    }
    // A fixed entry of the stored JSON (a note for readers, not a parameter).
    ParamTable& constant(std::string jsonKey, nlohmann::json value) {
        constants_.emplace_back(std::move(jsonKey), std::move(value));
        return *this;
    }
    // Every parameter of `inner`, read from and written to p.*member; JSON keys under
    // `jsonPrefix` ("representation" -> "representation.l2"; "" = at the top level).
    template <class Q>
    ParamTable& nest(Q P::*member, const ParamTable<Q>& inner, const std::string& jsonPrefix) {
        const std::string prefix = jsonPrefix.empty() ? std::string() : jsonPrefix + ".";
        for (const auto& b : inner.bindings()) {
            ParamSpec spec = b.spec;
            if (!spec.jsonKey.empty()) spec.jsonKey = prefix + spec.jsonKey;
            add(
                std::move(spec), [member, get = b.get](const P& p) { return get(p.*member); },
                [member, set = b.set](P& p, const ParamValue& v) { set(p.*member, v); });
            bindings_.back().encode = b.encode;
            bindings_.back().decode = b.decode;
            if (b.storedIf)
                bindings_.back().storedIf = [member, when = b.storedIf](const P& p) { return when(p.*member); };
        }
        for (const auto& [key, value] : inner.constants()) constants_.emplace_back(prefix + key, value);
        return *this;
    }

    const std::vector<ParamBinding<P>>& bindings() const { return bindings_; }
    const std::vector<std::pair<std::string, nlohmann::json>>& constants() const { return constants_; }
    std::vector<ParamSpec> specs() const {
        std::vector<ParamSpec> out;
        for (const auto& b : bindings_) out.push_back(b.spec);
        return out;
    }
    // The specs toJson(p) writes a key for (a default left out by omitDefault included).
    std::vector<ParamSpec> storedSpecs(const P& p) const {
        std::vector<ParamSpec> out;
        for (const auto& b : bindings_)
            if (!b.spec.jsonKey.empty() && (!b.storedIf || b.storedIf(p))) out.push_back(b.spec);
        return out;
    }
    const ParamBinding<P>* find(std::string_view name) const {
        for (const auto& b : bindings_)
            if (b.spec.name == name) return &b;
        return nullptr;
    }

    // Checks `value` against the spec named `name` and sets the field.
    Status set(P& p, std::string_view name, const ParamValue& value) const {
        const auto* b = find(name);
        if (!b) return usageError("Unknown parameter '" + std::string(name) + "'.");
        if (auto s = checkParamValue(b->spec, value); !s) return s;
        b->set(p, value);
        return {};
    }
    // Every field within its range and choices (the job's own rules across fields come after).
    Status validate(const P& p) const {
        for (const auto& b : bindings_)
            if (auto s = checkParamValue(b.spec, b.get(p)); !s) return s;
        return {};
    }
    // The stored parameters: every spec with a jsonKey, plus the constants.
    nlohmann::json toJson(const P& p) const {
        nlohmann::json j = nlohmann::json::object();
        for (const auto& b : bindings_) {
            if (b.spec.jsonKey.empty() || (b.storedIf && !b.storedIf(p))) continue;
            const ParamValue v = b.get(p);
            // Left out only when a reader takes the absent key for this very value.
            if (b.spec.omitDefault && v == absentValue(b.spec)) continue;
            setJsonPath(j, b.spec.jsonKey, b.encode ? b.encode(v) : paramValueToJson(v));
        }
        for (const auto& [key, value] : constants_) setJsonPath(j, key, value);
        return j;
    }
    // Reads what toJson wrote (a stored run's params). A missing key means what the run ran
    // with: the spec's absentMeans where it has one (a parameter added, or its default changed,
    // after runs were stored), read after the present keys and only where toJson would have
    // stored it (a method's own option); otherwise P{}'s value.
    Expected<P> fromJson(const nlohmann::json& j) const {
        P p;
        for (const auto& b : bindings_) {
            if (b.spec.jsonKey.empty()) continue;
            const nlohmann::json* at = findJsonPath(j, b.spec.jsonKey);
            if (!at) continue;
            auto v = b.decode ? b.decode(*at) : paramValueFromJson(b.spec, *at);
            if (!v) return std::unexpected(v.error());
            if (auto s = checkParamValue(b.spec, *v); !s) return std::unexpected(s.error());
            b.set(p, *v);
        }
        for (const auto* b : absentWithMeaning(j, p)) b->set(p, *b->spec.absentMeans);
        return p;
    }
    // The stored params with every key a reader would otherwise take for today's default filled
    // in with what the run ran with (absentMeans): what the `info` output, the Runs list and
    // Python's run records show. Present keys, and keys the table does not know, stay as stored;
    // params the table cannot read come back unchanged.
    nlohmann::json withAbsentKeys(const nlohmann::json& j) const {
        if (!j.is_object()) return j;
        auto p = fromJson(j);
        if (!p) return j;
        nlohmann::json out = j;
        for (const auto* b : absentWithMeaning(j, *p)) {
            const ParamValue& v = *b->spec.absentMeans;
            setJsonPath(out, b->spec.jsonKey, b->encode ? b->encode(v) : paramValueToJson(v));
        }
        return out;
    }

private:
    // The stored specs with an absentMeans whose key `j` lacks, for the run `p` read from it.
    std::vector<const ParamBinding<P>*> absentWithMeaning(const nlohmann::json& j, const P& p) const {
        std::vector<const ParamBinding<P>*> out;
        for (const auto& b : bindings_)
            if (b.spec.absentMeans && !b.spec.jsonKey.empty() && (!b.storedIf || b.storedIf(p)) &&
                !findJsonPath(j, b.spec.jsonKey))
                out.push_back(&b);
        return out;
    }

    std::vector<ParamBinding<P>> bindings_;
    std::vector<std::pair<std::string, nlohmann::json>> constants_;
};

}  // namespace dl
