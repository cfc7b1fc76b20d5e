// Hostile files, exports and projects (issue #23): one regression test per class, each on real
// files made here, through domainlens-cli as a user runs it. Every test asserts the exit code,
// a substring of the message, and that the project file and the exports made before are
// byte-identical afterwards (docs/reliability.md, "Hostile input: files, exports and projects").
#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include "AsyncService.h"
#include "CliProcess.h"
#include "ClusterNamesStore.h"
#include "OutlierQueries.h"
#include "ReadOnlyMount.h"
#include "RunViews.h"
#include "TestSupport.h"
#include "corpus/Import.h"
#include "runs/RunBlobs.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

using namespace dltest;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray describe(const CliRun& r) {
    return "exit " + QByteArray::number(r.exitCode) + "; stdout: " + r.out.right(400) + "; stderr: " + r.err.right(600);
}

// Every file below `dir` with its bytes: what "byte-identical afterwards" compares. SQLite's
// shared-memory index (-shm) and an empty -wal, which any reader of a WAL project may leave, are
// not content; a -wal with frames is.
QMap<QString, QByteArray> snapshot(const QString& dir) {
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString p = it.next();
        if (p.endsWith(QLatin1String("-shm")) || (p.endsWith(QLatin1String("-wal")) && QFileInfo(p).size() == 0))
            continue;
        files.insert(QDir(dir).relativeFilePath(p), readAll(p));
    }
    return files;
}

// `bytes` as one gzip member (gzip -c).
QByteArray gzipped(const QByteArray& bytes) {
    QProcess gz;
    gz.start(QStringLiteral("gzip"), {QStringLiteral("-c")});
    gz.write(bytes);
    gz.closeWriteChannel();
    return gz.waitForFinished(20000) && gz.exitCode() == 0 ? gz.readAllStandardOutput() : QByteArray();
}

// Runs SQL on a project with a plain connection (what a crafted file's author can do).
bool craft(const QString& project, const QString& sql) {
    sqlite3* db = nullptr;
    bool ok = sqlite3_open(project.toUtf8().constData(), &db) == SQLITE_OK;
    char* err = nullptr;
    ok = ok && sqlite3_exec(db, "PRAGMA journal_mode=DELETE;", nullptr, nullptr, &err) == SQLITE_OK;
    ok = ok && sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, &err) == SQLITE_OK;
    if (err) qWarning("%s", err);
    sqlite3_free(err);
    sqlite3_close(db);
    return ok;
}

// A project with a cluster run over two labelled domains (cluster = domain index), made in process.
qint64 makeClusterProject(const QTemporaryDir& dir, const QString& project, const QStringList& domains) {
    auto store = dl::Store::create(project.toStdString()).value();
    dl::NullProgress np;
    dl::CancelToken ct;
    for (int d = 0; d < domains.size(); ++d) {
        QByteArray text;
        for (int i = 0; i < 20; ++i)
            text += "sentence " + QByteArray::number(i) + " of domain " + QByteArray::number(d) + "\n";
        dl::ImportParams p;
        p.srcPath = writeFile(dir, QStringLiteral("d%1.en").arg(d), text);
        p.labelSource = dl::LabelSource::Given;
        p.domain = domains[d].toStdString();
        p.corpus = std::string(1, 'c');  // (a literal here trips GCC 12's -Wstringop-overflow)
        dl::runImport(p, *store, np, ct).value();
    }
    const auto corpus = dl::findCorpus(*store, "c")->id;
    auto labels = dl::corpusLabels(*store, corpus).value();
    dl::RunResults r;
    r.sentenceIds = labels.sentenceIds;
    for (std::size_t i = 0; i < labels.sentenceIds.size(); ++i) {
        r.label.push_back(labels.domainIndex[i]);
        r.prob.push_back(0.9);
    }
    nlohmann::json names = nlohmann::json::array(), majority = nlohmann::json::array();
    for (const auto& n : labels.domainNames) names.push_back(n);
    for (int d = 0; d < domains.size(); ++d) majority.push_back(d);
    auto tx = store->begin();
    const qint64 run =
        dl::createRun(*store, dl::RunKind::Cluster, corpus, std::nullopt, {{"k", domains.size()}}).value();
    dl::writeRunResults(*store, run, r).value();
    const std::vector<float> xy(2 * r.sentenceIds.size(), 0.5f);
    dl::putRunArray<float>(*store, run, dl::blobs::kPca2d, xy).value();
    dl::putRunArray<std::int64_t>(*store, run, dl::blobs::kSentenceIds, r.sentenceIds).value();
    dl::setRunSummary(*store, run, {{"domains", names}, {"majority", majority}, {"k", domains.size()}}).value();
    tx->commit().value();
    return run;
}

}  // namespace

class TstHostileFiles : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString base_;  // a small labelled project, made once through the CLI
    QString path(const QString& name) const { return dir_.filePath(name); }
    // A copy of the base project in `tmp` ("" when it cannot be made).
    QString copyOfBase(const QTemporaryDir& tmp, const QString& name) const {
        const QString to = tmp.filePath(name);
        return QFile::copy(base_, to) ? to : QString();
    }

