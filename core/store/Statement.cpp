#include "store/Statement.h"

#include <sqlite3.h>
#include <cstdint>

#include "store/SqliteError.h"

namespace dl {

Statement& Statement::operator=(Statement&& o) noexcept {
    if (this != &o) {
        if (stmt_) sqlite3_finalize(stmt_);
        db_ = o.db_;
        stmt_ = o.stmt_;
        o.stmt_ = nullptr;
    }
    return *this;
}

Statement::~Statement() {
    if (stmt_) sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int index, std::int64_t value) {
    sqlite3_bind_int64(stmt_, index, value);
    return *this;
}
Statement& Statement::bind(int index, double value) {
    sqlite3_bind_double(stmt_, index, value);
    return *this;
}
Statement& Statement::bind(int index, std::string_view text) {
    sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    return *this;
}
Statement& Statement::bindStatic(int index, std::string_view text) {
    sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_STATIC, SQLITE_UTF8);
    return *this;
}
Statement& Statement::bind(int index, std::span<const std::byte> blob) {
    sqlite3_bind_blob64(stmt_, index, blob.data(), blob.size(), SQLITE_TRANSIENT);
    return *this;
}
Statement& Statement::bindNull(int index) {
    sqlite3_bind_null(stmt_, index);
    return *this;
}

Expected<bool> Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    std::string msg = sqlite3_errmsg(db_);
    const int extended = sqlite3_extended_errcode(db_);
    const char* file = sqlite3_db_filename(db_, "main");
    sqlite3_reset(stmt_);
    return sqliteFailure(db_, (extended & 0xff) == rc ? extended : rc, file ? file : "", msg);
}

Status Statement::run() {
    auto r = step();
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    if (!r) return std::unexpected(r.error());
    return {};
}

void Statement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::int64(int col) const { return sqlite3_column_int64(stmt_, col); }
double Statement::real(int col) const { return sqlite3_column_double(stmt_, col); }
bool Statement::isNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
std::string_view Statement::text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    if (!p) return {};
    return {p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))};
}
std::span<const std::byte> Statement::blob(int col) const {
    const void* p = sqlite3_column_blob(stmt_, col);
    if (!p) return {};
    return {static_cast<const std::byte*>(p), static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))};
}

}  // namespace dl
