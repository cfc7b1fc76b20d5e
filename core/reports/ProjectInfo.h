#pragma once
// What `domainlens-cli info --json` prints and the Python module's Project.info() returns: the
// corpora (domains, languages, which embedding sets cover how many sentences), the embedding
// sets and the runs (kind, created, params). One function, so both front ends say the same.
#include <string>

#include <nlohmann/json.hpp>

#include "common/Error.h"

namespace dl {

class Store;

// `projectLabel` is what the "project" key shows (the path as the user gave it).
Expected<nlohmann::json> projectInfo(Store& store, const std::string& projectLabel);

}  // namespace dl
