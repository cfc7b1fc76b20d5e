#pragma once
// Turns what the dialogs ask for into job bodies for the JobRunner. Each body runs on the
// worker thread, opens its own read-write connection to the project, and calls one core job.
// `summary` (optional) receives a one-line human result for the status bar / jobs log.
#include <QString>

#include <memory>

#include "JobRequests.h"
#include "JobRunner.h"
#include "explore/ExploreJob.h"

struct JobOutcome {
    QString summary;
    qint64 runId = 0;
};

JobRunner::Body makeEncodeJob(const QString& project, const EncodeRequest& request,
                              std::shared_ptr<JobOutcome> outcome);
JobRunner::Body makeClusterJob(const QString& project, const ClusterRequest& request,
                               std::shared_ptr<JobOutcome> outcome);
JobRunner::Body makeSelectJob(const QString& project, const SelectRequest& request,
                              std::shared_ptr<JobOutcome> outcome);
// Analysis > Filter Corpus: a filter run (core/filter); outcome->runId is the run, the summary
// its kept and removed counts. A cancelled filter stores nothing.
JobRunner::Body makeFilterJob(const QString& project, const FilterRequest& request,
                              std::shared_ptr<JobOutcome> outcome);
JobRunner::Body makeExportJob(const QString& project, const ExportRequest& request,
                              std::shared_ptr<JobOutcome> outcome);
// Analysis > Explore Corpus (and after an import): explore's first map, the rest encoded and
// assigned, the full map (core/explore). `observer` is called on the worker thread (queue to the
// GUI thread from it); outcome->runId is the full map's run, the summary has the label agreement.
JobRunner::Body makeExploreJob(const QString& project, const ExploreRequest& request,
                               std::shared_ptr<JobOutcome> outcome, dl::ExploreObserver observer = {});
// Mixture > Train on a Kit (`mixture train KIT_DIR`, core/mixture/MixtureTrain): no project; the
// report and checkpoint go to the request's "out" folder, which a cancelled run can resume.
JobRunner::Body makeMixtureTrainJob(const MixtureTrainRequest& request, std::shared_ptr<JobOutcome> outcome);
// Mixture > Build Mixture Kit, Target Mixture, Schedule, MDAC Step (`mixture kit | target |
// schedule | step`, core/mixture): the same core functions as the CLI, so the files are the
// CLI's for the same parameters. kit and target read `project` (read-only); schedule reads it
// for curriculum and gradual only; step needs none. Each writes its files atomically: a cancelled
// or failed job leaves none of them half-written.
JobRunner::Body makeMixtureJob(const QString& project, const MixtureRequest& request,
                               std::shared_ptr<JobOutcome> outcome);
// File > Share Map: the cluster run's page (core/share) into `outDir`, with `overlayRuns`
// (selections: scores and threshold figures) and the corpus's latest filter run (what it
// removed, its ledger); replaces an index.html there (the window asked first).
JobRunner::Body makeShareJob(const QString& project, qint64 clusterRun, const QList<qint64>& overlayRuns,
                             const QString& outDir, std::shared_ptr<JobOutcome> outcome);
