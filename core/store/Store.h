#pragma once
// The project file: one SQLite database (WAL, foreign keys on, schema version + migrations).
// Ownership: a Store owns one sqlite3 connection; it is used by one thread at a time
// (the GUI's worker thread for jobs; views open their own read-only Store).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/Error.h"

struct sqlite3;

namespace dl {

class Statement;

// The schema this build writes; Store uses schemaMigrations().size(), which must equal this.
inline constexpr int kSchemaVersion = 6;

// SharedReadOnly: for the workers of a sharded stage, many processes on many nodes reading one
// project on a shared filesystem. Opened with SQLITE_OPEN_READONLY and, when the project has no
// pending write-ahead log, as immutable (no -shm file, no locks, nothing written beside the
// project: POSIX locks are unreliable on NFS/Lustre); otherwise read-only with query_only.
// Never migrates: an old schema is refused with a message saying to open it once first.
enum class OpenMode { ReadWrite, ReadOnly, SharedReadOnly };

class Store {
public:
    // Creates a new, empty project; fails if the file exists.
    static Expected<std::unique_ptr<Store>> create(const std::string& path);
    // Opens an existing project; refuses a file that is not a DomainLens project or comes from
    // a newer schema. An older schema is migrated on open, in either mode: first a backup copy
    // <file>.v<N>.bak (N = the old version), then every step in one transaction. A project that
    // cannot be written (file permissions) is refused with a message saying so.

    static Expected<std::unique_ptr<Store>> open(const std::string& path, OpenMode mode = OpenMode::ReadWrite);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    const std::string& path() const { return path_; }
    bool readOnly() const { return readOnly_; }
    sqlite3* handle() const { return db_; }
    std::int64_t lastInsertId() const;

    // Runs SQL without results (DDL, pragmas); error message names the project file.
    Status exec(const std::string& sql);
    Expected<Statement> prepare(const std::string& sql);
    // Message for the last SQLite error, naming the project file.
    std::string lastError(const std::string& what) const;

    // RAII write transaction (BEGIN IMMEDIATE): rolls back unless commit() succeeds.
    // A project locked by another process or opened read-only fails here with a clear message.
    class Transaction {
    public:
        Transaction(Transaction&& other) noexcept;
        Transaction& operator=(Transaction&&) = delete;
        ~Transaction();
        Status commit();
        void rollback();

    private:
        friend class Store;
        explicit Transaction(Store* store) : store_(store) {}
        Store* store_;
    };
    Expected<Transaction> begin();
    // One consistent snapshot for several reads (BEGIN DEFERRED; read-only connections too):
    // a writer's later commits are not seen until it ends (destroyed or rolled back).
    Expected<Transaction> beginRead();

private:
    Store(sqlite3* db, std::string path, bool readOnly);
    Status migrate();
    static Status upgrade(const std::string& path, int fromVersion);
    sqlite3* db_;
    std::string path_;
    bool readOnly_;
};

}  // namespace dl
