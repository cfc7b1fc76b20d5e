#include "JobFactory.h"

#include "ParamFields.h"

#include "analysis/ClusterJob.h"
#include "analysis/LayerSweep.h"
#include "encode/EncodeJob.h"
#include "export/Export.h"
#include "filter/FilterJob.h"
#include "mixture/Mdac.h"
#include "mixture/MixtureKit.h"
#include "mixture/MixtureSchedule.h"
#include "mixture/MixtureTarget.h"
#include "mixture/MixtureTrain.h"
#include "select/CrossLingual.h"
#include "select/SelectJob.h"
#include "share/ShareMap.h"
#include "store/Store.h"

namespace {

// Opens the project for writing on the worker thread and runs `body` with it.
template <class F>
JobRunner::Body withStore(const QString& project, F body) {
    return [project, body](dl::ProgressSink& progress, const dl::CancelToken& cancel) -> dl::Status {
        auto store = dl::Store::open(project.toStdString());
        if (!store) return std::unexpected(store.error());
        return body(**store, progress, cancel);
    };
}

// A request the core cannot parse (an unknown method, covariance or format) fails visibly as
// the job's error instead of silently running with a default.
JobRunner::Body failing(const dl::Error& error) {
    return [error](dl::ProgressSink&, const dl::CancelToken&) -> dl::Status { return std::unexpected(error); };
}

}  // namespace

JobRunner::Body makeEncodeJob(const QString& project, const EncodeRequest& r, std::shared_ptr<JobOutcome> outcome) {
    dl::EncodeParams p;
    if (auto s = applyParamValues(dl::encodeParamTable(), p, r.values); !s) return failing(s.error());
    if (auto s = dl::validateEncodeParams(p); !s) return failing(s.error());
    return withStore(
        project,
        [p, outcome](dl::Store& store, dl::ProgressSink& progress, const dl::CancelToken& cancel) -> dl::Status {
            auto res = dl::runEncode(p, store, progress, cancel);
            if (!res) return std::unexpected(res.error());
            if (outcome)
                outcome->summary =
                    res->noop
                        ? QObject::tr("%1 was already encoded with %2.")
                              .arg(QString::fromStdString(res->corpus), QString::fromStdString(res->model))
                        : QObject::tr("Encoded %1 sentences of %2 with %3 (%4 sentences/s on %5).")
                              .arg(QString::number(res->encoded), QString::fromStdString(res->corpus),
                                   QString::fromStdString(res->model), QString::number(res->sentencesPerSecond, 'f', 0),
                                   QString::fromStdString(res->device));  // one pass: names stay as typed
            return {};
        });
}

JobRunner::Body makeClusterJob(const QString& project, const ClusterRequest& r, std::shared_ptr<JobOutcome> outcome) {
    dl::ClusterParams p;
    if (auto s = applyParamValues(dl::clusterParamTable(), p, r.values); !s) return failing(s.error());
    // A mixture field at "auto" is left out of the request, as the CLI leaves out --cov, --n-init
    // or --reg-covar: each gets the set's model's value (dl::useModelMixture; the run stores the
    // values fitted and which were auto). The sweeps fit the fields' values, as the CLI's.
    if (!r.sweep && !r.layerSweep)
        p.mixtureAuto = dl::ClusterParams::mixtureAutoUnless(
            [&](const char* option) { return r.values.contains(QString::fromLatin1(option)); });
    const bool sweep = r.sweep;
    const bool layerSweep = r.layerSweep;
    const int kFrom = r.kFrom, kTo = r.kTo;
    return withStore(
        project,
        [p, sweep, layerSweep, kFrom, kTo, outcome](dl::Store& store, dl::ProgressSink& progress,
                                                    const dl::CancelToken& cancel) -> dl::Status {
            if (layerSweep) {
                dl::LayerSweepParams lp;
                lp.base = p;
                lp.layers = p.representation.layers;
                lp.base.representation.layers.clear();
                auto res = dl::runLayerSweep(lp, store, progress, cancel);
                if (!res) return std::unexpected(res.error());
                if (outcome) {
                    outcome->runId = res->runId;
                    outcome->summary =
                        res->labelled ? QObject::tr("Layer sweep run #%1: best layer by purity %2, by silhouette %3.")
                                            .arg(res->runId)
                                            .arg(res->layerByPurity)
                                            .arg(res->layerBySilhouette)
                                      : QObject::tr("Layer sweep run #%1: silhouette picks layer %2.")
                                            .arg(res->runId)
                                            .arg(res->layerBySilhouette);
                }
                return {};
            }
            if (sweep) {
                dl::SweepParams sp;
                sp.base = p;
                for (int k = kFrom; k <= kTo; ++k) sp.ks.push_back(k);
                auto res = dl::runClusterSweep(sp, store, progress, cancel);
                if (!res) return std::unexpected(res.error());
                if (outcome) {
                    outcome->runId = res->runId;
                    outcome->summary =
                        QObject::tr("k sweep %1–%2: lowest BIC at k = %3.").arg(kFrom).arg(kTo).arg(res->bestKByBic);
                }
                return {};
            }
            auto res = dl::runCluster(p, store, progress, cancel);
            if (!res) return std::unexpected(res.error());
            if (outcome) {
                outcome->runId = res->runId;
                outcome->summary =
                    res->labelled
                        ? QObject::tr("Clustering run #%1: purity %2 ± %3 % over %4 seeds (random baseline %5 %).")
                              .arg(res->runId)
                              .arg(100 * res->purityMean, 0, 'f', 2)
                              .arg(100 * res->purityStd, 0, 'f', 2)
                              .arg(res->perSeed.size())
                              .arg(100 * res->randomPurityMean, 0, 'f', 2)
                        : QObject::tr("Clustering run #%1 stored (no domain labels: no purity).").arg(res->runId);
            }
            return {};
        });
}

