// Parquet and Hugging Face datasets, in and out (docs/parquet.md). The fixtures are written by
// the REAL pyarrow and datasets libraries (scripts/gen_parquet_fixtures.py, run here with the
// pinned .venv-arrow Python), and the export is read back by pyarrow:
// - an import from Parquet (string and large_string, several row groups, nulls) equals the
//   same sentences imported from plain text; pairs from a struct column (translation.de/en)
//   equal a Moses pair import; a save_to_disk DatasetDict (Arrow streams, ClassLabel labels)
//   and the Hub's Parquet layout give the same corpus;
// - hostile files (truncated, bad magic, a 2 GiB footer, a column of the wrong type, a missing
//   nested column, a state.json naming a file outside its folder, a cut Arrow stream) each fail
//   with a message naming the file (and the column) and leave no corpus behind; so do a
//   ClassLabel index outside its names (-1 is a null label) and a column name two columns share;
// - export --format parquet: pyarrow reads back the ids, texts, labels and scores of the
//   project, and the manifest's SHA-256 and row count are the file's.
#include <QProcess>
#include <QtTest>

#include <cmath>
#include <fstream>

#include <nlohmann/json.hpp>

#include "corpus/ArrowSource.h"
#include "corpus/Import.h"
#include "export/Export.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

using namespace dl;

namespace {

// Runs the pinned Python; its stdout, or a test failure with its stderr.
QByteArray python(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(DOMAINLENS_ARROW_PYTHON), args);
    if (!p.waitForFinished(120000) || p.exitCode() != 0) {
        qWarning("%s", p.readAllStandardError().constData());
        return {};
    }
    return p.readAllStandardOutput();
}

std::vector<Sentence> sentences(Store& s, const std::string& corpus) {
    std::vector<Sentence> out;
    auto c = findCorpus(s, corpus).value();
    forEachSentence(s, c.id, 0, [&](const Sentence& x) {
        out.push_back(x);
        return true;
    }).value();
    return out;
}

// A stored run over corpus `name`: per sentence (in corpus order) the label and score given.
std::int64_t storeRun(Store& store, const std::string& name, RunKind kind, std::int32_t (*label)(std::size_t),
                      double (*score)(std::size_t)) {
    const auto corpus = findCorpus(store, name).value();
    auto ids = corpusLabels(store, corpus.id).value().sentenceIds;
    auto tx = store.begin();
    const auto runId = createRun(store, kind, corpus.id, std::nullopt, {{"method", "test"}}).value();
    RunResults r;
    r.sentenceIds = ids;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        r.score.push_back(score(i));
        r.label.push_back(label(i));
    }
    writeRunResults(store, runId, r).value();
    if (kind == RunKind::Select) setRunSummary(store, runId, {{"cut", {{"top", 10}}}}).value();
    tx->commit().value();
    return runId;
}

}  // namespace

class TestParquet : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    std::string fx_;  // the fixtures folder
    int counter_ = 0;
    std::unique_ptr<Store> freshStore() {
        return Store::create(dir_.filePath(QStringLiteral("p%1.dlproj").arg(++counter_)).toStdString()).value();
    }
    std::string fixture(const char* name) const { return fx_ + "/" + name; }
    Expected<ImportReport> import(Store& store, const ImportParams& p) {
        NullProgress np;
        CancelToken ct;
        return runImport(p, store, np, ct);
    }

    // The fixture `input` imported as Parquet into `store`'s corpus "c".
    Expected<ImportReport> importParquet(Store& store, const QString& input, const std::string& text,
                                         const std::string& label) {
        ImportParams p;
        p.format = CorpusFormat::Parquet;
        p.srcPath = fx_ + "/" + input.toStdString();
        p.textColumn = text;
        p.labelColumn = label;
        p.corpus = "c";
        return import(store, p);
    }
    // What is wrong with a refusal; "" when the import failed as the input's fault (the CLI's
    // exit 1), saying `says`, and left no corpus behind.
    static QString refusal(const Expected<ImportReport>& r, Store& store, const QString& says) {
        if (r) return QStringLiteral("imported");
        const QString message = QString::fromStdString(r.error().message);
        if (r.error().kind != ErrorKind::Failed) return QStringLiteral("not the input's fault: ") + message;
        if (!message.contains(says)) return QStringLiteral("expected '%1' in: %2").arg(says, message);
        if (!listCorpora(store)->empty()) return QStringLiteral("a corpus was left behind");
        return {};
    }

