#pragma once
// What a filter would remove, computed and NOT stored (issue #25: "what a filter removes shown
// before it is applied"). The filter job's prepare and compute steps (core/filter/FilterSteps.h
// `computeFilterPass`) run on the JobRunner's worker, like the filter job itself, and its persist
// step does not: the project is opened read-only and gains no run. The Filter dialog's Preview
// shows the result on the map (ClusterExplorer::showPreview) until the user applies it (the
// real filter job with the same request) or discards it.
// Thread affinity: the job body runs on the worker; `out` is filled there and read on the GUI
// thread once the job has finished (JobRunner's done callback).
#include <QList>
#include <QString>
#include <QVector>

#include <memory>

#include "FilterViewData.h"
#include "JobRequests.h"
#include "JobRunner.h"

struct FilterPreview {
    QString kind, corpus;
    qint64 sentences = 0, kept = 0, removed = 0;
    QList<FilterRuleRow> rules;
    QVector<qint64> removedIds;  // sorted
    QVector<int> removedRules;   // per removedIds: index into rules
    // The rules with their removed counts in words: "near-dup 129" or "bitext:length 12, ...".
    QString countsInWords() const;
};

// The map's colouring for a preview: per point of the map (`mapIds`), 1 when the preview removes
// it and 0 when it keeps it (a binary search per point in the sorted `removedIds`), and how many
// are 1. Run off the GUI thread (ClusterExplorer::showPreview, AsyncService channel "values"):
// 1.5M points take tens of ms. Polls `cancel` (a superseded preview stops early).
struct PreviewFlags {
    QVector<double> values;
    int flagged = 0;
};
dl::Expected<PreviewFlags> previewFlags(const QVector<qint64>& mapIds, const QVector<qint64>& removedIds,
                                        const dl::CancelToken& cancel);

JobRunner::Body makeFilterPreviewJob(const QString& project, const FilterRequest& request,
                                     std::shared_ptr<FilterPreview> out);
