#pragma once
// The Invitation model inside the selection job: runs the EM on the pool's texts and keeps
// every iteration's ranking as a report in the run's summary - the prior, log-likelihood and
// expected in-domain count of each E-step, the overlap of consecutive top-N, and (when the
// pool carries the seed's domain label) each iteration's pseudo-precision at the paper's
// cut-offs (N = R/6 ... R for R in-domain pool pairs, like 10k ... 60k of the hidden 60k).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "select/Invitation.h"

namespace dl {

class Store;

struct InvitationInput {
    std::int64_t poolCorpusId = 0;
    std::vector<std::int64_t> poolIds;  // sentence ids of the pool rows
    std::string seedDomain;             // "" = the seed names no domain (no pseudo-precision)
    const TokenizedText *seedSrc = nullptr, *seedTgt = nullptr, *poolSrc = nullptr, *poolTgt = nullptr;
    const std::vector<char>* excluded = nullptr;
};

struct InvitationRun {
    std::vector<double> scores, posterior;
    nlohmann::json report;
};

Expected<InvitationRun> runInvitation(Store& store, const InvitationInput& input, const InvitationOptions& options,
                                      ProgressSink& progress, const CancelToken& cancel);

// Pure part of the report, testable without a project: `relevant` empty = no labels.
nlohmann::json invitationIterationReport(const InvitationResult& result, const std::vector<std::int64_t>& poolIds,
                                         const std::vector<char>& relevant);

}  // namespace dl