private slots:
    void initTestCase() {
        QVERIFY(arrowAvailable());
        fx_ = dir_.filePath(QStringLiteral("fx")).toStdString();
        const QByteArray out = python(
            {QStringLiteral(DOMAINLENS_SOURCE_DIR "/scripts/gen_parquet_fixtures.py"), QString::fromStdString(fx_)});
        QVERIFY2(out.contains("fixtures written"), "scripts/gen_parquet_fixtures.py failed (see the warning)");
    }

    // Monolingual: the same sentences as plain text (null and "" rows are empty lines there).
    void monolingualEqualsPlainText_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("string, 3 row groups") << QStringLiteral("mono.parquet");
        QTest::newRow("large_string, 6 row groups") << QStringLiteral("mono_large.parquet");
    }
    void monolingualEqualsPlainText() {
        QFETCH(QString, file);
        auto store = freshStore();
        ImportParams plain;
        plain.srcPath = fixture("mono.txt");
        plain.corpus = "plain";
        auto a = import(*store, plain);
        QVERIFY2(a.has_value(), a ? "" : a.error().message.c_str());
        ImportParams pq;
        pq.format = CorpusFormat::Parquet;
        pq.srcPath = fx_ + "/" + file.toStdString();
        pq.textColumn = "text";
        pq.corpus = "pq";
        auto b = import(*store, pq);
        QVERIFY2(b.has_value(), b ? "" : b.error().message.c_str());
        QCOMPARE(b->linesRead, a->linesRead);
        QCOMPARE(b->imported, a->imported);
        QCOMPARE(b->emptySkipped, 2);  // the null row and the empty one
        QCOMPARE(b->emptySkipped, a->emptySkipped);
        QCOMPARE(b->duplicatePairs + b->duplicateSources + b->duplicateTargets, 1);  // row 12 repeats row 11
        QCOMPARE(b->duplicatePairs, a->duplicatePairs);
        QCOMPARE(b->duplicateSources, a->duplicateSources);
        const auto x = sentences(*store, "plain"), y = sentences(*store, "pq");
        QCOMPARE(y.size(), x.size());
        for (std::size_t i = 0; i < x.size(); ++i) QCOMPARE(y[i].src, x[i].src);
        QCOMPARE(findCorpus(*store, "pq")->srcLang, std::string());  // "mono.parquet": no language
    }

    void labelsFromAColumn() {
        auto store = freshStore();
        ImportParams p;
        p.format = CorpusFormat::Parquet;
        p.srcPath = fixture("mono.parquet");
        p.labelColumn = "domain";
        auto r = import(*store, p);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->corpus, std::string("mono"));
        QCOMPARE(r->perDomain.at("medical") + r->perDomain.at("law"), r->imported);
        for (const auto& s : sentences(*store, "mono")) {
            // "Sentence i ... medical/law": odd rows are medical.
            const int i = std::stoi(s.src.substr(9));
            QCOMPARE(s.domain, std::string(i % 2 ? "medical" : "law"));
        }
    }

    // Pairs: a struct column (translation.de/en) from a Parquet file, a save_to_disk folder and
    // the Hub's layout all equal the Moses pair pair.de/pair.en; labels from a text column or a
    // ClassLabel (its names).
    void pairsEqualMosesPair_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("label");
        QTest::addColumn<QString>("split");
        QTest::addColumn<int>("rows");
        QTest::newRow("parquet struct") << int(CorpusFormat::Parquet) << QStringLiteral("pair.parquet")
                                        << QStringLiteral("domain") << QStringLiteral("train") << 30;
        QTest::newRow("save_to_disk train") << int(CorpusFormat::HfDataset) << QStringLiteral("hf_saved")
                                            << QStringLiteral("label") << QStringLiteral("train") << 30;
        QTest::newRow("save_to_disk test") << int(CorpusFormat::HfDataset) << QStringLiteral("hf_saved")
                                           << QStringLiteral("label") << QStringLiteral("test") << 1;
        QTest::newRow("hub layout train") << int(CorpusFormat::HfDataset) << QStringLiteral("hf_hub")
                                          << QStringLiteral("label") << QStringLiteral("train") << 30;
        QTest::newRow("hub layout test") << int(CorpusFormat::HfDataset) << QStringLiteral("hf_hub")
                                         << QStringLiteral("label") << QStringLiteral("test") << 1;
    }
    void pairsEqualMosesPair() {
        QFETCH(int, format);
        QFETCH(QString, input);
        QFETCH(QString, label);
        QFETCH(QString, split);
        QFETCH(int, rows);
        auto store = freshStore();
        ImportParams moses;
        moses.srcPath = fixture("pair.de");
        moses.tgtPath = fixture("pair.en");
        moses.corpus = "moses";
        QVERIFY(import(*store, moses).has_value());
        ImportParams p;
        p.format = CorpusFormat(format);
        p.srcPath = fx_ + "/" + input.toStdString();
        p.textColumn = "translation.de";
        p.tgtColumn = "translation.en";
        p.labelColumn = label.toStdString();
        p.split = split.toStdString();
        p.corpus = "hf";
        auto r = import(*store, p);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->imported, rows);
        const auto hf = findCorpus(*store, "hf").value();
        QVERIFY(hf.parallel);
        QCOMPARE(hf.srcLang, std::string("de"));  // from the column names
        QCOMPARE(hf.tgtLang, std::string("en"));
        const auto x = sentences(*store, "moses"), y = sentences(*store, "hf");
        if (rows == 1) {
            QCOMPARE(y[0].src, std::string("Nur ein Test."));
            QCOMPARE(y[0].domain, std::string("law"));
            return;
        }
        QCOMPARE(y.size(), x.size());
        for (std::size_t i = 0; i < x.size(); ++i) {
            QCOMPARE(y[i].src, x[i].src);
            QCOMPARE(y[i].tgt, x[i].tgt);
            QCOMPARE(y[i].domain, std::string(i < 12 ? "it" : "law"));  // a ClassLabel's names, not 0/1
        }
    }

    // Every hostile input fails with a message naming the file (and the column), and leaves
    // nothing behind: no corpus, no sentence.
    void hostileInputs_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("tgt");
        QTest::addColumn<QString>("split");
        QTest::addColumn<QStringList>("says");
        const int parquet = int(CorpusFormat::Parquet), hf = int(CorpusFormat::HfDataset);
        const QString text = QStringLiteral("text"), none, train = QStringLiteral("train");
        QTest::newRow("truncated") << parquet << QStringLiteral("truncated.parquet") << text << none << train
                                   << QStringList{QStringLiteral("truncated.parquet")};
        QTest::newRow("bad magic") << parquet << QStringLiteral("badmagic.parquet") << text << none << train
                                   << QStringList{QStringLiteral("badmagic.parquet"), QStringLiteral("Parquet")};
        QTest::newRow("2 GiB footer") << parquet << QStringLiteral("hugefooter.parquet") << text << none << train
                                      << QStringList{QStringLiteral("hugefooter.parquet")};
        QTest::newRow("not parquet") << parquet << QStringLiteral("notparquet.parquet") << text << none << train
                                     << QStringList{QStringLiteral("notparquet.parquet")};
        QTest::newRow("wrong type") << parquet << QStringLiteral("wrongtype.parquet") << text << none << train
                                    << QStringList{QStringLiteral("wrongtype.parquet"), QStringLiteral("'text'"),
                                                   QStringLiteral("int64")};
        QTest::newRow("missing column") << parquet << QStringLiteral("mono.parquet") << QStringLiteral("sentence")
                                        << none << train
                                        << QStringList{QStringLiteral("mono.parquet"), QStringLiteral("'sentence'"),
                                                       QStringLiteral("text, domain, n")};
        QTest::newRow("missing nested") << parquet << QStringLiteral("pair.parquet") << QStringLiteral("translation.de")
                                        << QStringLiteral("translation.fr") << train
                                        << QStringList{QStringLiteral("pair.parquet"),
                                                       QStringLiteral("'translation.fr'"),
                                                       QStringLiteral("translation.en")};
        QTest::newRow("struct, not text")
            << parquet << QStringLiteral("pair.parquet") << QStringLiteral("translation") << none << train
            << QStringList{QStringLiteral("'translation'"), QStringLiteral("struct")};
        QTest::newRow("state.json escapes")
            << hf << QStringLiteral("hf_evil") << text << none << train
            << QStringList{QStringLiteral("state.json"), QStringLiteral("plain file name")};
        QTest::newRow("cut arrow stream") << hf << QStringLiteral("hf_cut") << QStringLiteral("translation.de") << none
                                          << train << QStringList{QStringLiteral(".arrow")};
        QTest::newRow("unknown split") << hf << QStringLiteral("hf_saved") << QStringLiteral("translation.de") << none
                                       << QStringLiteral("validation")
                                       << QStringList{QStringLiteral("'validation'"), QStringLiteral("train, test")};
        QTest::newRow("not a dataset") << hf << QStringLiteral("hf_hub/data") << text << none
                                       << QStringLiteral("validation")
                                       << QStringList{QStringLiteral("not a Hugging Face dataset")};
    }
    void hostileInputs() {
        QFETCH(int, format);
        QFETCH(QString, input);
        QFETCH(QString, text);
        QFETCH(QString, tgt);
        QFETCH(QString, split);
        QFETCH(QStringList, says);
        auto store = freshStore();
        ImportParams p;
        p.format = CorpusFormat(format);
        p.srcPath = fx_ + "/" + input.toStdString();
        p.textColumn = text.toStdString();
        p.tgtColumn = tgt.toStdString();
        p.split = split.toStdString();
        auto r = import(*store, p);
        QVERIFY(!r.has_value());
        const QString message = QString::fromStdString(r.error().message);
        for (const auto& s : says) QVERIFY2(message.contains(s), qPrintable(message));
        QVERIFY(listCorpora(*store)->empty());  // nothing half-imported
    }

    // A ClassLabel index outside the names is never a label made of the number: -1 (Hugging
    // Face's "no label") is a null label (the rule for nulls: an error naming the file and row,
    // unless the row's text is empty and skipped anyway); any other is an error naming the file,
    // the row and the value. Either error is the file's (exit 1) and leaves nothing behind.
    void classLabelOutsideItsNames_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("says");  // "" = imports
        QTest::newRow("index too large")
            << QStringLiteral("label_too_large.parquet")
            << QStringLiteral(
                   "label_too_large.parquet: row 3: label 5 is not a class of the ClassLabel column 'label'");
        QTest::newRow("-1, no label") << QStringLiteral("label_none.parquet")
                                      << QStringLiteral("label_none.parquet: row 3: the label column 'label' is null");
        QTest::newRow("-1 on an empty row") << QStringLiteral("label_none_empty.parquet") << QString();
    }
    void classLabelOutsideItsNames() {
        QFETCH(QString, input);
        QFETCH(QString, says);
        auto store = freshStore();
        auto r = importParquet(*store, input, "text", "label");
        if (says.isEmpty()) {
            QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
            QCOMPARE(r->imported, 2);
            QCOMPARE(r->emptySkipped, 1);
            std::vector<std::string> domains;
            for (const auto& x : sentences(*store, "c")) domains.push_back(x.domain);
            QCOMPARE(domains, (std::vector<std::string>{"it", "law"}));
            return;
        }
        const QString why = refusal(r, *store, says);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    // Columns that share a name: the name is refused as ambiguous (naming the file and the
    // name) before any row, never resolved to one of them (or, worse, checked on one column and
    // read from another).
    void ambiguousColumnNames_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("two columns 'text'")
            << QStringLiteral("dupname.parquet") << QStringLiteral("text")
            << QStringLiteral(
                   "dupname.parquet: the column name 'text' is ambiguous: the file has a column of that "
                   "name 2 times");
        QTest::newRow("two columns 'translation.de' beside a struct")
            << QStringLiteral("dupdotted.parquet") << QStringLiteral("translation.de")
            << QStringLiteral(
                   "dupdotted.parquet: the column name 'translation.de' is ambiguous: the file has a "
                   "column of that name 2 times");
        QTest::newRow("a struct with two fields 'de'")
            << QStringLiteral("dupfield.parquet") << QStringLiteral("translation.de")
            << QStringLiteral(
                   "dupfield.parquet: the column name 'translation.de' is ambiguous: the struct "
                   "'translation' has a field 'de' 2 times");
    }
    void ambiguousColumnNames() {
        QFETCH(QString, input);
        QFETCH(QString, text);
        QFETCH(QString, says);
        auto store = freshStore();
        const QString why = refusal(importParquet(*store, input, text.toStdString(), ""), *store, says);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    void cancelledImportLeavesNothing() {
        auto store = freshStore();
        ImportParams p;
        p.format = CorpusFormat::Parquet;
        p.srcPath = fixture("mono.parquet");
        NullProgress np;
        CancelToken ct;
        ct.cancel();
        auto r = runImport(p, *store, np, ct);
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().kind, ErrorKind::Cancelled);
        QVERIFY(listCorpora(*store)->empty());
    }

    // export --format parquet: pyarrow reads back what the project holds; the manifest's hash
    // and row count are the file's.
    void exportReadBackByPyarrow() {
        auto store = freshStore();
        ImportParams p;
        p.format = CorpusFormat::Parquet;
        p.srcPath = fixture("pair.parquet");
        p.textColumn = "translation.de";
        p.tgtColumn = "translation.en";
        p.labelColumn = "domain";
        p.corpus = "c";
        QVERIFY(import(*store, p).has_value());
        // 10 of 30 selected (every third), sentence i scores i / 2
        const auto runId = storeRun(
            *store, "c", RunKind::Select, [](std::size_t i) { return std::int32_t(i % 3 == 0); },
            [](std::size_t i) { return 0.5 * double(i); });
        ExportParams x;
        x.run = runId;
        x.format = ExportFormat::Parquet;
        x.outPrefix = dir_.filePath(QStringLiteral("sel")).toStdString();
        NullProgress np;
        CancelToken ct;
        auto out = runExport(x, *store, np, ct);
        QVERIFY2(out.has_value(), out ? "" : out.error().message.c_str());
        QCOMPARE(out->files.size(), std::size_t(1));
        QVERIFY(out->files[0].ends_with("sel.parquet"));

        const QByteArray dump = python(
            {QStringLiteral("-c"),
             QStringLiteral("import sys, json, hashlib, pyarrow.parquet as pq\n"
                            "t = pq.read_table(sys.argv[1])\n"
                            "print(json.dumps({'names': t.column_names, 'types': [str(x) for x in t.schema.types],"
                            " 'rows': t.to_pylist(),"
                            " 'sha256': hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest()}))"),
             QString::fromStdString(out->files[0])});
        QVERIFY(!dump.isEmpty());
        const auto j = nlohmann::json::parse(dump.toStdString());
        QCOMPARE(j["names"], nlohmann::json({"id", "position", "src", "tgt", "domain", "score"}));
        QCOMPARE(j["types"], nlohmann::json({"int64", "int64", "string", "string", "string", "double"}));
        const auto all = sentences(*store, "c");
        std::vector<const Sentence*> selected;
        for (std::size_t i = 0; i < all.size(); ++i)
            if (i % 3 == 0) selected.push_back(&all[i]);
        QCOMPARE(j["rows"].size(), selected.size());
        for (std::size_t i = 0; i < selected.size(); ++i) {
            const auto& row = j["rows"][i];
            QCOMPARE(row["id"].get<std::int64_t>(), selected[i]->id);
            QCOMPARE(row["src"].get<std::string>(), selected[i]->src);
            QCOMPARE(row["tgt"].get<std::string>(), selected[i]->tgt);
            QCOMPARE(row["domain"].get<std::string>(), selected[i]->domain);
            QCOMPARE(row["score"].get<double>(), 0.5 * double(3 * i));
        }
        const auto& file = out->manifest["files"][0];
        QCOMPARE(file["sha256"].get<std::string>(), j["sha256"].get<std::string>());
        QCOMPARE(file["rows"].get<std::int64_t>(), std::int64_t(selected.size()));
        QCOMPARE(out->manifest["format"].get<std::string>(), std::string("parquet"));
        // --gzip means nothing for Parquet (compressed inside): refused, not ignored.
        x.gzip = true;
        x.force = true;
        auto refused = runExport(x, *store, np, ct);
        QVERIFY(!refused.has_value());
        QCOMPARE(refused.error().kind, ErrorKind::Usage);
    }

    // Shards by cluster carry the cluster as a column.
    void exportShardsCarryTheCluster() {
        auto store = freshStore();
        ImportParams p;
        p.format = CorpusFormat::Parquet;
        p.srcPath = fixture("mono.parquet");
        p.corpus = "m";
        QVERIFY(import(*store, p).has_value());
        // three clusters, no scores
        const auto runId = storeRun(
            *store, "m", RunKind::Cluster, [](std::size_t i) { return std::int32_t(i % 3); },
            [](std::size_t) { return double(NAN); });
        ExportParams x;
        x.run = runId;
        x.mode = ExportMode::Shards;
        x.groupBy = "cluster";
        x.format = ExportFormat::Parquet;
        x.outPrefix = dir_.filePath(QStringLiteral("shard")).toStdString();
        NullProgress np;
        CancelToken ct;
        auto out = runExport(x, *store, np, ct);
        QVERIFY2(out.has_value(), out ? "" : out.error().message.c_str());
        QCOMPARE(out->files.size(), std::size_t(3));
        std::int64_t total = 0;
        for (const auto& f : out->files) {
            const QByteArray dump =
                python({QStringLiteral("-c"),
                        QStringLiteral("import sys, json, pyarrow.parquet as pq\n"
                                       "t = pq.read_table(sys.argv[1])\n"
                                       "print(json.dumps({'cluster': t.column('cluster').to_pylist(),"
                                       " 'score': t.column('score').null_count}))"),
                        QString::fromStdString(f)});
            const auto j = nlohmann::json::parse(dump.toStdString());
            const auto clusters = j["cluster"].get<std::vector<int>>();
            QVERIFY(!clusters.empty());
            for (int c : clusters) QCOMPARE(c, clusters[0]);  // one cluster per shard
            QCOMPARE(j["score"].get<std::size_t>(), clusters.size());  // NaN scores are nulls
            total += std::int64_t(clusters.size());
        }
        QCOMPARE(total, findCorpus(*store, "m")->sentences);
    }
};

QTEST_GUILESS_MAIN(TestParquet)
#include "tst_parquet.moc"
