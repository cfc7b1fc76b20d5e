#include "store/Store.h"

#include <sqlite3.h>
#include <cstdint>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <vector>

#include "common/RegularFile.h"
#include "store/Schema.h"
#include "store/SqliteError.h"
#include "store/Statement.h"

namespace dl {
namespace fs = std::filesystem;

// One integer from the project header. A failure says what happened (sqliteFailure: a full
// disk, a lock, read-only media), not only that the header could not be read.
Expected<int> pragmaInt(sqlite3* db, const char* pragma, const std::string& path, int* rcOut) {
    sqlite3_stmt* stmt = nullptr;
    if (const int rc = sqlite3_prepare_v2(db, pragma, -1, &stmt, nullptr); rc != SQLITE_OK) {
        if (rcOut) *rcOut = rc;
        return sqliteFailure(db, rc, path, sqlite3_errmsg(db));
    }
    int value = 0;
    const int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) value = sqlite3_column_int(stmt, 0);
    std::string err = rc == SQLITE_ROW || rc == SQLITE_DONE ? "" : sqlite3_errmsg(db);
    sqlite3_finalize(stmt);
    if (rcOut) *rcOut = rc;
    if (!err.empty()) return sqliteFailure(db, rc, path, err);
    return value;
}

Expected<sqlite3*> openConnection(const std::string& path, int flags) {
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
        if (const int sys = db ? sqlite3_system_errno(db) : 0; sys == EMFILE || sys == ENFILE)
            msg = "too many open files";  // SQLite's own words are "unable to open database file"
        sqlite3_close(db);
        return fail("Cannot open the project " + path + ": " + msg + ".");
    }
    // A project file is untrusted input (a download, a colleague's copy): its schema may carry
    // triggers and views written by anyone. Defensive mode forbids what no DomainLens statement
    // does (writable_schema, writes to FTS5 shadow tables, journal_mode=OFF ...); without a
    // trusted schema, triggers and views may not call functions with side effects
    // (fts3_tokenizer, load_extension, fts5 ...). Both before the first statement reads the schema.
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_busy_timeout(db, 2000);
    sqlite3_extended_result_codes(db, 0);
    return db;
}

