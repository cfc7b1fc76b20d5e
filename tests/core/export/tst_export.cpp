// Export: round trips in every format, manifests whose hashes match the files, temperature
// weights, sampling sizes, refusal to overwrite, and no truncated file after a cancel.
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QtTest>

#include <cmath>
#include <functional>
#include <map>
#include <ranges>
#include <set>

#include <zlib.h>

#include "OldRuns.h"
#include "TestSupport.h"
#include "common/Sha256.h"
#include "corpus/Import.h"
#include "export/Export.h"
#include "select/CrossLingual.h"
#include "select/SelectJob.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "store/Tags.h"

using namespace dl;

Q_DECLARE_METATYPE(nlohmann::json)

namespace {

class CancelAfterFirstProgress final : public ProgressSink {
public:
    explicit CancelAfterFirstProgress(CancelToken& t) : token(t) {}
    void progress(std::int64_t, std::int64_t) override { token.cancel(); }
    CancelToken& token;
};

// Reads a text file; "*.gz" through zlib directly (independent of core's own gzip reader).
QStringList readLines(const QString& path) {
    QByteArray bytes;
    if (path.endsWith(QLatin1String(".gz"))) {
        gzFile gz = gzopen(path.toUtf8().constData(), "rb");
        if (!gz) return {};
        char buf[65536];
        int n = 0;
        while ((n = gzread(gz, buf, sizeof buf)) > 0) bytes.append(buf, n);
        const bool ok = n == 0;
        gzclose(gz);
        if (!ok) return {};
    } else {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) return {};
        bytes = f.readAll();
    }
    QStringList out = QString::fromUtf8(bytes).split(QLatin1Char('\n'));
    if (!out.isEmpty() && out.last().isEmpty()) out.removeLast();
    return out;
}

}  // namespace

class TestExport : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    std::unique_ptr<Store> store_;
    std::int64_t runId_ = 0;

    // Tags by position ("Satz i"): a on 0..11, b on every third, c on 25..29, none on nothing;
    // set in the project (again: adding a tag twice keeps one).
    std::map<QString, std::function<bool(int)>> tagPositions() {
        const auto corpus = findCorpus(*store_, "c").value();
        const auto ids = corpusLabels(*store_, corpus.id).value().sentenceIds;
        std::map<QString, std::function<bool(int)>> carries = {{QStringLiteral("a"), [](int i) { return i < 12; }},
                                                               {QStringLiteral("b"), [](int i) { return i % 3 == 0; }},
                                                               {QStringLiteral("c"), [](int i) { return i >= 25; }},
                                                               {QStringLiteral("none"), [](int) { return false; }}};
        auto tx = store_->begin();
        for (const auto& [tag, has] : carries) {
            std::vector<std::int64_t> tagged;
            for (int i = 0; i < 30; ++i)
                if (has(i)) tagged.push_back(ids[std::size_t(i)]);
            addTag(*store_, tagged, tag.toStdString()).value();
        }
        tx->commit().value();
        return carries;
    }

    // A selection run of corpus c with `params`: sentence i scores i, the top `top` are selected.
    std::int64_t addSelectionRun(const nlohmann::json& params, std::size_t top) {
        const auto corpus = findCorpus(*store_, "c").value();
        auto labels = corpusLabels(*store_, corpus.id).value();
        auto tx = store_->begin();
        const auto id = createRun(*store_, RunKind::Select, corpus.id, std::nullopt, params).value();
        RunResults r;
        r.sentenceIds = labels.sentenceIds;
        for (std::size_t i = 0; i < labels.sentenceIds.size(); ++i) {
            r.score.push_back(double(i));
            r.label.push_back(i + top >= labels.sentenceIds.size() ? 1 : 0);
        }
        writeRunResults(*store_, id, r).value();
        setRunSummary(*store_, id, {{"cut", {{"top", top}}}}).value();
        tx->commit().value();
        return id;
    }