private slots:
    void initTestCase() {
        QVERIFY(QFile::exists(cliPath()));
        base_ = path(QStringLiteral("base.dlproj"));
        QCOMPARE(runCli({QStringLiteral("init"), base_}).exitCode, 0);
        for (const char* d : {"medical", "law"}) {
            const QString file = writeCorpus(dir_, QStringLiteral("%1.en").arg(QLatin1String(d)), QLatin1String(d), 40);
            auto r =
                runCli({QStringLiteral("import"), base_, QStringLiteral("--src"), file,
                        QStringLiteral("--domain-from-filename"), QStringLiteral("--corpus"), QStringLiteral("pool")});
            QVERIFY2(r.exitCode == 0, describe(r));
        }
    }

    // Class 5: a generated Slurm script quotes every path, for bash and for sbatch's own
    // #SBATCH parser (a space, a '#', a quote, a '%'); a path with a line break is refused
    // before anything is written.
    // Class 10: a project file is untrusted input. Its schema may carry triggers that call
    // functions with side effects (fts3_tokenizer leaks a code pointer) or write FTS5 shadow
    // tables: SQLite's defensive mode and an untrusted schema refuse both, the job fails cleanly.
    void projectSchemaUntrusted_data() {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("message");
        QTest::newRow("trigger calls fts3_tokenizer")
            << "CREATE TABLE loot(x); CREATE TRIGGER evil AFTER INSERT ON sentences "
               "BEGIN INSERT INTO loot SELECT fts3_tokenizer('simple'); END;"
            << "unsafe use of fts3_tokenizer()";
        QTest::newRow("trigger writes a shadow table")
            << "CREATE TRIGGER evil AFTER INSERT ON sentences BEGIN DELETE FROM sentence_text_data; END;"
            << "may not be modified";
    }
    void projectSchemaUntrusted() {
        QFETCH(QString, sql);
        QFETCH(QString, message);
        QTemporaryDir tmp;
        const QString project = copyOfBase(tmp, QStringLiteral("crafted.dlproj"));
        QVERIFY(!project.isEmpty());
        QVERIFY(craft(project, sql));
        const QString src = QString::fromStdString(writeFile(tmp, QStringLiteral("more.en"), "one more line\n"));
        const auto before = snapshot(tmp.path());
        auto r = runCli({QStringLiteral("import"), project, QStringLiteral("--src"), src, QStringLiteral("--corpus"),
                         QStringLiteral("more")});
        QVERIFY2(r.exitCode == 1, describe(r));
        QVERIFY2(r.err.contains(message.toUtf8()), describe(r));
        QCOMPARE(snapshot(tmp.path()), before);
    }

    // Class 10: the GUI's background reads are job boundaries: damaged stored data (a summary
    // of the wrong shape, a cluster-name key that is no cluster number) arrive as an error
    // through AsyncService, never as an exception or an abort; the project stays as it was.
    void damagedStoredData_data() {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<bool>("names");  // read the cluster names (else the cluster view)
        QTest::newRow("summary k is text") << "UPDATE runs SET summary = '{\"k\": \"two\"}';" << false;
        QTest::newRow("summary majority is text") << "UPDATE runs SET summary = '{\"majority\": \"x\"}';" << false;
        QTest::newRow("name key overflows") << "INSERT INTO run_blobs(run_id, name, data) SELECT id, 'cluster_names', "
                                               "CAST('{\"99999999999\": \"x\"}' AS BLOB) FROM runs;"
                                            << true;
        QTest::newRow("name key negative") << "INSERT INTO run_blobs(run_id, name, data) SELECT id, 'cluster_names', "
                                              "CAST('{\"-1\": \"x\"}' AS BLOB) FROM runs;"
                                           << true;
        // The third review (docs/reliability.md): stored numbers that became an index, a size or
        // a loop bound of the cluster view crashed or froze the GUI (review-C 2, 3, 5, 1).
        QTest::newRow("pca2d empty") << "UPDATE run_blobs SET data = x'' WHERE name = 'pca2d';" << false;
        QTest::newRow("pca2d one point for 40 ids")
            << "UPDATE run_blobs SET data = substr(data, 1, 8) WHERE name = 'pca2d';" << false;
        QTest::newRow("pca2d NaN") << "UPDATE run_blobs SET data = x'0000C07F' || substr(data, 5) WHERE name = 'pca2d';"
                                   << false;
        QTest::newRow("pca2d infinite") << "UPDATE run_blobs SET data = substr(data, 1, 12) || x'0000807F' || "
                                           "substr(data, 17) WHERE name = 'pca2d';"
                                        << false;
        QTest::newRow("k 2e9") << "UPDATE runs SET summary = json_set(summary, '$.k', 2000000000);" << false;
        QTest::newRow("k above the rows")
            << "UPDATE runs SET summary = json_remove(json_set(summary, '$.k', 41), '$.majority');" << false;
        QTest::newRow("k zero") << "UPDATE runs SET summary = json_set(summary, '$.k', 0);" << false;
        QTest::newRow("confusion ragged")
            << "UPDATE runs SET summary = json_set(summary, '$.confusion', json('[[1], [1, 2, 3]]'));" << false;
        QTest::newRow("confusion rows != domains")
            << "UPDATE runs SET summary = json_set(summary, '$.confusion', json('[[1, 2]]'));" << false;
        QTest::newRow("majority beyond the domains")
            << "UPDATE runs SET summary = json_set(summary, '$.majority', json('[0, 5]'));" << false;
        QTest::newRow("label 2e9") << "UPDATE run_results SET label = 2000000000 WHERE sentence_id % 2 = 0;" << false;
        QTest::newRow("label -7") << "UPDATE run_results SET label = -7 WHERE sentence_id % 2 = 1;" << false;
        // 2^32 + 1 was cast to the int32 label 1, past every range check (readRunResults).
        QTest::newRow("label 2^32 + 1") << "UPDATE run_results SET label = 4294967297 WHERE sentence_id % 2 = 1;"
                                        << false;
        QTest::newRow("domain_index short") << "INSERT INTO run_blobs(run_id, name, data) SELECT id, 'domain_index', "
                                               "x'00000000' FROM runs;"
                                            << false;
    }
    void damagedStoredData() {
        QFETCH(QString, sql);
        QFETCH(bool, names);
        QTemporaryDir tmp;
        const QString project = tmp.filePath(QStringLiteral("damaged.dlproj"));
        const qint64 run = makeClusterProject(tmp, project, {QStringLiteral("law"), QStringLiteral("it")});
        QVERIFY(craft(project, sql));
        const auto before = snapshot(tmp.path());
        AsyncService async;
        QObject owner;
        QString error;
        bool applied = false;
        if (names)
            async.load<dl::ClusterNames>(
                &owner, QStringLiteral("names"), [project, run] { return readRunClusterNames(project, run); },
                [&](dl::ClusterNames) { applied = true; }, [&](const QString& e) { error = e; });
        else
            async.load<ClusterViewData>(
                &owner, QStringLiteral("map"),
                [project, run](const dl::CancelToken& c) { return readClusterView(project, run, c); },
                [&](ClusterViewData) { applied = true; }, [&](const QString& e) { error = e; });
        QVERIFY(QTest::qWaitFor([&] { return applied || !error.isEmpty(); }, 20000));
        QVERIFY(!applied);
        QVERIFY2(error.contains(QStringLiteral("are damaged")), qPrintable(error));
        QCOMPARE(snapshot(tmp.path()), before);
    }

    // The CLI's report read the same summary: k = 2e9 sized its confusion matrix ("out of
    // memory", exit 1) and labels outside 0..k-1 were skipped without a word (review-C 3, 5).
    void reportRefusesDamagedClusterRuns_data() {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("item");
        QTest::newRow("undamaged") << QString() << QString();
        QTest::newRow("k 2e9") << "UPDATE runs SET summary = json_set(summary, '$.k', 2000000000);"
                               << "'summary' gives k = 2000000000";
        QTest::newRow("confusion ragged")
            << "UPDATE runs SET summary = json_set(summary, '$.confusion', json('[[1], [1, 2, 3]]'));"
            << "confusion matrix";
        QTest::newRow("label 2e9") << "UPDATE run_results SET label = 2000000000 WHERE sentence_id % 2 = 0;"
                                   << "the cluster 2000000000";
    }
    void reportRefusesDamagedClusterRuns() {
        QFETCH(QString, sql);
        QFETCH(QString, item);
        QTemporaryDir tmp;
        const QString project = tmp.filePath(QStringLiteral("damaged.dlproj"));
        const qint64 run = makeClusterProject(tmp, project, {QStringLiteral("law"), QStringLiteral("it")});
        if (!sql.isEmpty()) QVERIFY(craft(project, sql));
        const auto before = snapshot(tmp.path());
        auto r = runCli({QStringLiteral("report"), project, QString::number(run)});
        QCOMPARE(snapshot(tmp.path()), before);
        if (item.isEmpty()) {
            QVERIFY2(r.exitCode == 0, describe(r));
            return;
        }
        QVERIFY2(r.exitCode == 1, describe(r));
        QVERIFY2(r.err.contains(item.toUtf8()) && r.err.contains("damaged project"), describe(r));
    }

    // The outlier table showed stored cluster labels outside 0..k-1 as clusters that do not
    // exist (review-C 5); the rows' read now fails naming the run, the sentence and the label.
    void outlierRowsRefuseLabelsOutsideK_data() {
        QTest::addColumn<int>("label");
        QTest::addColumn<bool>("valid");
        QTest::newRow("1 of k = 2") << 1 << true;
        QTest::newRow("2 of k = 2") << 2 << false;
        QTest::newRow("-1") << -1 << false;
        QTest::newRow("2e9") << 2000000000 << false;
    }
    void outlierRowsRefuseLabelsOutsideK() {
        QFETCH(int, label);
        QFETCH(bool, valid);
        QTemporaryDir tmp;
        const QString project = tmp.filePath(QStringLiteral("labels.dlproj"));
        const qint64 run = makeClusterProject(tmp, project, {QStringLiteral("law"), QStringLiteral("it")});
        QVERIFY(craft(project, QStringLiteral("UPDATE run_results SET label = %1 WHERE sentence_id = "
                                              "(SELECT MAX(sentence_id) FROM run_results);")
                                   .arg(label)));
        auto store = dl::Store::open(project.toStdString(), dl::OpenMode::ReadOnly).value();
        OutlierQuery q;
        q.runId = run;
        q.k = 2;
        q.filter.outliersOnly = false;
        auto ids = readOutlierIds(*store, q);
        QVERIFY2(ids, ids ? "" : ids.error().message.c_str());
        QCOMPARE(ids->size(), 40);
        auto rows = readOutlierRows(*store, q, *ids);
        QCOMPARE(bool(rows), valid);
        if (valid) return;
        QCOMPARE(rows.error().code, dl::ErrorCode::StoredDataInvalid);
        QVERIFY2(QString::fromStdString(rows.error().message).contains(QString::number(label)),
                 rows.error().message.c_str());
    }

    // Class 10: labels are user data inside the outlier query's SQL; a '%1' in one must not be
    // read as a placeholder of the next QString::arg.
    void outlierQueryLabels() {
        QTemporaryDir tmp;
        const QString project = tmp.filePath(QStringLiteral("labels.dlproj"));
        const QStringList domains{QStringLiteral("%1 law"), QStringLiteral("it %2 '%3'")};
        const qint64 run = makeClusterProject(tmp, project, domains);
        const auto before = snapshot(tmp.path());
        auto store = dl::Store::open(project.toStdString(), dl::OpenMode::ReadOnly).value();
        OutlierQuery q;
        q.runId = run;
        auto labels = dl::corpusLabels(*store, dl::findCorpus(*store, "c")->id).value();
        QStringList sorted;
        for (const auto& n : labels.domainNames) sorted << QString::fromStdString(n);
        q.mappedCase = OutlierQuery::mappedCaseFor({0, 1}, sorted);
        q.filter.outliersOnly = false;
        q.filter.fromDomain = domains[0];
        q.filter.toDomain = domains[0];
        auto ids = readOutlierIds(*store, q);
        QVERIFY2(ids, ids ? "" : ids.error().message.c_str());
        QCOMPARE(ids->size(), 20);
        q.filter = {};
        ids = readOutlierIds(*store, q);  // outliers only: every sentence sits in its own domain's cluster
        QVERIFY2(ids, ids ? "" : ids.error().message.c_str());
        QCOMPARE(ids->size(), 0);
        q.filter.outliersOnly = false;
        ids = readOutlierIds(*store, q);
        QVERIFY2(ids, ids ? "" : ids.error().message.c_str());
        QCOMPARE(ids->size(), 40);
        auto rows = readOutlierRows(*store, q, *ids);
        QVERIFY2(rows, rows ? "" : rows.error().message.c_str());
        for (const auto& row : *rows) {
            QVERIFY(domains.contains(row.domain));
            QCOMPARE(row.mapped, row.domain);
        }
        store.reset();
        QCOMPARE(snapshot(tmp.path()), before);
    }

    // Class 2: exports keep their framing and every group. Fields with LF, CR or TAB (possible
    // in JSONL) follow one rule decided at import (a space; counted in the report), so Moses
    // files stay aligned, TSV rows keep their cells and the manifest's counts are true; groups
    // whose names look alike ("a b"/"a_b", "%41"/"A", "" / "unlabelled") get files of their own.
    void exportFraming_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("filesPerGroup");
        QTest::newRow("moses") << "moses" << 2;
        QTest::newRow("tsv") << "tsv" << 1;
        QTest::newRow("jsonl") << "jsonl" << 1;
    }
    void exportFraming() {
        QFETCH(QString, format);
        QFETCH(int, filesPerGroup);
        const QString project = path(QStringLiteral("framing.dlproj"));
        if (!QFile::exists(project)) {  // made by the first row; the later rows export it again
            QCOMPARE(runCli({QStringLiteral("init"), project}).exitCode, 0);
            const QByteArray jsonl =
                "{\"src\": \"line one\\nstill one\", \"tgt\": \"Zeile\\reins\", \"domain\": \"a b\"}\n"
                "{\"src\": \"tab\\there\", \"tgt\": \"ok\", \"domain\": \"a_b\"}\n"
                "{\"src\": \"plain\", \"tgt\": \"klar\", \"domain\": \"unlabelled\"}\n"
                "{\"src\": \"cr\\r\\nlf\", \"tgt\": \"x\\ty\", \"domain\": \"law\\tfirm\"}\n"
                "{\"src\": \"percent\", \"tgt\": \"Prozent\", \"domain\": \"%41\"}\n"
                "{\"src\": \"upper\", \"tgt\": \"gross\", \"domain\": \"A\"}\n"
                "{\"src\": \"long\", \"tgt\": \"lang\", \"domain\": \"" +
                QString(120, QChar(0xe9)).toUtf8() + "\"}\n";  // 120 x e-acute: 1080 bytes escaped
            const QString file = QString::fromStdString(writeFile(dir_, QStringLiteral("hostile.jsonl"), jsonl));
            auto r =
                runCli({QStringLiteral("import"), project, QStringLiteral("--src"), file, QStringLiteral("--corpus"),
                        QStringLiteral("c"), QStringLiteral("--src-lang"), QStringLiteral("en"),
                        QStringLiteral("--tgt-lang"), QStringLiteral("de"), QStringLiteral("--json")});
            QVERIFY2(r.exitCode == 0, describe(r));
            QCOMPARE(r.json().value(QStringLiteral("line_breaks_replaced")).toInteger(), 6);
            const QString en = QString::fromStdString(writeFile(dir_, QStringLiteral("none.en"), "no label\n"));
            const QString de = QString::fromStdString(writeFile(dir_, QStringLiteral("none.de"), "ohne\n"));
            r = runCli({QStringLiteral("import"), project, QStringLiteral("--src"), en, QStringLiteral("--tgt"), de,
                        QStringLiteral("--corpus"), QStringLiteral("c")});
            QVERIFY2(r.exitCode == 0, describe(r));
        }
        const QString out = path(QStringLiteral("framing-out"));
        QVERIFY(QDir().mkpath(out + QLatin1Char('/') + format));
        const auto before = snapshot(out);
        const QByteArray projectBefore = readAll(project);
        auto r = runCli({QStringLiteral("export"), project, QStringLiteral("--shards"), QStringLiteral("--by"),
                         QStringLiteral("domain"), QStringLiteral("--corpus"), QStringLiteral("c"),
                         QStringLiteral("--format"), format, QStringLiteral("--out"),
                         out + QLatin1Char('/') + format + QStringLiteral("/x"), QStringLiteral("--json"),
                         QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, describe(r));
        QCOMPARE(readAll(project), projectBefore);
        const auto after = snapshot(out);
        for (auto it = before.begin(); it != before.end(); ++it) QCOMPARE(after.value(it.key()), it.value());

        const QJsonObject manifest =
            QJsonDocument::fromJson(readAll(out + QLatin1Char('/') + format + QStringLiteral("/x.manifest.json")))
                .object();
        const QJsonObject shards = manifest.value(QStringLiteral("shards")).toObject();
        QCOMPARE(shards.size(), 8);  // "a b", "a_b", "unlabelled", "law firm", "%41", "A", the long one, no label
        const QJsonArray files = manifest.value(QStringLiteral("files")).toArray();
        QCOMPARE(files.size(), 8 * filesPerGroup);
        QSet<QString> paths;
        for (const auto& v : files) {
            const QJsonObject f = v.toObject();
            const QString file = f.value(QStringLiteral("path")).toString();
            paths.insert(file);
            QVERIFY2(QFileInfo(file).fileName().toUtf8().size() < 200, qPrintable(file));  // fits NAME_MAX
            const QByteArray bytes = readAll(file);
            const auto lines = bytes.count('\n');
            QVERIFY2(bytes.endsWith('\n'), qPrintable(file));
            QCOMPARE(qint64(lines), f.value(QStringLiteral("lines")).toInteger());  // as wc -l counts
            QCOMPARE(qint64(lines), shards.value(f.value(QStringLiteral("group")).toString()).toInteger());
            QVERIFY2(!bytes.contains('\r'), qPrintable(file));
            for (const QByteArray& line : bytes.split('\n').mid(0, lines)) {
                if (format == QLatin1String("tsv")) QCOMPARE(line.count('\t'), 2);  // src, tgt, domain
                if (format == QLatin1String("moses")) QVERIFY(!line.contains('\t'));
                if (format == QLatin1String("jsonl")) QVERIFY(QJsonDocument::fromJson(line).isObject());
            }
        }
        QCOMPARE(paths.size(), files.size());  // no two groups share a file
    }

    // Class 3: a line is what wc -l, Moses and Python see (LF ends it, CRLF is LF); a stray CR
    // is text, so it never shifts one side of a parallel pair.
    void linesAsWcCounts_data() {
        QTest::addColumn<QByteArray>("src");
        QTest::addColumn<QByteArray>("tgt");
        QTest::addColumn<int>("replaced");  // fields whose inner CR became a space
        QTest::newRow("stray CR in the source")
            << QByteArray("a1\rstill a1\nb1\nc1\n") << QByteArray("x1\ny1\nz1\n") << 1;
        QTest::newRow("CRLF source, LF target") << QByteArray("a1\r\nb1\r\nc1\r\n") << QByteArray("x1\ny1\nz1\n") << 0;
        QTest::newRow("CR CR LF") << QByteArray("a1\r\r\nb1\nc1") << QByteArray("x1\ny1\nz1\n") << 0;
    }
    void linesAsWcCounts() {
        QFETCH(QByteArray, src);
        QFETCH(QByteArray, tgt);
        QFETCH(int, replaced);
        QTemporaryDir tmp;
        const QString project = copyOfBase(tmp, QStringLiteral("lines.dlproj"));
        QVERIFY(!project.isEmpty());
        const QString en = QString::fromStdString(writeFile(tmp, QStringLiteral("pair.en"), src));
        const QString de = QString::fromStdString(writeFile(tmp, QStringLiteral("pair.de"), tgt));
        auto r = runCli({QStringLiteral("import"), project, QStringLiteral("--src"), en, QStringLiteral("--tgt"), de,
                         QStringLiteral("--corpus"), QStringLiteral("pair"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        QCOMPARE(r.json().value(QStringLiteral("imported")).toInteger(), 3);
        QCOMPARE(r.json().value(QStringLiteral("line_breaks_replaced")).toInteger(), replaced);
        // Each source line kept its own target line.
        QCOMPARE(sqlText(project, "SELECT tgt FROM sentences WHERE src = 'b1'"), QStringLiteral("y1"));
        QCOMPARE(sqlText(project, "SELECT tgt FROM sentences WHERE src = 'c1'"), QStringLiteral("z1"));
    }

    // Class 3: input that is not what it claims is refused with the file and the line reached,
    // never imported in part: a gzip stream cut short or damaged, UTF-16 (with or without a
    // byte-order mark), NUL bytes (one rule for every format).
    void brokenInputRefused_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("damage");  // what is done to the gzip of `bytes` ("" = not gzipped)
        QTest::addColumn<QString>("message");
        QByteArray many;
        for (int i = 0; i < 20000; ++i) many += "line number " + QByteArray::number(i) + " of a long file\n";
        QTest::newRow("gzip truncated") << "cut.en.gz" << many << "truncate"
                                        << "cut.en.gz after line %1: the gzip stream is truncated";
        QTest::newRow("gzip corrupt") << "bad.en.gz" << many << "corrupt"
                                      << "bad.en.gz near line %1: corrupt gzip data";
        QTest::newRow("UTF-16 with BOM") << "wide.en" << QByteArray("\xff\xfeh\0i\0\n\0", 8) << ""
                                         << "is UTF-16 (it starts with a UTF-16 byte-order mark)";
        QTest::newRow("UTF-16 without BOM") << "wide2.en" << QByteArray("h\0i\0\n\0", 6) << ""
                                            << "wide2.en:1: a NUL byte at byte 2";
        QTest::newRow("NUL in JSONL") << "nul.jsonl" << QByteArray("{\"src\": \"a\\u0000b\"}\n") << ""
                                      << "nul.jsonl:1: a NUL byte at byte 2";
    }
    void brokenInputRefused() {
        QFETCH(QString, name);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, damage);
        QFETCH(QString, message);
        QTemporaryDir tmp;
        const QString project = copyOfBase(tmp, QStringLiteral("broken.dlproj"));
        QVERIFY(!project.isEmpty());
        QString file = QString::fromStdString(writeFile(tmp, name, bytes));
        if (!damage.isEmpty()) {
            QProcess gz;
            gz.start(QStringLiteral("gzip"), {QStringLiteral("-c"), file});
            QVERIFY(gz.waitForFinished(20000));
            QByteArray z = gz.readAllStandardOutput();
            QVERIFY(z.size() > 1000);
            if (damage == QLatin1String("truncate")) z.truncate(z.size() / 2);
            else z[z.size() / 2] = char(~z[z.size() / 2]);
            file = QString::fromStdString(writeFile(tmp, name, z));
        }
        const auto before = snapshot(tmp.path());
        auto r = runCli({QStringLiteral("import"), project, QStringLiteral("--src"), file, QStringLiteral("--corpus"),
                         QStringLiteral("broken")});
        QVERIFY2(r.exitCode == 1, describe(r));
        if (message.contains(QLatin1String("%1"))) {  // the line reached: somewhere inside the file
            const QRegularExpression re(QRegularExpression::escape(message.section(QStringLiteral("%1"), 0, 0)) +
                                        QStringLiteral("([0-9]+)") +
                                        QRegularExpression::escape(message.section(QStringLiteral("%1"), 1)));
            const auto m = re.match(QString::fromUtf8(r.err));
            QVERIFY2(m.hasMatch(), describe(r));
            QVERIFY(m.captured(1).toInt() > 0 && m.captured(1).toInt() < 20000);
        } else {
            QVERIFY2(r.err.contains(message.toUtf8()), describe(r));
        }
        QCOMPARE(snapshot(tmp.path()), before);
    }

    // Class 3 (gzip members): a .gz may hold several members one after another, and zero bytes
    // (padding) after the last; anything else after a complete member (text appended, a member
    // whose header is damaged) is refused with the line reached and the byte offset where the
    // gzip data ends, never dropped with an exit 0 (zlib's gzread used to end there silently).
    void gzipTrailingData_data() {
        QTest::addColumn<QByteArray>("tail");  // what follows members A and B ("" = nothing)
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<int>("sentences");  // imported when exit 0
        QTest::addColumn<QString>("message");  // %1 = the offset after A and B, %2 = the file's size
        QByteArray c;
        for (int i = 0; i < 5000; ++i) c += "member three line " + QByteArray::number(i) + "\n";
        const QByteArray gzC = gzipped(c);
        const QString after = QStringLiteral(
            "t.en.gz after line 4: unexpected data after the gzip stream at byte "
            "offset %1 of %2 (not another gzip member); nothing was imported.");
        QTest::newRow("three members") << gzC << 0 << 5004 << QString();
        QTest::newRow("zero padding") << QByteArray(1024, '\0') << 0 << 4 << QString();
        QTest::newRow("text appended") << QByteArray("garbage") << 1 << 0 << after;
        QTest::newRow("third member's magic damaged") << QByteArray("\x1f\x8c") + gzC.mid(2) << 1 << 0 << after;
        QTest::newRow("one stray byte") << QByteArray("\x1f") << 1 << 0 << after;
        QTest::newRow("zeros, then text") << QByteArray(16, '\0') + "x" << 1 << 0 << after;
    }
    void gzipTrailingData() {
        QFETCH(QByteArray, tail);
        QFETCH(int, exitCode);
        QFETCH(int, sentences);
        QFETCH(QString, message);
        QTemporaryDir tmp;
        const QString project = copyOfBase(tmp, QStringLiteral("gz.dlproj"));
        QVERIFY(!project.isEmpty());
        const QByteArray members = gzipped("one\ntwo\n") + gzipped("three\nfour\n");
        QVERIFY(members.size() > 20);
        const QByteArray bytes = members + tail;
        const QString file = QString::fromStdString(writeFile(tmp, QStringLiteral("t.en.gz"), bytes));
        const auto before = snapshot(tmp.path());
        auto r = runCli({QStringLiteral("import"), project, QStringLiteral("--src"), file, QStringLiteral("--corpus"),
                         QStringLiteral("gz"), QStringLiteral("--domain"), QStringLiteral("law")});
        QVERIFY2(r.exitCode == exitCode, describe(r));
        if (exitCode == 0) {
            QCOMPARE(sqlInt(project,
                            "SELECT count(*) FROM sentences s JOIN corpora c ON c.id = s.corpus_id "
                            "WHERE c.name = 'gz'"),
                     sentences);
            return;
        }
        const QString expected = message.arg(members.size()).arg(bytes.size());
        QVERIFY2(r.err.contains(expected.toUtf8()), qPrintable(expected + QStringLiteral(" / ") + describe(r)));
        QCOMPARE(snapshot(tmp.path()), before);
    }

    // import --columns: each of src, tgt and domain names one column at most, and src one
    // exactly (ignore may repeat); a repeated role would let one column overwrite another
    // without a word. A usage error (exit 2) before the file is read; the project unchanged.
    void columnRolesRefused_data() {
        QTest::addColumn<QString>("columns");
        QTest::addColumn<QString>("message");
        QTest::newRow("src twice") << QStringLiteral("src,src") << QStringLiteral("--columns names src 2 times");
        QTest::newRow("no src") << QStringLiteral("tgt,domain") << QStringLiteral("--columns has no src column");
        QTest::newRow("only domain, twice")
            << QStringLiteral("domain,domain") << QStringLiteral("--columns has no src column");
        QTest::newRow("tgt twice") << QStringLiteral("src,tgt,tgt") << QStringLiteral("--columns names tgt 2 times");
        QTest::newRow("domain twice, ignore twice")
            << QStringLiteral("ignore,src,domain,ignore,domain") << QStringLiteral("--columns names domain 2 times");
    }
    void columnRolesRefused() {
        QFETCH(QString, columns);
        QFETCH(QString, message);
        QTemporaryDir tmp;
        const QString project = copyOfBase(tmp, QStringLiteral("cols.dlproj"));
        QVERIFY(!project.isEmpty());
        const QString file =
            QString::fromStdString(writeFile(tmp, QStringLiteral("t.tsv"), "first column\tsecond column\n"));
        const auto before = snapshot(tmp.path());
        auto r = runCli({QStringLiteral("import"), project, QStringLiteral("--src"), file, QStringLiteral("--corpus"),
                         QStringLiteral("cols"), QStringLiteral("--columns"), columns});
        QVERIFY2(r.exitCode == 2, describe(r));
        QVERIFY2(r.err.contains(message.toUtf8()), describe(r));
        QCOMPARE(snapshot(tmp.path()), before);
    }

    // Class 4: files others read are written through exclusive temporaries, never through a
    // link: links planted where the writers used to put their temporaries (<file>.tmp) leave
    // their targets alone, and the files land whole under their names.
    void tempFilesNeverFollowLinks_data() {
        QTest::addColumn<QString>("what");
        QTest::newRow("shard data and manifest") << "shard";
        QTest::newRow("slurm scripts") << "slurm";
    }
    void tempFilesNeverFollowLinks() {
        QFETCH(QString, what);
        QTemporaryDir tmp;
        const QString project = copyOfBase(tmp, QStringLiteral("links.dlproj"));
        QVERIFY(!project.isEmpty());
        const QString out = tmp.filePath(QStringLiteral("out"));
        const QString victim = QString::fromStdString(writeFile(tmp, QStringLiteral("victim.txt"), "precious\n"));
        QStringList planted, written;
        CliRun r;
        if (what == QLatin1String("shard")) {
            QVERIFY(QDir().mkpath(out));
            written = {out + QStringLiteral("/encode-0-of-2.bin"),
                       out + QStringLiteral("/encode-0-of-2.manifest.json")};
            for (const QString& f : written) planted << f + QStringLiteral(".tmp");
            for (const QString& link : planted) QVERIFY(QFile::link(victim, link));
            r = runCli({QStringLiteral("encode"), project, QStringLiteral("--model"),
                        testData(QStringLiteral("models/bert-tiny")), QStringLiteral("--shard"), QStringLiteral("0/2"),
                        QStringLiteral("--out"), out, QStringLiteral("--quiet")});
        } else {
            QVERIFY(QDir().mkpath(out + QStringLiteral("/slurm/logs")));
            written = {out + QStringLiteral("/slurm/encode-array.sh"), out + QStringLiteral("/slurm/encode-merge.sh")};
            for (const QString& f : written) planted << f + QStringLiteral(".tmp");
            for (const QString& link : planted) QVERIFY(QFile::link(victim, link));
            // A stand-in sbatch (no cluster here): prints a job id, like `sbatch --parsable`.
            const QString bin = tmp.filePath(QStringLiteral("bin"));
            QVERIFY(QDir().mkpath(bin));
            writeFile(tmp, QStringLiteral("bin/sbatch"), "#!/bin/sh\necho 42\n");
            QFile::setPermissions(bin + QStringLiteral("/sbatch"), QFile::ReadOwner | QFile::ExeOwner);
            const QByteArray oldPath = qgetenv("PATH");
            qputenv("PATH", bin.toUtf8() + ':' + oldPath);
            r = runCli({QStringLiteral("slurm"), project, QStringLiteral("encode"), QStringLiteral("--shards"),
                        QStringLiteral("2"), QStringLiteral("--out"), out});
            qputenv("PATH", oldPath);
        }
        QVERIFY2(r.exitCode == 0, describe(r));
        QCOMPARE(readAll(victim), QByteArray("precious\n"));
        for (const QString& f : written) {
            QVERIFY2(QFileInfo(f).isFile() && !QFileInfo(f).isSymLink(), qPrintable(f));
            QVERIFY(readAll(f) != "precious\n");
        }
        if (what == QLatin1String("slurm"))
            QCOMPARE(QFile::permissions(written[0]) & (QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther),
                     QFile::ExeOwner | QFile::ExeGroup);
    }

    // Class 4: a multi-file export is committed as a whole. A rename that fails midway (the
    // third group's file name is taken by a folder) puts the files already renamed back: the
    // previous set and its manifest are byte-identical and no temporary is left. A killed
    // export's temporaries (its process gone, on this host) are removed by the next export;
    // those of a live process or another host are not.
    void exportCommittedAsWhole() {
        QTemporaryDir tmp;
        const QString project = copyOfBase(tmp, QStringLiteral("whole.dlproj"));
        QVERIFY(!project.isEmpty());
        const QString out = tmp.filePath(QStringLiteral("out"));
        QVERIFY(QDir().mkpath(out));
        const QString prefix = out + QStringLiteral("/x");
        const QStringList exportArgs{QStringLiteral("export"),
                                     project,
                                     QStringLiteral("--shards"),
                                     QStringLiteral("--by"),
                                     QStringLiteral("domain"),
                                     QStringLiteral("--corpus"),
                                     QStringLiteral("pool"),
                                     QStringLiteral("--out"),
                                     prefix,
                                     QStringLiteral("--quiet")};
        auto r = runCli(exportArgs);
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto first = snapshot(out);
        QCOMPARE(first.size(), 3);  // x.law.en, x.medical.en, x.manifest.json
        const QString zz = writeCorpus(tmp, QStringLiteral("zz.en"), QStringLiteral("it"), 5, 3);
        r = runCli({QStringLiteral("import"), project, QStringLiteral("--src"), zz, QStringLiteral("--domain"),
                    QStringLiteral("zz"), QStringLiteral("--corpus"), QStringLiteral("pool")});
        QVERIFY2(r.exitCode == 0, describe(r));
        QVERIFY(QDir().mkpath(prefix + QStringLiteral(".zz.en")));  // taken: the rename of that file fails

        const QByteArray projectBefore = readAll(project);
        r = runCli(exportArgs + QStringList{QStringLiteral("--force")});
        QVERIFY2(r.exitCode == 1, describe(r));
        QVERIFY2(r.err.contains("Cannot move " + prefix.toUtf8() + ".zz.en into place"), describe(r));
        QCOMPARE(snapshot(out), first);  // law and medical put back, the old manifest untouched
        QCOMPARE(readAll(project), projectBefore);

        // Litter: a dead process's temporaries go, a live one's and another host's stay.
        QVERIFY(QDir(prefix + QStringLiteral(".zz.en")).removeRecursively());
        QProcess gone;
        gone.start(QStringLiteral("true"), {});
        QVERIFY(gone.waitForStarted());
        const qint64 deadPid = gone.processId();
        QVERIFY(gone.waitForFinished());
        const QString host = QSysInfo::machineHostName();
        const QString dead = QStringLiteral(".x.law.en.partial-%1-7-%2").arg(deadPid).arg(host);
        const QString live =
            QStringLiteral(".x.medical.en.partial-%1-7-%2").arg(QCoreApplication::applicationPid()).arg(host);
        const QString elsewhere = QStringLiteral(".x.law.en.partial-%1-8-another-host").arg(deadPid);
        for (const QString& name : {dead, live, elsewhere}) writeFile(tmp, QStringLiteral("out/") + name, "junk");
        r = runCli(exportArgs + QStringList{QStringLiteral("--force")});
        QVERIFY2(r.exitCode == 0, describe(r));
        QVERIFY(!QFile::exists(out + QLatin1Char('/') + dead));
        QVERIFY(QFile::exists(out + QLatin1Char('/') + live));
        QVERIFY(QFile::exists(out + QLatin1Char('/') + elsewhere));
        QVERIFY(QFile::exists(prefix + QStringLiteral(".zz.en")));
    }

    // Class 9: errors say what happened, not what they look like from far away: a full disk
    // at open (not "not a DomainLens project"), a project on read-only media (read, not
    // refused), `init :memory:` (refused: gone at exit), malformed numbers in JSONL and shard
    // manifests (the file, the line or field, the value; no json.exception as an internal error).
    void errorsSayWhatHappened_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("disk full at open") << "disk full" << 1 << "Disk full while writing";
        QTest::newRow("read-only media") << "read-only" << 0 << "Project ";
        QTest::newRow("init :memory:") << "memory" << 2 << "SQLite's name for a database that is gone at exit";
        QTest::newRow("JSONL number out of range")
            << "jsonl" << 1 << "n.jsonl:1: not valid JSON ([json.exception.out_of_range.406] number overflow";
        QTest::newRow("manifest rows not whole")
            << "manifest" << 1 << "encode-0-of-1.manifest.json: field 'rows' is not a whole number in range (1.5)";
    }
    void errorsSayWhatHappened() {
        QFETCH(QString, kind);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QTemporaryDir tmp;
        const QString project = copyOfBase(tmp, QStringLiteral("errors.dlproj"));
        QVERIFY(!project.isEmpty());
        if (kind == QLatin1String("jsonl"))
            writeFile(tmp, QStringLiteral("n.jsonl"), "{\"src\": \"a\", \"n\": 1e99999}\n");
        if (kind == QLatin1String("manifest")) {
            QVERIFY(QDir().mkpath(tmp.filePath(QStringLiteral("shards"))));
            writeFile(tmp, QStringLiteral("shards/encode-0-of-1.manifest.json"),
                      R"({"format": "domainlens-shard", "format_version": 1, "job": "encode", "params_hash": "x",
                          "model_hash": "y", "shard": 0, "shards": 1, "first_id": 1, "last_id": 2, "rows": 1.5,
                          "data_file": "encode-0-of-1.bin", "sha256": "z", "params": {}})");
        }
        const auto before = snapshot(tmp.path());
        std::optional<ReadOnlyMount> readOnly;
        CliRun r;
        if (kind == QLatin1String("disk full")) {  // a file-size limit of 0: SQLite cannot even make its WAL index
            QProcess p;
            p.start(QStringLiteral("bash"), {QStringLiteral("-c"), QStringLiteral("ulimit -f 0; exec \"$0\" \"$@\""),
                                             cliPath(), QStringLiteral("info"), project});
            QVERIFY(p.waitForFinished(60000));
            r.exitCode = p.exitCode();
            r.err = p.readAllStandardError();
        } else if (kind == QLatin1String("read-only")) {
            readOnly.emplace(tmp.path().toStdString());
            if (!readOnly->error.empty()) QSKIP(readOnly->error.c_str());
            r = runCli({QStringLiteral("info"), project});
            auto w = runCli({QStringLiteral("import"), project, QStringLiteral("--src"),
                             tmp.filePath(QStringLiteral("x")), QStringLiteral("--corpus"), QStringLiteral("more")});
            QCOMPARE(w.exitCode, 1);
        } else if (kind == QLatin1String("memory")) {
            r = runCli({QStringLiteral("init"), QStringLiteral(":memory:")});
            QVERIFY(!QFile::exists(QStringLiteral(":memory:")));
        } else if (kind == QLatin1String("jsonl")) {
            r = runCli(
                {QStringLiteral("import"), project, QStringLiteral("--src"), tmp.filePath(QStringLiteral("n.jsonl"))});
        } else {
            r = runCli({QStringLiteral("merge"), project, tmp.filePath(QStringLiteral("shards"))});
        }
        QVERIFY2(r.exitCode == exitCode, describe(r));
        QVERIFY2((exitCode == 0 ? r.out : r.err).contains(message.toUtf8()), describe(r));
        QVERIFY2(!r.err.contains("Internal error") && !r.err.contains("not a DomainLens project"), describe(r));
        readOnly.reset();
        QCOMPARE(snapshot(tmp.path()), before);
    }

    // Class 9: a migration that fails leaves the project unchanged and one backup, however
    // often it is tried (the GUI tries at every open).
    void failedMigrationKeepsOneBackup() {
        QTemporaryDir tmp;
        const QString project = tmp.filePath(QStringLiteral("old.dlproj"));
        // Schema 0 with a table the first migration step creates: that step fails.
        QVERIFY(craft(project, QStringLiteral("PRAGMA application_id=1145859699; CREATE TABLE imports(x); "
                                              "INSERT INTO imports VALUES(7);")));
        const QByteArray original = readAll(project);
        auto r = runCli({QStringLiteral("info"), project});
        QVERIFY2(r.exitCode == 1, describe(r));
        QVERIFY2(r.err.contains("The project is unchanged; a copy from before the upgrade is at " + project.toUtf8() +
                                ".v0.bak."),
                 describe(r));
        const auto afterFirst = snapshot(tmp.path());
        QCOMPARE(afterFirst.value(QStringLiteral("old.dlproj")), original);
        for (int attempt = 2; attempt <= 3; ++attempt) {
            r = runCli({QStringLiteral("info"), project});
            QVERIFY2(r.exitCode == 1 && r.err.contains(".v0.bak."), describe(r));
            QCOMPARE(snapshot(tmp.path()), afterFirst);  // no .v0.bak.2, .v0.bak.3
        }
    }

    // Class 11: a shard export keeps a bounded number of files open (groups are written in
    // passes sized from RLIMIT_NOFILE), so 120 groups export under `ulimit -n 64`; a limit too
    // small for even one group is reported as too many open files, with nothing left behind.
    void fileDescriptorsBounded_data() {
        QTest::addColumn<int>("limit");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("120 groups, ulimit -n 64") << 64 << 0 << "";
        QTest::newRow("ulimit -n 12") << 12 << 1 << "too many open files";
    }
    void fileDescriptorsBounded() {
        QFETCH(int, limit);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const QString project = path(QStringLiteral("groups.dlproj"));
        if (!QFile::exists(project)) {
            QCOMPARE(runCli({QStringLiteral("init"), project}).exitCode, 0);
            QByteArray tsv;
            for (int g = 0; g < 120; ++g)
                for (int i = 0; i < 2; ++i)
                    tsv += "sentence " + QByteArray::number(i) + " of group " + QByteArray::number(g) + "\tg" +
                           QByteArray::number(g) + "\n";
            const QString file = QString::fromStdString(writeFile(dir_, QStringLiteral("groups.tsv"), tsv));
            auto r =
                runCli({QStringLiteral("import"), project, QStringLiteral("--src"), file, QStringLiteral("--corpus"),
                        QStringLiteral("many"), QStringLiteral("--columns"), QStringLiteral("src,domain")});
            QVERIFY2(r.exitCode == 0, describe(r));
        }
        const QString out = path(QStringLiteral("groups-out"));
        QVERIFY(QDir().mkpath(out));
        const auto before = snapshot(out);
        const QByteArray projectBefore = readAll(project);
        const QString prefix = out + QStringLiteral("/n%1").arg(limit);
        QProcess p;
        p.start(QStringLiteral("bash"),
                {QStringLiteral("-c"), QStringLiteral("ulimit -n %1; exec \"$0\" \"$@\"").arg(limit), cliPath(),
                 QStringLiteral("export"), project, QStringLiteral("--shards"), QStringLiteral("--by"),
                 QStringLiteral("domain"), QStringLiteral("--corpus"), QStringLiteral("many"), QStringLiteral("--out"),
                 prefix, QStringLiteral("--quiet")});
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == exitCode, err.constData());
        QCOMPARE(readAll(project), projectBefore);
        const auto after = snapshot(out);
        for (auto it = before.begin(); it != before.end(); ++it) QCOMPARE(after.value(it.key()), it.value());
        if (exitCode != 0) {
            QVERIFY2(err.contains(message.toUtf8()), err.constData());
            QCOMPARE(after, before);  // no file and no temporary left
            return;
        }
        const QJsonObject manifest =
            QJsonDocument::fromJson(readAll(prefix + QStringLiteral(".manifest.json"))).object();
        const QJsonArray files = manifest.value(QStringLiteral("files")).toArray();
        QCOMPARE(files.size(), 120);
        for (const auto& f : files) {
            QCOMPARE(f.toObject().value(QStringLiteral("lines")).toInteger(), 2);
            QCOMPARE(readAll(f.toObject().value(QStringLiteral("path")).toString()).count('\n'), 2);
        }
        QCOMPARE(after.size(), before.size() + 121);  // 120 groups and the manifest, no temporary
    }

    // Class 9: a second `encode` of a corpus that another process is encoding says so (exit 1)
    // instead of appending the same positions ("Internal error: embedding chunk starts at ...");
    // the first encode finishes with every vector.
    void secondEncodeSaysAnotherIsEncoding() {
        QTemporaryDir tmp;
        const QString project = tmp.filePath(QStringLiteral("enc.dlproj"));
        QCOMPARE(runCli({QStringLiteral("init"), project}).exitCode, 0);
        const QString src = writeCorpus(tmp, QStringLiteral("big.en"), QStringLiteral("law"), 20000, 9);
        auto r = runCli({QStringLiteral("import"), project, QStringLiteral("--src"), src});
        QVERIFY2(r.exitCode == 0, describe(r));
        const QStringList encode{QStringLiteral("encode"), project, QStringLiteral("--model"),
                                 testData(QStringLiteral("models/bert-tiny")), QStringLiteral("--quiet")};
        QProcess first;
        first.start(cliPath(), encode);
        QVERIFY(first.waitForStarted());
        // Wait until the first holds its lock: one byte of the project file 1 TiB + corpus id in.
        const int fd = ::open(project.toUtf8().constData(), O_RDWR | O_CLOEXEC);
        QVERIFY(fd >= 0);
        auto lockedByOther = [&] {
            struct flock probe {};
            probe.l_type = F_WRLCK;
            probe.l_whence = SEEK_SET;
            probe.l_start = (off_t(1) << 40) + 1;
            probe.l_len = 1;
            return ::fcntl(fd, F_OFD_GETLK, &probe) == 0 && probe.l_type != F_UNLCK;
        };
        QVERIFY(QTest::qWaitFor([&] { return lockedByOther() || first.state() != QProcess::Running; }, 60000));
        ::close(fd);
        QVERIFY2(first.state() == QProcess::Running, "the first encode ended before the second could start");
        r = runCli(encode);
        QVERIFY(first.state() == QProcess::Running);  // the answer came while the first was encoding
        QVERIFY2(r.exitCode == 1, describe(r));
        QVERIFY2(r.err.contains("Another process is encoding the corpus 'big' of"), describe(r));
        QVERIFY(first.waitForFinished(120000));
        QVERIFY2(first.exitCode() == 0, first.readAllStandardError().constData());
        QCOMPARE(sqlInt(project, "SELECT sum(rows) FROM embedding_chunks"), 20000);
    }

    void slurmScriptPaths_data() {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");  // in the --output line (exit 0) or the message
        QTest::newRow("space") << "my projects" << 0
                               << "--output=\"%1/p.dlproj.encode-shards/slurm/logs/encode-%A_%a.out\"";
        QTest::newRow("hash quote percent")
            << "it's #1 100%" << 0 << "--output=\"%1/p.dlproj.encode-shards/slurm/logs/encode-%A_%a.out\"";
        QTest::newRow("line break") << "two\nlines" << 2 << "contains a line break";
    }
    void slurmScriptPaths() {
        QFETCH(QString, folder);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        QTemporaryDir tmp;
        const QString dir = tmp.filePath(folder);
        QVERIFY(QDir().mkpath(dir));
        const QString project = dir + QStringLiteral("/p.dlproj");
        QVERIFY(QFile::copy(base_, project));
        const auto before = snapshot(tmp.path());
        QStringList args{QStringLiteral("slurm"), project, QStringLiteral("encode"), QStringLiteral("--shards"),
                         QStringLiteral("2")};
        if (exitCode == 0) args << QStringLiteral("--dry-run");
        auto r = runCli(args);
        QVERIFY2(r.exitCode == exitCode, describe(r));
        QCOMPARE(snapshot(tmp.path()), before);  // nothing written, project untouched
        if (exitCode != 0) {
            QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
            return;
        }
        // sbatch's reading of the quoted value: '\' escapes, '%%' is a literal '%' in the pattern.
        QString sbatchDir = dir;
        sbatchDir.replace(QLatin1Char('%'), QStringLiteral("%%"));
        sbatchDir.replace(QLatin1Char('#'), QStringLiteral("\\#"));
        const QString want = expected.arg(sbatchDir);
        QVERIFY2(QString::fromUtf8(r.out).contains(QStringLiteral("#SBATCH ") + want), r.out.constData());
        // The commands: bash accepts the script, and the project path reaches the worker whole.
        const QString script = QString::fromUtf8(r.out).section(QStringLiteral("\n# "), 0, 0);
        QProcess bash;
        bash.start(QStringLiteral("bash"), {QStringLiteral("-n"), QStringLiteral("-c"), script});
        QVERIFY(bash.waitForFinished(10000));
        QCOMPARE(bash.exitCode(), 0);
        QString quoted = project;
        quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
        QVERIFY(r.out.contains(" 'encode' '" + quoted.toUtf8() + "' --shard"));
    }
};

QTEST_GUILESS_MAIN(TstHostileFiles)
#include "tst_hostile_files.moc"
