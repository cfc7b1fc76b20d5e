// The sharded path of the CLI contract, on real sentences (../shared/data) and a tiny real
// model: `encode --shard i/4` for every i + `merge` equals the unsharded encode (vectors
// within 1e-6), `assign`/`score --shard` + `merge` equal the cluster/selection runs they
// apply (ids, labels, scores; cosine, finetune-head, moore-lewis, axelrod); a worker killed half-way is re-run alone
// and the merge then succeeds; a missing or corrupt shard makes merge fail naming it (and the --array list) with the
// project byte-for-byte unchanged; workers write nothing beside the project.
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QMap>
#include <QRegularExpression>
#include <QtTest>

#include <cmath>
#include <csignal>
#include <cstring>
#include <functional>
#include <limits>

#include "CliProcess.h"
#include "TestSupport.h"

using namespace dltest;

namespace {

const QString kPool = QStringLiteral("pool");

QByteArray fileHash(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

// Per-sentence results of a run, in sentence-id order: id, label, score, prob, loglik.
struct Row {
    long long id = 0, label = -1;
    double score = NAN, prob = NAN, loglik = NAN;
};
std::vector<Row> runRows(const QString& project, long long run) {
    std::vector<Row> rows;
    sqlite3* db = nullptr;
    sqlite3_open_v2(project.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(
        db, "SELECT sentence_id, label, score, prob, loglik FROM run_results WHERE run_id = ?1 ORDER BY sentence_id",
        -1, &st, nullptr);
    sqlite3_bind_int64(st, 1, run);
    auto real = [&](int c) { return sqlite3_column_type(st, c) == SQLITE_NULL ? NAN : sqlite3_column_double(st, c); };
    while (sqlite3_step(st) == SQLITE_ROW)
        rows.push_back({sqlite3_column_int64(st, 0),
                        sqlite3_column_type(st, 1) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 1), real(2), real(3),
                        real(4)});
    sqlite3_finalize(st);
    sqlite3_close(db);
    return rows;
}

// The float32 vectors of corpus `pool` in position order.
std::vector<float> poolVectors(const QString& project) {
    std::vector<float> out;
    sqlite3* db = nullptr;
    sqlite3_open_v2(project.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(
        db,
        "SELECT c.data FROM embedding_chunks c JOIN corpora k ON k.id = c.corpus_id WHERE k.name = 'pool' "
        "ORDER BY c.first_position",
        -1, &st, nullptr);
    while (sqlite3_step(st) == SQLITE_ROW) {
        const auto* p = static_cast<const float*>(sqlite3_column_blob(st, 0));
        out.insert(out.end(), p, p + sqlite3_column_bytes(st, 0) / 4);
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

// A run's float32 or float64 blob as doubles.
template <class T>
std::vector<double> runBlob(const QString& project, long long run, const char* name) {
    std::vector<double> out;
    sqlite3* db = nullptr;
    sqlite3_open_v2(project.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "SELECT data FROM run_blobs WHERE run_id = ?1 AND name = ?2", -1, &st, nullptr);
    sqlite3_bind_int64(st, 1, run);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW) {
        const auto* p = static_cast<const T*>(sqlite3_column_blob(st, 0));
        out.assign(p, p + sqlite3_column_bytes(st, 0) / int(sizeof(T)));
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

// Largest |a - b| over two equally long arrays (infinity when the lengths differ or are 0).
double maxDiff(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size() || a.empty()) return INFINITY;
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
    return worst;
}

bool near(double a, double b, double tol) { return (std::isnan(a) && std::isnan(b)) || std::abs(a - b) <= tol; }

// Edits a shard manifest's JSON in place.
bool editManifest(const QString& path, const std::function<void(QJsonObject&)>& edit) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return false;
    auto j = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    edit(j);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(QJsonDocument(j).toJson()) > 0;
}

// Writes `value` into element (row, col) of array `name` of a shard data file (the format of
// core/shard/ShardFile.h, read here byte by byte), in the array's own type, then records the
// file's new SHA-256 in its manifest: what a damaged or hostile worker leaves, past the checksum.
bool patchShardValue(const QString& data, const QString& manifest, const QByteArray& name, qint64 row, qint64 col,
                     double value) {
    QFile f(data);
    if (!f.open(QIODevice::ReadOnly)) return false;
    QByteArray b = f.readAll();
    f.close();
    auto i64 = [&](qint64 at) {
        qint64 v = 0;
        std::memcpy(&v, b.constData() + at, 8);
        return v;
    };
    const int sizes[] = {0, 2, 4, 8, 4, 8};  // ShardDType F16, F32, F64, I32, I64
    bool patched = false;
    for (qint64 pos = 16; pos + 2 < b.size() && !patched;) {
        quint16 n = 0;
        std::memcpy(&n, b.constData() + pos, 2);
        const QByteArray arrayName = b.mid(pos + 2, n);
        const int type = static_cast<unsigned char>(b.at(pos + 2 + n));
        const qint64 rows = i64(pos + 2 + n + 8), cols = i64(pos + 2 + n + 16), off = pos + 2 + n + 24;
        if (type < 1 || type > 5) return false;
        if (arrayName == name) {
            char* at = b.data() + off + (row * cols + col) * sizes[type];
            const float f32 = float(value);
            const auto i32 = static_cast<qint32>(value);
            if (type == 2) std::memcpy(at, &f32, 4);
            else if (type == 3) std::memcpy(at, &value, 8);
            else if (type == 4) std::memcpy(at, &i32, 4);
            else return false;
            patched = true;
        }
        pos = off + rows * cols * sizes[type];
    }
    if (!patched || !f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(b) != b.size()) return false;
    f.close();
    return editManifest(manifest,
                        [&](QJsonObject& j) { j[QStringLiteral("sha256")] = QString::fromLatin1(fileHash(data)); });
}

// Copies every file of folder `from` into a fresh folder `to`.
bool copyFolder(const QString& from, const QString& to) {
    QDir(to).removeRecursively();
    if (!QDir().mkpath(to)) return false;
    for (const auto& name : QDir(from).entryList(QDir::Files))
        if (!QFile::copy(from + '/' + name, to + '/' + name)) return false;
    return true;
}

}  // namespace

class TestCliShard : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString base_, bare_, model_;
    long long clusterRun_ = 0;
    QString path(const QString& name) const { return dir_.filePath(name); }
    static QByteArray describe(const CliRun& r) {
        return "exit " + QByteArray::number(r.exitCode) + (r.status == QProcess::CrashExit ? " (signal)" : "") +
               "; stderr: " + r.err.right(800);
    }
    QString copyOf(const QString& from, const QString& name) {
        const QString to = path(name);
        if (!replaceProjectFile(from, to)) qFatal("cannot copy the project");
        return to;
    }
    // Runs `args` for every shard i of n (`{I}` in args is replaced by i/n).
    void runShards(QStringList args, int n, const QString& what) {
        for (int i = 0; i < n; ++i) {
            QStringList a = args;
            a.replaceInStrings(QStringLiteral("{I}"), QStringLiteral("%1/%2").arg(i).arg(n));
            auto r = runCli(a);
            QVERIFY2(r.exitCode == 0, what.toUtf8() + ": " + describe(r));
        }
    }
    long long jsonRun(const CliRun& r, const char* key) { return r.json().value(QLatin1String(key)).toInteger(); }

private slots:
    // Two projects with the same real sentences (3 domains of the de-en test slice + a medical
    // seed from the train slice): `base` encoded, clustered and selected as usual, `bare` not encoded.
    void initTestCase() {
        DLTEST_REQUIRE_SHARED_DATA();
        QVERIFY(QFile::exists(cliPath()));
        model_ = testData(QStringLiteral("models/bert-tiny"));
        bare_ = path(QStringLiteral("bare.dlproj"));
        QCOMPARE(runCli({QStringLiteral("init"), bare_}).exitCode, 0);
        // Parallel (en-de) so that Axelrod's bilingual method has both sides; one seed sentence
        // is also in the pool (a leak: excluded from the ranking, in the run and in the shards).
        const QByteArray leak[2] = {"Take one tablet twice a day.\n", "Nehmen Sie zweimal täglich eine Tablette.\n"};
        auto slice = [&](const QString& file, int lines, const char* lang, const QString& name,
                         const QByteArray& extra) {
            QFile in(sharedData(file + QLatin1String(lang)));
            if (!in.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(in.fileName()));
            QByteArray text;
            for (int i = 0; i < lines; ++i) text += in.readLine();
            return QString::fromStdString(writeFile(dir_, name + QLatin1String(lang), text + extra));
        };
        for (const char* d : {"medical", "law", "it"}) {
            const QString src = QStringLiteral("llm-dom-ad-deen-test/%1.").arg(QLatin1String(d)),
                          name = QString::fromLatin1(d) + '.';
            const bool medical = QLatin1String(d) == QLatin1String("medical");
            auto r = runCli({QStringLiteral("import"), bare_, QStringLiteral("--src"),
                             slice(src, 70, "en", name, medical ? leak[0] : ""), QStringLiteral("--tgt"),
                             slice(src, 70, "de", name, medical ? leak[1] : ""),
                             QStringLiteral("--domain-from-filename"), QStringLiteral("--corpus"), kPool});
            QVERIFY2(r.exitCode == 0, describe(r));
        }
        const QString seedSrc = QStringLiteral("llm-dom-ad-deen-train2500/medical.");
        auto r = runCli({QStringLiteral("import"), bare_, QStringLiteral("--src"),
                         slice(seedSrc, 30, "en", QStringLiteral("seed."), leak[0]), QStringLiteral("--tgt"),
                         slice(seedSrc, 30, "de", QStringLiteral("seed."), leak[1]), QStringLiteral("--domain"),
                         QStringLiteral("medical"), QStringLiteral("--corpus"), QStringLiteral("seed")});
        QVERIFY2(r.exitCode == 0, describe(r));
        base_ = copyOf(bare_, QStringLiteral("base.dlproj"));
        r = runCli({QStringLiteral("encode"), base_, QStringLiteral("--model"), model_, QStringLiteral("--float32"),
                    QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, describe(r));
        r = runCli({QStringLiteral("cluster"), base_, QStringLiteral("--corpus"), kPool, QStringLiteral("--k"),
                    QStringLiteral("3"), QStringLiteral("--pca"), QStringLiteral("8"), QStringLiteral("--seeds"),
                    QStringLiteral("2"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        clusterRun_ = sqlInt(base_, "SELECT max(id) FROM runs WHERE kind = 'cluster'");
        QVERIFY(clusterRun_ > 0);
    }

    void encodeShardsMergeEqualsUnsharded() {
        const QString project = copyOf(bare_, QStringLiteral("encode.dlproj"));
        const QString out = path(QStringLiteral("enc"));
        const QByteArray before = fileHash(project);
        runShards({QStringLiteral("encode"), project, QStringLiteral("--model"), model_, QStringLiteral("--corpus"),
                   kPool, QStringLiteral("--float32"), QStringLiteral("--shard"), QStringLiteral("{I}"),
                   QStringLiteral("--out"), out, QStringLiteral("--quiet")},
                  4, QStringLiteral("encode --shard"));
        // Workers read the project only: not a byte changed, no -wal/-shm left beside it.
        QCOMPARE(fileHash(project), before);
        QVERIFY(!QFile::exists(project + QStringLiteral("-shm")) && !QFile::exists(project + QStringLiteral("-wal")));
        auto r = runCli({QStringLiteral("merge"), project, out, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        QCOMPARE(r.json().value(QLatin1String("vectors_added")).toInteger(), 211);
        const auto sharded = poolVectors(project), whole = poolVectors(base_);
        QCOMPARE(sharded.size(), whole.size());
        QVERIFY(!whole.empty());
        double worst = 0;
        for (std::size_t i = 0; i < whole.size(); ++i) worst = std::max(worst, double(std::abs(sharded[i] - whole[i])));
        QVERIFY2(worst <= 1e-6, qPrintable(QString::number(worst)));
        QCOMPARE(sqlText(project, "SELECT model || layer || pooling || storage FROM embedding_sets"),
                 sqlText(base_, "SELECT model || layer || pooling || storage FROM embedding_sets"));
        // The summed PCA statistics of the shards: count = N and Σx of the stored vectors.
        const long long merge = jsonRun(r, "merge_run");
        QCOMPARE(sqlInt(project,
                        qPrintable(QStringLiteral(
                                       "SELECT length(data) FROM run_blobs WHERE run_id = %1 AND name = 'moment_count'")
                                       .arg(merge))),
                 8LL);
        QCOMPARE(r.json().value(QLatin1String("pca_statistics")).toObject().value(QLatin1String("count")).toInteger(),
                 211);
    }

    // cluster --pca-from-merge on the project the test above merged: the PCA of the summed
    // shard statistics equals the PCA of all rows (--pca-fit-rows 0), axes and variances to
    // 1e-9, and the clustering after it too (labels, lower bound).
    void clusterPcaFromMergeEqualsAllRowsPca() {
        const QString project = path(QStringLiteral("encode.dlproj"));
        QVERIFY(QFile::exists(project));
        const QStringList common{QStringLiteral("cluster"),  project,
                                 QStringLiteral("--corpus"), kPool,
                                 QStringLiteral("--k"),      QStringLiteral("3"),
                                 QStringLiteral("--pca"),    QStringLiteral("8"),
                                 QStringLiteral("--seeds"),  QStringLiteral("1"),
                                 QStringLiteral("--quiet")};
        auto r = runCli(common + QStringList{QStringLiteral("--pca-fit-rows"), QStringLiteral("0")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const long long allRows = sqlInt(project, "SELECT max(id) FROM runs WHERE kind = 'cluster'");
        r = runCli(common + QStringList{QStringLiteral("--pca-from-merge")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const long long fromMerge = sqlInt(project, "SELECT max(id) FROM runs WHERE kind = 'cluster'");
        QVERIFY(fromMerge > allRows);
        const long long merge = sqlInt(project, "SELECT max(id) FROM runs WHERE kind = 'merge'");
        QCOMPARE(sqlInt(project,
                        qPrintable(QStringLiteral(
                                       "SELECT json_extract(summary, '$.pca.from_merge_run') FROM runs WHERE id = %1")
                                       .arg(fromMerge))),
                 merge);
        for (const char* part : {"model.pca_mean", "model.pca_axes", "model.pca_variance"}) {
            const double worst =
                maxDiff(runBlob<double>(project, fromMerge, part), runBlob<double>(project, allRows, part));
            QVERIFY2(worst <= 1e-9, qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(part)).arg(worst)));
        }
        const auto a = runRows(project, allRows), b = runRows(project, fromMerge);
        QCOMPARE(a.size(), std::size_t(211));
        QCOMPARE(b.size(), a.size());
        for (std::size_t i = 0; i < a.size(); ++i) QCOMPARE(b[i].label, a[i].label);
        auto bound = [&](long long run) {
            return sqlText(project,
                           qPrintable(
                               QStringLiteral(
                                   "SELECT json_extract(summary, '$.per_seed[0].lower_bound') FROM runs WHERE id = %1")
                                   .arg(run)))
                .toDouble();
        };
        QVERIFY2(
            std::abs(bound(fromMerge) - bound(allRows)) <= 1e-9 * std::abs(bound(allRows)),
            qPrintable(QStringLiteral("%1 vs %2").arg(bound(fromMerge), 0, 'g', 17).arg(bound(allRows), 0, 'g', 17)));
    }

    // Without merged statistics (base was encoded in one go) or with a post-processing that
    // changes the vectors first, --pca-from-merge refuses, saying why.
    void clusterPcaFromMergeRefuses_data() {
        QTest::addColumn<QString>("project");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("no merge") << QStringLiteral("base.dlproj") << QStringList{} << 1
                                  << QStringLiteral("not filled by an encode merge");
        QTest::newRow("l2") << QStringLiteral("encode.dlproj") << QStringList{QStringLiteral("--l2")} << 2
                            << QStringLiteral("change them before the PCA");
    }
    void clusterPcaFromMergeRefuses() {
        QFETCH(QString, project);
        QFETCH(QStringList, extra);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        auto r = runCli(QStringList{QStringLiteral("cluster"), path(project), QStringLiteral("--corpus"), kPool,
                                    QStringLiteral("--k"), QStringLiteral("3"), QStringLiteral("--pca"),
                                    QStringLiteral("8"), QStringLiteral("--seeds"), QStringLiteral("1"),
                                    QStringLiteral("--pca-from-merge"), QStringLiteral("--quiet")} +
                        extra);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }

    // A bfloat16 PCA's stored model projects with bfloat16 products again in `assign` (float32
    // products would move the probabilities by far more than 1e-6).
    void assignShardsMergeEqualsClusterRun_data() {
        QTest::addColumn<QString>("pcaPrecision");
        QTest::newRow("default") << QString();
        QTest::newRow("bf16") << QStringLiteral("bf16");
    }
    void assignShardsMergeEqualsClusterRun() {
        QFETCH(QString, pcaPrecision);
        const QString tag = pcaPrecision.isEmpty() ? QStringLiteral("default") : pcaPrecision;
        const QString project = copyOf(base_, QStringLiteral("assign-%1.dlproj").arg(tag));
        const QString out = path(QStringLiteral("asg-%1").arg(tag));
        long long clusterRun = clusterRun_;
        if (!pcaPrecision.isEmpty()) {
            auto c = runCli({QStringLiteral("cluster"), project, QStringLiteral("--corpus"), kPool,
                             QStringLiteral("--k"), QStringLiteral("3"), QStringLiteral("--pca"), QStringLiteral("8"),
                             QStringLiteral("--seeds"), QStringLiteral("2"), QStringLiteral("--pca-precision"),
                             pcaPrecision, QStringLiteral("--quiet")});
            QVERIFY2(c.exitCode == 0, describe(c));
            clusterRun = sqlInt(project, "SELECT max(id) FROM runs WHERE kind = 'cluster'");
            QVERIFY(clusterRun > clusterRun_);
        }
        runShards({QStringLiteral("assign"), project, QString::number(clusterRun), QStringLiteral("--shard"),
                   QStringLiteral("{I}"), QStringLiteral("--out"), out, QStringLiteral("--quiet")},
                  4, QStringLiteral("assign --shard"));
        auto r = runCli({QStringLiteral("merge"), project, out, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto merged = runRows(project, jsonRun(r, "run")), fitted = runRows(project, clusterRun);
        QCOMPARE(merged.size(), fitted.size());
        QCOMPARE(merged.size(), std::size_t(211));
        for (std::size_t i = 0; i < fitted.size(); ++i) {
            QCOMPARE(merged[i].id, fitted[i].id);
            QCOMPARE(merged[i].label, fitted[i].label);
            QVERIFY(near(merged[i].prob, fitted[i].prob, 1e-6));
            QVERIFY(near(merged[i].loglik, fitted[i].loglik, 1e-6 * (1 + std::abs(fitted[i].loglik))));
        }
        // The assign run's map (from the shards' "map2d") is the cluster run's own map.
        const double worst =
            maxDiff(runBlob<float>(project, jsonRun(r, "run"), "pca2d"), runBlob<float>(project, clusterRun, "pca2d"));
        QVERIFY2(worst <= 1e-5, qPrintable(QString::number(worst)));
    }

    void scoreShardsMergeEqualsSelection_data() {
        QTest::addColumn<QString>("method");
        QTest::addColumn<double>("tolerance");  // the classifier's forward pass batches differently
        QTest::newRow("cosine") << QStringLiteral("cosine") << 1e-9;
        QTest::newRow("finetune-head") << QStringLiteral("finetune-head") << 1e-6;
        QTest::newRow("moore-lewis") << QStringLiteral("moore-lewis")
                                     << 1e-9;  // LMs trained again from the stored recipe
        QTest::newRow("axelrod") << QStringLiteral("axelrod") << 1e-9;
    }
    void scoreShardsMergeEqualsSelection() {
        QFETCH(QString, method);
        QFETCH(double, tolerance);
        const QString project = copyOf(base_, QStringLiteral("score-%1.dlproj").arg(method));
        auto r = runCli({QStringLiteral("select"), project, QStringLiteral("--method"), method,
                         QStringLiteral("--pool"), kPool, QStringLiteral("--seed"), QStringLiteral("seed"),
                         QStringLiteral("--top"), QStringLiteral("60"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const long long selection = sqlInt(project, "SELECT max(id) FROM runs WHERE kind = 'select'");
        const QString out = path(QStringLiteral("score-") + method);
        runShards({QStringLiteral("score"), project, QString::number(selection), QStringLiteral("--shard"),
                   QStringLiteral("{I}"), QStringLiteral("--out"), out, QStringLiteral("--quiet")},
                  4, QStringLiteral("score --shard"));
        r = runCli({QStringLiteral("merge"), project, out, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto merged = runRows(project, jsonRun(r, "run")), original = runRows(project, selection);
        QCOMPARE(merged.size(), original.size());
        int excluded = 0;
        for (std::size_t i = 0; i < original.size(); ++i) {
            QCOMPARE(merged[i].id, original[i].id);
            QVERIFY2(near(merged[i].score, original[i].score, tolerance), qPrintable(QString::number(i)));
            QCOMPARE(merged[i].label, original[i].label);
            excluded += std::isnan(original[i].score);
        }
        QCOMPARE(sqlInt(project,
                        qPrintable(QStringLiteral("SELECT count(*) FROM run_results WHERE run_id = %1 AND label = 1")
                                       .arg(jsonRun(r, "run")))),
                 60LL);
        QCOMPARE(excluded, 1);  // the leaked seed sentence
    }

    // A finetune-head run stored before --pu-rounds (no head.rounds: it ran 1 round, the default is
    // 2 since) scores its shards as it ran (its stored classifier), and the run the merge stores
    // records what it ran with, not today's default (select/RunParams.h).
    void scoreOfAnOldRunRecordsWhatItRanWith() {
        const QString project = copyOf(base_, QStringLiteral("score-old.dlproj"));
        auto r = runCli({QStringLiteral("select"), project, QStringLiteral("--method"), QStringLiteral("finetune-head"),
                         QStringLiteral("--pu-rounds"), QStringLiteral("1"), QStringLiteral("--pool"), kPool,
                         QStringLiteral("--seed"), QStringLiteral("seed"), QStringLiteral("--top"),
                         QStringLiteral("60"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const long long selection = sqlInt(project, "SELECT max(id) FROM runs WHERE kind = 'select'");
        // As the older binary stored it: without the key.
        QVERIFY(sqlExec(project, qPrintable(QStringLiteral("UPDATE runs SET params = json_remove(params, "
                                                           "'$.head.rounds') WHERE id = %1")
                                                .arg(selection))));
        const QString out = path(QStringLiteral("score-old"));
        runShards({QStringLiteral("score"), project, QString::number(selection), QStringLiteral("--shard"),
                   QStringLiteral("{I}"), QStringLiteral("--out"), out, QStringLiteral("--quiet")},
                  2, QStringLiteral("score --shard"));
        r = runCli({QStringLiteral("merge"), project, out, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const long long merged = jsonRun(r, "run");
        const auto rows = runRows(project, merged), original = runRows(project, selection);
        QCOMPARE(rows.size(), original.size());
        for (std::size_t i = 0; i < original.size(); ++i)
            QVERIFY2(near(rows[i].score, original[i].score, 1e-6), qPrintable(QString::number(i)));
        QCOMPARE(sqlInt(project, qPrintable(QStringLiteral("SELECT json_extract(params, '$.head.rounds') FROM runs "
                                                           "WHERE id = %1")
                                                .arg(merged))),
                 1LL);
        QCOMPARE(sqlInt(project, qPrintable(QStringLiteral("SELECT json_extract(params, '$.applied.run') FROM runs "
                                                           "WHERE id = %1")
                                                .arg(merged))),
                 selection);
    }

    void scoreOfUnstorableMethodSaysSo() {
        const QString project = copyOf(base_, QStringLiteral("contrast.dlproj"));
        auto r = runCli({QStringLiteral("select"), project, QStringLiteral("--method"), QStringLiteral("contrast"),
                         QStringLiteral("--pool"), kPool, QStringLiteral("--seed"), QStringLiteral("seed"),
                         QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, describe(r));
        r = runCli({QStringLiteral("score"), project, QStringLiteral("--shard"), QStringLiteral("0/2"),
                    QStringLiteral("--out"), path(QStringLiteral("ml"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("contrast") && r.err.contains("cannot be applied"), r.err.constData());
    }

    // A worker that died half-way (kill -9, or only its partial temp file is left) is re-run
    // alone: the others are skipped as complete, and the merge then succeeds.
    void killedShardIsRerunAlone_data() {
        QTest::addColumn<bool>("kill");
        QTest::newRow("kill -9 during encode") << true;
        QTest::newRow("partial temp file left") << false;
    }
    void killedShardIsRerunAlone() {
        QFETCH(bool, kill);
        const QString project = copyOf(bare_, QStringLiteral("killed.dlproj"));
        const QString out = path(kill ? QStringLiteral("killed") : QStringLiteral("partial"));
        QDir(out).removeRecursively();
        const QStringList args{QStringLiteral("encode"),
                               project,
                               QStringLiteral("--model"),
                               model_,
                               QStringLiteral("--corpus"),
                               kPool,
                               QStringLiteral("--float32"),
                               QStringLiteral("--chunk"),
                               QStringLiteral("1"),
                               QStringLiteral("--out"),
                               out,
                               QStringLiteral("--quiet"),
                               QStringLiteral("--shard")};
        for (int i : {0, 1, 3}) QVERIFY(runCli(args + QStringList{QStringLiteral("%1/4").arg(i)}).exitCode == 0);
        // The worker's temporary (common/AtomicFile): .encode-2-of-4.bin.partial-<pid>-<random>-<host>.
        auto temps = [&] {
            return QDir(out).entryList({QStringLiteral(".encode-2-of-4.bin.partial-*")}, QDir::Files | QDir::Hidden);
        };
        if (kill) {
            QProcess p;
            p.start(cliPath(), args + QStringList{QStringLiteral("2/4")});
            QVERIFY(p.waitForStarted());
            QElapsedTimer t;
            t.start();
            // The temporary file exists once the model is loaded and rows are being encoded.
            while (temps().isEmpty() && t.elapsed() < 60000 && p.state() == QProcess::Running) QTest::qWait(1);
            QVERIFY2(p.state() == QProcess::Running, "the worker finished before it could be killed");
            ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
            p.waitForFinished();
            QCOMPARE(p.exitStatus(), QProcess::CrashExit);
        } else {  // what a killed worker leaves: its process is gone
            QProcess gone;
            gone.start(QStringLiteral("true"), {});
            QVERIFY(gone.waitForStarted());
            const qint64 pid = gone.processId();
            QVERIFY(gone.waitForFinished());
            QFile f(out +
                    QStringLiteral("/.encode-2-of-4.bin.partial-%1-7-%2").arg(pid).arg(QSysInfo::machineHostName()));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("DLSHARD1 half of a shard");
        }
        QCOMPARE(temps().size(), 1);
        QVERIFY(!QFile::exists(out + QStringLiteral("/encode-2-of-4.manifest.json")));
        auto m = runCli({QStringLiteral("merge"), project, out});
        QCOMPARE(m.exitCode, 1);
        QVERIFY2(m.err.contains("--array=2."), m.err.constData());
        // The whole array again: shards 0, 1, 3 are skipped, shard 2 is done.
        for (int i = 0; i < 4; ++i) {
            auto r = runCli(args + QStringList{QStringLiteral("%1/4").arg(i), QStringLiteral("--json")});
            QVERIFY2(r.exitCode == 0, describe(r));
            QCOMPARE(r.json().value(QLatin1String("skipped")).toBool(), i != 2);
        }
        QVERIFY2(temps().isEmpty(), qPrintable(temps().join(u' ')));  // the killed run's litter is gone
        m = runCli({QStringLiteral("merge"), project, out, QStringLiteral("--json")});
        QVERIFY2(m.exitCode == 0, describe(m));
        QCOMPARE(poolVectors(project).size(), poolVectors(base_).size());
    }

    // A gap or a damaged shard: exit 1, the message names what to re-run, the project unchanged.
    void brokenSetLeavesProjectUnchanged_data() {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QStringList>("stderrHas");
        QTest::newRow("missing shard") << "remove-manifest:1"
                                       << QStringList{QStringLiteral("--array=1."), QStringLiteral("missing")};
        QTest::newRow("two missing") << "remove-manifest:0,remove-manifest:3"
                                     << QStringList{QStringLiteral("--array=0,3."), QStringLiteral("0, 3")};
        QTest::newRow("corrupt data") << "append:3"
                                      << QStringList{QStringLiteral("encode-3-of-4.bin"),
                                                     QStringLiteral("checksum mismatch"), QStringLiteral("--array=3.")};
        QTest::newRow("truncated data, manifest fixed")
            << "truncate:2" << QStringList{QStringLiteral("encode-2-of-4.bin"), QStringLiteral("truncated")};
        // A count from a file sizes nothing: above what a worker writes it is refused naming the
        // field; below, the gaps are listed as ranges (review B #3: 744 bytes made an 89 MB message
        // or "Out of memory").
        QTest::newRow("shards 10^7") << "count:0:10000000"
                                     << QStringList{QStringLiteral(
                                            "encode-0-of-4.manifest.json: field 'shards' (10000000) is implausible")};
        QTest::newRow("shards 2*10^9")
            << "count:0:2000000000"
            << QStringList{QStringLiteral("encode-0-of-4.manifest.json: field 'shards' (2000000000) is implausible")};
        QTest::newRow("one of 999999 shards")
            << "alone:999999"
            << QStringList{QStringLiteral("999998 shard(s) of 'encode' missing or invalid"),
                           QStringLiteral(": 1-999998. Re-run only them with --array=1-999998.")};
        QTest::newRow("count not the file name's")
            << "count:1:5"
            << QStringList{QStringLiteral("encode-1-of-4.manifest.json: fields 'shard' and 'shards' (1/5) do not "
                                          "match the file name"),
                           QStringLiteral("--array=1.")};
        // A shard of an older DomainLens does not say which rows it read (review B #4): re-run it.
        QTest::newRow("no rows_sha256")
            << "drop:2:rows_sha256"
            << QStringList{QStringLiteral("encode-2-of-4.manifest.json: field 'rows_sha256' is missing"),
                           QStringLiteral("Re-run the shards"), QStringLiteral("--array=2.")};
    }
    void brokenSetLeavesProjectUnchanged() {
        QFETCH(QString, damage);
        QFETCH(QStringList, stderrHas);
        static QString shards;  // encoded once for every row of this test
        if (shards.isEmpty()) {
            shards = path(QStringLiteral("shards-complete"));
            runShards({QStringLiteral("encode"), bare_, QStringLiteral("--model"), model_, QStringLiteral("--corpus"),
                       kPool, QStringLiteral("--float32"), QStringLiteral("--shard"), QStringLiteral("{I}"),
                       QStringLiteral("--out"), shards, QStringLiteral("--quiet")},
                      4, QStringLiteral("encode --shard"));
        }
        const QString out = path(QStringLiteral("broken"));
        QDir(out).removeRecursively();
        QDir().mkpath(out);
        for (const auto& name : QDir(shards).entryList(QDir::Files))
            QVERIFY(QFile::copy(shards + '/' + name, out + '/' + name));
        for (const QString& step : damage.split(QLatin1Char(','))) {
            const QString what = step.section(QLatin1Char(':'), 0, 0), i = step.section(QLatin1Char(':'), 1);
            const QString data = out + QStringLiteral("/encode-%1-of-4.bin").arg(i);
            if (what == QLatin1String("remove-manifest"))
                QVERIFY(QFile::remove(out + QStringLiteral("/encode-%1-of-4.manifest.json").arg(i)));
            if (what == QLatin1String("append")) {
                QFile f(data);
                QVERIFY(f.open(QIODevice::Append));
                f.write("x");
            }
            if (what ==
                QLatin1String(
                    "truncate")) {  // cut the data AND record the cut file's checksum: the format check catches it
                QVERIFY(QFile::resize(data, QFileInfo(data).size() - 100));
                const QString manifest = out + QStringLiteral("/encode-%1-of-4.manifest.json").arg(i);
                QFile mf(manifest);
                QVERIFY(mf.open(QIODevice::ReadOnly));
                auto j = QJsonDocument::fromJson(mf.readAll()).object();
                mf.close();
                j[QStringLiteral("sha256")] = QString::fromLatin1(fileHash(data));
                QVERIFY(mf.open(QIODevice::WriteOnly | QIODevice::Truncate));
                mf.write(QJsonDocument(j).toJson());
            }
            const QString manifest = out + QStringLiteral("/encode-%1-of-4.manifest.json").arg(i.section(':', 0, 0));
            if (what == QLatin1String("count"))
                QVERIFY(editManifest(
                    manifest, [&](QJsonObject& j) { j[QStringLiteral("shards")] = i.section(':', 1).toLongLong(); }));
            if (what == QLatin1String("drop"))
                QVERIFY(editManifest(manifest, [&](QJsonObject& j) { j.remove(i.section(':', 1)); }));
            if (what == QLatin1String("alone")) {  // shard 0 alone, as shard 0 of i
                for (int k = 1; k < 4; ++k)
                    QVERIFY(QFile::remove(out + QStringLiteral("/encode-%1-of-4.manifest.json").arg(k)));
                const QString renamed = out + QStringLiteral("/encode-0-of-%1.manifest.json").arg(i);
                QVERIFY(QFile::rename(out + QStringLiteral("/encode-0-of-4.manifest.json"), renamed));
                QVERIFY(editManifest(renamed, [&](QJsonObject& j) { j[QStringLiteral("shards")] = i.toLongLong(); }));
            }
        }
        const QString project = copyOf(bare_, QStringLiteral("broken.dlproj"));
        const QByteArray before = fileHash(project);
        const QString print = fingerprint(project);
        const QByteArray info = runCli({QStringLiteral("info"), project, QStringLiteral("--json")}).out;
        auto r = runCli({QStringLiteral("merge"), project, out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.size() < 4096, r.err.left(2000).constData());  // a message, not a listing
        for (const auto& s : stderrHas) QVERIFY2(r.err.contains(s.toUtf8()), r.err.left(4000).constData());
        QCOMPARE(runCli({QStringLiteral("info"), project, QStringLiteral("--json")}).out, info);
        QCOMPARE(fileHash(project), before);
        QCOMPARE(fingerprint(project), print);
        QCOMPARE(integrity(project), QStringLiteral("ok"));
    }

    // Shards made from another project, or from this corpus before a re-import, whose corpus has
    // the same name, id and size (review B #4): merge recomputes the digest of the rows each
    // shard was made from (rows_sha256) from this project and refuses, naming the manifest; the
    // project is unchanged. Without it, one project's vectors were stored for another's sentences.
    void shardsOfAnotherProjectRefused_data() {
        QTest::addColumn<QString>("job");
        QTest::addColumn<QString>("change");  // what differs in the project the shards came from
        QTest::addColumn<int>("shard");       // the first shard whose rows differ
        QTest::newRow("encode, another project") << "encode"
                                                 << "every" << 0;
        QTest::newRow("encode, one sentence re-imported") << "encode"
                                                          << "one" << 1;
        QTest::newRow("assign, one sentence re-imported") << "assign"
                                                          << "one" << 1;
        QTest::newRow("score, another project") << "score"
                                                << "every" << 0;
        QTest::newRow("filter, one target side re-imported") << "filter"
                                                             << "one-tgt" << 1;
    }
    void shardsOfAnotherProjectRefused() {
        QFETCH(QString, job);
        QFETCH(QString, change);
        QFETCH(int, shard);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QRegularExpression("[^a-z]+"), "-");
        // The target: a project whose pool has the same name, id and size; the source: a copy with other texts.
        QString target = copyOf(job == QLatin1String("encode") || job == QLatin1String("filter") ? bare_ : base_,
                                QStringLiteral("target-%1.dlproj").arg(tag));
        long long run = clusterRun_;
        if (job == QLatin1String("score")) {
            auto r = runCli({QStringLiteral("select"), target, QStringLiteral("--method"), QStringLiteral("cosine"),
                             QStringLiteral("--pool"), kPool, QStringLiteral("--seed"), QStringLiteral("seed"),
                             QStringLiteral("--top"), QStringLiteral("60"), QStringLiteral("--quiet")});
            QVERIFY2(r.exitCode == 0, describe(r));
            run = sqlInt(target, "SELECT max(id) FROM runs WHERE kind = 'select'");
        }
        const QString source = copyOf(target, QStringLiteral("source-%1.dlproj").arg(tag));
        const char* pool = "corpus_id = (SELECT id FROM corpora WHERE name = 'pool')";
        const QString sql =
            change == QLatin1String("every")
                ? QStringLiteral("UPDATE sentences SET src = tgt, tgt = src WHERE %1").arg(pool)
            : change == QLatin1String("one")
                ? QStringLiteral("UPDATE sentences SET src = src || ' (corrected)' WHERE %1 AND position = 150")
                      .arg(pool)
                : QStringLiteral("UPDATE sentences SET tgt = tgt || ' (korrigiert)' WHERE %1 AND position = 150")
                      .arg(pool);
        QVERIFY(sqlExec(source, qPrintable(sql)));
        const QString out = path(QStringLiteral("foreign-%1").arg(tag));
        QDir(out).removeRecursively();
        QStringList args{job, source};
        if (job == QLatin1String("encode"))
            args += {QStringLiteral("--model"), model_, QStringLiteral("--corpus"), kPool, QStringLiteral("--float32")};
        else if (job == QLatin1String("filter"))
            args += {QStringLiteral("--corpus"), kPool, QStringLiteral("--kind"), QStringLiteral("near-dup")};
        else args += QString::number(run);
        runShards(args + QStringList{QStringLiteral("--shard"), QStringLiteral("{I}"), QStringLiteral("--out"), out,
                                     QStringLiteral("--quiet")},
                  2, job + QStringLiteral(" --shard"));
        const QByteArray before = fileHash(target);
        const QByteArray info = runCli({QStringLiteral("info"), target, QStringLiteral("--json")}).out;
        auto r = runCli({QStringLiteral("merge"), target, out});
        QVERIFY2(r.exitCode == 1, describe(r));
        const QByteArray manifest =
            QStringLiteral("%1-%2-of-2.manifest.json: field 'rows_sha256'").arg(job).arg(shard).toUtf8();
        QVERIFY2(r.err.contains(manifest), r.err.constData());
        QVERIFY2(r.err.contains("made from another project or a re-imported corpus"), r.err.constData());
        QCOMPARE(fileHash(target), before);
        QCOMPARE(runCli({QStringLiteral("info"), target, QStringLiteral("--json")}).out, info);
        // The shards' own project takes them.
        r = runCli({QStringLiteral("merge"), source, out});
        QVERIFY2(r.exitCode == 0, describe(r));
    }

    // Values no worker writes, in a shard whose checksum was updated (a damaged or hostile worker;
    // review B #5): merge refuses, naming the file, the array and the row, and stores nothing.
    // Without the check, NaN vectors entered the project (and `encode` then took the set as
    // complete), and labels outside 0..k-1 or NaN probabilities became an assign run.
    void badValuesRefused_data() {
        QTest::addColumn<QString>("job");
        QTest::addColumn<QString>("array");
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("col");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("why");
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        QTest::newRow("encode: NaN vector") << "encode"
                                            << "vectors" << 3 << 5 << nan << "not finite numbers";
        QTest::newRow("encode: infinite vector") << "encode"
                                                 << "vectors" << 0 << 0 << -inf << "not finite numbers";
        QTest::newRow("encode: NaN moment") << "encode"
                                            << "moment_sum" << 0 << 1 << nan << "not finite numbers";
        QTest::newRow("assign: label k") << "assign"
                                         << "labels" << 2 << 0 << 3.0 << "not a cluster of the run (0..2)";
        QTest::newRow("assign: label 30000") << "assign"
                                             << "labels" << 2 << 0 << 30000.0 << "not a cluster";
        QTest::newRow("assign: label -5") << "assign"
                                          << "labels" << 4 << 0 << -5.0 << "not a cluster";
        QTest::newRow("assign: NaN maxprob") << "assign"
                                             << "maxprob" << 1 << 0 << nan << "not a finite number";
        QTest::newRow("assign: maxprob 1.5") << "assign"
                                             << "maxprob" << 1 << 0 << 1.5 << "not a probability";
        QTest::newRow("assign: responsibility -0.5") << "assign"
                                                     << "responsibilities" << 6 << 2 << -0.5 << "not a probability";
        QTest::newRow("assign: infinite loglik") << "assign"
                                                 << "loglik" << 0 << 0 << -inf << "not a finite number";
        QTest::newRow("assign: NaN map") << "assign"
                                         << "map2d" << 7 << 1 << nan << "not a finite number";
        QTest::newRow("score: +inf") << "score"
                                     << "scores" << 5 << 0 << inf << "is infinite";
        QTest::newRow("score: -inf") << "score"
                                     << "scores" << 0 << 0 << -inf << "is infinite";
    }
    void badValuesRefused() {
        QFETCH(QString, job);
        QFETCH(QString, array);
        QFETCH(int, row);
        QFETCH(int, col);
        QFETCH(double, value);
        QFETCH(QString, why);
        // Per job, once: a project with the run the shards apply, and its 2 shards.
        static QMap<QString, QPair<QString, QString>> made;  // job -> project, shard folder
        if (!made.contains(job)) {
            const QString project =
                copyOf(job == QLatin1String("encode") ? bare_ : base_, QStringLiteral("values-%1.dlproj").arg(job));
            long long run = clusterRun_;
            if (job == QLatin1String("score")) {
                auto r =
                    runCli({QStringLiteral("select"), project, QStringLiteral("--method"), QStringLiteral("cosine"),
                            QStringLiteral("--pool"), kPool, QStringLiteral("--seed"), QStringLiteral("seed"),
                            QStringLiteral("--top"), QStringLiteral("60"), QStringLiteral("--quiet")});
                QVERIFY2(r.exitCode == 0, describe(r));
                run = sqlInt(project, "SELECT max(id) FROM runs WHERE kind = 'select'");
            }
            const QString out = path(QStringLiteral("values-%1").arg(job));
            QStringList args{job, project};
            if (job == QLatin1String("encode"))
                args +=
                    {QStringLiteral("--model"), model_, QStringLiteral("--corpus"), kPool, QStringLiteral("--float32")};
            else args += QString::number(run);
            runShards(args + QStringList{QStringLiteral("--shard"), QStringLiteral("{I}"), QStringLiteral("--out"), out,
                                         QStringLiteral("--quiet")},
                      2, job + QStringLiteral(" --shard"));
            made.insert(job, {project, out});
        }
        const QString out = path(QStringLiteral("bad-values"));
        QVERIFY(copyFolder(made[job].second, out));
        QVERIFY(patchShardValue(out + QStringLiteral("/%1-1-of-2.bin").arg(job),
                                out + QStringLiteral("/%1-1-of-2.manifest.json").arg(job), array.toUtf8(), row, col,
                                value));
        const QString project = copyOf(made[job].first, QStringLiteral("bad-values.dlproj"));
        const QByteArray before = fileHash(project);
        const QByteArray info = runCli({QStringLiteral("info"), project, QStringLiteral("--json")}).out;
        auto r = runCli({QStringLiteral("merge"), project, out});
        QVERIFY2(r.exitCode == 1, describe(r));
        const QString where = QStringLiteral("%1-1-of-2.bin: array '%2', row %3 (sentence ").arg(job, array).arg(row);
        const bool moments = array.startsWith(QLatin1String("moment"));
        QVERIFY2(r.err.contains(
                     (moments ? QStringLiteral("%1-1-of-2.bin: array '%2', row 0").arg(job, array) : where).toUtf8()),
                 r.err.constData());
        QVERIFY2(r.err.contains(why.toUtf8()), r.err.constData());
        QCOMPARE(fileHash(project), before);
        QCOMPARE(runCli({QStringLiteral("info"), project, QStringLiteral("--json")}).out, info);
    }

    void usage() {
        auto r = runCli({QStringLiteral("encode"), bare_, QStringLiteral("--shard"), QStringLiteral("4/4"),
                         QStringLiteral("--out"), path(QStringLiteral("x"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("between 0 and 3"));
        r = runCli({QStringLiteral("encode"), bare_, QStringLiteral("--shard"), QStringLiteral("0/4")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("go together"));
        r = runCli({QStringLiteral("assign"), bare_});
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("merge"), bare_, path(QStringLiteral("nothing-here"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("no such folder"));
    }
};

QTEST_GUILESS_MAIN(TestCliShard)
#include "tst_cli_shard.moc"
