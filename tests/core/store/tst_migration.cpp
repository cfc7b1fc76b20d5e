// Schema migration on open: a project from an older schema is upgraded in place (backup first,
// one transaction), also when the caller asked for read-only access (the GUI's views do).
// Fixture: tests/data/store/project_v1.dlproj, written by make_project_v1.py from the schema-1
// source; it must never be regenerated from a newer schema.
#include <QtTest>

#include <sqlite3.h>

#include <unistd.h>

#include <optional>

#include "ReadOnlyMount.h"
#include "TestSupport.h"
#include "store/Corpora.h"
#include "store/Schema.h"
#include "store/Statement.h"
#include "store/Store.h"
#include "store/Tags.h"

using namespace dl;

namespace {

int pragma(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* st = nullptr;
    int v = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

std::int64_t count(Store& s, const std::string& table) {
    auto st = s.prepare("SELECT count(*) FROM " + table);
    if (!st || !st->step().value_or(false)) return -1;
    return st->int64(0);
}

}  // namespace

class TestMigration : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    std::string copyFixture(const QString& name) {
        const QString to = dir_.filePath(name);
        QFile::remove(to);
        if (!QFile::copy(dltest::testData(QStringLiteral("store/project_v1.dlproj")), to))
            qFatal("cannot copy the v1 fixture");
        QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner);
        return to.toStdString();
    }

