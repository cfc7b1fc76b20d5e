#pragma once
// The mixture kit (Pham et al. 2022's data, §4.1, as a trainer's sampler needs it): for each
// group (a domain or a cluster), a training shard and held-out dev and test splits
// (<file>.train.*, <file>.dev.*, <file>.test.*; --dev-lines/--test-lines each, 1,000 by
// default), drawn among the group's distinct lines and removed from every training shard: no
// dev or test line (source and target alike) appears in any group's training shard. Then
// mixture.json (N_g, q_g = N_g/N, lambda_s, lambda_t, lambda_0, the repetition factors, the file
// names), opennmt.yaml (OpenNMT-py weighted corpora with lambda_0) and manifest.json (SHA-256 of
// every file). Everything is written under temporary names and renamed into place at the end.
// The kit stores no run: like `export`, it writes files outside the project and describes them
// in its manifest (the project is opened read-only).
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "mixture/MixtureParams.h"
#include "mixture/MixtureWeights.h"

namespace dl {

class Store;

// File name stems for group names: [A-Za-z0-9._-] kept, others '_', no leading '.', "" ->
// "unlabelled"; two names that would meet (also in another case) get "-<8 hex of SHA-256>".
std::map<std::string, std::string> groupFileNames(const std::vector<std::string>& groups);

// lambda^t from --target: "uniform", "empirical", a comma list of groups, or a JSON file
// ({"lambda_t": {...}} or a plain object), checked against the groups.
Expected<Weights> resolveTarget(const std::string& spec, const std::vector<std::string>& groups,
                                const GroupSizes& sizes);
// lambda_0 from --init.
Expected<Weights> resolveInit(const MixtureKitParams& p, const Weights& target, const GroupSizes& sizes,
                              const std::vector<std::string>& groups);

struct KitResult {
    nlohmann::json mixture;   // mixture.json
    nlohmann::json manifest;  // manifest.json
    std::vector<std::string> files;
};

Expected<KitResult> runMixtureKit(const MixtureKitParams& p, Store& store, ProgressSink& progress,
                                  const CancelToken& cancel);

}  // namespace dl
