#pragma once
// Thin RAII wrapper over a prepared sqlite3 statement; used by the store/ components.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "common/Error.h"

struct sqlite3_stmt;
struct sqlite3;

namespace dl {

class Statement {
public:
    Statement(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
    Statement(Statement&& o) noexcept : db_(o.db_), stmt_(o.stmt_) { o.stmt_ = nullptr; }
    Statement& operator=(Statement&& o) noexcept;
    Statement(const Statement&) = delete;
    ~Statement();

    // Binding is 1-based, as in SQLite. Text/blob are copied (SQLITE_TRANSIENT) unless
    // bindStatic is used, in which case the data must outlive the step.
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view text);
    Statement& bindStatic(int index, std::string_view text);
    Statement& bind(int index, std::span<const std::byte> blob);
    Statement& bindNull(int index);
    template <class T>
    Statement& bind(int index, const std::optional<T>& v) {
        return v ? bind(index, *v) : bindNull(index);
    }

    // true: a row is available; false: done. Errors come back as dl::Error.
    Expected<bool> step();
    // step() for statements that return no rows; resets the statement for reuse.
    Status run();
    void reset();

    std::int64_t int64(int col) const;
    double real(int col) const;
    bool isNull(int col) const;
    std::string_view text(int col) const;       // valid until the next step
    std::span<const std::byte> blob(int col) const;  // valid until the next step

private:
    sqlite3* db_;
    sqlite3_stmt* stmt_;
};

}  // namespace dl
