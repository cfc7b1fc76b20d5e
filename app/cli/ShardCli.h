#pragma once
// The pieces `encode --shard`, `assign` and `score` share: the --shard I/N and --out DIR
// options, the project opened for a cluster worker (read-only, nothing written beside it),
// and the report of a finished (or skipped) shard.
#include <QCommandLineParser>

#include <filesystem>
#include <functional>
#include <optional>

#include "encode/EncodeJob.h"
#include "shard/ShardSpec.h"
#include "shard/ShardWork.h"

namespace dlcli {

struct ShardTarget {
    dl::ShardSpec spec;
    std::filesystem::path outDir;
};

void addShardOptions(QCommandLineParser& parser);
// nullopt when neither --shard nor --out is given; a usage error (exit 2, set in `exitCode`)
// when only one is, or --shard is malformed.
std::optional<ShardTarget> shardTarget(const QCommandLineParser& parser, int& exitCode);
// One line (or one JSON object with --json) on stdout; returns ExitOk.
int printShardOutcome(const dl::ShardOutcome& outcome, bool json);

// A shard worker's body: opens the project read-only (a cluster worker), runs `work` with the
// command's progress (--quiet, --json) and prints its outcome.
using ShardWork = std::function<dl::Expected<dl::ShardOutcome>(dl::Store&, dl::ProgressSink&, const dl::CancelToken&)>;
int runShardWork(const QString& project, const QCommandLineParser& parser, const ShardWork& work);

// `encode PROJECT ... --shard I/N --out DIR` once its encode options are parsed.
int runEncodeShardCommand(const QString& project, const dl::EncodeParams& params, const ShardTarget& target,
                          const QCommandLineParser& parser);

}  // namespace dlcli
