#pragma once
// A run's params as an older binary stored them: today's minus the keys of parameters added (or
// whose default changed) since. What ParamSpec::absentMeans is for; the suites that check a
// reader of stored params shows or writes what such a run ran with use it (tst_runrecords,
// tst_export).
#include <initializer_list>
#include <string>

#include <nlohmann/json.hpp>

namespace dltest {

// `params` without each key; "a.b" removes b inside a.
inline nlohmann::json withoutKeys(nlohmann::json params, std::initializer_list<const char*> keys) {
    for (const char* k : keys) {
        const std::string path(k);
        if (const auto dot = path.find('.'); dot != std::string::npos)
            params[path.substr(0, dot)].erase(path.substr(dot + 1));
        else params.erase(path);
    }
    return params;
}

}  // namespace dltest