private slots:
    // The committed v1 project opens in both modes, ends at the current schema with every row
    // kept, and (once the schema is newer than 1) leaves a v1 backup beside it.
    void v1ProjectOpens_data() {
        QTest::addColumn<bool>("readOnly");
        QTest::newRow("read-write (CLI)") << false;
        QTest::newRow("read-only (GUI views)") << true;
    }
    void v1ProjectOpens() {
        QFETCH(bool, readOnly);
        const auto path = copyFixture(QStringLiteral("v1-%1.dlproj").arg(readOnly));
        QCOMPARE(pragma(path, "PRAGMA user_version"), 1);
        auto s = Store::open(path, readOnly ? OpenMode::ReadOnly : OpenMode::ReadWrite);
        QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        QCOMPARE((*s)->readOnly(), readOnly);
        QCOMPARE(pragma(path, "PRAGMA user_version"), int(schemaMigrations().size()));
        QCOMPARE(count(**s, "sentences"), 3);
        QCOMPARE(count(**s, "embedding_chunks"), 1);
        QCOMPARE(count(**s, "run_results"), 3);
        QCOMPARE(count(**s, "overrides"), 1);
        QCOMPARE(count(**s, "sentence_tags"), 0);  // schema 5: no tags yet
        auto corpora = listCorpora(**s);
        QVERIFY(corpora && corpora->size() == 1);
        QCOMPARE(corpora->front().name, std::string("train"));
        QCOMPARE(corpora->front().sentences, 3);
        const bool migrated = schemaMigrations().size() > 1;
        QCOMPARE(QFile::exists(QString::fromStdString(path + ".v1.bak")), migrated);
        if (migrated) QCOMPARE(pragma(path + ".v1.bak", "PRAGMA user_version"), 1);
    }

    // The mechanism itself, independent of how many steps exist: a schema-0 project (stamped,
    // still empty) opened read-only is migrated through every step, with a .v0.bak first.
    void olderSchemaMigratesWithBackupWhenOpenedReadOnly() {
        const std::string path = dir_.filePath(QStringLiteral("v0.dlproj")).toStdString();
        {
            sqlite3* db = nullptr;
            sqlite3_open(path.c_str(), &db);
            QCOMPARE(sqlite3_exec(
                         db, "PRAGMA application_id=1145859699; CREATE TABLE keepme(x); INSERT INTO keepme VALUES(42);",
                         nullptr, nullptr, nullptr),
                     SQLITE_OK);
            sqlite3_close(db);
        }
        auto s = Store::open(path, OpenMode::ReadOnly);
        QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        QVERIFY((*s)->readOnly());
        QCOMPARE(pragma(path, "PRAGMA user_version"), int(schemaMigrations().size()));
        QCOMPARE(count(**s, "corpora"), 0);
        QCOMPARE(count(**s, "keepme"), 1);
        const std::string backup = path + ".v0.bak";
        QVERIFY(QFile::exists(QString::fromStdString(backup)));
        QCOMPARE(pragma(backup, "PRAGMA user_version"), 0);
        QCOMPARE(pragma(backup, "PRAGMA application_id"), kApplicationId);
        QCOMPARE(pragma(backup, "SELECT x FROM keepme"), 42);
        QCOMPARE(pragma(backup, "SELECT count(*) FROM sqlite_master WHERE name='corpora'"), 0);
        // Opening again changes nothing and makes no second backup.
        s->reset();
        auto again = Store::open(path, OpenMode::ReadOnly);
        QVERIFY(again.has_value());
        QVERIFY(!QFile::exists(QString::fromStdString(backup + ".2")));
    }

    // A schema-4 project (made by taking schema 5 and 6 off a fresh one) gains the tags table on
    // open, with a .v4.bak, its sentences kept, and takes tags at once.
    void v4ProjectGetsTags() {
        const std::string path = dir_.filePath(QStringLiteral("v4.dlproj")).toStdString();
        Store::create(path).value().reset();
        {
            sqlite3* db = nullptr;
            sqlite3_open(path.c_str(), &db);
            QCOMPARE(sqlite3_exec(db,
                                  "INSERT INTO corpora(name) VALUES('c'); "
                                  "INSERT INTO sentences(corpus_id, position, src) VALUES(1, 0, 'a'), (1, 1, 'b'); "
                                  "DROP TABLE sentence_tags; DROP INDEX sentences_by_domain; PRAGMA user_version=4;",
                                  nullptr, nullptr, nullptr),
                     SQLITE_OK);
            sqlite3_close(db);
        }
        QCOMPARE(pragma(path, "SELECT count(*) FROM sqlite_master WHERE name='sentence_tags'"), 0);
        auto s = Store::open(path);
        QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        QCOMPARE(pragma(path, "PRAGMA user_version"), int(schemaMigrations().size()));
        QCOMPARE(pragma(path + ".v4.bak", "PRAGMA user_version"), 4);
        QCOMPARE(count(**s, "sentences"), 2);
        QCOMPARE(count(**s, "sentence_tags"), 0);
        auto added = addTag(**s, std::vector<std::int64_t>{1, 2}, "checked");
        QVERIFY2(added, added ? "" : added.error().message.c_str());
        QCOMPARE(added->size(), std::size_t(2));
        QCOMPARE(taggedSentences(**s, "checked").value(), (std::vector<std::int64_t>{1, 2}));
    }

    // A schema-5 project (schema 6's index taken off a fresh one) gains the index that lists
    // corpora on open, with a .v5.bak; the listing's counts are the rows', and the listing's
    // query reads the index alone (no scan of the sentences' texts).
    void v5ProjectGetsTheDomainIndex() {
        const std::string path = dir_.filePath(QStringLiteral("v5.dlproj")).toStdString();
        Store::create(path).value().reset();
        {
            sqlite3* db = nullptr;
            sqlite3_open(path.c_str(), &db);
            QCOMPARE(sqlite3_exec(db,
                                  "INSERT INTO corpora(name) VALUES('c'), ('d'); "
                                  "INSERT INTO sentences(corpus_id, position, domain, src) VALUES(1, 0, 'law', 'a'), "
                                  "(1, 1, 'it', 'b'), (1, 2, 'law', 'c'), (2, 0, '', 'd'); "
                                  "DROP INDEX sentences_by_domain; PRAGMA user_version=5;",
                                  nullptr, nullptr, nullptr),
                     SQLITE_OK);
            sqlite3_close(db);
        }
        QCOMPARE(pragma(path, "SELECT count(*) FROM sqlite_master WHERE name='sentences_by_domain'"), 0);
        auto s = Store::open(path);
        QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        QCOMPARE(pragma(path, "PRAGMA user_version"), 6);
        QCOMPARE(pragma(path + ".v5.bak", "PRAGMA user_version"), 5);
        QCOMPARE(pragma(path, "SELECT count(*) FROM sqlite_master WHERE name='sentences_by_domain'"), 1);
        auto corpora = listCorpora(**s);
        QVERIFY(corpora.has_value());
        QCOMPARE(corpora->size(), std::size_t(2));
        QCOMPARE(corpora->at(0).sentences, 3);
        QCOMPARE(corpora->at(0).domains.size(), std::size_t(2));
        QCOMPARE(corpora->at(0).domains[0].domain, std::string("it"));
        QCOMPARE(corpora->at(0).domains[1].sentences, 2);
        QCOMPARE(corpora->at(1).sentences, 1);
        auto plan = (*s)->prepare("EXPLAIN QUERY PLAN " + std::string(kCorpusCountsQuery));
        QVERIFY(plan.has_value());
        QString steps;
        while (plan->step().value_or(false)) steps += QString::fromUtf8(plan->text(3)) + u';';
        QVERIFY2(steps.contains(QStringLiteral("COVERING INDEX sentences_by_domain")), qPrintable(steps));
        QVERIFY2(!steps.contains(QStringLiteral("TEMP B-TREE")), qPrintable(steps));
    }

    // A failing step rolls the whole upgrade back: the file keeps its old version and content.
    void failedMigrationLeavesTheProjectAsItWas() {
        const std::string path = dir_.filePath(QStringLiteral("clash.dlproj")).toStdString();
        {
            sqlite3* db = nullptr;
            sqlite3_open(path.c_str(), &db);
            // A table the first step wants to create already exists: step 1 fails half-way.
            QCOMPARE(
                sqlite3_exec(
                    db, "PRAGMA application_id=1145859699; CREATE TABLE imports(x); INSERT INTO imports VALUES(7);",
                    nullptr, nullptr, nullptr),
                SQLITE_OK);
            sqlite3_close(db);
        }
        auto s = Store::open(path);
        QVERIFY(!s);
        const auto msg = QString::fromStdString(s.error().message);
        QVERIFY2(msg.contains(QStringLiteral("unchanged")) && msg.contains(QStringLiteral(".v0.bak")), qPrintable(msg));
        QCOMPARE(pragma(path, "PRAGMA user_version"), 0);
        QCOMPARE(pragma(path, "SELECT count(*) FROM sqlite_master WHERE name='corpora'"), 0);
        QCOMPARE(pragma(path, "SELECT x FROM imports"), 7);
    }

    // A file that cannot be written is not silently half-opened: the message says what to do.
    // Two ways a user meets it: file permissions (they do not stop root, so that row needs a
    // normal user) and a read-only filesystem (a read-only bind mount of the test folder in a
    // private mount namespace of this process; needs CAP_SYS_ADMIN, which root in CI has).
    void unwritableOldProjectIsRefusedClearly_data() {
        QTest::addColumn<bool>("readOnlyMount");
        QTest::newRow("file permissions") << false;
        QTest::newRow("read-only filesystem") << true;
    }
    void unwritableOldProjectIsRefusedClearly() {
        QFETCH(bool, readOnlyMount);
        if (!readOnlyMount && ::geteuid() == 0)
            QSKIP("running as root: file permissions do not stop writes (the read-only filesystem row covers root)");
        QTemporaryDir folder(dir_.filePath(QStringLiteral("unwritable-XXXXXX")));
        const std::string path = folder.filePath(QStringLiteral("locked-v0.dlproj")).toStdString();
        {
            sqlite3* db = nullptr;
            sqlite3_open(path.c_str(), &db);
            sqlite3_exec(db, "PRAGMA application_id=1145859699; CREATE TABLE t(x);", nullptr, nullptr, nullptr);
            sqlite3_close(db);
        }
        std::optional<dltest::ReadOnlyMount> mount;
        if (readOnlyMount) {
            mount.emplace(folder.path().toStdString());
            // Without CAP_SYS_ADMIN (a normal user, or a container that drops it) the file
            // permissions row covers a normal user; say why this one did not run.
            if (!mount->error.empty()) QSKIP(mount->error.c_str());
            QVERIFY(::access(path.c_str(), W_OK) != 0);  // really read-only, for root too
        } else {
            QFile::setPermissions(QString::fromStdString(path), QFile::ReadOwner);
        }
        for (auto mode : {OpenMode::ReadOnly, OpenMode::ReadWrite}) {
            auto s = Store::open(path, mode);
            QVERIFY(!s);
            QCOMPARE(s.error().code, ErrorCode::UpgradeReadOnly);
            QVERIFY2(QString::fromStdString(s.error().message).contains(QStringLiteral("read-only")),
                     s.error().message.c_str());
        }
        QCOMPARE(pragma(path, "PRAGMA user_version"), 0);
        QVERIFY(!QFile::exists(QString::fromStdString(path) + QStringLiteral(".v0.bak")));
    }
};

QTEST_GUILESS_MAIN(TestMigration)
#include "tst_migration.moc"
