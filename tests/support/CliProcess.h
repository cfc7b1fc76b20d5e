#pragma once
// Runs domainlens-cli as a user would (QProcess) and inspects project files directly with
// SQLite: used by the CLI contract suite (tests/cli) and the fault-injection suite (tests/faults).
#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <csignal>
#include <string>

#include "TestPaths.h"

namespace dltest {

inline QString cliPath() { return QString::fromUtf8(dltest::binaryDir()) + QStringLiteral("/app/domainlens-cli"); }
// Every command, libtorch included; domainlens-cli hands it what it does not hold itself
// (app/CMakeLists.txt).
inline QString fullCliPath() {
    return QString::fromUtf8(dltest::binaryDir()) + QStringLiteral("/app/domainlens-cli-full");
}

struct CliRun {
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::NormalExit;
    QByteArray out, err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

// `program` (a copy of the CLI elsewhere, say) with args; runCli: the build's domainlens-cli.
inline CliRun runProgram(const QString& program, const QStringList& args, int timeoutMs = 120000) {
    QProcess p;
    p.start(program, args);
    CliRun r;
    if (!p.waitForStarted(10000)) {
        r.err = "cannot start " + program.toUtf8();
        return r;
    }
    p.waitForFinished(timeoutMs);
    r.exitCode = p.exitCode();
    r.status = p.exitStatus();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

inline CliRun runCli(const QStringList& args, int timeoutMs = 120000) { return runProgram(cliPath(), args, timeoutMs); }

// Plain-text corpora: `lines` sentences per domain with distinct vocabularies, so clustering
// and selection have something to find.
inline QString writeCorpus(const QTemporaryDir& dir, const QString& name, const QString& domain, int lines,
                           int salt = 0) {
    static const char* words[][8] = {
        {"patient", "dose", "tablet", "clinical", "therapy", "symptom", "mg", "treatment"},
        {"council", "regulation", "article", "member", "state", "directive", "court", "law"},
        {"click", "file", "window", "menu", "server", "install", "option", "button"},
    };
    const int d = domain == QLatin1String("medical") ? 0 : domain == QLatin1String("law") ? 1 : 2;
    QByteArray text;
    for (int i = 0; i < lines; ++i) {
        QByteArray line = "Sentence " + QByteArray::number(i + salt * 1000000) + ":";
        for (int w = 0; w < 6; ++w) line += ' ' + QByteArray(words[d][(i * 7 + w * 3 + w * i) % 8]);
        text += line + ".\n";
    }
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text);
    return path;
}

// The labelled project both CLI suites start from, made through the CLI: `pool` with three
// domains of `linesPerDomain` sentences each (medical, law, it), `seed` with `seedLines`
// medical sentences, both encoded with `model`. Returns "" or what failed.
inline QByteArray makeLabelledProject(const QTemporaryDir& dir, const QString& project, const QString& model,
                                      int linesPerDomain, int seedLines) {
    auto failed = [](const char* step, const CliRun& r) {
        return QByteArray(step) + ": exit " + QByteArray::number(r.exitCode) + "; " + r.err.right(600);
    };
    if (auto r = runCli({QStringLiteral("init"), project}); r.exitCode != 0) return failed("init", r);
    for (const char* d : {"medical", "law", "it"}) {
        const QString file =
            writeCorpus(dir, QStringLiteral("%1.en").arg(QLatin1String(d)), QLatin1String(d), linesPerDomain);
        auto r = runCli({QStringLiteral("import"), project, QStringLiteral("--src"), file,
                         QStringLiteral("--domain-from-filename"), QStringLiteral("--corpus"), QStringLiteral("pool")});
        if (r.exitCode != 0) return failed("import pool", r);
    }
    const QString seed = writeCorpus(dir, QStringLiteral("seed-medical.en"), QStringLiteral("medical"), seedLines, 7);
    auto r = runCli({QStringLiteral("import"), project, QStringLiteral("--src"), seed, QStringLiteral("--domain"),
                     QStringLiteral("medical"), QStringLiteral("--corpus"), QStringLiteral("seed")});
    if (r.exitCode != 0) return failed("import seed", r);
    r = runCli({QStringLiteral("encode"), project, QStringLiteral("--model"), model, QStringLiteral("--quiet")});
    if (r.exitCode != 0) return failed("encode", r);
    return {};
}

// One integer from SQL on a project (opened read-only; -1 on error).
inline long long sqlInt(const QString& project, const char* sql) {
    sqlite3* db = nullptr;
    long long v = -1;
    if (sqlite3_open_v2(project.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_busy_timeout(db, 5000);
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
            v = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return v;
}

// Runs SQL that writes on a project (what an older binary left, a damaged row); false on error.
inline bool sqlExec(const QString& project, const char* sql) {
    sqlite3* db = nullptr;
    bool ok = sqlite3_open_v2(project.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK;
    if (ok) {
        sqlite3_busy_timeout(db, 5000);
        ok = sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK && sqlite3_changes(db) > 0;
    }
    sqlite3_close(db);
    return ok;
}

inline QString sqlText(const QString& project, const char* sql) {
    sqlite3* db = nullptr;
    QString v;
    if (sqlite3_open_v2(project.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_busy_timeout(db, 5000);
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
            v = QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return v;
}

// What a user would call the project's content: corpora, sentences, runs and their results,
// decisions (embedding chunks separately: encode commits them in resumable chunks by design).
inline QString fingerprint(const QString& project) {
    return QStringLiteral("corpora=%1 sentences=%2 runs=%3 results=%4 blobs=%5 overrides=%6 sets=%7")
        .arg(sqlInt(project, "SELECT count(*) FROM corpora"))
        .arg(sqlInt(project, "SELECT count(*) FROM sentences"))
        .arg(sqlInt(project, "SELECT count(*) FROM runs"))
        .arg(sqlInt(project, "SELECT count(*) FROM run_results"))
        .arg(sqlInt(project, "SELECT count(*) FROM run_blobs"))
        .arg(sqlInt(project, "SELECT count(*) FROM overrides"))
        .arg(sqlInt(project, "SELECT count(*) FROM embedding_sets"));
}

inline QString integrity(const QString& project) { return sqlText(project, "PRAGMA integrity_check"); }

}  // namespace dltest