private slots:
    void initTestCase() {
        store_ = Store::create(dir_.filePath(QStringLiteral("p.dlproj")).toStdString()).value();
        // 30 parallel pairs over three domains; sentence i scores i, the top 10 are selected.
        QByteArray en, de;
        for (int i = 0; i < 30; ++i) {
            en += "sentence " + QByteArray::number(i) + " with \"quotes\"\tand a tab\n";
            de += "Satz " + QByteArray::number(i) + "\n";
        }
        NullProgress np;
        CancelToken ct;
        for (int part = 0; part < 3; ++part) {
            const QStringList domains = {QStringLiteral("it"), QStringLiteral("law"), QStringLiteral("medical")};
            QByteArray e, d;
            const auto el = en.split('\n'), dl2 = de.split('\n');
            for (int i = part * 10; i < part * 10 + 10; ++i) {
                e += el[i] + "\n";
                d += dl2[i] + "\n";
            }
            ImportParams p;
            p.srcPath = dltest::writeFile(dir_, domains[part] + QStringLiteral(".en"), e);
            p.tgtPath = dltest::writeFile(dir_, domains[part] + QStringLiteral(".de"), d);
            p.labelSource = LabelSource::FromFilename;
            p.corpus = "c";
            runImport(p, *store_, np, ct).value();
        }
        runId_ = addSelectionRun({{"method", "test"}}, 10);
    }

    void sha256KnownVectors_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("abc") << QByteArray("abc");
        QTest::newRow("two blocks") << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq");
        QTest::newRow("1000 a") << QByteArray(1000, 'a');
    }
    void sha256KnownVectors() {
        QFETCH(QByteArray, input);
        Sha256 sha;
        sha.update(input.constData(), std::size_t(input.size()));
        QCOMPARE(QByteArray::fromStdString(sha.hexDigest()),
                 QCryptographicHash::hash(input, QCryptographicHash::Sha256).toHex());
    }

    void roundTrip_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<bool>("gzip");
        QTest::newRow("moses") << "moses" << false;
        QTest::newRow("tsv") << "tsv" << false;
        QTest::newRow("jsonl") << "jsonl" << false;
        QTest::newRow("moses gz") << "moses" << true;
        QTest::newRow("tsv gz") << "tsv" << true;
        QTest::newRow("jsonl gz") << "jsonl" << true;
    }
    void roundTrip() {
        QFETCH(QString, format);
        QFETCH(bool, gzip);
        ExportParams p;
        p.format = parseExportFormat(format.toStdString()).value();
        p.gzip = gzip;
        p.scores = true;
        p.order = ExportOrder::Score;
        p.outPrefix =
            dir_.filePath(QStringLiteral("sel-") +
                          QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')))
                .toStdString();
        NullProgress np;
        CancelToken ct;
        auto r = runExport(p, *store_, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        // Every file in the manifest exists and hashes to what the manifest says.
        for (const auto& f : r->manifest["files"]) {
            QFile file(QString::fromStdString(f["path"].get<std::string>()));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex().toStdString(),
                     f["sha256"].get<std::string>());
        }
        QCOMPARE(r->manifest["run"]["id"].get<std::int64_t>(), runId_);
        QCOMPARE(r->manifest["written"].get<std::int64_t>(), std::int64_t(10));
        // Compressed files decompress to the same content as the plain ones.
        const QString prefix = QString::fromStdString(p.outPrefix);
        const QString gz = gzip ? QStringLiteral(".gz") : QString();
        if (format == QLatin1String("moses")) {
            const auto en = readLines(prefix + QStringLiteral(".en") + gz),
                       de = readLines(prefix + QStringLiteral(".de") + gz);
            QCOMPARE(en.size(), 10);
            QCOMPARE(de.size(), 10);
            QVERIFY(en[0].startsWith(QStringLiteral("sentence 29 ")));  // score order: best first
            QCOMPARE(de[0], QStringLiteral("Satz 29"));                 // line-aligned
            QCOMPARE(readLines(prefix + QStringLiteral(".scores") + gz)[0], QStringLiteral("29"));
        } else if (format == QLatin1String("tsv")) {
            const auto rows = readLines(prefix + QStringLiteral(".tsv") + gz);
            QCOMPARE(rows.size(), 10);
            // src, tgt, domain, score: four cells (the source's own tab became a space at import).
            QCOMPARE(rows[0], QStringLiteral("sentence 29 with \"quotes\" and a tab\tSatz 29\tmedical\t29"));
        } else {
            const auto rows = readLines(prefix + QStringLiteral(".jsonl") + gz);
            QCOMPARE(rows.size(), 10);
            auto j = nlohmann::json::parse(rows[0].toStdString());
            // The tab became a space at import (common/FieldText.h: one rule for every format).
            QCOMPARE(QString::fromStdString(j["src"].get<std::string>()),
                     QStringLiteral("sentence 29 with \"quotes\" and a tab"));
            QCOMPARE(j["domain"].get<std::string>(), std::string("medical"));
            QCOMPARE(j["score"].get<double>(), 29.0);
        }
    }

    void refusesToOverwriteUnlessForced() {
        ExportParams p;
        p.outPrefix = dir_.filePath(QStringLiteral("twice")).toStdString();
        NullProgress np;
        CancelToken ct;
        QVERIFY(runExport(p, *store_, np, ct));
        auto again = runExport(p, *store_, np, ct);
        QVERIFY(!again);
        QVERIFY(QString::fromStdString(again.error().message).contains(QStringLiteral("already exists")));
        p.force = true;
        p.top = 3;
        QVERIFY(runExport(p, *store_, np, ct));
        QCOMPARE(readLines(QString::fromStdString(p.outPrefix) + QStringLiteral(".en")).size(), 3);
    }

    void manualOverridesApply() {
        auto labels = corpusLabels(*store_, findCorpus(*store_, "c")->id).value();
        {
            auto tx = store_->begin();
            setOverride(*store_, runId_, labels.sentenceIds[0], true).value();    // include a rejected one
            setOverride(*store_, runId_, labels.sentenceIds[29], false).value();  // exclude a selected one
            tx->commit().value();
        }
        ExportParams p;
        p.outPrefix = dir_.filePath(QStringLiteral("curated")).toStdString();
        NullProgress np;
        CancelToken ct;
        auto r = runExport(p, *store_, np, ct).value();
        const auto en = readLines(QString::fromStdString(p.outPrefix) + QStringLiteral(".en"));
        QCOMPARE(en.size(), 10);
        QVERIFY(en[0].startsWith(QStringLiteral("sentence 0 ")));
        QVERIFY(!en.last().startsWith(QStringLiteral("sentence 29")));
        QCOMPARE(r.manifest["manual_overrides"].get<int>(), 2);
        auto tx = store_->begin();
        setOverride(*store_, runId_, labels.sentenceIds[0], std::nullopt).value();
        setOverride(*store_, runId_, labels.sentenceIds[29], std::nullopt).value();
        tx->commit().value();
    }

    void temperatureWeights_data() {
        QTest::addColumn<double>("alpha");
        QTest::addColumn<double>("expectedSmall");  // weight of the group of size 10 out of {10, 30}
        QTest::newRow("uniform") << 0.0 << 0.5;
        QTest::newRow("empirical") << 1.0 << 0.25;
        QTest::newRow("sqrt") << 0.5 << std::sqrt(0.25) / (std::sqrt(0.25) + std::sqrt(0.75));
    }
    void temperatureWeights() {
        QFETCH(double, alpha);
        QFETCH(double, expectedSmall);
        const auto w = dl::temperatureWeights({{"a", 10}, {"b", 30}}, alpha);
        QVERIFY(std::fabs(w.at("a") - expectedSmall) < 1e-12);
        QVERIFY(std::fabs(w.at("a") + w.at("b") - 1.0) < 1e-12);
    }

    void shardsAndMixture() {
        NullProgress np;
        CancelToken ct;
        ExportParams s;
        s.mode = ExportMode::Shards;
        s.corpus = "c";
        s.run = runId_;
        s.outPrefix = dir_.filePath(QStringLiteral("shard")).toStdString();
        auto r = runExport(s, *store_, np, ct).value();
        QCOMPARE(readLines(dir_.filePath(QStringLiteral("shard.law.en"))).size(), 10);
        QCOMPARE(readLines(dir_.filePath(QStringLiteral("shard.law.de"))).size(), 10);
        QCOMPARE(r.manifest["shards"]["medical"].get<int>(), 10);

        ExportParams m;
        m.mode = ExportMode::Mixture;
        m.corpus = "c";
        m.weights = {{"it", 2}, {"law", 1}, {"medical", 1}};
        m.sampleSize = 20;
        m.withReplacement = true;
        m.format = ExportFormat::Jsonl;
        m.outPrefix = dir_.filePath(QStringLiteral("mix")).toStdString();
        auto mr = runExport(m, *store_, np, ct).value();
        const auto rows = readLines(dir_.filePath(QStringLiteral("mix.sample.jsonl")));
        QCOMPARE(rows.size(), 20);
        int it = 0;
        for (const auto& row : rows) it += nlohmann::json::parse(row.toStdString())["domain"] == "it";
        QCOMPARE(it, 10);  // weight 2/4 of 20
        QCOMPARE(mr.manifest["weights"]["groups"]["it"]["weight"].get<double>(), 0.5);
        // Without replacement a group cannot give more than it has.
        m.withReplacement = false;
        m.sampleSize = 40;
        m.force = true;
        auto tooMany = runExport(m, *store_, np, ct);
        QVERIFY(!tooMany);
        QVERIFY(QString::fromStdString(tooMany.error().message).contains(QStringLiteral("'it' has 10 sentences")));
    }

    // --tag T (only sentences carrying one of the tags) and --exclude-tag T (none carrying any),
    // repeatable, in every mode (here shards by domain over all 30 pairs): the pairs written are
    // exactly the ones the rule keeps, found by hand from the tagged positions; the manifest
    // counts each tag's sentences, what the rules keep and what no mode could export.
    void tagsChooseTheSentences_data() {
        QTest::addColumn<QStringList>("only");
        QTest::addColumn<QStringList>("exclude");
        QTest::newRow("--tag a") << QStringList{QStringLiteral("a")} << QStringList{};
        QTest::newRow("--exclude-tag b") << QStringList{} << QStringList{QStringLiteral("b")};
        QTest::newRow("--tag a --tag c (any)")
            << QStringList{QStringLiteral("a"), QStringLiteral("c")} << QStringList{};
        QTest::newRow("--tag a --exclude-tag b")
            << QStringList{QStringLiteral("a")} << QStringList{QStringLiteral("b")};
        QTest::newRow("--exclude-tag b --exclude-tag c")
            << QStringList{} << QStringList{QStringLiteral("b"), QStringLiteral("c")};
        QTest::newRow("--exclude-tag nobody carries") << QStringList{} << QStringList{QStringLiteral("none")};
    }
    void tagsChooseTheSentences() {
        QFETCH(QStringList, only);
        QFETCH(QStringList, exclude);
        const auto carries = tagPositions();
        std::set<int> expected;
        for (int i = 0; i < 30; ++i) {
            const bool in =
                only.isEmpty() || std::ranges::any_of(only, [&](const QString& t) { return carries.at(t)(i); });
            const bool out = std::ranges::any_of(exclude, [&](const QString& t) { return carries.at(t)(i); });
            if (in && !out) expected.insert(i);
        }
        NullProgress np;
        CancelToken ct;
        ExportParams p;
        p.mode = ExportMode::Shards;
        p.corpus = "c";
        p.force = true;
        p.outPrefix = dir_.filePath(QStringLiteral("tagged")).toStdString();
        for (const auto& t : only) p.tags.push_back(t.toStdString());
        for (const auto& t : exclude) p.excludeTags.push_back(t.toStdString());
        auto r = runExport(p, *store_, np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        std::set<int> written;
        for (const auto& f : r->manifest["files"]) {
            const QString path = QString::fromStdString(f["path"].get<std::string>());
            if (!path.endsWith(QStringLiteral(".de"))) continue;
            for (const auto& line : readLines(path)) written.insert(line.mid(5).toInt());  // "Satz N"
        }
        QCOMPARE(written, expected);
        QCOMPARE(r->manifest["written"].get<std::int64_t>(), std::int64_t(expected.size()));
        QCOMPARE(r->manifest["left_out"].get<std::int64_t>(), std::int64_t(30 - expected.size()));
        QCOMPARE(r->manifest["tags"]["passing"].get<std::int64_t>(), std::int64_t(expected.size()));
        const auto& listed = r->manifest["tags"]["exclude"];
        QCOMPARE(listed.size(), std::size_t(exclude.size()));
        for (std::size_t i = 0; i < listed.size(); ++i) {
            const QString tag = exclude[qsizetype(i)];
            QCOMPARE(listed[i]["tag"].get<std::string>(), tag.toStdString());
            QCOMPARE(listed[i]["sentences"].get<std::int64_t>(),
                     std::int64_t(std::ranges::count_if(std::views::iota(0, 30), carries.at(tag))));
        }
        QCOMPARE(r->manifest["tags"]["only"].size(), std::size_t(only.size()));
    }

    void cancelLeavesNoFiles() {
        // 30 sentences: the progress callback fires at 16384, so build a bigger corpus first.
        QTemporaryDir d;
        auto store = Store::create(d.filePath(QStringLiteral("big.dlproj")).toStdString()).value();
        QByteArray text;
        for (int i = 0; i < 20000; ++i) text += "line " + QByteArray::number(i) + "\n";
        ImportParams ip;
        ip.srcPath = dltest::writeFile(d, QStringLiteral("big.en"), text);
        ip.labelSource = LabelSource::FromFilename;
        NullProgress np;
        CancelToken ct;
        runImport(ip, *store, np, ct).value();
        ExportParams p;
        p.mode = ExportMode::Shards;
        p.outPrefix = d.filePath(QStringLiteral("out/big")).toStdString();
        QDir(d.path()).mkpath(QStringLiteral("out"));
        CancelToken cancel;
        CancelAfterFirstProgress sink(cancel);
        auto r = runExport(p, *store, sink, cancel);
        QVERIFY(!r);
        QCOMPARE(r.error().kind, ErrorKind::Cancelled);
        QCOMPARE(QDir(d.filePath(QStringLiteral("out"))).entryList(QDir::Files | QDir::Hidden).size(), 0);
    }

    void missingFolderIsAClearError() {
        ExportParams p;
        p.outPrefix = "/nonexistent/folder/sel";
        NullProgress np;
        CancelToken ct;
        auto r = runExport(p, *store_, np, ct);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error().message).contains(QStringLiteral("/nonexistent/folder")),
                 r.error().message.c_str());
    }

    // The manifest of a selection run stored by an older binary (the keys of parameters added or
    // re-defaulted since are absent) names what the run ran with, not today's default
    // (ParamSpec::absentMeans, select/RunParams.h). Last: it adds the latest selection run.
    void manifestNamesWhatAnOldRunRanWith_data() {
        QTest::addColumn<nlohmann::json>("stored");
        QTest::addColumn<QString>("key");
        QTest::addColumn<nlohmann::json>("ran");
        SelectParams head;
        head.method = SelectMethod::FinetuneHead;
        QTest::newRow("finetune-head before --pu-rounds")
            << dltest::withoutKeys(head.toJson(), {"head.rounds"}) << "head.rounds" << nlohmann::json(1);
        const auto xl = CrossLingualParams{}.toJson();
        QTest::newRow("cross-lingual before --classifiers")
            << dltest::withoutKeys(xl, {"classifiers"}) << "classifiers" << nlohmann::json(1);
        QTest::newRow("cross-lingual before --negatives")
            << dltest::withoutKeys(xl, {"negatives"}) << "negatives" << nlohmann::json("preranked");
        QTest::newRow("present key as stored") << xl << "classifiers" << xl["classifiers"];
    }
    void manifestNamesWhatAnOldRunRanWith() {
        QFETCH(nlohmann::json, stored);
        QFETCH(QString, key);
        QFETCH(nlohmann::json, ran);
        const auto id = addSelectionRun(stored, 5);
        ExportParams p;
        p.run = id;
        p.outPrefix = dir_.filePath(QStringLiteral("old-%1").arg(id)).toStdString();
        NullProgress np;
        CancelToken ct;
        auto r = runExport(p, *store_, np, ct);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->manifest["run"]["id"].get<std::int64_t>(), id);
        const auto* at = findJsonPath(r->manifest["run"]["params"], key.toStdString());
        QVERIFY2(at, qPrintable(key));
        QCOMPARE(at->dump(), ran.dump());
        // The file on disk says the same.
        QFile f(QString::fromStdString(p.outPrefix) + QStringLiteral(".manifest.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto written = nlohmann::json::parse(f.readAll().toStdString());
        QCOMPARE(findJsonPath(written["run"]["params"], key.toStdString())->dump(), ran.dump());
    }
};

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
