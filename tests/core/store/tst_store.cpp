// The project file: schema, refusal of foreign/newer files, transactions, embeddings, runs, tags.
#include <QtTest>

#include <sqlite3.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "TestSupport.h"
#include "common/Half.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/ProjectCopy.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"
#include "store/Tags.h"

using namespace dl;

class TestStore : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    std::string freshPath(const char* name) { return dir_.filePath(QString::fromUtf8(name)).toStdString(); }
    std::int64_t addCorpus(Store& s, const std::string& name, int sentences) {
        auto tx = s.begin();
        s.exec("INSERT INTO corpora(name) VALUES('" + name + "')").value();
        const auto id = s.lastInsertId();
        auto ins = s.prepare("INSERT INTO sentences(corpus_id, position, domain, src) VALUES(?1, ?2, ?3, ?4)").value();
        for (int i = 0; i < sentences; ++i) {
            ins.bind(1, id)
                .bind(2, i)
                .bind(3, std::string_view(i % 2 ? "law" : "it"))
                .bind(4, "sentence " + std::to_string(i));
            ins.run().value();
        }
        tx->commit().value();
        return id;
    }

private slots:
    void createAndReopen() {
        const auto path = freshPath("a.dlproj");
        {
            auto s = Store::create(path);
            QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        }
        auto again = Store::create(path);
        QVERIFY(!again);
        QVERIFY(QString::fromStdString(again.error().message).contains(QStringLiteral("already exists")));
        auto s = Store::open(path);
        QVERIFY(s.has_value());
        auto c = listCorpora(**s);
        QVERIFY(c && c->empty());
    }

    void refusesForeignAndNewerFiles_data() {
        QTest::addColumn<QByteArray>("setupSql");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not a project") << QByteArray("CREATE TABLE x(a);")
                                       << QStringLiteral("not a DomainLens project");
        QTest::newRow("newer schema") << QByteArray("PRAGMA application_id=1145859699; PRAGMA user_version=99;")
                                      << QStringLiteral("newer DomainLens");
    }
    void refusesForeignAndNewerFiles() {
        QFETCH(QByteArray, setupSql);
        QFETCH(QString, expected);
        const auto path = freshPath(QTest::currentDataTag());
        sqlite3* db = nullptr;
        sqlite3_open(path.c_str(), &db);
        sqlite3_exec(db, setupSql.constData(), nullptr, nullptr, nullptr);
        sqlite3_close(db);
        auto s = Store::open(path);
        QVERIFY(!s);
        QVERIFY2(QString::fromStdString(s.error().message).contains(expected), s.error().message.c_str());
    }

    void textFileIsNotAProject() {
        QTemporaryDir d;
        const auto path = dltest::writeFile(d, QStringLiteral("notes.txt"), "hello\n");
        auto s = Store::open(path);
        QVERIFY(!s);
        QVERIFY(QString::fromStdString(s.error().message).contains(QString::fromStdString(path)));
    }

    void transactionRollsBackUnlessCommitted() {
        auto s = Store::create(freshPath("tx.dlproj")).value();
        {
            auto tx = s->begin();
            QVERIFY(tx);
            s->exec("INSERT INTO corpora(name) VALUES('gone')").value();
        }  // no commit
        QCOMPARE(listCorpora(*s)->size(), size_t(0));
        {
            auto tx = s->begin();
            s->exec("INSERT INTO corpora(name) VALUES('kept')").value();
            QVERIFY(tx->commit());
        }
        QCOMPARE(listCorpora(*s)->size(), size_t(1));
    }

    void lockedProjectGivesClearError() {
        const auto path = freshPath("locked.dlproj");
        auto s = Store::create(path).value();
        sqlite3* other = nullptr;
        sqlite3_open(path.c_str(), &other);
        QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE;", nullptr, nullptr, nullptr), SQLITE_OK);
        auto tx = s->begin();
        QVERIFY(!tx);
        QVERIFY2(QString::fromStdString(tx.error().message).contains(QStringLiteral("locked")),
                 tx.error().message.c_str());
        sqlite3_exec(other, "ROLLBACK;", nullptr, nullptr, nullptr);
        sqlite3_close(other);
        QVERIFY(s->begin());
    }

    void halfConversion_data() {
        QTest::addColumn<float>("value");
        for (float v : {0.0f, 1.0f, -2.5f, 0.1f, 65504.0f, 1e-6f, -3.14159f, 1e5f})
            QTest::newRow(qPrintable(QString::number(v))) << v;
    }
    void halfConversion() {
        QFETCH(float, value);
        const float back = halfToFloat(floatToHalf(value));
        if (std::fabs(value) > 65504.0f) QVERIFY(std::isinf(back));
        else
            QVERIFY2(std::fabs(back - value) <= std::max(std::fabs(value) * 1e-3f, 6e-8f),
                     qPrintable(QString::number(back)));
    }

    void embeddingsAppendResumeAndLoad_data() {
        QTest::addColumn<bool>("half");
        QTest::newRow("f16") << true;
        QTest::newRow("f32") << false;
    }
    void embeddingsAppendResumeAndLoad() {
        QFETCH(bool, half);
        auto s = Store::create(freshPath(half ? "e16.dlproj" : "e32.dlproj")).value();
        const auto corpus = addCorpus(*s, "c", 10);
        const int dim = 4;
        auto set = ensureEmbeddingSet(*s, {"tiny", -1, "mean", Side::Source, false}, dim,
                                      half ? StorageType::Float16 : StorageType::Float32);
        QVERIFY(set);
        std::vector<float> rows(6 * dim);
        for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = 0.25f * static_cast<float>(i) - 1.0f;
        {
            auto tx = s->begin();
            QVERIFY(appendEmbeddings(*s, set->id, corpus, 0, 6, rows));
            tx->commit().value();
        }
        QCOMPARE(encodedCount(*s, set->id, corpus).value(), std::int64_t(6));
        // Not a complete set yet; a gap is refused.
        QVERIFY(!latestCompleteSet(*s, corpus));
        QVERIFY(!appendEmbeddings(*s, set->id, corpus, 7, 1, std::vector<float>(dim)));
        std::vector<float> rest(4 * dim, 0.5f);
        {
            auto tx = s->begin();
            QVERIFY(appendEmbeddings(*s, set->id, corpus, 6, 4, rest));
            tx->commit().value();
        }
        QCOMPARE(latestCompleteSet(*s, corpus)->id, set->id);
        auto m = loadEmbeddings(*s, set->id, corpus);
        QVERIFY(m);
        QCOMPARE(m->rows, std::int64_t(10));
        QCOMPARE(m->dim, dim);
        for (std::size_t i = 0; i < rows.size(); ++i) QCOMPARE(m->data[i], rows[i]);  // exactly representable
        QCOMPARE(m->row(9)[3], 0.5f);
        // Same key again: the same set; a different dimension is refused.
        QCOMPARE(ensureEmbeddingSet(*s, set->key, dim, StorageType::Float16)->id, set->id);
        QVERIFY(!ensureEmbeddingSet(*s, set->key, dim + 1, StorageType::Float16));
    }

    void runsStoreParamsResultsAndBlobs() {
        auto s = Store::create(freshPath("runs.dlproj")).value();
        const auto corpus = addCorpus(*s, "c", 3);
        auto labels = corpusLabels(*s, corpus).value();
        QCOMPARE(labels.domainNames, (std::vector<std::string>{"it", "law"}));
        QCOMPARE(labels.domainIndex, (std::vector<int>{0, 1, 0}));
        QVERIFY(!latestRun(*s, RunKind::Cluster));
        auto tx = s->begin();
        auto id = createRun(*s, RunKind::Cluster, corpus, std::nullopt, {{"k", 3}});
        QVERIFY(id);
        RunResults r;
        r.sentenceIds = labels.sentenceIds;
        r.label = {2, 0, 1};
        r.prob = {0.9, 0.8, 0.7};
        r.score = {NAN, 1.5, 2.5};
        QVERIFY(writeRunResults(*s, *id, r));
        const std::vector<float> xy = {1.f, 2.f, 3.f};
        QVERIFY(putRunArray<float>(*s, *id, "pca2d", xy));
        QVERIFY(setRunSummary(*s, *id, {{"purity", 0.5}}));
        tx->commit().value();
        auto run = latestRun(*s, RunKind::Cluster).value();
        QCOMPARE(run.params["k"].get<int>(), 3);
        QCOMPARE(run.summary["purity"].get<double>(), 0.5);
        auto back = readRunResults(*s, run.id).value();
        QCOMPARE(back.label, r.label);
        QVERIFY(std::isnan(back.score[0]));
        QCOMPARE(back.score[2], 2.5);
        QVERIFY(std::isnan(back.loglik[1]));
        QCOMPARE(getRunArray<float>(*s, run.id, "pca2d").value(), xy);
        QVERIFY(!getRunBlob(*s, run.id, "missing"));
    }

    // getClusterRun: the run when it is a cluster run; NotClusterRun {id, kind}, a usage error,
    // for a run of another kind; the unknown-run error for an id that is not there.
    void clusterRunRequired() {
        auto s = Store::create(freshPath("kinds.dlproj")).value();
        const auto corpus = addCorpus(*s, "c", 3);
        auto tx = s->begin();
        const auto cluster = createRun(*s, RunKind::Cluster, corpus, std::nullopt, {{"k", 2}}).value();
        const auto select = createRun(*s, RunKind::Select, corpus, std::nullopt, {{"method", "cosine"}}).value();
        tx->commit().value();
        auto ok = getClusterRun(*s, cluster);
        QVERIFY(ok);
        QCOMPARE(ok->id, cluster);
        auto wrong = getClusterRun(*s, select);
        QVERIFY(!wrong);
        QCOMPARE(wrong.error().code, ErrorCode::NotClusterRun);
        QCOMPARE(wrong.error().kind, ErrorKind::Usage);
        QCOMPARE(wrong.error().args, (std::vector<std::string>{std::to_string(select), "select"}));
        QVERIFY(QString::fromStdString(wrong.error().message).contains("not a cluster run"));
        QVERIFY(!requireClusterRun(getRun(*s, select).value()));
        auto missing = getClusterRun(*s, select + 100);
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, ErrorCode::UnknownRun);
    }

    // Tags in bulk: adding reports the sentences that did not have the tag (an undo removes
    // just those), removing the ones that had it; read back per tag and per corpus; a bad tag or
    // an unknown sentence is an error and writes nothing.
    void tagsAddRemoveAndReadBack() {
        auto s = Store::create(freshPath("tags.dlproj")).value();
        const auto corpus = addCorpus(*s, "c", 5);
        const auto other = addCorpus(*s, "d", 2);
        auto ids = [&](std::int64_t c) {
            std::vector<std::int64_t> out;
            auto q = s->prepare("SELECT id FROM sentences WHERE corpus_id = ?1 ORDER BY id").value();
            q.bind(1, c);
            while (q.step().value()) out.push_back(q.int64(0));
            return out;
        };
        const auto c = ids(corpus), d = ids(other);
        {
            auto tx = s->begin();
            QCOMPARE(addTag(*s, std::vector<std::int64_t>{c[0], c[1]}, "boiler plate").value(),
                     (std::vector<std::int64_t>{c[0], c[1]}));
            QCOMPARE(addTag(*s, std::vector<std::int64_t>{c[1], c[2], d[0]}, "boiler plate").value(),
                     (std::vector<std::int64_t>{c[2], d[0]}));  // c[1] had it
            QCOMPARE(addTag(*s, std::vector<std::int64_t>{c[1]}, "Ünïcode").value(), (std::vector<std::int64_t>{c[1]}));
            tx->commit().value();
        }
        QCOMPARE(taggedSentences(*s, "boiler plate").value(), (std::vector<std::int64_t>{c[0], c[1], c[2], d[0]}));
        const auto tags = corpusTags(*s, corpus).value();
        QCOMPARE(tags.size(), std::size_t(2));
        QCOMPARE(tags[0], (std::pair<std::string, std::int64_t>{"boiler plate", 3}));
        QCOMPARE(tags[1], (std::pair<std::string, std::int64_t>{"Ünïcode", 1}));
        QCOMPARE(removeTag(*s, std::vector<std::int64_t>{c[0], c[4]}, "boiler plate").value(),
                 (std::vector<std::int64_t>{c[0]}));
        QCOMPARE(taggedSentences(*s, "boiler plate").value(), (std::vector<std::int64_t>{c[1], c[2], d[0]}));

        for (const std::string bad :
             {std::string(), std::string("a\nb"), std::string("tab\there"), std::string(65, 'x')}) {
            auto r = addTag(*s, std::vector<std::int64_t>{c[3]}, bad);
            QVERIFY(!r);
            QCOMPARE(r.error().kind, ErrorKind::Usage);
        }
        QVERIFY(checkTag(std::string(64, 'x')));
        QVERIFY(!addTag(*s, std::vector<std::int64_t>{999999}, "x"));  // no such sentence
        QVERIFY(taggedSentences(*s, "x").value().empty());
        // Deleting a corpus's sentences takes their tags with them.
        s->exec("DELETE FROM corpora WHERE id = " + std::to_string(other)).value();
        QCOMPARE(taggedSentences(*s, "boiler plate").value(), (std::vector<std::int64_t>{c[1], c[2]}));
    }

    // copy: a project copied while another connection holds an open write transaction and the
    // committed rows still sit in the -wal file has every committed row, none of the open
    // transaction's, and passes integrity_check.
    void copyWhileWriting() {
        QTemporaryDir dir;
        const std::string src = dir.filePath(QStringLiteral("p.dlproj")).toStdString();
        const std::string dst = dir.filePath(QStringLiteral("copy.dlproj")).toStdString();
        auto writer = Store::create(src).value();
        writer->exec("PRAGMA wal_autocheckpoint=0;").value();  // the rows stay in the WAL
        {
            auto tx = writer->begin().value();
            for (int i = 0; i < 3000; ++i)
                writer->exec("INSERT INTO corpora(name) VALUES('corpus " + std::to_string(i) + "');").value();
            tx.commit().value();
        }
        QVERIFY(std::filesystem::file_size(src + "-wal") > 16384 * 8);
        auto other = Store::open(src).value();
        auto open = other->begin().value();  // BEGIN IMMEDIATE: holds the write lock
        other->exec("INSERT INTO corpora(name) VALUES('uncommitted');").value();

        int stages = 0;
        std::int64_t lastDone = -1, lastTotal = 0;
        struct Count : ProgressSink {
            int* stages;
            std::int64_t *done, *total;
            void stage(std::string_view) override { ++*stages; }
            void progress(std::int64_t d, std::int64_t t) override { *done = d, *total = t; }
        } sink;
        sink.stages = &stages, sink.done = &lastDone, sink.total = &lastTotal;
        CancelToken never;
        ProjectCopyParams params{src, dst};
        params.pagesPerStep = 2;  // several steps
        auto copied = copyProject(params, sink, never);
        QVERIFY2(copied, copied ? "" : copied.error().message.c_str());
        QVERIFY(lastTotal > 2 && lastDone == lastTotal);
        QVERIFY(stages >= 3);
        QCOMPARE(copied->schemaVersion, kSchemaVersion);
        QCOMPARE(copied->sha256.size(), std::size_t(64));
        QVERIFY(!copied->replaced);
        open.rollback();

        auto copy = Store::open(dst, OpenMode::ReadOnly).value();
        auto q = copy->prepare("SELECT count(*), sum(name = 'uncommitted') FROM corpora").value();
        QVERIFY(q.step().value());
        QCOMPARE(q.int64(0), std::int64_t(3000));
        QCOMPARE(q.int64(1), std::int64_t(0));
        auto check = copy->prepare("PRAGMA integrity_check").value();
        QVERIFY(check.step().value());
        QCOMPARE(std::string(check.text(0)), std::string("ok"));
        // Nothing but the copy beside the project (no temporary file, no -wal of the copy).
        for (const auto& e : std::filesystem::directory_iterator(dir.path().toStdString())) {
            const std::string name = e.path().filename().string();
            QVERIFY2(name.starts_with("p.dlproj") || name.starts_with("copy.dlproj"), name.c_str());
        }
    }

    void copyRefusals_data() {
        QTest::addColumn<QString>("source");  // "project", "text", "other-db", "truncated", "missing"
        QTest::addColumn<QString>("destination");  // "new", "exists", "no-folder", "same"
        QTest::addColumn<bool>("force");
        QTest::addColumn<int>("code");
        QTest::newRow("destination exists") << "project"
                                            << "exists" << false << int(ErrorCode::FileExists);
        QTest::newRow("destination folder missing") << "project"
                                                    << "no-folder" << false << int(ErrorCode::Generic);
        QTest::newRow("destination is the source") << "project"
                                                   << "same" << true << int(ErrorCode::Generic);
        QTest::newRow("source not a database") << "text"
                                               << "new" << false << int(ErrorCode::NotAProject);
        QTest::newRow("source another program's") << "other-db"
                                                  << "new" << false << int(ErrorCode::NotAProject);
        QTest::newRow("source truncated") << "truncated"
                                          << "new" << false << int(ErrorCode::NotAProject);
        QTest::newRow("source missing") << "missing"
                                        << "new" << false << int(ErrorCode::ProjectMissing);
    }
    // Refused: nothing is written under the destination's name, nothing left beside it.
    void copyRefusals() {
        QFETCH(QString, source);
        QFETCH(QString, destination);
        QFETCH(bool, force);
        QFETCH(int, code);
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        std::string src = folder + "/p.dlproj";
        if (source == QLatin1String("project") || source == QLatin1String("truncated")) {
            auto s = Store::create(src).value();
            auto tx = s->begin().value();
            for (int i = 0; i < 2000; ++i)
                s->exec("INSERT INTO corpora(name) VALUES('a corpus with a longer name, number " + std::to_string(i) +
                        "');")
                    .value();
            tx.commit().value();
        }  // closed: checkpointed into the main file
        if (source == QLatin1String("truncated"))
            std::filesystem::resize_file(src, std::filesystem::file_size(src) / 2);
        if (source == QLatin1String("text")) std::ofstream(src) << "one sentence per line\n";
        if (source == QLatin1String("other-db")) {
            sqlite3* db = nullptr;
            QCOMPARE(sqlite3_open(src.c_str(), &db), SQLITE_OK);
            QCOMPARE(sqlite3_exec(db, "CREATE TABLE t(x); INSERT INTO t VALUES(1);", nullptr, nullptr, nullptr),
                     SQLITE_OK);
            sqlite3_close(db);
        }
        std::string dst = folder + "/copy.dlproj";
        if (destination == QLatin1String("exists")) std::ofstream(dst) << "keep me\n";
        if (destination == QLatin1String("no-folder")) dst = folder + "/missing/copy.dlproj";
        if (destination == QLatin1String("same")) dst = src;
        const auto before = std::filesystem::exists(dst) ? std::filesystem::file_size(dst) : 0;
        ProjectCopyParams params{src, dst};
        params.replace = force;
        NullProgress np;
        CancelToken never;
        auto copied = copyProject(params, np, never);
        QVERIFY(!copied);
        QCOMPARE(int(copied.error().code), code);
        if (destination == QLatin1String("exists")) QCOMPARE(std::filesystem::file_size(dst), before);
        if (destination == QLatin1String("new")) QVERIFY(!std::filesystem::exists(dst));
        for (const auto& e : std::filesystem::directory_iterator(folder)) {
            const std::string name = e.path().filename().string();
            QVERIFY2(name.starts_with("p.dlproj") || name == "copy.dlproj",
                     name.c_str());  // SQLite's -shm of the source
        }
    }

    // --force replaces an existing destination with the copy; a cancelled copy writes nothing.
    void copyReplaceAndCancel() {
        QTemporaryDir dir;
        const std::string src = dir.filePath(QStringLiteral("p.dlproj")).toStdString();
        const std::string dst = dir.filePath(QStringLiteral("copy.dlproj")).toStdString();
        { auto s = Store::create(src).value(); }
        NullProgress np;
        CancelToken cancel;
        cancel.cancel();
        auto stopped = copyProject({src, dst}, np, cancel);
        QVERIFY(!stopped);
        QCOMPARE(stopped.error().code, ErrorCode::Cancelled);
        QVERIFY(!std::filesystem::exists(dst));
        std::ofstream(dst) << "an old copy\n";
        CancelToken never;
        ProjectCopyParams params{src, dst};
        params.replace = true;
        auto copied = copyProject(params, np, never);
        QVERIFY2(copied, copied ? "" : copied.error().message.c_str());
        QVERIFY(copied->replaced);
        QVERIFY(Store::open(dst, OpenMode::ReadOnly));
    }
};

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