JobRunner::Body makeSelectJob(const QString& project, const SelectRequest& r, std::shared_ptr<JobOutcome> outcome) {
    if (r.values.value(QStringLiteral("method")) == QLatin1String("cross-lingual")) {
        dl::CrossLingualParams p;
        if (auto s = applyParamValues(dl::crossLingualParamTable(), p, r.values); !s) return failing(s.error());
        if (auto s = dl::validateCrossLingualParams(p); !s) return failing(s.error());
        return withStore(
            project,
            [p, outcome](dl::Store& store, dl::ProgressSink& progress, const dl::CancelToken& cancel) -> dl::Status {
                auto res = dl::runCrossLingual(p, store, progress, cancel);
                if (!res) return std::unexpected(res.error());
                if (outcome) {
                    outcome->runId = res->runId;
                    outcome->summary =
                        QObject::tr("Selection run #%1 (cross-lingual): %2 of %3 pool sentences selected.")
                            .arg(res->runId)
                            .arg(res->selected)
                            .arg(res->poolSize);
                }
                return {};
            });
    }
    dl::SelectParams p;
    if (auto s = applyParamValues(dl::selectParamTable(), p, r.values); !s) return failing(s.error());
    if (auto s = dl::validateSelectParams(p); !s) return failing(s.error());
    return withStore(
        project,
        [p, outcome](dl::Store& store, dl::ProgressSink& progress, const dl::CancelToken& cancel) -> dl::Status {
            auto res = dl::runSelect(p, store, progress, cancel);
            if (!res) return std::unexpected(res.error());
            if (outcome) {
                outcome->runId = res->runId;
                outcome->summary = QObject::tr("Selection run #%1 (%2): %3 of %4 pool sentences selected.")
                                       .arg(res->runId)
                                       .arg(QString::fromStdString(dl::methodName(p.method)))
                                       .arg(res->selected)
                                       .arg(res->poolSize);
            }
            return {};
        });
}

JobRunner::Body makeFilterJob(const QString& project, const FilterRequest& r, std::shared_ptr<JobOutcome> outcome) {
    dl::FilterParams p;
    if (auto s = applyParamValues(dl::filterParamTable(), p, r.values); !s) return failing(s.error());
    if (auto s = dl::validateFilterParams(p); !s) return failing(s.error());
    return withStore(
        project,
        [p, outcome](dl::Store& store, dl::ProgressSink& progress, const dl::CancelToken& cancel) -> dl::Status {
            auto res = dl::runFilter(p, store, progress, cancel);
            if (!res) return std::unexpected(res.error());
            if (outcome) {
                outcome->runId = res->runId;
                outcome->summary = QObject::tr("Filter run #%1 (%2) on %3: %4 of %5 sentences kept, %6 removed.")
                                       .arg(res->runId)
                                       .arg(QString::fromStdString(std::string(dl::filterKindName(p.kind))))
                                       .arg(QString::fromStdString(res->summary.corpus))
                                       .arg(res->summary.kept)
                                       .arg(res->summary.sentences)
                                       .arg(res->summary.removed);
            }
            return {};
        });
}

JobRunner::Body makeExportJob(const QString& project, const ExportRequest& r, std::shared_ptr<JobOutcome> outcome) {
    dl::ExportParams p;
    if (auto s = applyParamValues(dl::exportParamTable(), p, r.values); !s) return failing(s.error());
    if (r.run > 0) p.run = r.run;
    return [project, p, outcome](dl::ProgressSink& progress, const dl::CancelToken& cancel) -> dl::Status {
        // Export only reads the project.
        auto store = dl::Store::open(project.toStdString(), dl::OpenMode::ReadOnly);
        if (!store) return std::unexpected(store.error());
        auto res = dl::runExport(p, **store, progress, cancel);
        if (!res) return std::unexpected(res.error());
        if (outcome)
            outcome->summary = QObject::tr("Exported %1 files; manifest %2.")
                                   .arg(res->files.size())
                                   .arg(QString::fromStdString(res->manifestPath));
        return {};
    };
}

