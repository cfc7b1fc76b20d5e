#pragma once
// The manifest beside each shard's data file. The data file is written first (temporary name,
// then renamed), the manifest last in the same way: a present manifest whose checksum matches
// its data file is the shard's completion marker, so a rerun of the array skips that shard and
// merge trusts nothing else.
#include <cstdint>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "shard/ShardSpec.h"

namespace dl {

struct ShardManifest {
    // 2: rows_sha256 (the rows a worker read). Version 1 manifests are refused: re-run the shards.
    static constexpr int kFormatVersion = 2;
    std::string job;          // "encode", "score", "assign"
    std::string paramsHash;   // SHA-256 of the stage's parameters (canonical JSON)
    std::string modelHash;    // content hash of the model the stage applied
    ShardSpec shard;
    std::int64_t firstId = 0;  // sentence ids covered, inclusive; rows may be fewer (gaps in ids)
    std::int64_t lastId = -1;
    std::int64_t rows = 0;
    std::string dataFile;  // name of the data file, in the manifest's folder
    std::string sha256;    // of the data file's bytes
    // SHA-256 of the corpus rows the worker read (shard/ShardWork.h RowsDigest: id, source,
    // target of each row): merge recomputes it from the project's rows and refuses a mismatch,
    // so shards of another project (or of a re-imported corpus) with the same ids never merge.
    std::string rowsSha256;
    nlohmann::json params;  // the parameters themselves, for the merge's report

    nlohmann::json toJson() const;
    // Validates every field; errors name the file and the field.
    static Expected<ShardManifest> fromJson(const nlohmann::json& j, const std::string& where);
};

// SHA-256 of nlohmann's canonical dump (keys sorted), so equal parameters hash equally.
std::string hashParams(const nlohmann::json& params);
// SHA-256 of a file's bytes; the error names the file.
Expected<std::string> sha256OfFile(const std::filesystem::path& path);

std::filesystem::path manifestPath(const std::filesystem::path& dir, const std::string& job, const ShardSpec& spec);

// Writes the manifest under a temporary name and renames it into place (after the data file).
Status writeShardManifest(const std::filesystem::path& dir, const ShardManifest& manifest);
// Reads and checks a manifest: parses, and the data file exists with the recorded checksum.
Expected<ShardManifest> readShardManifest(const std::filesystem::path& path);

// True when this shard is already done with these parameters: the rerun skips it.
bool shardComplete(const std::filesystem::path& dir, const std::string& job, const ShardSpec& spec,
                   const std::string& paramsHash);

}  // namespace dl
