#pragma once
// Read-only queries the GUI needs from a project, as plain data for the widgets.
// They open their own read-only connection, so they can run on any thread (the GUI runs
// them on its AsyncService, never on the GUI thread itself).
#include <QList>
#include <QString>

#include "CorpusOverlapModel.h"
#include "CorpusSummary.h"
#include "ImportRequest.h"
#include "JobRequests.h"
#include "common/CancelToken.h"
#include "common/Error.h"
#include "corpus/Import.h"
#include "runs/RunKind.h"

#include <nlohmann/json_fwd.hpp>

dl::Expected<QList<CorpusSummary>> readCorpusSummaries(const QString& projectPath);

// Sentence overlap between every pair of corpora on the source side (A&G's Table 8;
// core/reports/CorpusOverlap.h), for the Corpora tab's hygiene table; stops when cancelled.
dl::Expected<QVector<CorpusOverlapRow>> readCorpusOverlap(const QString& projectPath, const dl::CancelToken& cancel);

// One line per stored run for the Runs view.
struct RunRow {
    qint64 id = 0;
    dl::RunKind kind = dl::RunKind::Cluster;
    QString created;
    QString corpus;
    QString description;  // parameters in words
    QString result;       // headline figure (purity, selected count, the layer a sweep chose)
};
dl::Expected<QList<RunRow>> readRuns(const QString& projectPath);
// A run's stored parameters as "key=value, ..." (nested objects left out).
QString paramsInWords(const nlohmann::json& params);

// Encoder models the encode dialog offers: the default model, the data dir, the HF cache.
QList<ModelChoice> availableModels();
QList<CorpusChoice> corpusChoices(const QList<CorpusSummary>& corpora);

// Maps the dialog's request onto the core import parameters, through import's parameter table
// (checked as the CLI's are).
dl::Expected<dl::ImportParams> toImportParams(const ImportRequest& request);
