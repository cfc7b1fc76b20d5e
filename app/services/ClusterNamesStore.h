#pragma once
// The app's side of cluster names (core/analysis/ClusterNaming.h): the stop-word lists
// shipped as resources (":/stopwords/<language>.txt"), the naming job for the JobRunner, and
// the reads/writes of a view. Reads and writes open their own connection: call them off the
// GUI thread.
#include <QMap>
#include <QString>

#include <functional>
#include <memory>
#include <string>
#include <unordered_set>

#include "analysis/ClusterNaming.h"
#include "common/Error.h"
#include "jobs/Progress.h"

// Stop words of `language` ("en", "de", "fr"; a region suffix like "en_GB" is ignored);
// empty for a language without a list.
std::unordered_set<std::string> stopWordsFor(const QString& language);

dl::Expected<dl::ClusterNames> readRunClusterNames(const QString& projectPath, qint64 runId);
// Stores the user's names (cluster -> name, "" = back to the words) in one transaction.
dl::Status writeClusterNames(const QString& projectPath, qint64 runId, const QMap<int, QString>& names);

// A JobRunner body computing the distinctive words of run `runId` with its corpus's stop words.
std::function<dl::Status(dl::ProgressSink&, const dl::CancelToken&)> makeNameClustersJob(const QString& projectPath,
                                                                                         qint64 runId);
