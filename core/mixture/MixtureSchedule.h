#pragma once
// Fixed (pre-computed) schedules of the sampling mixture, the baselines of Pham et al. 2022
// (§4.3) and of the papers it compares with, exported as [{step, lambda}] (PREFIX.schedule.json)
// and as phase files:
//  - ft-full: lambda_s (the empirical mixture) until T0, then lambda^t (FT-Full: generic
//    training, then fine-tuning on the target);
//  - interpolate: lambda(t) = (1 - t/T) lambda_alpha0 + (t/T) lambda^t;
//  - anneal: lambda(t) = lambda_alpha(t), alpha(t) = alpha0 + (alpha1 - alpha0) t/T;
//    these three over the groups of a kit's mixture.json, one OpenNMT-py weights file per
//    schedule entry (PREFIX.phase<i>.yaml) as the phase files;
//  - curriculum (Zhang et al. 2019): the pool ranked by a selection run (cross-entropy
//    difference: the moore-lewis/axelrod runs), cut into `shards` equal shards, most in-domain
//    first; shard 0 is the in-domain corpus; phase p samples uniformly from shards 0..p;
//  - gradual fine-tuning (van der Wees et al. 2017): epoch e trains on the top ceil(N rho^e)
//    of the ranking; written as nested-set differences (shard 0 the top ceil(N rho^(E-1)), ...)
//    so that phase e samples uniformly from shards 0..E-1-e.
// Phase weights are over shards, proportional to their sizes (uniform over the union).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "mixture/MixtureParams.h"
#include "mixture/MixtureWeights.h"

namespace dl {

class Store;

struct ScheduleEntry {
    std::int64_t step = 0;
    Weights lambda;
};

// The lambda schedules over the groups of a mixture (lambda_s, lambda_t, the train sizes N_g).
Expected<std::vector<ScheduleEntry>> lambdaSchedule(const MixtureScheduleParams& p, const GroupSizes& sizes,
                                                    const Weights& empirical, const Weights& target);

// Shard boundaries of `n` ranked rows cut into `shards` parts as equal as possible (first
// parts one larger): part i = [bounds[i], bounds[i+1]).
std::vector<std::int64_t> equalCuts(std::int64_t n, std::int64_t shards);
// gradual: n_e = ceil(N rho^e), e = 0..epochs-1 (non-increasing, >= 1 when N >= 1).
std::vector<std::int64_t> gradualSizes(std::int64_t n, double rho, std::int64_t epochs);

struct ScheduleResult {
    nlohmann::json schedule;  // PREFIX.schedule.json
    nlohmann::json manifest;
    std::vector<std::string> files;
};

// `mixture schedule`: store is needed (non-null) for curriculum and gradual only.
Expected<ScheduleResult> runMixtureSchedule(const MixtureScheduleParams& p, Store* store, ProgressSink& progress,
                                            const CancelToken& cancel);

}  // namespace dl