namespace {

// "file:" URI of a path (percent-encoding what a URI would misread).
std::string fileUri(const std::string& path) {
    std::string uri = "file:";
    for (char c : fs::absolute(path).string()) {
        if (c == '%' || c == '?' || c == '#') {
            static const char* hex = "0123456789ABCDEF";
            uri += '%';
            uri += hex[(static_cast<unsigned char>(c) >> 4) & 15];
            uri += hex[static_cast<unsigned char>(c) & 15];
        } else {
            uri += c;
        }
    }
    return uri;
}

// OpenMode::SharedReadOnly (see Store.h). immutable=1 is only safe when every committed page
// is in the main file: a non-empty -wal means the last writer did not checkpoint.
Expected<sqlite3*> openShared(const std::string& path) {
    std::error_code ec;
    const auto walSize = fs::file_size(path + "-wal", ec);
    const bool pendingWal = !ec && walSize > 0;
    auto db = pendingWal ? openConnection(path, SQLITE_OPEN_READONLY)
                         : openConnection(fileUri(path) + "?immutable=1", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
    if (!db) return db;
    sqlite3_exec(*db, "PRAGMA query_only=1;", nullptr, nullptr, nullptr);
    return db;
}

}  // namespace

Store::Store(sqlite3* db, std::string path, bool readOnly) : db_(db), path_(std::move(path)), readOnly_(readOnly) {}

Store::~Store() {
    if (db_) sqlite3_close_v2(db_);
}

Expected<std::unique_ptr<Store>> Store::create(const std::string& path) {
    // SQLite reads these names as a database in memory (or a private temporary one) that is
    // gone at exit: a project must be a file.
    if (path.empty() || path == ":memory:")
        return usageError("'" + path + "' is SQLite's name for a database that is gone at exit, not a file; " +
                          "name a project file, e.g. corpus.dlproj.");
    std::error_code ec;
    if (fs::exists(path, ec))
        return fail(ErrorCode::FileExists, {path}, "Cannot create the project " + path + ": the file already exists.");
    const fs::path parent = fs::absolute(fs::path(path), ec).parent_path();
    if (!fs::is_directory(parent, ec))
        return fail("Cannot create the project " + path + ": the folder " + parent.string() + " does not exist.");
    auto db = openConnection(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    if (!db) return std::unexpected(db.error());
    std::unique_ptr<Store> store(new Store(*db, path, false));
    // 16 KiB pages (before anything is written; SQLite's default is 4 KiB): a corpus import
    // writes a quarter of the pages, WAL frames and system calls (the kernel's share of
    // importing 1.5M pairs fell by half), and embedding chunks span fewer overflow pages.
    auto setup = store->exec(
        "PRAGMA page_size=16384; PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;"
        "PRAGMA application_id=" +
        std::to_string(kApplicationId) + ";");
    if (!setup) {
        store.reset();
        fs::remove(path, ec);
        return std::unexpected(setup.error());
    }
    if (auto m = store->migrate(); !m) {
        store.reset();
        fs::remove(path, ec);
        fs::remove(path + "-wal", ec);
        fs::remove(path + "-shm", ec);
        return std::unexpected(m.error());
    }
    return store;
}

Status checkApplicationId(const Expected<int>& appId, const std::string& path) {
    // A full disk, a lock or unreadable media is said as such; only what SQLite cannot read as a
    // database at all (not a database, corrupt header) is "not a project".
    if (!appId && appId.error().code != ErrorCode::Database) return std::unexpected(appId.error());
    if (!appId)
        return fail(ErrorCode::NotAProject, {path},
                    "The file " + path + " is not a DomainLens project (" + appId.error().args.back() + ").");
    if (*appId != kApplicationId)
        return fail(ErrorCode::NotAProject, {path}, "The file " + path + " is not a DomainLens project.");
    return {};
}

namespace {

// The schema this build writes: one migration per step (kept in step with kSchemaVersion).
int currentSchemaVersion() { return static_cast<int>(schemaMigrations().size()); }

// A free name for the backup of a schema-`version` project: <file>.v<N>.bak, then .bak.2, ...
std::string backupPath(const std::string& path, int version) {
    const std::string base = path + ".v" + std::to_string(version) + ".bak";
    std::error_code ec;
    std::string candidate = base;
    for (int i = 2; fs::exists(candidate, ec); ++i) candidate = base + "." + std::to_string(i);
    return candidate;
}

bool sameBytes(const std::string& a, const std::string& b) {
    std::ifstream x(a, std::ios::binary), y(b, std::ios::binary);
    if (!x || !y) return false;
    std::vector<char> bx(1 << 16), by(1 << 16);
    while (x && y) {
        x.read(bx.data(), std::streamsize(bx.size()));
        y.read(by.data(), std::streamsize(by.size()));
        if (x.gcount() != y.gcount() || !std::equal(bx.begin(), bx.begin() + x.gcount(), by.begin())) return false;
    }
    return !x && !y;
}

}  // namespace

Expected<std::unique_ptr<Store>> Store::open(const std::string& path, OpenMode mode) {
    std::error_code ec;
    if (!fs::exists(path, ec))
        return fail(ErrorCode::ProjectMissing, {path},
                    "The project " + path + " does not exist (create it with `init`).");
    if (fs::is_directory(path, ec))
        return fail(ErrorCode::ProjectIsFolder, {path},
                    "The project path " + path + " is a folder, not a project file.");
    // A FIFO (or a device) would block SQLite's open() forever, deaf to Ctrl+C and SIGTERM; it is
    // decided from stat(), which does not block.
    if (auto regular = checkRegularFile(path, "The project path"); !regular) return std::unexpected(regular.error());
    const int flags = mode == OpenMode::ReadWrite ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY;
    auto db = mode == OpenMode::SharedReadOnly ? openShared(path) : openConnection(path, flags);
    if (!db) return std::unexpected(db.error());
    const bool readOnly = mode != OpenMode::ReadWrite || sqlite3_db_readonly(*db, "main") == 1;
    int rc = SQLITE_OK;
    auto appId = pragmaInt(*db, "PRAGMA application_id", path, &rc);
    if (!appId && readOnly && (rc & 0xff) == SQLITE_CANTOPEN && mode != OpenMode::SharedReadOnly) {
        // Read-only media (a DVD, a read-only mount): SQLite cannot create the WAL index (-shm)
        // beside the project. Read it the way shard workers do (openShared: immutable when no
        // WAL content is pending); writing it stays refused (ProjectReadOnly).
        sqlite3_close_v2(*db);
        db = openShared(path);
        if (!db) return std::unexpected(db.error());
        appId = pragmaInt(*db, "PRAGMA application_id", path);
    }
    std::unique_ptr<Store> store(new Store(*db, path, readOnly));

    if (auto s = checkApplicationId(appId, path); !s) return std::unexpected(s.error());
    auto version = pragmaInt(*db, "PRAGMA user_version", path);
    if (!version) return std::unexpected(version.error());
    if (*version < 0)  // migrate() would index its steps with it (found by tests/fuzz)
        return fail(
            ErrorCode::NotAProject, {path},
            "The file " + path + " is not a DomainLens project (schema version " + std::to_string(*version) + ").");
    const int current = currentSchemaVersion();
    if (*version > current)
        return fail(ErrorCode::ProjectTooNew, {path, std::to_string(*version), std::to_string(current)},
                    "The project " + path + " was written by a newer DomainLens (schema " + std::to_string(*version) +
                        "; this version reads up to schema " + std::to_string(current) +
                        "). Please update DomainLens.");
    if (auto fk = store->exec("PRAGMA foreign_keys=ON;"); !fk) return std::unexpected(fk.error());
    if (*version < current && mode == OpenMode::SharedReadOnly)
        return fail(ErrorCode::UpgradeReadOnly, {path, std::to_string(*version), std::to_string(current)},
                    "The project " + path + " uses schema " + std::to_string(*version) +
                        " and must be upgraded to schema " + std::to_string(current) +
                        " before workers read it; open it once with `domainlens-cli info`.");
    if (*version < current) {
        // Migrate on open, whatever the mode asked for (the GUI opens read-only): a view of an
        // old schema would misread it, and refusing would lock the user out of the project.
        store.reset();
        if (auto up = upgrade(path, *version); !up) return std::unexpected(up.error());
        return open(path, mode);
    }
    return store;
}

Status Store::upgrade(const std::string& path, int fromVersion) {
    auto db = openConnection(path, SQLITE_OPEN_READWRITE);
    if (!db || sqlite3_db_readonly(*db, "main") == 1) {
        if (db) sqlite3_close_v2(*db);
        return fail(ErrorCode::UpgradeReadOnly,
                    {path, std::to_string(fromVersion), std::to_string(currentSchemaVersion())},
                    "The project " + path + " uses schema " + std::to_string(fromVersion) +
                        " and must be upgraded to schema " + std::to_string(currentSchemaVersion()) +
                        ", but the file is read-only; copy it to a writable folder and open the copy.");
    }
    std::unique_ptr<Store> store(new Store(*db, path, false));
    // The backup: a consistent copy (WAL content included) taken before anything changes.
    const std::string backup = backupPath(path, fromVersion);
    std::string literal = "'";
    for (char c : backup) literal += c == '\'' ? std::string("''") : std::string(1, c);
    literal += "'";
    if (auto b = store->exec("VACUUM INTO " + literal + ";"); !b)
        return fail("Cannot back up the project " + path + " to " + backup + " before upgrading it (" +
                    b.error().message + "); nothing was changed.");
    if (auto m = store->migrate(); !m) {
        // The project is unchanged: when an earlier failed attempt left the same copy, this one
        // goes (the GUI tries at each open: one backup, not one per attempt). A different copy
        // (another project under this name since) is kept.
        std::string kept = backup;
        for (int i = 1;; ++i) {
            const std::string earlier =
                path + ".v" + std::to_string(fromVersion) + ".bak" + (i == 1 ? "" : "." + std::to_string(i));
            if (earlier == backup) break;
            if (sameBytes(earlier, backup)) {
                std::error_code ec;
                fs::remove(backup, ec);
                kept = earlier;
                break;
            }
        }
        return fail(
            ErrorCode::UpgradeFailed, {path, std::to_string(currentSchemaVersion()), m.error().message, kept},
            m.error().message + " The project is unchanged; a copy from before the upgrade is at " + kept + ".");
    }
    return {};
}

Status Store::migrate() {
    const auto& steps = schemaMigrations();
    auto tx = begin();
    if (!tx) return std::unexpected(tx.error());
    // Read inside the write transaction: another process may have upgraded the file meanwhile.
    auto version = pragmaInt(db_, "PRAGMA user_version", path_);
    if (!version) return std::unexpected(version.error());
    if (*version < 0)
        return fail("The project " + path_ + " has an invalid schema version " + std::to_string(*version) + ".");
    if (*version >= static_cast<int>(steps.size())) return tx->commit();
    for (int v = *version; v < static_cast<int>(steps.size()); ++v) {
        if (auto s = exec(steps[v]); !s)
            return fail("Upgrading the project " + path_ + " to schema " + std::to_string(v + 1) +
                        " failed: " + s.error().message);
    }
    if (auto s = exec("PRAGMA user_version=" + std::to_string(steps.size()) + ";"); !s) return s;
    return tx->commit();
}

std::int64_t Store::lastInsertId() const { return sqlite3_last_insert_rowid(db_); }

std::string Store::lastError(const std::string& what) const {
    return what + " in the project " + path_ + ": " + sqlite3_errmsg(db_) + ".";
}

Status Store::exec(const std::string& sql) {
    char* err = nullptr;
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
    if (rc == SQLITE_OK) return {};
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    const int extended = sqlite3_extended_errcode(db_);
    return sqliteFailure(db_, (extended & 0xff) == rc ? extended : rc, path_, msg);
}

Expected<Statement> Store::prepare(const std::string& sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &stmt, nullptr) != SQLITE_OK)
        return fail(lastError("Cannot prepare a query"));
    return Statement(db_, stmt);
}

Expected<Store::Transaction> Store::begin() {
    if (readOnly_)
        return fail(
            ErrorCode::ProjectReadOnly, {path_},
            "The project " + path_ + " is read-only (file permissions or read-only mode); nothing was changed.");
    if (auto s = exec("BEGIN IMMEDIATE;"); !s) return std::unexpected(s.error());
    return Transaction(this);
}

Expected<Store::Transaction> Store::beginRead() {
    if (auto s = exec("BEGIN DEFERRED;"); !s) return std::unexpected(s.error());
    return Transaction(this);
}

Store::Transaction::Transaction(Transaction&& other) noexcept : store_(other.store_) { other.store_ = nullptr; }

Store::Transaction::~Transaction() { rollback(); }

Status Store::Transaction::commit() {
    if (!store_) return fail("Internal error: transaction already finished.");
    auto s = store_->exec("COMMIT;");
    if (!s) {
        rollback();
        return s;
    }
    store_ = nullptr;
    return {};
}

void Store::Transaction::rollback() {
    if (!store_) return;
    if (!sqlite3_get_autocommit(store_->db_)) sqlite3_exec(store_->db_, "ROLLBACK;", nullptr, nullptr, nullptr);
    store_ = nullptr;
}

}  // namespace dl
