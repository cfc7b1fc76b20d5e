#pragma once
// The pieces `encode --shard`, `assign` and `score` share: the --shard I/N and --out DIR
// options, the project opened for a cluster worker (read-only, nothing written beside it),
// and the report of a finished (or skipped) shard.
#include <QCommandLineParser>

#include <filesystem>
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

// `encode PROJECT ... --shard I/N --out DIR` once its encode options are parsed.
int runEncodeShardCommand(const QString& project, const dl::EncodeParams& params, const ShardTarget& target,
                          const QCommandLineParser& parser);

}  // namespace dlcli