JobRunner::Body makeMixtureTrainJob(const MixtureTrainRequest& r, std::shared_ptr<JobOutcome> outcome) {
    dl::MixtureTrainParams p;
    if (auto s = applyParamValues(dl::mixtureTrainParamTable(), p, r.values); !s) return failing(s.error());
    if (r.kit.isEmpty()) return failing(dl::Error(dl::ErrorKind::Usage, "Name the mixture kit's folder."));
    if (p.out.empty()) return failing(dl::Error(dl::ErrorKind::Usage, "Name the work folder (--out)."));
    return [kit = r.kit.toStdString(), p, outcome](dl::ProgressSink& progress,
                                                   const dl::CancelToken& cancel) -> dl::Status {
        auto report = dl::runMixtureTrain(kit, p, progress, cancel);
        if (!report) return std::unexpected(report.error());
        if (outcome) {
            const auto& last = (*report)["final"];
            outcome->summary = QObject::tr("Trained %1 steps: dev loss under λ^t %2 (perplexity %3); report %4.")
                                   .arg(last.value("step", std::int64_t(0)))
                                   .arg(last.value("target_loss", 0.0), 0, 'f', 4)
                                   .arg(last.value("target_ppl", 0.0), 0, 'f', 2)
                                   .arg(QString::fromStdString(p.out + "/train.json"));
        }
        return {};
    };
}

namespace {

// The project read-only on the worker thread (or none when `project` is empty and `optional`).
dl::Expected<std::unique_ptr<dl::Store>> openReadOnly(const QString& project, bool optional) {
    if (project.isEmpty()) {
        if (optional) return std::unique_ptr<dl::Store>();
        return std::unexpected(dl::Error(dl::ErrorKind::Usage, "Open a project first."));
    }
    return dl::Store::open(project.toStdString(), dl::OpenMode::ReadOnly);
}

QString weightsInWords(const dl::Weights& w) {
    QStringList parts;
    for (const auto& [g, v] : w) parts << QStringLiteral("%1 %2").arg(QString::fromStdString(g)).arg(v, 0, 'f', 3);
    return parts.join(QStringLiteral(", "));
}

template <class P>
dl::Expected<P> mixtureParams(const dl::ParamTable<P>& table, const QVariantMap& values) {
    P p;
    if (auto s = applyParamValues(table, p, values); !s) return std::unexpected(s.error());
    return p;
}

}  // namespace

JobRunner::Body makeMixtureJob(const QString& project, const MixtureRequest& r, std::shared_ptr<JobOutcome> outcome) {
    const std::optional<std::int64_t> run = r.run > 0 ? std::optional<std::int64_t>(r.run) : std::nullopt;
    if (r.subcommand == QLatin1String("kit")) {
        auto p = mixtureParams(dl::mixtureKitParamTable(), r.values);
        if (!p) return failing(p.error());
        p->run = run;
        return [project, p = *p, outcome](dl::ProgressSink& progress, const dl::CancelToken& cancel) -> dl::Status {
            auto store = openReadOnly(project, false);
            if (!store) return std::unexpected(store.error());
            auto res = dl::runMixtureKit(p, **store, progress, cancel);
            if (!res) return std::unexpected(res.error());
            if (outcome)
                outcome->summary = QObject::tr("Mixture kit of %1 groups in %2.")
                                       .arg(res->mixture.value("groups", nlohmann::json::object()).size())
                                       .arg(QString::fromStdString(p.outDir));
            return {};
        };
    }
    if (r.subcommand == QLatin1String("target")) {
        auto p = mixtureParams(dl::mixtureTargetParamTable(), r.values);
        if (!p) return failing(p.error());
        return [project, p = *p, run, outcome](dl::ProgressSink&, const dl::CancelToken& cancel) -> dl::Status {
            auto store = openReadOnly(project, false);
            if (!store) return std::unexpected(store.error());
            auto res = dl::runMixtureTarget(p, run, **store, cancel);
            if (!res) return std::unexpected(res.error());
            if (outcome) outcome->summary = QObject::tr("λ^t: %1.").arg(weightsInWords(res->lambda));
            return {};
        };
    }
    if (r.subcommand == QLatin1String("schedule")) {
        auto p = mixtureParams(dl::mixtureScheduleParamTable(), r.values);
        if (!p) return failing(p.error());
        const bool needsProject = p->kind == "curriculum" || p->kind == "gradual";
        return [project, p = *p, needsProject, outcome](dl::ProgressSink& progress,
                                                        const dl::CancelToken& cancel) -> dl::Status {
            auto store = openReadOnly(needsProject ? project : QString(), !needsProject);
            if (!store) return std::unexpected(store.error());
            auto res = dl::runMixtureSchedule(p, store->get(), progress, cancel);
            if (!res) return std::unexpected(res.error());
            if (outcome)
                outcome->summary = QObject::tr("Schedule %1: %2 entries in %3.schedule.json.")
                                       .arg(QString::fromStdString(p.kind))
                                       .arg(res->schedule.value("schedule", nlohmann::json::array()).size())
                                       .arg(QString::fromStdString(p.out));
            return {};
        };
    }
    if (r.subcommand == QLatin1String("step")) {
        auto p = mixtureParams(dl::mixtureStepParamTable(), r.values);
        if (!p) return failing(p.error());
        return [state = r.state.toStdString(), p = *p, outcome](dl::ProgressSink&,
                                                                const dl::CancelToken& cancel) -> dl::Status {
            if (cancel.isCancelled()) return dl::cancelled();
            auto res = dl::runMixtureStep(state, p);
            if (!res) return std::unexpected(res.error());
            if (outcome)
                outcome->summary =
                    QObject::tr("MDAC session %1: λ %2.").arg(res->session).arg(weightsInWords(res->lambda()));
            return {};
        };
    }
    return failing(dl::usageError("Unknown mixture subcommand '" + r.subcommand.toStdString() + "'.").error());
}

