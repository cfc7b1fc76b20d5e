// Shards of a sharded stage: I/N parsing, contiguous ranges that cover every row once, Slurm
// array lists, manifests as completion markers (checksum), and the merge's set check that
// names missing, corrupt or mismatched shards with the --array list that re-runs only them.
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "shard/ShardManifest.h"
#include "shard/ShardSet.h"
#include "shard/ShardSpec.h"

namespace fs = std::filesystem;

class TstShard : public QObject {
    Q_OBJECT

    // Writes a data file with `rows` lines and its manifest, like a finished worker.
    static dl::ShardManifest writeShard(const fs::path& dir, int index, int count, std::int64_t firstId,
                                        std::int64_t rows, const std::string& params = "p") {
        dl::ShardManifest m;
        m.job = "assign";
        m.shard = {index, count};
        m.paramsHash = dl::hashParams(nlohmann::json{{"k", params}});
        m.modelHash = "model-abc";
        m.firstId = firstId;
        m.lastId = firstId + rows - 1;
        m.rows = rows;
        m.dataFile = dl::shardFileStem(m.job, m.shard) + ".bin";
        {
            std::ofstream out(dir / m.dataFile, std::ios::binary);
            for (std::int64_t i = 0; i < rows; ++i) out << (firstId + i) << '\n';
        }
        m.sha256 = *dl::sha256OfFile(dir / m.dataFile);
        m.rowsSha256 = std::string(64, 'a');
        if (!dl::writeShardManifest(dir, m)) qFatal("manifest not written");
        return m;
    }

private slots:
    void parseSpec_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("error");  // part of the message when invalid
        QTest::newRow("first") << "0/4" << 0 << 4 << "";
        QTest::newRow("last") << "3/4" << 3 << 4 << "";
        QTest::newRow("single") << "0/1" << 0 << 1 << "";
        QTest::newRow("index == count") << "4/4" << -1 << -1 << "between 0 and 3";
        QTest::newRow("negative") << "-1/4" << -1 << -1 << "between 0 and 3";
        QTest::newRow("zero shards") << "0/0" << -1 << -1 << "at least 1";
        QTest::newRow("no slash") << "3" << -1 << -1 << "expected I/N";
        QTest::newRow("words") << "a/b" << -1 << -1 << "expected I/N";
        QTest::newRow("trailing") << "1/4x" << -1 << -1 << "expected I/N";
    }
    void parseSpec() {
        QFETCH(QString, text);
        QFETCH(int, index);
        QFETCH(int, count);
        QFETCH(QString, error);
        auto spec = dl::parseShardSpec(text.toStdString());
        if (error.isEmpty()) {
            QVERIFY(spec.has_value());
            QCOMPARE(spec->index, index);
            QCOMPARE(spec->count, count);
            QCOMPARE(QString::fromStdString(dl::formatShardSpec(*spec)), text);
        } else {
            QVERIFY(!spec.has_value());
            QCOMPARE(spec.error().kind, dl::ErrorKind::Usage);
            QVERIFY2(QString::fromStdString(spec.error().message).contains(error), spec.error().message.c_str());
        }
    }

    void rangesCoverEveryRowOnce_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("count");
        QTest::newRow("even") << 100 << 4;
        QTest::newRow("uneven") << 103 << 4;
        QTest::newRow("more shards than rows") << 3 << 8;
        QTest::newRow("empty") << 0 << 5;
        QTest::newRow("one shard") << 17 << 1;
    }
    void rangesCoverEveryRowOnce() {
        QFETCH(int, rows);
        QFETCH(int, count);
        std::size_t expectedFirst = 0, smallest = rows, largest = 0;
        for (int i = 0; i < count; ++i) {
            auto [first, last] = dl::shardRowRange({i, count}, rows);
            QCOMPARE(first, expectedFirst);  // contiguous, no gap, no overlap
            QVERIFY(last >= first);
            smallest = std::min(smallest, last - first);
            largest = std::max(largest, last - first);
            expectedFirst = last;
        }
        QCOMPARE(expectedFirst, std::size_t(rows));
        QVERIFY(largest - smallest <= 1);  // balanced
    }

    void arrayTasks() {
        // N = 10 shards on an array of 4 tasks: task t runs t, t+4, t+8.
        QCOMPARE(dl::shardsOfArrayTask(0, 4, 10), (std::vector<int>{0, 4, 8}));
        QCOMPARE(dl::shardsOfArrayTask(3, 4, 10), (std::vector<int>{3, 7}));
        QCOMPARE(dl::shardsOfArrayTask(5, 4, 10), (std::vector<int>{5, 9}));
        std::vector<int> all;
        for (int t = 0; t < 4; ++t)
            for (int s : dl::shardsOfArrayTask(t, 4, 10)) all.push_back(s);
        std::ranges::sort(all);
        QCOMPARE(all, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    }

    void arrayList_data() {
        QTest::addColumn<QList<int>>("ids");
        QTest::addColumn<QString>("expected");
        QTest::newRow("runs") << QList<int>{0, 1, 2, 5, 7, 8} << "0-2,5,7-8";
        QTest::newRow("unsorted, duplicates") << QList<int>{8, 1, 1, 0, 7} << "0-1,7-8";
        QTest::newRow("single") << QList<int>{3} << "3";
        QTest::newRow("none") << QList<int>{} << "";
    }
    void arrayList() {
        QFETCH(QList<int>, ids);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(dl::slurmArrayList(std::vector<int>(ids.begin(), ids.end()))), expected);
    }

    void manifestRoundTripAndCompletion() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        auto written = writeShard(dir, 1, 4, 100, 25);
        auto read = dl::readShardManifest(dl::manifestPath(dir, "assign", {1, 4}));
        QVERIFY2(read.has_value(), read ? "" : read.error().message.c_str());
        QCOMPARE(read->toJson(), written.toJson());
        QVERIFY(dl::shardComplete(dir, "assign", {1, 4}, written.paramsHash));
        QVERIFY(!dl::shardComplete(dir, "assign", {1, 4}, dl::hashParams(nlohmann::json{{"k", "other"}})));
        QVERIFY(!dl::shardComplete(dir, "assign", {2, 4}, written.paramsHash));
        QVERIFY(!fs::exists(dl::manifestPath(dir, "assign", {1, 4}).concat(".tmp")));
    }

    void paramsHashIsCanonical() {
        const auto a = nlohmann::json::parse(R"({"k": 5, "pca": 50})");
        const auto b = nlohmann::json::parse(R"({"pca": 50, "k": 5})");
        QCOMPARE(dl::hashParams(a), dl::hashParams(b));
        QVERIFY(dl::hashParams(a) != dl::hashParams(nlohmann::json::parse(R"({"k": 6, "pca": 50})")));
    }

    void badManifestNamesFileAndField_data() {
        QTest::addColumn<QString>("mutation");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing field") << "drop:rows"
                                       << "field 'rows' is missing";
        QTest::newRow("wrong type") << "set:rows=\"many\""
                                    << "field 'rows' has the wrong type";
        QTest::newRow("index out of range") << "set:shard=9"
                                            << "outside 0..3";
        QTest::newRow("path in data_file") << "set:data_file=\"../x\""
                                           << "plain file name";
        QTest::newRow("newer format") << "set:format_version=99"
                                      << "newer than this DomainLens";
        QTest::newRow("not a shard") << "set:format=\"other\""
                                     << "not a DomainLens shard";
    }
    void badManifestNamesFileAndField() {
        QFETCH(QString, mutation);
        QFETCH(QString, message);
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        auto m = writeShard(dir, 0, 4, 0, 10);
        auto j = m.toJson();
        const auto op = mutation.section(':', 0, 0), rest = mutation.section(':', 1);
        if (op == "drop") j.erase(rest.toStdString());
        else j[rest.section('=', 0, 0).toStdString()] = nlohmann::json::parse(rest.section('=', 1).toStdString());
        const fs::path path = dl::manifestPath(dir, "assign", {0, 4});
        std::ofstream(path, std::ios::trunc) << j.dump();
        auto read = dl::readShardManifest(path);
        QVERIFY(!read.has_value());
        const auto text = QString::fromStdString(read.error().message);
        QVERIFY2(text.contains(message), qPrintable(text));
        QVERIFY2(text.contains(QString::fromStdString(path.string())), qPrintable(text));
    }

    void completeSetMerges() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        for (int i = 0; i < 4; ++i) writeShard(dir, i, 4, i * 10, 10);
        auto set = dl::collectShards(dir, "assign");
        QVERIFY2(set.has_value(), set ? "" : set.error().message.c_str());
        QCOMPARE(set->size(), std::size_t(4));
        for (int i = 0; i < 4; ++i) QCOMPARE(set->at(i).shard.index, i);
    }

    // Missing, corrupt and foreign shards: the message lists them and the --array re-run list.
    void gapsNameShardsAndArrayList_data() {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<int>("arraySize");  // 0: one task per shard
        QTest::addColumn<QString>("expected");
        QTest::newRow("one missing") << "remove:2" << 0 << "missing or invalid in";
        QTest::newRow("one missing, array list") << "remove:2" << 0 << "--array=2.";
        QTest::newRow("two missing, array of 2") << "remove:1,remove:3" << 2 << "--array=1.";
        QTest::newRow("corrupt data") << "corrupt:1" << 0 << "checksum mismatch";
        QTest::newRow("corrupt data re-run") << "corrupt:1" << 0 << "--array=1.";
        QTest::newRow("other parameters") << "foreign:3" << 0 << "made with other parameters";
        QTest::newRow("other parameters re-run") << "foreign:3" << 0 << "--array=3.";
        QTest::newRow("overlap") << "overlap:2" << 0 << "overlap";
    }
    void gapsNameShardsAndArrayList() {
        QFETCH(QString, damage);
        QFETCH(int, arraySize);
        QFETCH(QString, expected);
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        for (int i = 0; i < 4; ++i) writeShard(dir, i, 4, i * 10, 10);
        for (const QString& step : damage.split(',')) {
            const int i = step.section(':', 1).toInt();
            const auto what = step.section(':', 0, 0);
            const fs::path data = dir / (dl::shardFileStem("assign", {i, 4}) + ".bin");
            if (what == "remove") fs::remove(dl::manifestPath(dir, "assign", {i, 4}));
            if (what == "corrupt") std::ofstream(data, std::ios::app) << "garbage";
            if (what == "foreign") writeShard(dir, i, 4, i * 10, 10, "other");
            if (what == "overlap") writeShard(dir, i, 4, i * 10 - 5, 10);
        }
        auto set = dl::collectShards(dir, "assign", arraySize > 0 ? std::optional<int>(arraySize) : std::nullopt);
        QVERIFY(!set.has_value());
        const auto text = QString::fromStdString(set.error().message);
        QVERIFY2(text.contains(expected), qPrintable(text));
    }

    // Many gaps: ranges, the first 20 listed and the rest counted; the --array list then re-runs
    // the whole array (finished shards are skipped) instead of a list no message can hold.
    void longGapListsStayShort() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        for (int i = 0; i < 1000; i += 2) writeShard(dir, i, 1000, i * 10, 10);
        auto set = dl::collectShards(dir, "assign");
        QVERIFY(!set.has_value());
        const auto text = QString::fromStdString(set.error().message);
        QVERIFY2(text.size() < 1000, qPrintable(text));
        QVERIFY2(text.contains("500 shard(s) of 'assign' missing or invalid"), qPrintable(text));
        QVERIFY2(text.contains(": 1, 3, 5,") && text.contains(", 39, ... and 480 more."), qPrintable(text));
        QVERIFY2(text.contains("Re-run the whole array (finished shards are skipped) with --array=0-999."),
                 qPrintable(text));
        std::vector<dl::ShardManifest> valid;
        const auto problem = dl::checkShards(dir, "assign", 7, valid);
        QCOMPARE(problem.missingCount, std::int64_t(500));
        QCOMPARE(problem.arrayList, std::string("0-6"));  // odd shards of 1000 on 7 tasks: every task
        QCOMPARE(valid.size(), std::size_t(500));
    }

    void emptyFolderSaysSo() {
        QTemporaryDir tmp;
        auto set = dl::collectShards(tmp.path().toStdString(), "encode");
        QVERIFY(!set.has_value());
        QVERIFY(QString::fromStdString(set.error().message).contains("no finished 'encode' shards"));
    }
};

QTEST_GUILESS_MAIN(TstShard)
#include "tst_shard.moc"
