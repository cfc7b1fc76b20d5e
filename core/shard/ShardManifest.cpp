#include "shard/ShardManifest.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <system_error>
#include <type_traits>
#include <vector>

#include "common/AtomicFile.h"
#include "common/Brace.h"
#include "common/JsonText.h"
#include "common/RegularFile.h"
#include "common/Sha256.h"

namespace dl {

using shard_detail::brace;

namespace fs = std::filesystem;
using nlohmann::json;

json ShardManifest::toJson() const {
    return json{{"format", "domainlens-shard"},
                {"format_version", kFormatVersion},
                {"job", job},
                {"params_hash", paramsHash},
                {"model_hash", modelHash},
                {"shard", shard.index},
                {"shards", shard.count},
                {"first_id", firstId},
                {"last_id", lastId},
                {"rows", rows},
                {"data_file", dataFile},
                {"sha256", sha256},
                {"rows_sha256", rowsSha256},
                {"params", params}};
}

namespace {

template <class T>
Status readField(const json& j, const char* key, T& out, const std::string& where) {
    auto it = j.find(key);
    if (it == j.end()) return fail(brace("{}: field '{}' is missing.", where, key));
    if constexpr (std::is_integral_v<T>) {
        // A whole number in T's range: nlohmann would truncate 1.5 and wrap 1e30 without a word.
        const bool fits =
            it->is_number_unsigned()  ? it->get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<T>::max())
            : it->is_number_integer() ? it->get<std::int64_t>() >= std::int64_t(std::numeric_limits<T>::min()) &&
                                            it->get<std::int64_t>() <= std::int64_t(std::numeric_limits<T>::max())
                                      : false;
        if (it->is_number() && !fits)
            return fail(brace("{}: field '{}' is not a whole number in range ({}).", where, key, it->dump()));
    }
    try {
        out = it->get<T>();
    } catch (const json::exception&) {
        return fail(brace("{}: field '{}' has the wrong type ({}).", where, key, it->type_name()));
    }
    return {};
}

}  // namespace

Expected<ShardManifest> ShardManifest::fromJson(const json& j, const std::string& where) {
    if (!j.is_object()) return fail(brace("{}: not a JSON object.", where));
    std::string format;
    int version = 0;
    ShardManifest m;
    for (const Status& s : {readField(j, "format", format, where), readField(j, "format_version", version, where),
                            readField(j, "job", m.job, where), readField(j, "params_hash", m.paramsHash, where),
                            readField(j, "model_hash", m.modelHash, where), readField(j, "shard", m.shard.index, where),
                            readField(j, "shards", m.shard.count, where), readField(j, "first_id", m.firstId, where),
                            readField(j, "last_id", m.lastId, where), readField(j, "rows", m.rows, where),
                            readField(j, "data_file", m.dataFile, where), readField(j, "sha256", m.sha256, where)})
        if (!s) return std::unexpected(s.error());
    if (format != "domainlens-shard")
        return fail(brace("{}: field 'format' is '{}', not a DomainLens shard.", where, format));
    if (version > kFormatVersion)
        return fail(brace("{}: shard format version {} is newer than this DomainLens reads ({}).", where, version,
                          kFormatVersion));
    if (!j.contains("rows_sha256"))
        return fail(
            brace("{}: field 'rows_sha256' is missing: the shard was made by an older DomainLens, which did not "
                  "record which rows it read, so merge cannot check it is this project's. Re-run the shards.",
                  where));
    if (auto s = readField(j, "rows_sha256", m.rowsSha256, where); !s) return std::unexpected(s.error());
    if (m.rowsSha256.size() != 64 || m.rowsSha256.find_first_not_of("0123456789abcdef") != std::string::npos)
        return fail(brace("{}: field 'rows_sha256' is not a SHA-256 (64 hex digits).", where));
    if (m.shard.count > kMaxShardCount)
        return fail(brace("{}: field 'shards' ({}) is implausible: DomainLens writes at most {} shards of a stage.",
                          where, m.shard.count, kMaxShardCount));
    if (m.shard.count < 1 || m.shard.index < 0 || m.shard.index >= m.shard.count)
        return fail(brace("{}: field 'shard' ({}) is outside 0..{}.", where, m.shard.index, m.shard.count - 1));
    if (m.rows < 0) return fail(brace("{}: field 'rows' is negative.", where));
    if (m.rows > 0 && m.lastId < m.firstId) return fail(brace("{}: field 'last_id' is below 'first_id'.", where));
    if (m.dataFile.empty() || m.dataFile.find('/') != std::string::npos)
        return fail(brace("{}: field 'data_file' must be a plain file name.", where));
    m.params = j.value("params", json::object());
    return m;
}

std::string hashParams(const json& params) {
    Sha256 h;
    h.update(params.dump());  // nlohmann's object keys are sorted: the dump is canonical
    return h.hexDigest();
}

Expected<std::string> sha256OfFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(brace("{}: cannot be read.", path.string()));
    Sha256 h;
    std::vector<char> buf(1 << 20);
    while (in) {
        in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
        if (in.gcount() > 0) h.update(buf.data(), static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) return fail(brace("{}: read error.", path.string()));
    return h.hexDigest();
}

fs::path manifestPath(const fs::path& dir, const std::string& job, const ShardSpec& spec) {
    return dir / (shardFileStem(job, spec) + ".manifest.json");
}

Status writeShardManifest(const fs::path& dir, const ShardManifest& manifest) {
    return writeFileAtomically(manifestPath(dir, manifest.job, manifest.shard).string(),
                               manifest.toJson().dump(2) + "\n");
}

Expected<ShardManifest> readShardManifest(const fs::path& path) {
    if (auto s = checkRegularFile(path.string(), "The shard manifest"); !s) return std::unexpected(s.error());
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(brace("{}: cannot be read.", path.string()));
    bool tooDeep = false;
    json j = parseJsonOrDiscarded(in, &tooDeep);
    if (j.is_discarded()) return fail(brace("{}: not valid JSON{}.", path.string(), tooDeepNote(tooDeep)));
    auto m = ShardManifest::fromJson(j, path.string());
    if (!m) return m;
    const fs::path data = path.parent_path() / m->dataFile;
    if (!fs::exists(data)) return fail(brace("{}: its data file {} is missing.", path.string(), data.string()));
    if (auto s = checkRegularFile(data.string(), "The shard data file"); !s) return std::unexpected(s.error());
    auto sum = sha256OfFile(data);
    if (!sum) return std::unexpected(sum.error());
    if (*sum != m->sha256)
        return fail(brace("{}: checksum mismatch (the file is corrupt or was changed after the shard finished).",
                          data.string()));
    return m;
}

bool shardComplete(const fs::path& dir, const std::string& job, const ShardSpec& spec, const std::string& paramsHash) {
    auto m = readShardManifest(manifestPath(dir, job, spec));
    return m && m->paramsHash == paramsHash && m->shard.count == spec.count && m->shard.index == spec.index;
}

}  // namespace dl