JobRunner::Body makeExploreJob(const QString& project, const ExploreRequest& r, std::shared_ptr<JobOutcome> outcome,
                               dl::ExploreObserver observer) {
    dl::ExploreParams p;
    if (auto s = applyParamValues(dl::exploreParamTable(), p, r.values); !s) return failing(s.error());
    // The dialog offers no layer: the one encode would pool, as the CLI's explore without --layer.
    if (!r.values.contains(QStringLiteral("layer"))) dl::useRecommendedLayer(p.encode);
    if (auto s = dl::validateExploreParams(p); !s) return failing(s.error());
    return withStore(project,
                     [p, outcome, observer](dl::Store& store, dl::ProgressSink& progress,
                                            const dl::CancelToken& cancel) -> dl::Status {
                         auto res = dl::runExplore(p, store, progress, cancel, observer);
                         if (!res) return std::unexpected(res.error());
                         if (outcome) {
                             outcome->runId = res->fullMapRun;
                             outcome->summary =
                                 res->agreement ? QObject::tr(
                                                      "Full map of %1: run #%2 on %L3 sentences; the first map (run "
                                                      "#%4, %L5 sentences) agrees on %6 % of the labels.")
                                                      .arg(QString::fromStdString(res->corpus))
                                                      .arg(res->fullMapRun)
                                                      .arg(res->sentences)
                                                      .arg(res->sampleMapRun)
                                                      .arg(res->sampleRows)
                                                      .arg(100 * res->agreement->matched, 0, 'f', 1)
                                                : QObject::tr("Map of %1: run #%2 on all %L3 sentences.")
                                                      .arg(QString::fromStdString(res->corpus))
                                                      .arg(res->fullMapRun)
                                                      .arg(res->sentences);
                         }
                         return {};
                     });
}

JobRunner::Body makeShareJob(const QString& project, qint64 clusterRun, const QList<qint64>& overlayRuns,
                             const QString& outDir, std::shared_ptr<JobOutcome> outcome) {
    dl::ShareParams p;
    p.runId = clusterRun;
    p.overlayRuns.assign(overlayRuns.begin(), overlayRuns.end());
    p.outDir = outDir.toStdString();
    p.force = true;
    p.skipUnrelatedOverlays = true;  // the selection on screen may be of another corpus
    p.latestFilter = true;
    return [project, p, outcome](dl::ProgressSink& progress, const dl::CancelToken& cancel) -> dl::Status {
        auto store = dl::Store::open(project.toStdString(), dl::OpenMode::ReadOnly);
        if (!store) return std::unexpected(store.error());
        progress.stage("Writing the shared map");
        auto done = dl::writeShareMap(**store, p, cancel);
        if (!done) return std::unexpected(done.error());
        if (outcome) {
            outcome->runId = done->runId;
            outcome->summary = QObject::tr("Shared map of run #%1 written: %2 (%3 of %4 points).")
                                   .arg(QString::number(done->runId), QString::fromStdString(done->path),
                                        QString::number(done->points), QString::number(done->total));
        }
        return {};
    };
}
