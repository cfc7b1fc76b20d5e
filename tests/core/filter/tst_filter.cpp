// The near-duplicate filter (core/filter, issue #25): normalisation and shingles, the MinHash
// estimate against exact Jaccard on real sentences, LSH recall against brute force on a planted
// set, groups and the keep rule, the sides rule, cancellation, the stored run and its ledger,
// export honouring it, and the CLI contract (exit codes, --json keys, errors naming the option).
// Language ID (lid.176) on real sentences and as a run. The bitext noise rules: each score on
// hand-computed pairs, the pass against a per-pair loop on real corrupted pairs, the stored run.
// Semantic dedup against brute force over all pairs of each cluster, on vectors of a real
// (tiny) encoder, for several eps, keep rules and tile sizes. `filter --shard I/N` + merge:
// equal to the unsharded run; missing, duplicated, truncated or foreign shards refused.
#include <QJsonArray>
#include <QRegularExpression>
#include <QtTest>

#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <unordered_set>

#include "CliProcess.h"
#include "TestSupport.h"
#include "corpus/Import.h"
#include "export/Export.h"
#include "filter/BitextFilter.h"
#include "filter/BitextMargin.h"
#include "filter/FilterJob.h"
#include "filter/FilterPipeline.h"
#include "filter/LangIdFilter.h"
#include "filter/LanguageId.h"
#include "filter/NearDup.h"
#include "filter/SemanticDup.h"
#include "reports/FilterLedger.h"
#include "runs/RunBlobs.h"
#include "shard/FilterShard.h"
#include "shard/MergeJob.h"
#include "shard/ShardManifest.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Removals.h"
#include "store/Runs.h"
#include "store/Store.h"

using namespace dl;

namespace {

QStringList readLines(const QString& path, int max) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QStringList out;
    while (!f.atEnd() && out.size() < max) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.size() >= 30) out << line;  // long enough for five edits to stay small
    }
    return out;
}

// The edits the planted set applies: casing, punctuation, a number, one word.
QString plantedVariant(const QString& s, int kind) {
    switch (kind % 4) {
    case 0: return s.toUpper();
    case 1: {
        QString t = s;
        t.replace(QLatin1Char(','), QStringLiteral(" ;"));
        return t.endsWith(QLatin1Char('.')) ? t.chopped(1) + QStringLiteral(" !") : t + QStringLiteral(" .");
    }
    case 2: return s + QStringLiteral(" 2");
    default: {
        QStringList w = s.split(QLatin1Char(' '));
        if (w.size() > 8) w.removeAt(w.size() / 2);
        else w.append(QStringLiteral("also"));
        return w.join(QLatin1Char(' '));
    }
    }
}

// Real sentences of two domains, every third one followed later by a planted variant.
QStringList plantedSet() {
    QStringList base = readLines(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-train2500/law.en")), 200) +
                       readLines(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-train2500/medical.en")), 200);
    QStringList out = base;
    for (int i = 0; i < base.size(); i += 3) out << plantedVariant(base[i], i / 3);
    return out;
}

std::vector<std::vector<std::uint64_t>> shingleSets(const QStringList& texts, const ShingleSpec& spec) {
    std::vector<std::vector<std::uint64_t>> sets;
    for (const auto& t : texts) sets.push_back(shingleHashes(normaliseForDedup(t.toStdString()), spec, 1));
    return sets;
}

// Connected components of the brute-force graph (exact Jaccard >= t over all pairs), as the
// smallest member of each text's component.
std::vector<int> bruteForceComponents(const std::vector<std::vector<std::uint64_t>>& sets, double t) {
    std::vector<int> comp(sets.size());
    std::iota(comp.begin(), comp.end(), 0);
    std::function<int(int)> find = [&](int x) { return comp[x] == x ? x : comp[x] = find(comp[x]); };
    for (std::size_t i = 0; i < sets.size(); ++i)
        for (std::size_t j = i + 1; j < sets.size(); ++j)
            if (!sets[i].empty() && exactJaccard(sets[i], sets[j]) >= t) {
                const int a = find(int(i)), b = find(int(j));
                comp[std::max(a, b)] = std::min(a, b);
            }
    for (std::size_t i = 0; i < sets.size(); ++i) comp[i] = find(int(i));
    return comp;
}

std::vector<DedupText> asTexts(const std::vector<std::string>& src, const std::vector<std::string>& tgt = {}) {
    std::vector<DedupText> out;
    for (std::size_t i = 0; i < src.size(); ++i) out.push_back({src[i], tgt.empty() ? std::string_view() : tgt[i]});
    return out;
}

std::vector<std::string> toStd(const QStringList& l) {
    std::vector<std::string> out;
    for (const auto& s : l) out.push_back(s.toStdString());
    return out;
}

// Line-aligned pairs of a domain of ../shared/data, both sides non-empty, at most `max`.
std::vector<std::pair<std::string, std::string>> alignedPairs(const QString& dir, const QString& domain,
                                                              const QString& tgtLang, int max) {
    QFile e(dltest::sharedData(dir + QLatin1Char('/') + domain + QStringLiteral(".en")));
    QFile t(dltest::sharedData(dir + QLatin1Char('/') + domain + QLatin1Char('.') + tgtLang));
    std::vector<std::pair<std::string, std::string>> out;
    if (!e.open(QIODevice::ReadOnly) || !t.open(QIODevice::ReadOnly)) return out;
    while (!e.atEnd() && !t.atEnd() && int(out.size()) < max) {
        const auto a = e.readLine().trimmed().toStdString(), b = t.readLine().trimmed().toStdString();
        if (!a.empty() && !b.empty()) out.emplace_back(a, b);
    }
    return out;
}

// A corrupted pair, as bench/filters/bitext_bench.py makes them: 0 the target copied from the
// source, 1 the target cut to its first quarter of words, 2 the target's first two words six
// times, 3 every digit of the target changed to one the source lacks, 4 another pair's target.
std::pair<std::string, std::string> corrupted(const std::vector<std::pair<std::string, std::string>>& pairs,
                                              std::size_t i, int kind) {
    auto [s, t] = pairs[i];
    const QStringList w = QString::fromStdString(t).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    switch (kind) {
    case 0: return {s, s};
    case 1: return {s, w.mid(0, std::max<qsizetype>(1, w.size() / 4)).join(QLatin1Char(' ')).toStdString()};
    case 2: {
        QStringList r;
        for (int k = 0; k < 6; ++k) r << w.mid(0, 2);
        return {s, r.join(QLatin1Char(' ')).toStdString()};
    }
    case 3: {  // a digit the source does not have (0 when it has all nine)
        char other = '0';
        for (char c = '1'; c <= '9' && other == '0'; ++c)
            if (s.find(c) == std::string::npos) other = c;
        for (char& c : t)
            if (c >= '1' && c <= '9') c = other;
        return {s, t};
    }
    default: return {s, pairs[(i + pairs.size() / 2) % pairs.size()].second};
    }
}

// The brute-force reference of semantic dedup: every pair of a cluster in double precision,
// union-find, the keep rule; returns removed index -> kept index.
std::map<std::int64_t, std::int64_t> bruteForceSemDup(const EmbeddingMatrix& m, const std::vector<std::int32_t>& labels,
                                                      const std::vector<std::int64_t>& bytes, double eps,
                                                      KeepRule keep) {
    const auto n = m.rows;
    std::vector<std::vector<double>> unit(std::size_t(n), std::vector<double>(std::size_t(m.dim)));
    for (std::int64_t i = 0; i < n; ++i) {
        double norm = 0;
        for (int k = 0; k < m.dim; ++k) norm += double(m.row(i)[k]) * m.row(i)[k];
        for (int k = 0; k < m.dim; ++k) unit[std::size_t(i)][std::size_t(k)] = m.row(i)[k] / std::sqrt(norm);
    }
    auto dot = [&](std::int64_t a, std::int64_t b) {
        double s = 0;
        for (int k = 0; k < m.dim; ++k)
            s += unit[std::size_t(a)][std::size_t(k)] * unit[std::size_t(b)][std::size_t(k)];
        return s;
    };
    std::vector<std::int64_t> comp(static_cast<std::size_t>(n));
    std::iota(comp.begin(), comp.end(), 0);
    std::function<std::int64_t(std::int64_t)> find = [&](std::int64_t x) {
        return comp[std::size_t(x)] == x ? x : comp[std::size_t(x)] = find(comp[std::size_t(x)]);
    };
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = i + 1; j < n; ++j)
            if (labels[std::size_t(i)] >= 0 && labels[std::size_t(i)] == labels[std::size_t(j)] &&
                dot(i, j) >= 1 - eps) {
                const auto a = find(i), b = find(j);
                comp[std::size_t(std::max(a, b))] = std::min(a, b);
            }
    std::map<std::int32_t, std::vector<double>> centroid;
    for (std::int64_t i = 0; i < n; ++i) {
        auto& c = centroid[labels[std::size_t(i)]];
        c.resize(std::size_t(m.dim), 0.0);
        for (int k = 0; k < m.dim; ++k) c[std::size_t(k)] += unit[std::size_t(i)][std::size_t(k)];
    }
    auto central = [&](std::int64_t i) {
        double s = 0;
        for (int k = 0; k < m.dim; ++k)
            s += unit[std::size_t(i)][std::size_t(k)] * centroid[labels[std::size_t(i)]][std::size_t(k)];
        return s;
    };
    std::map<std::int64_t, std::int64_t> kept;  // root -> kept
    for (std::int64_t i = 0; i < n; ++i) {
        auto [it, fresh] = kept.try_emplace(find(i), i);
        if (fresh) continue;
        if ((keep == KeepRule::Longest && bytes[std::size_t(i)] > bytes[std::size_t(it->second)]) ||
            (keep == KeepRule::Central && central(i) > central(it->second)))
            it->second = i;
    }
    std::map<std::int64_t, std::int64_t> removed;
    for (std::int64_t i = 0; i < n; ++i)
        if (kept[find(i)] != i) removed[i] = kept[find(i)];
    return removed;
}

// Every removal of a filter run, all pages, in sentence-id order.
std::vector<Removal> allRemovals(Store& store, std::int64_t runId) {
    std::vector<Removal> out;
    for (std::int64_t after = 0;;) {
        auto page = removalPage(store, runId, after, 1000).value();
        if (page.empty()) break;
        after = page.back().removal.sentenceId;
        for (const auto& row : page) out.push_back(row.removal);
    }
    return out;
}

// Neither a filter run nor a merge record: what a refused or cancelled merge leaves.
bool noFilterOrMergeRun(Store& store) {
    return listRuns(store, RunKind::Filter).value().empty() && listRuns(store, RunKind::Merge).value().empty();
}

// The stored summary less its timing.
nlohmann::json summaryWithoutTime(const RunInfo& run) {
    nlohmann::json j = run.summary;
    j.erase("seconds");
    return j;
}

}  // namespace

class TestFilter : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    // Imports the lines e (English) and d (German) as the corpus "law" (domain law) of store.
    void importLawPairs(Store& store, const QString& name, const QByteArray& e, const QByteArray& d,
                        bool dedupe = true) {
        ImportParams p;
        p.srcPath = dltest::writeFile(dir_, name + QStringLiteral(".en"), e);
        p.tgtPath = dltest::writeFile(dir_, name + QStringLiteral(".de"), d);
        p.corpus = "law";
        p.labelSource = LabelSource::Given;
        p.domain = "law";
        p.dedupe = dedupe;
        NullProgress np;
        CancelToken ct;
        runImport(p, store, np, ct).value();
    }

    // A project with one parallel corpus: 40 law pairs and, after them, 10 near-duplicates
    // of the first 10 (punctuation and casing on both sides).
    QString makeProject(const QString& name) {
        const QString path = dir_.filePath(name);
        auto store = Store::create(path.toStdString()).value();
        QStringList en = readLines(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-train2500/law.en")), 40);
        QStringList de = readLines(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-train2500/law.de")), 40);
        const int n = int(std::min(en.size(), de.size()));
        QByteArray e, d;
        for (int i = 0; i < n; ++i) e += en[i].toUtf8() + "\n", d += de[i].toUtf8() + "\n";
        for (int i = 0; i < 10; ++i)
            e += plantedVariant(en[i], 1).toUtf8() + "\n", d += plantedVariant(de[i], 1).toUtf8() + "\n";
        importLawPairs(*store, name, e, d);
        return path;
    }

    // 200 law pairs (English-German) and, after them, planted near-duplicates of pairs all over
    // the corpus (so that with any shard count most pairs straddle a shard boundary): a variant
    // of every 5th pair (casing, punctuation, a number, a word; both sides), a second variant of
    // every 20th (groups of three), 8 exact copies, 6 variants whose target is another pair's
    // (duplicates by the source only: --sides either and src find them, both does not), a few
    // variants placed before their original, and 3 punctuation-only pairs (no shingles).
    QString makeShardProject(const QString& name) {
        const QString path = dir_.filePath(name);
        auto store = Store::create(path.toStdString()).value();
        const auto pairs = alignedPairs(QStringLiteral("llm-dom-ad-deen-train2500"), QStringLiteral("law"),
                                        QStringLiteral("de"), 2500);
        std::vector<std::pair<QString, QString>> rows;
        auto q = [](const std::string& x) { return QString::fromStdString(x); };
        for (int i = 0; i < 6; ++i)  // variants before their originals (200 + i)
            rows.emplace_back(plantedVariant(q(pairs[std::size_t(200 + i)].first), i),
                              plantedVariant(q(pairs[std::size_t(200 + i)].second), i));
        for (int i = 0; i < 206; ++i)
            rows.emplace_back(q(pairs[std::size_t(i)].first), q(pairs[std::size_t(i)].second));
        for (int i = 0; i < 200; i += 5)
            rows.emplace_back(plantedVariant(q(pairs[std::size_t(i)].first), i / 5),
                              plantedVariant(q(pairs[std::size_t(i)].second), i / 5));
        for (int i = 0; i < 200; i += 20)
            rows.emplace_back(plantedVariant(q(pairs[std::size_t(i)].first), i / 5 + 1),
                              plantedVariant(q(pairs[std::size_t(i)].second), i / 5 + 1));
        for (int i = 3; i < 200; i += 25)
            rows.emplace_back(q(pairs[std::size_t(i)].first), q(pairs[std::size_t(i)].second));
        for (int i = 7; i < 200; i += 33)
            rows.emplace_back(plantedVariant(q(pairs[std::size_t(i)].first), 1), q(pairs[std::size_t(i + 300)].second));
        for (int i = 0; i < 3; ++i) rows.emplace_back(QStringLiteral("... !!"), QStringLiteral("-- ?"));
        QByteArray e, d;
        for (const auto& [a, b] : rows) e += a.toUtf8() + "\n", d += b.toUtf8() + "\n";
        importLawPairs(*store, name, e, d, false);  // the exact copies stay
        return path;
    }

    // Shards 0..n-1 of `p` into dir; fails the test on an error.
    static void writeFilterShards(Store& store, const FilterParams& p, int n, const QString& dir) {
        NullProgress np;
        CancelToken ct;
        for (int i = 0; i < n; ++i) {
            auto o = runFilterShard({p, ShardSpec{i, n}, dir.toStdString()}, store, np, ct);
            QVERIFY2(o, o ? "" : o.error().message.c_str());
        }
    }

    // makeShardProject's project with its law corpus written as 3 near-dup shards into a fresh
    // folder (returned); `damage` then spoils the folder the way a row of
    // shardMergeRefusesBadSets describes.
    QString threeShards(const QString& name, FilterParams& p) {
        const QString path = makeShardProject(name + QStringLiteral(".dlproj"));
        const QString dir = dir_.filePath(name + QStringLiteral("-shards"));
        auto store = Store::open(path.toStdString()).value();
        p.corpus = "law";
        writeFilterShards(*store, p, 3, dir);
        return path;
    }

    // The installed lid.176 (scripts/setup.sh -> install-model.sh installs it).
    static std::unique_ptr<LanguageIdentifier> languageId() {
        auto id = LanguageIdentifier::load(defaultLanguageIdModelPath());
        if (!id) qFatal("%s", id.error().message.c_str());
        return std::move(*id);
    }

    // 40 law pairs (English-German), then 5 whose source is German (the pair swapped) and 5
    // whose target is English (the source repeated): the wrong-language lines langid removes.
    QString makeLanguageProject(const QString& name) {
        const QString path = dir_.filePath(name);
        auto store = Store::create(path.toStdString()).value();
        QStringList en = readLines(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-train2500/law.en")), 60);
        QStringList de = readLines(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-train2500/law.de")), 60);
        QByteArray e, d;
        for (int i = 0; i < 40; ++i) e += en[i].toUtf8() + "\n", d += de[i].toUtf8() + "\n";
        for (int i = 40; i < 45; ++i) e += de[i].toUtf8() + "\n", d += en[i].toUtf8() + "\n";
        for (int i = 45; i < 50; ++i) e += en[i].toUtf8() + "\n", d += en[i].toUtf8() + " (English)\n";
        importLawPairs(*store, name, e, d);
        return path;
    }

    // 60 law pairs (English-German), then 5 of each corruption (corrupted()) of other law pairs
    // with at least 12 words on both sides and a digit on both sides for the digit edit.
    QString makeBitextProject(const QString& name) {
        const QString path = dir_.filePath(name);
        auto store = Store::create(path.toStdString()).value();
        const auto pairs = alignedPairs(QStringLiteral("llm-dom-ad-deen-train2500"), QStringLiteral("law"),
                                        QStringLiteral("de"), 2500);
        QByteArray e, d;
        auto add = [&](const std::pair<std::string, std::string>& p) {
            e += QByteArray::fromStdString(p.first) + "\n";
            d += QByteArray::fromStdString(p.second) + "\n";
        };
        for (int i = 0; i < 60; ++i) add(pairs[std::size_t(i)]);
        auto words = [](const std::string& x) { return QString::fromStdString(x).split(QLatin1Char(' ')).size(); };
        auto digits = [](const std::string& x) { return x.find_first_of("123456789") != std::string::npos; };
        for (int kind = 0; kind < 5; ++kind)
            for (std::size_t i = 60 + std::size_t(kind) * 200, taken = 0; taken < 5 && i < pairs.size(); ++i) {
                const auto& [a, b] = pairs[i];
                if (words(a) < 12 || words(b) < 12 || (kind == 3 && !(digits(a) && digits(b)))) continue;
                add(corrupted(pairs, i, kind));
                ++taken;
            }
        importLawPairs(*store, name, e, d, false);  // a copied or misaligned pair repeats a side
        return path;
    }

    // 150 English sentences of three domains (law, it, ted), and after them an upper-case copy
    // of every tenth (identical vectors for an uncased encoder) and a copy with a word added to
    // every fifteenth; encoded with the tiny BERT of tests/data and clustered (k = 3) through the
    // CLI when `cluster` is set.
    QString makeVectorProject(const QString& name, bool encode, bool cluster) {
        const QString path = dir_.filePath(name);
        QByteArray text;
        QStringList base;
        for (const char* d : {"law", "it", "ted"})
            base +=
                readLines(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/%1.en").arg(QLatin1String(d))), 50);
        for (const auto& l : base) text += l.toUtf8() + "\n";
        for (int i = 0; i < base.size(); i += 10) text += base[i].toUpper().toUtf8() + "\n";
        for (int i = 5; i < base.size(); i += 15) text += base[i].toUtf8() + " indeed\n";
        const std::string src = dltest::writeFile(dir_, name + QStringLiteral(".en"), text);
        auto run = [&](const QStringList& args) {
            const auto r = dltest::runCli(args);
            if (r.exitCode != 0) qFatal("%s: %s", qPrintable(args.join(QLatin1Char(' '))), r.err.constData());
        };
        run({QStringLiteral("init"), path});
        run({QStringLiteral("import"), path, QStringLiteral("--src"), QString::fromStdString(src),
             QStringLiteral("--corpus"), QStringLiteral("c"), QStringLiteral("--src-lang"), QStringLiteral("en"),
             QStringLiteral("--quiet")});
        if (encode)
            run({QStringLiteral("encode"), path, QStringLiteral("--model"),
                 dltest::testData(QStringLiteral("models/bert-tiny")), QStringLiteral("--quiet")});
        if (cluster)
            run({QStringLiteral("cluster"), path, QStringLiteral("--corpus"), QStringLiteral("c"),
                 QStringLiteral("--k"), QStringLiteral("3"), QStringLiteral("--pca"), QStringLiteral("8"),
                 QStringLiteral("--quiet")});
        return path;
    }

    // 60 law pairs (English-German) and 20 whose target is another pair's (shuffled); encoded
    // with the tiny BERT of tests/data on the sides `sides` ("src", "tgt") through the CLI.
    QString makeMarginProject(const QString& name, const QStringList& sides) {
        const QString path = dir_.filePath(name);
        const auto pairs =
            alignedPairs(QStringLiteral("llm-dom-ad-deen-train2500"), QStringLiteral("law"), QStringLiteral("de"), 200);
        QByteArray e, d;
        for (std::size_t i = 0; i < 80; ++i) {
            const auto& tgt = i < 60 ? pairs[i].second : pairs[100 + (i * 7) % 80].second;
            e += QByteArray::fromStdString(pairs[i].first) + "\n";
            d += QByteArray::fromStdString(tgt) + "\n";
        }
        const std::string src = dltest::writeFile(dir_, name + QStringLiteral(".en"), e);
        const std::string tgt = dltest::writeFile(dir_, name + QStringLiteral(".de"), d);
        auto run = [&](const QStringList& args) {
            const auto r = dltest::runCli(args);
            if (r.exitCode != 0) qFatal("%s: %s", qPrintable(args.join(QLatin1Char(' '))), r.err.constData());
        };
        run({QStringLiteral("init"), path});
        run({QStringLiteral("import"), path, QStringLiteral("--src"), QString::fromStdString(src),
             QStringLiteral("--tgt"), QString::fromStdString(tgt), QStringLiteral("--corpus"), QStringLiteral("law"),
             QStringLiteral("--src-lang"), QStringLiteral("en"), QStringLiteral("--tgt-lang"), QStringLiteral("de"),
             QStringLiteral("--keep-duplicates"), QStringLiteral("--quiet")});
        for (const auto& side : sides)
            run({QStringLiteral("encode"), path, QStringLiteral("--corpus"), QStringLiteral("law"),
                 QStringLiteral("--model"), dltest::testData(QStringLiteral("models/bert-tiny")),
                 QStringLiteral("--side"), side, QStringLiteral("--quiet")});
        return path;
    }

private slots:
    void normalise_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        QTest::newRow("case and punctuation") << "Hello,  World!"
                                              << "hello world";
        QTest::newRow("tabs and edges") << "\t a\tb  "
                                        << "a b";
        QTest::newRow("umlauts fold") << "ÄRZTE und Ärzte"
                                      << "ärzte und ärzte";
        QTest::newRow("full case folding") << "STRASSE Straße"
                                           << "strasse strasse";
        QTest::newRow("symbols") << "5 € + 3 $"
                                 << "5 3";
        QTest::newRow("digits kept") << "Article 130s(1)"
                                     << "article 130s 1";
        QTest::newRow("only punctuation") << "...!?"
                                          << "";
    }
    void normalise() {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(normaliseForDedup(input.toStdString())), expected);
    }

    void shingleSpec_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::newRow("char:5") << "char:5" << true;
        QTest::newRow("word:3") << "word:3" << true;
        QTest::newRow("zero") << "char:0" << false;
        QTest::newRow("too big") << "word:33" << false;
        QTest::newRow("no size") << "char" << false;
        QTest::newRow("other kind") << "byte:4" << false;
        QTest::newRow("trailing") << "char:5x" << false;
    }
    void shingleSpec() {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        auto spec = parseShingleSpec(text.toStdString());
        QCOMPARE(spec.has_value(), ok);
        if (ok) QCOMPARE(QString::fromStdString(toString(*spec)), text);
        else QVERIFY(QString::fromStdString(spec.error().message).contains(QStringLiteral("--shingle")));
    }

    // The hashed shingle sets give the Jaccard of the shingles as strings (computed here apart).
    void jaccardMatchesStringSets_data() {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("one word") << "the council adopted this regulation"
                                  << "the council adopted the regulation";
        QTest::newRow("disjoint") << "abcdefgh"
                                  << "stuvwxyz";
        QTest::newRow("short") << "abc"
                               << "abc";
        QTest::newRow("accents") << "Gemäß Artikel fünf"
                                 << "gemäß artikel FÜNF!";
    }
    void jaccardMatchesStringSets() {
        QFETCH(QString, a);
        QFETCH(QString, b);
        auto strings = [](const QString& s) {
            const QString n = QString::fromStdString(normaliseForDedup(s.toStdString()));
            std::set<QString> out;
            if (n.size() <= 5) out.insert(n);
            for (int i = 0; i + 5 <= n.size(); ++i) out.insert(n.mid(i, 5));
            return out;
        };
        const auto sa = strings(a), sb = strings(b);
        std::set<QString> both;
        std::set_intersection(sa.begin(), sa.end(), sb.begin(), sb.end(), std::inserter(both, both.begin()));
        const double expected = double(both.size()) / double(sa.size() + sb.size() - both.size());
        const ShingleSpec spec{ShingleKind::Char, 5};
        const auto ha = shingleHashes(normaliseForDedup(a.toStdString()), spec, 1);
        const auto hb = shingleHashes(normaliseForDedup(b.toStdString()), spec, 1);
        QCOMPARE(ha.size(), sa.size());
        QVERIFY(std::abs(exactJaccard(ha, hb) - expected) < 1e-12);
    }

    // On real sentences and their planted variants the MinHash estimate stays within four
    // standard deviations sqrt(J(1-J)/P) (+1/P) of the exact Jaccard, and is unbiased on average.
    void minhashEstimateTracksJaccard() {
        DLTEST_REQUIRE_SHARED_DATA();
        const QStringList texts = plantedSet();
        QVERIFY(texts.size() > 300);
        const int P = 256;
        const auto sets = shingleSets(texts, {ShingleKind::Char, 5});
        double sumErr = 0;
        int pairs = 0;
        for (int i = 0; i + 1 < int(texts.size()); i += 2) {
            for (int j : {i + 1, int(texts.size()) - 1 - i / 3}) {  // neighbours and planted variants
                if (j <= i) continue;
                const double exact = exactJaccard(sets[i], sets[j]);
                const double est = minhashEstimate(minhashSignature(sets[i], P, 7), minhashSignature(sets[j], P, 7));
                const double bound = 4 * std::sqrt(exact * (1 - exact) / P) + 1.0 / P;
                QVERIFY2(
                    std::abs(est - exact) <= bound,
                    qPrintable(QStringLiteral("pair %1,%2: exact %3, estimate %4").arg(i).arg(j).arg(exact).arg(est)));
                sumErr += est - exact;
                ++pairs;
            }
        }
        QVERIFY(pairs > 100);
        QVERIFY2(std::abs(sumErr / pairs) < 0.01, qPrintable(QString::number(sumErr / pairs)));
    }

    void chosenBanding_data() {
        QTest::addColumn<double>("threshold");
        QTest::addColumn<int>("rows");
        QTest::newRow("0.8") << 0.8 << 4;    // 8 rows would miss 5.3% at J = 0.8
        QTest::newRow("0.85") << 0.85 << 8;  // 0.62% at J = 0.85
        QTest::newRow("0.7") << 0.7 << 4;
    }
    void chosenBanding() {
        QFETCH(double, threshold);
        QFETCH(int, rows);
        QCOMPARE(chooseRows(threshold, 128), rows);
        const auto rates = lshRates(threshold, 128 / rows, rows);
        QVERIFY(rates.fnAtThreshold <= 0.01);
        QVERIFY(1.0 - lshCandidateProbability(threshold, 128 / (rows * 2), rows * 2) > 0.01);
    }

    // LSH + verification finds exactly the brute-force groups: every pair at or above the
    // threshold ends in one group, and no group joins texts the brute force does not join.
    void lshMatchesBruteForce_data() {
        QTest::addColumn<double>("threshold");
        QTest::addColumn<QString>("shingle");
        QTest::newRow("char:5 0.7") << 0.7 << "char:5";
        QTest::newRow("char:5 0.8") << 0.8 << "char:5";
        QTest::newRow("char:5 0.9") << 0.9 << "char:5";
        QTest::newRow("word:3 0.5") << 0.5 << "word:3";
        QTest::newRow("word:3 0.8") << 0.8 << "word:3";
    }
    void lshMatchesBruteForce() {
        DLTEST_REQUIRE_SHARED_DATA();
        QFETCH(double, threshold);
        QFETCH(QString, shingle);
        const QStringList texts = plantedSet();
        const auto src = toStd(texts);
        NearDupOptions opt;
        opt.threshold = threshold;
        opt.shingle = *parseShingleSpec(shingle.toStdString());
        opt.bands = 128 / chooseRows(threshold, 128);
        const auto comp = bruteForceComponents(shingleSets(texts, opt.shingle), threshold);
        CancelToken ct;
        auto r = findNearDuplicates(asTexts(src), opt, ct);
        QVERIFY(r.has_value());
        std::vector<int> found(texts.size());
        std::iota(found.begin(), found.end(), 0);
        for (const auto& rm : r->removed) found[rm.index] = int(rm.keptIndex);  // kept = first = component root
        std::set<int> roots;
        for (int c : comp) roots.insert(c);
        QCOMPARE(r->groups, std::int64_t(std::count_if(roots.begin(), roots.end(), [&](int root) {
                     return std::count(comp.begin(), comp.end(), root) > 1;
                 })));
        for (int i = 0; i < int(texts.size()); ++i)
            QVERIFY2(found[i] == comp[i], qPrintable(QStringLiteral("text %1: kept %2, brute force %3: %4")
                                                         .arg(i)
                                                         .arg(found[i])
                                                         .arg(comp[i])
                                                         .arg(texts[i])));
        QVERIFY(r->removed.size() >= std::size_t(texts.size() / 8));  // the planted variants at least mostly
    }

    void keepRule_data() {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<int>("kept");
        QTest::newRow("first") << "first" << 0;
        QTest::newRow("longest") << "longest" << 2;
    }
    void keepRule() {
        QFETCH(QString, rule);
        QFETCH(int, kept);
        const std::vector<std::string> src = {
            "The Commission shall adopt the implementing measures in accordance with the procedure",
            "an unrelated sentence about patients and their doses of the medicine",
            "The Commission shall adopt the implementing measures in accordance with the procedure.!!",
            "the commission shall adopt the implementing measures in accordance with the procedure"};
        NearDupOptions opt;
        opt.keep = rule == QLatin1String("first") ? KeepRule::First : KeepRule::Longest;
        CancelToken ct;
        auto r = findNearDuplicates(asTexts(src), opt, ct).value();
        QCOMPARE(r.groups, std::int64_t(1));
        QCOMPARE(r.removed.size(), std::size_t(2));
        for (const auto& rm : r.removed) {
            QCOMPARE(int(rm.keptIndex), kept);
            QVERIFY(rm.index != 1 && rm.index != kept);
            QCOMPARE(rm.similarity, 1.0);  // equal after normalisation
        }
    }

    void sidesRule_data() {
        QTest::addColumn<QString>("sides");
        QTest::addColumn<int>("removed");
        // pair 1 duplicates pair 0 on the source only; pair 3 duplicates pair 2 on the target only.
        QTest::newRow("src") << "src" << 1;
        QTest::newRow("both") << "both" << 0;
        QTest::newRow("either") << "either" << 2;
    }
    void sidesRule() {
        QFETCH(QString, sides);
        QFETCH(int, removed);
        const std::vector<std::string> src = {"The member states shall comply with this directive by the date",
                                              "The member states shall comply with this directive by the date.",
                                              "Take one tablet twice a day with plenty of water",
                                              "Patients with kidney problems need a lower dose of this medicine"};
        const std::vector<std::string> tgt = {"Die Mitgliedstaaten kommen dieser Richtlinie nach",
                                              "Ganz etwas anderes, was hier nicht passt, mit anderen Wörtern",
                                              "Nehmen Sie zweimal täglich eine Tablette mit viel Wasser ein",
                                              "Nehmen Sie zweimal täglich eine Tablette mit viel Wasser ein!"};
        NearDupOptions opt;
        opt.sides = sides == QLatin1String("src")    ? SidesRule::Src
                    : sides == QLatin1String("both") ? SidesRule::Both
                                                     : SidesRule::Either;
        CancelToken ct;
        auto r = findNearDuplicates(asTexts(src, tgt), opt, ct).value();
        QCOMPARE(int(r.removed.size()), removed);
    }

    // Buckets of more than 50 texts are compared with up to 50 leaders instead of pairwise:
    // 70 punctuation variants each of two sentences (every variant in one bucket per band)
    // still give exactly two groups, each kept at its first member.
    void largeBucketsUseLeaders() {
        std::vector<std::string> src;
        for (int i = 0; i < 70; ++i) {
            src.push_back("The Member States shall bring into force the laws" + std::string(std::size_t(i), '!'));
            src.push_back("Store in a refrigerator and keep the vial in the carton" + std::string(std::size_t(i), '?'));
        }
        CancelToken ct;
        auto r = findNearDuplicates(asTexts(src), NearDupOptions{}, ct).value();
        QCOMPARE(r.groups, std::int64_t(2));
        QCOMPARE(r.removed.size(), std::size_t(138));
        for (const auto& rm : r.removed) QCOMPARE(rm.keptIndex, rm.index % 2);
    }

    void emptyAndPunctuationOnlyNeverMatch() {
        const std::vector<std::string> src = {"", "...", "", "!!!"};
        CancelToken ct;
        auto r = findNearDuplicates(asTexts(src), NearDupOptions{}, ct).value();
        QVERIFY(r.removed.empty());
        QCOMPARE(r.emptyTexts, std::int64_t(4));
    }

    void refusesBadOptions_data() {
        QTest::addColumn<double>("threshold");
        QTest::addColumn<int>("bands");
        QTest::addColumn<QString>("names");
        QTest::newRow("threshold 0") << 0.0 << 32 << "--threshold";
        QTest::newRow("threshold above 1") << 1.5 << 32 << "--threshold";
        QTest::newRow("bands do not divide") << 0.8 << 3 << "--bands";
    }
    void refusesBadOptions() {
        QFETCH(double, threshold);
        QFETCH(int, bands);
        QFETCH(QString, names);
        NearDupOptions opt;
        opt.threshold = threshold;
        opt.bands = bands;
        CancelToken ct;
        const std::vector<std::string> src = {"a sentence"};
        auto r = findNearDuplicates(asTexts(src), opt, ct);
        QVERIFY(!r);
        QCOMPARE(r.error().kind, ErrorKind::Usage);
        QVERIFY(QString::fromStdString(r.error().message).contains(names));
    }

    // Every option of the table says which kinds it applies to; the general ones apply to all,
    // the others are refused for another kind with a usage error naming the option.
    void optionKinds_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QStringList>("given");
        QTest::addColumn<QString>("refused");
        QTest::newRow("near-dup own") << "near-dup" << QStringList{"threshold", "shingle", "bands", "keep", "seed"}
                                      << "";
        QTest::newRow("general") << "semantic-dup" << QStringList{"corpus", "kind", "threads", "eps"} << "";
        QTest::newRow("keep not decontaminate") << "decontaminate" << QStringList{"threshold", "keep"} << "--keep";
        QTest::newRow("sides not bitext") << "bitext" << QStringList{"max-copy", "sides"} << "--sides";
        QTest::newRow("bitext option with near-dup") << "near-dup" << QStringList{"min-words"} << "--min-words";
        QTest::newRow("langid model with semantic-dup")
            << "semantic-dup" << QStringList{"langid-model"} << "--langid-model";
        QTest::newRow("margin with langid") << "langid" << QStringList{"margin-min"} << "--margin-min";
        QTest::newRow("unknown") << "near-dup" << QStringList{"frobnicate"} << "Unknown filter option --frobnicate";
    }
    void optionKinds() {
        QFETCH(QString, kind);
        QFETCH(QStringList, given);
        QFETCH(QString, refused);
        for (const auto& spec : filterParamTable().specs())
            QVERIFY2(!filterOptionKinds(spec.name).empty(), spec.name.c_str());
        FilterParams p;
        QVERIFY(filterParamTable().set(p, "kind", ParamValue(kind.toStdString())));
        const auto names = toStd(given);
        const auto s = checkFilterOptionsForKind(p.kind, names);
        QCOMPARE(bool(s), refused.isEmpty());
        if (refused.isEmpty()) return;
        QCOMPARE(s.error().kind, ErrorKind::Usage);
        QVERIFY2(QString::fromStdString(s.error().message).startsWith(refused), s.error().message.c_str());
    }

    void cancellation() {
        DLTEST_REQUIRE_SHARED_DATA();
        const auto src = toStd(plantedSet());
        CancelToken ct;
        ct.cancel();
        auto r = findNearDuplicates(asTexts(src), NearDupOptions{}, ct);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::Cancelled);
        // A cancelled job stores nothing.
        const QString path = makeProject(QStringLiteral("cancel.dlproj"));
        auto store = Store::open(path.toStdString()).value();
        NullProgress np;
        FilterParams p;
        p.corpus = "law";
        auto job = runFilter(p, *store, np, ct);
        QVERIFY(!job);
        QCOMPARE(job.error().code, ErrorCode::Cancelled);
        QVERIFY(listRuns(*store, RunKind::Filter).value().empty());
    }

    // The stored run: its params and summary, one ledger row per removed sentence naming a kept
    // twin, pages that add up to the whole ledger; export leaves the removed sentences out.
    void storedRunLedgerAndExport() {
        DLTEST_REQUIRE_SHARED_DATA();
        const QString path = makeProject(QStringLiteral("run.dlproj"));
        auto store = Store::open(path.toStdString()).value();
        NullProgress np;
        CancelToken ct;
        FilterParams p;
        p.corpus = "law";
        auto r = runFilter(p, *store, np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        const auto run = getRun(*store, r->runId).value();
        QVERIFY(run.kind == RunKind::Filter);
        QCOMPARE(run.params["threshold"].get<double>(), 0.8);
        QCOMPARE(run.params["bands"].get<int>(), 32);
        const auto summary = FilterSummary::fromJson(run.summary, run.id).value();
        QCOMPARE(summary.removed, std::int64_t(10));  // the ten planted pairs
        QCOMPARE(summary.kept + summary.removed, summary.sentences);
        QCOMPARE(summary.rules.size(), std::size_t(1));
        QCOMPARE(summary.rules[0].removed, std::int64_t(10));
        QVERIFY(summary.fnAtThreshold < 1e-6 && summary.fnAtThreshold > 0);

        const auto removed = removedSentenceIds(*store, run.id).value();
        QCOMPARE(removed.size(), std::size_t(10));
        std::vector<RemovalRow> paged;
        for (std::int64_t after = 0;;) {
            auto page = removalPage(*store, run.id, after, 3).value();
            if (page.empty()) break;
            after = page.back().removal.sentenceId;
            paged.insert(paged.end(), page.begin(), page.end());
        }
        QCOMPARE(paged.size(), std::size_t(10));
        for (const auto& row : paged) {
            QVERIFY(removed.contains(row.removal.sentenceId));
            QVERIFY(!removed.contains(row.removal.keptId));
            QVERIFY(row.removal.similarity >= 0.8);
            QCOMPARE(row.keptPosition + 40, row.position);  // variant i came after the 40 originals
        }
        auto ledger = filterLedger(*store, run.id, 0, 4).value();
        QCOMPARE(ledger["removed"].size(), std::size_t(4));
        QCOMPARE(ledger["next_after"].get<std::int64_t>(), paged[3].removal.sentenceId);

        ExportParams ep;
        ep.mode = ExportMode::Shards;
        ep.corpus = "law";
        ep.outPrefix = dir_.filePath(QStringLiteral("shards")).toStdString();
        ep.format = ExportFormat::Tsv;
        ep.filterRun = run.id;
        auto out = runExport(ep, *store, np, ct);
        QVERIFY2(out, out ? "" : out.error().message.c_str());
        QCOMPARE(out->manifest["written"].get<std::int64_t>(), summary.kept);
        QCOMPARE(out->manifest["filter"]["id"].get<std::int64_t>(), run.id);
        QCOMPARE(out->manifest["filter"]["removed"].get<std::size_t>(), std::size_t(10));
        // Not a filter run: refused, naming --filter.
        ep.force = true;
        const auto other = createRun(*store, RunKind::Select, run.corpusId, std::nullopt, {});
        ep.filterRun = other.value();
        auto refused = runExport(ep, *store, np, ct);
        QVERIFY(!refused);
        QVERIFY(QString::fromStdString(refused.error().message).contains(QStringLiteral("--filter")));
    }

    // lid.176 on real sentences of known language: the top guess is right on nearly all of them
    // (bench/filters/RESULTS.md: 98.5-98.7% on the 3,500-line files), probabilities are in [0, 1].
    void languageIdOnRealSentences_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << "llm-dom-ad-deen-test/law.en"
                            << "en";
        QTest::newRow("de") << "llm-dom-ad-deen-test/medical.de"
                            << "de";
        QTest::newRow("fr") << "llm-dom-ad-enfr-test/it.fr"
                            << "fr";
    }
    void languageIdOnRealSentences() {
        DLTEST_REQUIRE_SHARED_DATA();
        QFETCH(QString, file);
        QFETCH(QString, lang);
        const auto id = languageId();
        QVERIFY(id->knows(lang.toStdString()));
        QVERIFY(!id->knows("xx"));
        const QStringList lines = readLines(dltest::sharedData(file), 100);
        QVERIFY(lines.size() >= 50);
        int right = 0;
        for (const auto& line : lines) {
            const auto g = id->identify(line.toStdString(), lang.toStdString());
            QVERIFY(g.bestProb >= 0 && g.bestProb <= 1.0001f && g.expectedProb >= 0 &&
                    g.expectedProb <= g.bestProb + 1e-6f);
            right += g.best == lang.toStdString();
            // The expected language's probability is the top one's when it is the top guess.
            if (g.best == lang.toStdString()) QCOMPARE(g.expectedProb, g.bestProb);
        }
        QVERIFY2(right >= lines.size() * 95 / 100, qPrintable(QStringLiteral("%1 of %2").arg(right).arg(lines.size())));
        const auto empty = id->identify("", lang.toStdString());
        QVERIFY(empty.expectedProb <= 1.0f);
    }

    // identifyLanguages against a direct loop over identify() for each sides rule: the same
    // probabilities, the same removals, the same rule per removal.
    void languageIdMatchesDirectLoop_data() {
        QTest::addColumn<int>("sides");
        QTest::newRow("both") << int(SidesRule::Both);
        QTest::newRow("either") << int(SidesRule::Either);
        QTest::newRow("src") << int(SidesRule::Src);
    }
    void languageIdMatchesDirectLoop() {
        DLTEST_REQUIRE_SHARED_DATA();
        QFETCH(int, sides);
        const auto id = languageId();
        auto en = toStd(readLines(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/it.en")), 60));
        auto de = toStd(readLines(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/it.de")), 60));
        const std::size_t n = std::min(en.size(), de.size());
        en.resize(n), de.resize(n);
        for (std::size_t i = 0; i < n; i += 7) std::swap(en[i], de[i]);  // both sides wrong
        for (std::size_t i = 3; i < n; i += 11) de[i] = en[i];           // target wrong
        LangIdOptions o;
        o.srcLang = "en";
        o.tgtLang = "de";
        o.sides = SidesRule(sides);
        o.minProb = 0.15;
        CancelToken ct;
        const auto r = identifyLanguages(asTexts(en, de), *id, o, ct).value();
        std::vector<LangIdRemoval> expected;
        for (std::size_t i = 0; i < n; ++i) {
            const float ps = id->identify(en[i], "en").expectedProb;
            QCOMPARE(r.srcProb[i], ps);
            const bool srcFails = ps < o.minProb;
            bool tgtFails = false;
            if (o.sides != SidesRule::Src) {
                const float pt = id->identify(de[i], "de").expectedProb;
                QCOMPARE(r.tgtProb[i], pt);
                tgtFails = pt < o.minProb;
            }
            const bool remove = o.sides == SidesRule::Either ? srcFails && tgtFails : srcFails || tgtFails;
            if (remove) expected.push_back({std::int64_t(i), srcFails ? 0 : 1, 0});
        }
        QCOMPARE(r.removed.size(), expected.size());
        for (std::size_t k = 0; k < expected.size(); ++k) {
            QCOMPARE(r.removed[k].index, expected[k].index);
            QCOMPARE(r.removed[k].rule, expected[k].rule);
        }
        QVERIFY(!expected.empty());  // the planted pairs
    }

    // The stored langid run: every planted wrong-language pair removed with the side that failed,
    // the rules' removals summing to the run's, per-sentence probabilities stored, the ledger
    // through report; cancelled or with an unknown language, nothing is stored.
    void languageIdRun() {
        DLTEST_REQUIRE_SHARED_DATA();
        const QString path = makeLanguageProject(QStringLiteral("langid.dlproj"));
        auto store = Store::open(path.toStdString()).value();
        NullProgress np;
        CancelToken ct;
        FilterParams p;
        p.corpus = "law";
        p.kind = FilterKind::LangId;
        p.langSrc = "en";
        p.langTgt = "de";
        auto r = runFilter(p, *store, np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        const auto run = getRun(*store, r->runId).value();
        QCOMPARE(run.params["kind"].get<std::string>(), std::string("langid"));
        QCOMPARE(run.params["min_prob"].get<double>(), 0.15);
        const auto summary = FilterSummary::fromJson(run.summary, run.id).value();
        QCOMPARE(summary.rules.size(), std::size_t(2));
        QCOMPARE(summary.rules[0].removed + summary.rules[1].removed, summary.removed);
        QCOMPARE(summary.kept + summary.removed, summary.sentences);
        QVERIFY(summary.details.contains("src") && summary.details.contains("tgt"));
        const auto page = removalPage(*store, run.id, 0, 1000).value();
        std::set<std::int64_t> removedPositions;
        for (const auto& row : page) {
            removedPositions.insert(row.position);
            QCOMPARE(row.removal.keptId, std::int64_t(0));  // no twin
            QVERIFY(row.removal.similarity < 0.15);
            if (row.position >= 40 && row.position < 45) QCOMPARE(row.removal.rule, 0);  // German source
            if (row.position >= 45) QCOMPARE(row.removal.rule, 1);                        // English target
        }
        for (int planted = 40; planted < 50; ++planted)
            QVERIFY2(removedPositions.contains(planted), qPrintable(QString::number(planted)));
        QVERIFY2(removedPositions.size() <= 12, qPrintable(QString::number(removedPositions.size())));
        const auto ids = getRunArray<std::int64_t>(*store, run.id, blobs::kSentenceIds).value();
        const auto src = getRunArray<float>(*store, run.id, blobs::kLangIdSrc).value();
        const auto tgt = getRunArray<float>(*store, run.id, blobs::kLangIdTgt).value();
        QCOMPARE(std::int64_t(ids.size()), summary.sentences);
        QCOMPARE(src.size(), ids.size());
        QCOMPARE(tgt.size(), ids.size());
        const auto ledger = filterLedger(*store, run.id, 0, 20).value();
        QCOMPARE(ledger["removed"][0]["rule"].get<std::string>().rfind("langid:", 0), std::size_t(0));
        QVERIFY(QString::fromStdString(filterLedgerText(ledger)).contains(QStringLiteral("removed by langid:src")));

        p.langSrc = "xx";
        auto unknown = runFilter(p, *store, np, ct);
        QVERIFY(!unknown);
        QVERIFY(QString::fromStdString(unknown.error().message).contains(QStringLiteral("\"xx\"")));
        p.langSrc = "en";
        CancelToken cancelled;
        cancelled.cancel();
        QVERIFY(!runFilter(p, *store, np, cancelled));
        QCOMPARE(listRuns(*store, RunKind::Filter).value().size(), std::size_t(1));
    }

    // A model file that is not lid.176: refused before libfasttext reads it (the digest), and a
    // user's own model that is not a fastText model is a clear error, not a crash.
    void languageIdModelChecks() {
        const std::string bogus = dltest::writeFile(dir_, QStringLiteral("bogus.ftz"), QByteArray(4096, 'x'));
        auto checked = LanguageIdentifier::load(bogus);
        QVERIFY(!checked);
        QVERIFY2(QString::fromStdString(checked.error().message).contains(QStringLiteral("SHA-256")),
                 checked.error().message.c_str());
        auto unchecked = LanguageIdentifier::load(bogus, false);
        QVERIFY(!unchecked);
        QVERIFY(unchecked.error().message.find(bogus) != std::string::npos);
        auto missing = LanguageIdentifier::load(dir_.filePath(QStringLiteral("none.ftz")).toStdString());
        QVERIFY(!missing);
        QVERIFY(QString::fromStdString(missing.error().message).contains(QStringLiteral("install-model.sh")));
    }

    // Each score on pairs computed by hand.
    void bitextScores_data() {
        QTest::addColumn<QString>("src");
        QTest::addColumn<QString>("tgt");
        QTest::addColumn<int>("rule");
        QTest::addColumn<double>("expected");
        const int len = int(BitextRule::Length), chars = int(BitextRule::CharRatio),
                  tokens = int(BitextRule::TokenRatio), alpha = int(BitextRule::Alpha),
                  repeat = int(BitextRule::Repeat), copy = int(BitextRule::Copy), nums = int(BitextRule::Numerals);
        QTest::newRow("words: the larger side") << "one two three"
                                                << "eins zwei" << len << 3.0;
        QTest::newRow("chars are code points") << "Straße"
                                               << "Strasse" << chars << 7.0 / 6;
        QTest::newRow("chars: empty side counts 1") << "abcd"
                                                    << "" << chars << 4.0;
        QTest::newRow("tokens") << "a b c d e f"
                                << "x y" << tokens << 3.0;
        QTest::newRow("alpha: letters among non-space") << "abc 12"
                                                        << "Grüße!" << alpha << 3.0 / 5;
        QTest::newRow("alpha: combining marks are letters") << "नमस्ते"
                                                            << "namaste" << alpha << 1.0;
        QTest::newRow("alpha: no characters") << "..."
                                              << "abc" << alpha << 0.0;
        QTest::newRow("repeat: a two-word loop") << "buy now buy now buy now"
                                                 << "kauf jetzt" << repeat << 4.0 / 6;
        QTest::newRow("repeat: case folded") << "The the THE"
                                             << "der" << repeat << 2.0 / 3;
        QTest::newRow("repeat: a plain sentence (the ... the, 3 apart)")
            << "the cat saw the dog"
            << "die Katze sah den Hund" << repeat << 1.0 / 5;
        QTest::newRow("repeat: no word repeats within 4") << "a b c d e a"
                                                          << "x" << repeat << 0.0;
        QTest::newRow("copy: equal after normalisation") << "Hello, World!"
                                                         << "hello world" << copy << 1.0;
        QTest::newRow("copy: a translation") << "The committee adopted the report."
                                             << "Der Ausschuss nahm an." << copy << 0.0;
        QTest::newRow("numerals: zeros left out") << "1,000 in 2024"
                                                  << "1 000 im Jahr 2024" << nums << 1.0;
        QTest::newRow("numerals: none on either side") << "no numbers"
                                                       << "keine Zahlen" << nums << 1.0;
        QTest::newRow("numerals: one side only") << "page 12"
                                                 << "Seite" << nums << 0.0;
        QTest::newRow("numerals: LCS 2 of 3+3") << "123"
                                                << "132" << nums << 4.0 / 6;
        QTest::newRow("numerals: character references") << "Mode:"
                                                        << "Mode & #160;:" << nums << 1.0;
        QTest::newRow("numerals: &#160; too") << "a 5"
                                              << "b&#160;5" << nums << 1.0;
    }
    void bitextScores() {
        QFETCH(QString, src);
        QFETCH(QString, tgt);
        QFETCH(int, rule);
        QFETCH(double, expected);
        const auto s = scoreBitextPair(src.toStdString(), tgt.toStdString());
        QCOMPARE(double(bitextScore(s, static_cast<BitextRule>(rule))), double(float(expected)));
    }

    // The pass on real pairs (two domains, both language pairs) with every corruption planted:
    // the same removals, first rules, failure counts and per-rule scores as a plain loop over
    // scoreBitextPair; the threshold percentiles agree with the failures; each corruption is
    // caught by the rule meant for it.
    void bitextMatchesDirectLoop_data() {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("tgtLang");
        QTest::newRow("de-en") << "llm-dom-ad-deen-test"
                               << "de";
        QTest::newRow("en-fr") << "llm-dom-ad-enfr-test"
                               << "fr";
    }
    void bitextMatchesDirectLoop() {
        DLTEST_REQUIRE_SHARED_DATA();
        QFETCH(QString, dir);
        QFETCH(QString, tgtLang);
        auto pairs = alignedPairs(dir, QStringLiteral("law"), tgtLang, 300);
        const auto ted = alignedPairs(dir, QStringLiteral("ted"), tgtLang, 300);
        pairs.insert(pairs.end(), ted.begin(), ted.end());
        QVERIFY(pairs.size() > 500);
        std::vector<std::pair<std::string, std::string>> all = pairs;
        for (std::size_t i = 0; i < 100; ++i) all.push_back(corrupted(pairs, i * 5, int(i % 5)));
        std::vector<DedupText> texts;
        for (const auto& [a, b] : all) texts.push_back({a, b});
        BitextOptions opt;
        opt.threads = 2;
        CancelToken ct;
        auto r = filterBitext(texts, opt, ct);
        QVERIFY(r);
        std::size_t next = 0;
        std::array<std::int64_t, kBitextRules> failed{};
        for (std::size_t i = 0; i < texts.size(); ++i) {
            const auto sc = scoreBitextPair(texts[i].src, texts[i].tgt);
            int first = -1;
            for (int k = 0; k < kBitextTextRules; ++k) {
                const auto rule = static_cast<BitextRule>(k);
                QCOMPARE(r->scores[std::size_t(k)][i], bitextScore(sc, rule));
                if (bitextFails(sc, rule, opt)) {
                    ++failed[std::size_t(k)];
                    if (first < 0) first = k;
                }
            }
            if (first < 0) continue;
            QVERIFY(next < r->removed.size());
            QCOMPARE(r->removed[next].index, std::int64_t(i));
            QCOMPARE(r->removed[next].rule, first);
            ++next;
        }
        QCOMPARE(next, r->removed.size());
        QCOMPARE(r->failed, failed);
        std::int64_t sum = 0;
        for (auto n : r->removedBy) sum += n;
        QCOMPARE(sum, std::int64_t(r->removed.size()));
        for (int k = 1; k < kBitextTextRules; ++k) {  // Length's percentile is of max-words alone
            const auto& d = r->details[std::string(bitextRuleName(static_cast<BitextRule>(k)))];
            QCOMPARE(d["threshold_percentile"].get<double>(),
                     100.0 * double(std::int64_t(texts.size()) - failed[std::size_t(k)]) / double(texts.size()));
            std::int64_t binned = 0;
            for (const auto& n : d["histogram"]) binned += n.get<std::int64_t>();
            QCOMPARE(binned, std::int64_t(texts.size()));
        }
        // Every copy is caught by bitext:copy, every digit edit that keeps digits by
        // bitext:numerals, and the two-word loops by bitext:repetition; few clean pairs fail.
        for (std::size_t i = 0; i < 100; ++i) {
            const auto u = pairs.size() + i;
            const auto sc = scoreBitextPair(texts[u].src, texts[u].tgt);
            if (i % 5 == 0) QVERIFY(bitextFails(sc, BitextRule::Copy, opt));
            if (i % 5 == 2) QVERIFY2(bitextFails(sc, BitextRule::Repeat, opt), all[u].second.c_str());
            if (i % 5 == 3 && all[u].second.find_first_of("123456789") != std::string::npos)
                QVERIFY2(bitextFails(sc, BitextRule::Numerals, opt), all[u].second.c_str());
        }
        std::int64_t cleanRemoved = 0;
        for (const auto& rm : r->removed) cleanRemoved += rm.index < std::int64_t(pairs.size()) ? 1 : 0;
        QVERIFY2(cleanRemoved * 20 < std::int64_t(pairs.size()), qPrintable(QString::number(cleanRemoved)));
        CancelToken cancelled;
        cancelled.cancel();
        auto c = filterBitext(texts, opt, cancelled);
        QVERIFY(!c);
        QCOMPARE(c.error().code, ErrorCode::Cancelled);
    }

    // The stored run: planted corruptions removed, the rules' counts add up, one score array per
    // rule, the ledger names the rules; a monolingual corpus and bad thresholds are usage errors;
    // a cancelled run stores nothing; the CLI prints the rules and `report` the ledger.
    void bitextRun() {
        DLTEST_REQUIRE_SHARED_DATA();
        const QString path = makeBitextProject(QStringLiteral("bitext.dlproj"));
        {
            auto store = Store::open(path.toStdString()).value();
            NullProgress np;
            CancelToken ct;
            FilterParams p;
            p.corpus = "law";
            p.kind = FilterKind::Bitext;
            auto r = runFilter(p, *store, np, ct);
            QVERIFY2(r, r ? "" : r.error().message.c_str());
            const auto run = getRun(*store, r->runId).value();
            QCOMPARE(run.params["kind"].get<std::string>(), std::string("bitext"));
            QCOMPARE(run.params["max_char_ratio"].get<double>(), 3.0);
            const auto summary = FilterSummary::fromJson(run.summary, run.id).value();
            QCOMPARE(summary.sentences, std::int64_t(85));
            QCOMPARE(summary.rules.size(), std::size_t(kBitextTextRules));
            std::int64_t sum = 0;
            for (std::size_t k = 0; k < summary.rules.size(); ++k) {
                QCOMPARE(summary.rules[k].rule, std::string(bitextRuleName(static_cast<BitextRule>(k))));
                QVERIFY(summary.rules[k].failed >= summary.rules[k].removed);
                QVERIFY(summary.details.contains(summary.rules[k].rule));
                if (k > 0) QCOMPARE(summary.rules[k].input, summary.rules[k - 1].kept);
                sum += summary.rules[k].removed;
            }
            QCOMPARE(sum, summary.removed);
            QCOMPARE(summary.kept + summary.removed, summary.sentences);
            const auto page = removalPage(*store, run.id, 0, 1000).value();
            std::set<std::int64_t> removed;
            for (const auto& row : page) {
                removed.insert(row.position);
                QCOMPARE(row.removal.keptId, std::int64_t(0));
                if (row.position >= 60 && row.position < 65)
                    QCOMPARE(row.removal.rule, int(BitextRule::Copy));  // copies pass every earlier rule
            }
            for (int planted = 60; planted < 80; ++planted)  // copies, cuts, loops, digits
                QVERIFY2(removed.contains(planted), qPrintable(QString::number(planted)));
            QVERIFY2(removed.size() <= 28, qPrintable(QString::number(removed.size())));
            const auto ids = getRunArray<std::int64_t>(*store, run.id, blobs::kSentenceIds).value();
            QCOMPARE(std::int64_t(ids.size()), summary.sentences);
            for (auto name : {blobs::kBitextWords, blobs::kBitextCharRatio, blobs::kBitextTokenRatio,
                              blobs::kBitextAlpha, blobs::kBitextRepeat, blobs::kBitextCopy, blobs::kBitextNumerals})
                QCOMPARE(getRunArray<float>(*store, run.id, name).value().size(), ids.size());
            QCOMPARE(getRunArray<float>(*store, run.id, blobs::kBitextCopy).value()[60], 1.0f);
            const auto text = QString::fromStdString(filterLedgerText(filterLedger(*store, run.id, 0, 50).value()));
            QVERIFY2(text.contains(QStringLiteral("removed by bitext:copy")), qPrintable(text));
            QVERIFY(text.contains(QStringLiteral("bitext:numerals")));

            p.bitext.maxTokenRatio = 0.5;
            auto bad = runFilter(p, *store, np, ct);
            QVERIFY(!bad);
            QCOMPARE(bad.error().kind, ErrorKind::Usage);
            QVERIFY(QString::fromStdString(bad.error().message).contains(QStringLiteral("--max-token-ratio")));
            p.bitext.maxTokenRatio = 3;
            CancelToken cancelled;
            cancelled.cancel();
            QVERIFY(!runFilter(p, *store, np, cancelled));
            QCOMPARE(listRuns(*store, RunKind::Filter).value().size(), std::size_t(1));

            ImportParams mono;
            mono.srcPath = dltest::writeFile(dir_, QStringLiteral("mono.en"), "One line.\nAnother line.\n");
            mono.corpus = "mono";
            runImport(mono, *store, np, ct).value();
            p.corpus = "mono";
            auto m = runFilter(p, *store, np, ct);
            QVERIFY(!m);
            QCOMPARE(m.error().kind, ErrorKind::Usage);
            QVERIFY(QString::fromStdString(m.error().message).contains(QStringLiteral("parallel")));
        }
        const auto cli =
            dltest::runCli({QStringLiteral("filter"), path, QStringLiteral("--corpus"), QStringLiteral("law"),
                            QStringLiteral("--kind"), QStringLiteral("bitext"), QStringLiteral("--max-repeat"),
                            QStringLiteral("0.3"), QStringLiteral("--json")});
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        const auto j = cli.json();
        QCOMPARE(j[QStringLiteral("rules")].toArray().size(), kBitextTextRules);
        QCOMPARE(j[QStringLiteral("params")].toObject()[QStringLiteral("max_repeat")].toDouble(), 0.3);
        QVERIFY(j[QStringLiteral("details")].toObject().contains(QStringLiteral("bitext:repetition")));
        const auto rep =
            dltest::runCli({QStringLiteral("report"), path, QString::number(j[QStringLiteral("run")].toInt())});
        QCOMPARE(rep.exitCode, 0);
        QVERIFY2(rep.out.contains("bitext:length-ratio-chars"), rep.out.constData());
        const auto mono = dltest::runCli({QStringLiteral("filter"), path, QStringLiteral("--corpus"),
                                          QStringLiteral("mono"), QStringLiteral("--kind"), QStringLiteral("bitext")});
        QCOMPARE(mono.exitCode, 2);
        QVERIFY2(mono.err.contains("parallel"), mono.err.constData());
    }

    // The ratio margin against brute force (double precision, every pair) on real vectors of
    // both sides: per pair within 1e-4, for several k and tile sizes (tiles that do not divide
    // the corpus); the stored run's margin array is the same, and every pair below --margin-min
    // that passes the text rules is removed by bitext:margin.
    void bitextMarginMatchesBruteForce() {
        DLTEST_REQUIRE_SHARED_DATA();
        const QString path = makeMarginProject(QStringLiteral("margin.dlproj"), {"src", "tgt"});
        auto store = Store::open(path.toStdString()).value();
        const auto corpus = resolveCorpus(*store, "law").value();
        std::optional<EmbeddingMatrix> x, y;
        const auto sets = listEmbeddingSets(*store).value();
        for (const auto& set : sets)
            (set.key.side == Side::Target ? y : x) = loadEmbeddings(*store, set.id, corpus.id).value();
        QVERIFY(x && y);
        const auto n = x->rows;
        const int dim = x->dim;
        auto unit = [&](const EmbeddingMatrix& m, std::int64_t i) {
            std::vector<double> u(m.row(i), m.row(i) + dim);
            double s = 0;
            for (double v : u) s += v * v;
            for (double& v : u) v /= std::sqrt(s);
            return u;
        };
        std::vector<std::vector<double>> ux, uy;
        for (std::int64_t i = 0; i < n; ++i) ux.push_back(unit(*x, i)), uy.push_back(unit(*y, i));
        auto cosine = [&](const std::vector<double>& a, const std::vector<double>& b) {
            return std::inner_product(a.begin(), a.end(), b.begin(), 0.0);
        };
        auto knn = [&](const std::vector<double>& q, const std::vector<std::vector<double>>& others, int k) {
            std::vector<double> c;
            for (const auto& o : others) c.push_back(cosine(q, o));
            std::sort(c.rbegin(), c.rend());
            return std::accumulate(c.begin(), c.begin() + k, 0.0) / k;
        };
        for (int k : {1, 4, 7})
            for (std::int64_t block : {16, 23, 512}) {
                MarginOptions o;
                o.k = k;
                o.blockRows = block;
                o.threads = 2;
                CancelToken ct;
                auto r = ratioMargins(x->data, y->data, dim, o, ct);
                QVERIFY(r);
                QCOMPARE(std::int64_t(r->margin.size()), n);
                for (std::int64_t i = 0; i < n; ++i) {
                    const auto u = std::size_t(i);
                    const double want = cosine(ux[u], uy[u]) / ((knn(ux[u], uy, k) + knn(uy[u], ux, k)) / 2);
                    QVERIFY2(std::abs(r->margin[u] - want) < 1e-4,
                             qPrintable(QStringLiteral("k %1 block %2 pair %3: %4 vs %5")
                                            .arg(k)
                                            .arg(block)
                                            .arg(i)
                                            .arg(r->margin[u])
                                            .arg(want)));
                }
            }
        // Cancelled: nothing.
        CancelToken cancelled;
        cancelled.cancel();
        QVERIFY(!ratioMargins(x->data, y->data, dim, MarginOptions{}, cancelled));

        // The stored run.
        NullProgress np;
        CancelToken ct;
        auto m = ratioMargins(x->data, y->data, dim, MarginOptions{}, ct).value();
        std::vector<float> sorted = m.margin;
        std::sort(sorted.begin(), sorted.end());
        FilterParams p;
        p.corpus = "law";
        p.kind = FilterKind::Bitext;
        p.bitext.minMargin = double(sorted[sorted.size() / 4]);  // a quarter of the pairs below
        auto run = runFilter(p, *store, np, ct);
        QVERIFY2(run, run ? "" : run.error().message.c_str());
        const auto stored = getRunArray<float>(*store, run->runId, blobs::kBitextMargin).value();
        QCOMPARE(stored.size(), m.margin.size());
        for (std::size_t i = 0; i < stored.size(); ++i) QCOMPARE(stored[i], m.margin[i]);
        const auto summary = run->summary;
        QCOMPARE(summary.rules.size(), std::size_t(kBitextRules));
        QCOMPARE(summary.rules.back().rule, std::string("bitext:margin"));
        QCOMPARE(summary.details["bitext:margin"]["k"].get<int>(), 4);
        const auto ids = getRunArray<std::int64_t>(*store, run->runId, blobs::kSentenceIds).value();
        std::map<std::int64_t, int> ruleOf;
        const auto page = removalPage(*store, run->runId, 0, 1000).value();
        for (const auto& row : page) ruleOf[row.removal.sentenceId] = row.removal.rule;
        std::int64_t byMargin = 0;
        std::vector<Sentence> sentences;
        QVERIFY(forEachSentence(*store, corpus.id, 0, [&](const Sentence& s) {
            sentences.push_back(s);
            return true;
        }));
        for (std::size_t i = 0; i < sentences.size(); ++i) {
            const auto sc = scoreBitextPair(sentences[i].src, sentences[i].tgt);
            bool textFails = false;
            for (int k = 0; k < kBitextTextRules; ++k) textFails |= bitextFails(sc, BitextRule(k), p.bitext);
            const bool below = double(m.margin[i]) < p.bitext.minMargin;
            if (below && !textFails) {
                QCOMPARE(ruleOf.count(ids[i]), std::size_t(1));
                QCOMPARE(ruleOf[ids[i]], int(BitextRule::Margin));
                ++byMargin;
            } else if (!below && !textFails) {
                QCOMPARE(ruleOf.count(ids[i]), std::size_t(0));
            }
        }
        QCOMPARE(summary.rules.back().removed, byMargin);
        QVERIFY(byMargin > 0);
        QCOMPARE(getRun(*store, run->runId).value().params["min_margin"].get<double>(), p.bitext.minMargin);

        // In a pipeline, the margin of what an earlier step kept: neighbours among those pairs only.
        auto pipeline = parseFilterPipeline(R"({"name": "m", "steps": [{"kind": "bitext", "max-char-ratio": 1.5},
                                                {"kind": "bitext", "margin-min": 0.5}]})",
                                            "m.json");
        QVERIFY2(pipeline, pipeline ? "" : pipeline.error().message.c_str());
        auto piped = runFilterPipeline(*pipeline, "law", 2, *store, np, ct);
        QVERIFY2(piped, piped ? "" : piped.error().message.c_str());
        const auto gone = removedSentenceIds(*store, piped->steps[0].runId).value();
        std::vector<float> xs, ys;
        for (std::size_t i = 0; i < sentences.size(); ++i)
            if (!gone.contains(sentences[i].id)) {
                xs.insert(xs.end(), x->row(std::int64_t(i)), x->row(std::int64_t(i)) + dim);
                ys.insert(ys.end(), y->row(std::int64_t(i)), y->row(std::int64_t(i)) + dim);
            }
        const auto sub = ratioMargins(xs, ys, dim, MarginOptions{}, ct).value();
        const auto stored2 = getRunArray<float>(*store, piped->steps[1].runId, blobs::kBitextMargin).value();
        QVERIFY(!gone.empty());
        QCOMPARE(stored2.size() + gone.size(), sentences.size());
        QCOMPARE(stored2.size(), sub.margin.size());
        for (std::size_t i = 0; i < stored2.size(); ++i) QCOMPARE(stored2[i], sub.margin[i]);
    }

    // --margin-min without both sides' vectors: a usage error saying which side is missing and
    // how to encode it; nothing stored.
    void bitextMarginNeedsVectors_data() {
        QTest::addColumn<QStringList>("sides");
        QTest::addColumn<QString>("says");
        QTest::newRow("none") << QStringList{} << "neither side is encoded";
        QTest::newRow("source only") << QStringList{"src"} << "the target side is not encoded";
    }
    void bitextMarginNeedsVectors() {
        DLTEST_REQUIRE_SHARED_DATA();
        QFETCH(QStringList, sides);
        QFETCH(QString, says);
        const QString path =
            makeMarginProject(QStringLiteral("margin-%1.dlproj").arg(sides.join(QLatin1Char('-'))), sides);
        const auto r = dltest::runCli({QStringLiteral("filter"), path, QStringLiteral("--corpus"),
                                       QStringLiteral("law"), QStringLiteral("--kind"), QStringLiteral("bitext"),
                                       QStringLiteral("--margin-min"), QStringLiteral("0.9")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--margin-min") && r.err.contains(says.toUtf8()) && r.err.contains("--side tgt"),
                 r.err.constData());
        auto store = Store::open(path.toStdString()).value();
        QVERIFY(listRuns(*store, RunKind::Filter).value().empty());
    }

    // A pipeline file (untrusted): each error names the file, the line and the step or key.
    void pipelineFileErrors_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("malformed") << QByteArray("{\"name\": \"p\",\n \"steps\": [\n  {\"kind\": \"near-dup\",}\n]}")
                                   << "p.json: malformed JSON at line 3";
        QTest::newRow("unknown kind") << QByteArray("{\"name\": \"p\",\n \"steps\": [\n  {\"kind\": \"near-dupe\"}]}")
                                      << "p.json:3: step 1: unknown kind \"near-dupe\"";
        QTest::newRow("unknown option")
            << QByteArray(
                   "{\"name\": \"p\", \"steps\": [\n {\"kind\": \"langid\"},\n {\"kind\": \"near-dup\",\n  "
                   "\"treshold\": 0.8}]}")
            << "p.json:4: step 2 (near-dup): unknown option \"treshold\"";
        QTest::newRow("option of another kind")
            << QByteArray("{\"name\": \"p\", \"steps\": [\n {\"kind\": \"near-dup\", \"eps\": 0.1}]}")
            << "p.json:2: step 1 (near-dup): --eps belongs to --kind semantic-dup, not --kind near-dup";
        QTest::newRow("out of range") << QByteArray(
                                             "{\"name\": \"p\", \"steps\": [\n\n {\"kind\": \"near-dup\",\n "
                                             "\"threshold\": 1.5}]}")
                                      << "p.json:4: step 1 (near-dup): --threshold";
        QTest::newRow("not a whole number")
            << QByteArray("{\"name\": \"p\", \"steps\": [{\"kind\": \"near-dup\", \"permutations\": 12.5}]}")
            << "p.json:1: step 1 (near-dup): --permutations takes a whole number, not 12.5";
        QTest::newRow("string for a number")
            << QByteArray("{\"name\": \"p\", \"steps\": [{\"kind\": \"bitext\", \"margin-min\": \"high\"}]}")
            << "step 1 (bitext): --margin-min takes a number";
        QTest::newRow("corpus in a step")
            << QByteArray("{\"name\": \"p\", \"steps\": [{\"kind\": \"near-dup\", \"corpus\": \"x\"}]}")
            << "\"corpus\" is not a step option";
        QTest::newRow("bands do not divide")
            << QByteArray("{\"name\": \"p\", \"steps\": [{\"kind\": \"near-dup\", \"bands\": 5}]}")
            << "p.json:1: step 1: --bands 5 must divide";
        QByteArray many = "{\"name\": \"p\", \"steps\": [";
        for (int i = 0; i < 33; ++i) many += QByteArray(i ? "," : "") + "{\"kind\": \"near-dup\"}";
        QTest::newRow("too many steps") << many + "]}"
                                        << "at most 32 steps, not 33";
        QTest::newRow("bad name") << QByteArray("{\"name\": \"a b\", \"steps\": [{\"kind\": \"near-dup\"}]}")
                                  << "\"name\" must be";
        QTest::newRow("no steps") << QByteArray("{\"name\": \"p\", \"steps\": []}") << "non-empty list";
        QTest::newRow("no kind") << QByteArray("{\"name\": \"p\", \"steps\": [{\"threshold\": 0.8}]}")
                                 << "step 1 has no \"kind\"";
        QTest::newRow("unknown key") << QByteArray("{\"name\": \"p\", \"stepz\": []}") << "unknown key \"stepz\"";
        QTest::newRow("not an object") << QByteArray("[1, 2]") << "a pipeline is an object";
        QTest::newRow("too large") << QByteArray(int(kMaxPipelineBytes) + 1, ' ') << "has more than 1048576 bytes";
    }
    void pipelineFileErrors() {
        QFETCH(QByteArray, text);
        QFETCH(QString, says);
        const std::string path = dltest::writeFile(dir_, QStringLiteral("p.json"), text);
        auto r = readFilterPipelineFile(path);
        QVERIFY(!r);
        QCOMPARE(r.error().kind, ErrorKind::Usage);
        QVERIFY2(QString::fromStdString(r.error().message).contains(says), r.error().message.c_str());
        if (text.size() < 1000)
            QVERIFY(QString::fromStdString(r.error().message).startsWith(QString::fromStdString(path)));
    }

    // A pipeline run: near-dup, then bitext on what near-dup kept. Step 2's input is step 1's
    // kept sentences and its removals are exactly a standalone bitext run's among them; the runs
    // name the pipeline and the earlier steps; export --filter of the last step leaves out both
    // steps' removals; the pipeline runs again by name on another corpus; a failing or
    // cancelled step stores nothing.
    void pipelineRun() {
        DLTEST_REQUIRE_SHARED_DATA();
        const QString path = makeBitextProject(QStringLiteral("pipeline.dlproj"));
        // Planted near-duplicates too: the first 10 pairs again with casing changed.
        {
            auto store = Store::open(path.toStdString()).value();
            std::vector<Sentence> first;
            QVERIFY(forEachSentence(*store, resolveCorpus(*store, "law").value().id, 0, [&](const Sentence& s) {
                first.push_back(s);
                return first.size() < 10;
            }));
            QByteArray e, d;
            for (const auto& s : first)
                e += QString::fromStdString(s.src).toUpper().toUtf8() + "\n",
                    d += QString::fromStdString(s.tgt).toUpper().toUtf8() + "\n";
            ImportParams more;
            more.srcPath = dltest::writeFile(dir_, QStringLiteral("pipeline-more.en"), e);
            more.tgtPath = dltest::writeFile(dir_, QStringLiteral("pipeline-more.de"), d);
            more.corpus = "law";
            more.dedupe = false;
            NullProgress np;
            CancelToken ct;
            runImport(more, *store, np, ct).value();
        }
        const std::string file =
            dltest::writeFile(dir_, QStringLiteral("clean.json"),
                              "{\"name\": \"clean\",\n \"steps\": [{\"kind\": \"near-dup\", \"threshold\": 0.8},\n"
                              "           {\"kind\": \"bitext\", \"max-repeat\": 0.4}]}\n");
        auto pipeline = readFilterPipelineFile(file);
        QVERIFY2(pipeline, pipeline ? "" : pipeline.error().message.c_str());
        QCOMPARE(pipeline->steps.size(), std::size_t(2));
        QCOMPARE(pipeline->steps[1].line, 3);
        auto store = Store::open(path.toStdString()).value();
        NullProgress np;
        CancelToken ct;
        CancelToken cancelled;
        cancelled.cancel();
        QVERIFY(!runFilterPipeline(*pipeline, "law", 2, *store, np, cancelled));
        QVERIFY(listRuns(*store, RunKind::Filter).value().empty());

        auto r = runFilterPipeline(*pipeline, "law", 2, *store, np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QCOMPARE(r->steps.size(), std::size_t(2));
        const auto& s1 = r->steps[0].summary;
        const auto& s2 = r->steps[1].summary;
        QCOMPARE(s1.sentences, std::int64_t(95));
        QVERIFY(s1.removed >= 10);
        QCOMPARE(s2.sentences, s1.kept);
        QCOMPARE(r->kept, s2.kept);
        auto idsOf = [&](std::int64_t run) { return removedSentenceIds(*store, run).value(); };
        const auto removed1 = idsOf(r->steps[0].runId), removed2 = idsOf(r->steps[1].runId);
        for (auto id : removed2) QVERIFY(!removed1.contains(id));
        // Standalone bitext on the whole corpus: among what near-dup kept, the same removals.
        FilterParams alone;
        alone.corpus = "law";
        alone.kind = FilterKind::Bitext;
        auto a = runFilter(alone, *store, np, ct);
        QVERIFY(a);
        std::unordered_set<std::int64_t> expected;
        for (auto id : idsOf(a->runId))
            if (!removed1.contains(id)) expected.insert(id);
        QCOMPARE(removed2, expected);
        QVERIFY(!expected.empty());
        const auto run2 = getRun(*store, r->steps[1].runId).value();
        QCOMPARE(run2.params["pipeline"]["name"].get<std::string>(), std::string("clean"));
        QCOMPARE(run2.params["pipeline"]["step"].get<int>(), 2);
        QCOMPARE(run2.params["after_runs"], nlohmann::json::array({r->steps[0].runId}));
        QCOMPARE(run2.params["max_repeat"].get<double>(), 0.4);

        // export --filter of the last step leaves out both steps' removals.
        const QString prefix = dir_.filePath(QStringLiteral("pipeline-export"));
        const auto ex = dltest::runCli(
            {QStringLiteral("export"), path, QStringLiteral("--shards"), QStringLiteral("--corpus"),
             QStringLiteral("law"), QStringLiteral("--format"), QStringLiteral("tsv"), QStringLiteral("--out"), prefix,
             QStringLiteral("--filter"), QString::number(r->steps[1].runId), QStringLiteral("--force")});
        QVERIFY2(ex.exitCode == 0, ex.err.constData());
        QFile m(prefix + QStringLiteral(".manifest.json"));
        QVERIFY(m.open(QIODevice::ReadOnly));
        const auto manifest = nlohmann::json::parse(m.readAll().toStdString());
        QCOMPARE(manifest["written"].get<std::int64_t>(), r->kept);
        QCOMPARE(manifest["left_out"].get<std::int64_t>(), s1.sentences - r->kept);
        // The manifest lists every filter run of the corpus (the two steps and the standalone
        // bitext run) with its parameters, counts and whether this export applied it.
        const auto& listed = manifest["filters"];
        QCOMPARE(listed.size(), std::size_t(3));
        const std::map<std::int64_t, std::pair<std::string, const FilterSummary*>> expectedRuns = {
            {r->steps[0].runId, {"--filter (an earlier step of its pipeline)", &s1}},
            {r->steps[1].runId, {"--filter", &s2}},
            {a->runId, {"no", &a->summary}}};
        for (const auto& f : listed) {
            const auto it = expectedRuns.find(f["id"].get<std::int64_t>());
            QVERIFY2(it != expectedRuns.end(), f.dump().c_str());
            QCOMPARE(f["applied"].get<std::string>(), it->second.first);
            QCOMPARE(f["removed"].get<std::int64_t>(), it->second.second->removed);
            QCOMPARE(f["kept"].get<std::int64_t>(), it->second.second->kept);
            QCOMPARE(f["rules"].size(), it->second.second->rules.size());
            QCOMPARE(f["params"], getRun(*store, f["id"].get<std::int64_t>()).value().params);
        }

        // A failing step (semantic-dup needs vectors) stores nothing, not even the steps before it.
        const auto before = listRuns(*store, RunKind::Filter).value().size();
        auto bad = parseFilterPipeline(R"({"name": "bad", "steps": [{"kind": "near-dup"}, {"kind": "semantic-dup"}]})",
                                       "bad.json");
        QVERIFY(bad);
        auto failed = runFilterPipeline(*bad, "law", 2, *store, np, ct);
        QVERIFY(!failed);
        QVERIFY2(failed.error().message.find("step 2 (semantic-dup)") != std::string::npos,
                 failed.error().message.c_str());
        QCOMPARE(listRuns(*store, RunKind::Filter).value().size(), before);
        store.reset();

        // Again by name through the CLI, on another corpus of the project (a copy of law).
        QStringList copy = {QStringLiteral("import"),
                            path,
                            QStringLiteral("--src"),
                            dir_.filePath("pipeline.dlproj.en"),
                            QStringLiteral("--tgt"),
                            dir_.filePath("pipeline.dlproj.de"),
                            QStringLiteral("--corpus"),
                            QStringLiteral("law2"),
                            QStringLiteral("--keep-duplicates"),
                            QStringLiteral("--quiet")};
        QCOMPARE(dltest::runCli(copy).exitCode, 0);
        const auto byName =
            dltest::runCli({QStringLiteral("filter"), path, QStringLiteral("--corpus"), QStringLiteral("law2"),
                            QStringLiteral("--pipeline"), QStringLiteral("clean"), QStringLiteral("--json")});
        QVERIFY2(byName.exitCode == 0, byName.err.constData());
        const auto j = byName.json();
        QCOMPARE(j[QStringLiteral("pipeline")].toString(), QStringLiteral("clean"));
        QCOMPARE(j[QStringLiteral("steps")].toArray().size(), 2);
        QCOMPARE(j[QStringLiteral("steps")].toArray()[1].toObject()[QStringLiteral("sentences")].toInt(),
                 j[QStringLiteral("steps")].toArray()[0].toObject()[QStringLiteral("kept")].toInt());
        // A step option beside --pipeline, a malformed file, an unknown name: usage errors.
        const auto mixed =
            dltest::runCli({QStringLiteral("filter"), path, QStringLiteral("--corpus"), QStringLiteral("law"),
                            QStringLiteral("--pipeline"), QString::fromStdString(file), QStringLiteral("--eps"),
                            QStringLiteral("0.1")});
        QCOMPARE(mixed.exitCode, 2);
        QVERIFY2(mixed.err.contains("--eps is a step option"), mixed.err.constData());
        const std::string broken =
            dltest::writeFile(dir_, QStringLiteral("broken.json"), "{\"name\": \"x\",\n\"steps\": [}");
        const auto bad2 =
            dltest::runCli({QStringLiteral("filter"), path, QStringLiteral("--corpus"), QStringLiteral("law"),
                            QStringLiteral("--pipeline"), QString::fromStdString(broken)});
        QCOMPARE(bad2.exitCode, 2);
        QVERIFY2(bad2.err.contains("malformed JSON at line 2"), bad2.err.constData());
        const auto unknown =
            dltest::runCli({QStringLiteral("filter"), path, QStringLiteral("--corpus"), QStringLiteral("law"),
                            QStringLiteral("--pipeline"), QStringLiteral("nosuch")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("No filter pipeline named 'nosuch'"), unknown.err.constData());
    }

    // The stored run against brute force (all pairs of each cluster, double precision): the same
    // removed sentences with the same kept twins, for each eps and keep rule; the compute pass
    // with small tiles (several per cluster) gives the same removals as with one tile.
    void semanticDupMatchesBruteForce() {
        DLTEST_REQUIRE_SHARED_DATA();
        const QString path = makeVectorProject(QStringLiteral("semdup.dlproj"), true, true);
        auto store = Store::open(path.toStdString()).value();
        const auto corpus = resolveCorpus(*store, "c").value();
        const auto cluster = latestRun(*store, RunKind::Cluster).value();
        const auto m = loadEmbeddings(*store, *cluster.embeddingSetId, corpus.id).value();
        const auto clusterIds = getRunArray<std::int64_t>(*store, cluster.id, blobs::kSentenceIds).value();
        const auto clusterLabels = getRunArray<std::int32_t>(*store, cluster.id, blobs::kLabels).value();
        std::vector<std::int64_t> ids, bytes;
        std::map<std::int64_t, std::int64_t> position;
        QVERIFY(forEachSentence(*store, corpus.id, 0, [&](const Sentence& s) {
            position[s.id] = std::int64_t(ids.size());
            ids.push_back(s.id);
            bytes.push_back(std::int64_t(s.src.size() + s.tgt.size()));
            return true;
        }));
        QCOMPARE(std::int64_t(ids.size()), m.rows);
        std::vector<std::int32_t> labels(ids.size(), -1);
        for (std::size_t i = 0; i < clusterIds.size(); ++i)
            labels[std::size_t(position[clusterIds[i]])] = clusterLabels[i];
        NullProgress np;
        CancelToken ct;
        std::int64_t nonTrivial = 0;
        for (double eps : {0.0005, 0.002, 0.01})
            for (KeepRule keep : {KeepRule::First, KeepRule::Longest, KeepRule::Central}) {
                const auto expected = bruteForceSemDup(m, labels, bytes, eps, keep);
                FilterParams p;
                p.corpus = "c";
                p.kind = FilterKind::SemanticDup;
                p.eps = eps;
                p.keep = keep;
                auto r = runFilter(p, *store, np, ct);
                QVERIFY2(r, r ? "" : r.error().message.c_str());
                std::map<std::int64_t, std::int64_t> got;
                const auto page = removalPage(*store, r->runId, 0, 100000).value();
                for (const auto& row : page) got[position.at(row.removal.sentenceId)] = position.at(row.removal.keptId);
                QCOMPARE(got, expected);
                QCOMPARE(r->summary.removed, std::int64_t(expected.size()));
                QCOMPARE(r->summary.rules.front().rule, std::string("semantic-dup"));
                QCOMPARE(getRun(*store, r->runId).value().embeddingSetId, cluster.embeddingSetId);
                nonTrivial += !expected.empty() && std::int64_t(expected.size()) < m.rows / 2 ? 1 : 0;
                // Tiles of 16 rows (several per cluster) agree with one tile per cluster.
                SemDupOptions small, large;
                small.eps = large.eps = eps;
                small.keep = large.keep = keep;
                small.blockRows = 16;
                large.blockRows = 1 << 20;
                std::vector<float> data = m.data;
                const auto a = findSemanticDuplicates(data, m.dim, labels, bytes, small, ct).value();
                const auto b = findSemanticDuplicates(data, m.dim, labels, bytes, large, ct).value();
                QCOMPARE(a.removed.size(), b.removed.size());
                QCOMPARE(a.pairs, b.pairs);
                for (std::size_t i = 0; i < a.removed.size(); ++i) {
                    QCOMPARE(a.removed[i].index, b.removed[i].index);
                    QCOMPARE(a.removed[i].keptIndex, b.removed[i].keptIndex);
                }
            }
        QVERIFY2(nonTrivial > 0, "no eps removed some but not most sentences");
        // The planted upper-case copies (identical vectors for the uncased encoder) are removed
        // at the smallest eps, each naming the sentence it copies.
        FilterParams p;
        p.corpus = "c";
        p.kind = FilterKind::SemanticDup;
        p.eps = 0.0005;
        auto r = runFilter(p, *store, np, ct).value();
        std::int64_t copies = 0;
        const auto page = removalPage(*store, r.runId, 0, 100000).value();
        for (const auto& row : page)
            copies += row.src == QString::fromStdString(row.keptSrc).toUpper().toStdString() ? 1 : 0;
        QVERIFY2(copies >= 10, qPrintable(QString::number(copies)));
        // The ledger's text names the rule, the cosine and the cluster run.
        const auto text = QString::fromStdString(filterLedgerText(filterLedger(*store, r.runId, 0, 5).value()));
        QVERIFY2(text.contains(QStringLiteral("semantic-dup kept")) && text.contains(QStringLiteral("(cosine ")) &&
                     text.contains(QStringLiteral("of cluster run %1").arg(cluster.id)),
                 qPrintable(text));
        CancelToken cancelled;
        cancelled.cancel();
        const auto before = listRuns(*store, RunKind::Filter).value().size();
        QVERIFY(!runFilter(p, *store, np, cancelled));
        QCOMPARE(listRuns(*store, RunKind::Filter).value().size(), before);
        p.clusterRun = 9999;
        auto bad = runFilter(p, *store, np, ct);
        QVERIFY(!bad);
    }

    // What semantic-dup needs, named: a corpus not encoded (`encode`), encoded but not clustered
    // (`cluster`), eps out of range, --keep central for another kind.
    void semanticDupErrors() {
        DLTEST_REQUIRE_SHARED_DATA();
        const QString bare = makeVectorProject(QStringLiteral("semdup-bare.dlproj"), false, false);
        auto run = [&](const QString& project, const QStringList& extra) {
            return dltest::runCli(QStringList{QStringLiteral("filter"), project, QStringLiteral("--corpus"),
                                              QStringLiteral("c"), QStringLiteral("--kind"),
                                              QStringLiteral("semantic-dup")} +
                                  extra);
        };
        auto r = run(bare, {});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("`domainlens-cli encode"), r.err.constData());
        const QString encoded = makeVectorProject(QStringLiteral("semdup-enc.dlproj"), true, false);
        r = run(encoded, {});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("`domainlens-cli cluster"), r.err.constData());
        r = run(encoded, {QStringLiteral("--eps"), QStringLiteral("0.7")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--eps"), r.err.constData());
        r = dltest::runCli({QStringLiteral("filter"), encoded, QStringLiteral("--corpus"), QStringLiteral("c"),
                            QStringLiteral("--kind"), QStringLiteral("near-dup"), QStringLiteral("--keep"),
                            QStringLiteral("central")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--keep central"), r.err.constData());
    }

    // Decontamination: a training corpus holding 5 exact copies and 3 punctuation variants of
    // a test corpus's pairs. The run removes exactly those 8 (a brute-force exact-Jaccard check
    // against every test pair agrees), each naming the test pair it repeats; export leaves them
    // out by default and keeps them with --include-contaminated; the test corpus itself, or a
    // project without dev/test corpora, is refused.
    void decontaminateRun() {
        DLTEST_REQUIRE_SHARED_DATA();
        const QString path = dir_.filePath(QStringLiteral("decontam.dlproj"));
        auto store = Store::create(path.toStdString()).value();
        QStringList en = readLines(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-train2500/law.en")), 70);
        QStringList de = readLines(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-train2500/law.de")), 70);
        QByteArray te, td, re, rd;
        for (int i = 0; i < 10; ++i) te += en[i].toUtf8() + "\n", td += de[i].toUtf8() + "\n";  // the test set
        for (int i = 10; i < 50; ++i) re += en[i].toUtf8() + "\n", rd += de[i].toUtf8() + "\n";
        for (int i = 0; i < 5; ++i) re += en[i].toUtf8() + "\n", rd += de[i].toUtf8() + "\n";  // leaks
        for (int i = 5; i < 8; ++i)
            re += plantedVariant(en[i], 1).toUtf8() + "\n", rd += plantedVariant(de[i], 1).toUtf8() + "\n";
        NullProgress np;
        CancelToken ct;
        auto importPair = [&](const char* corpus, const QByteArray& e, const QByteArray& d, const char* role) {
            ImportParams ip;
            ip.srcPath = dltest::writeFile(dir_, QStringLiteral("dc-%1.en").arg(QLatin1String(corpus)), e);
            ip.tgtPath = dltest::writeFile(dir_, QStringLiteral("dc-%1.de").arg(QLatin1String(corpus)), d);
            ip.corpus = corpus;
            ip.role = role;
            runImport(ip, *store, np, ct).value();
        };
        importPair("train", re, rd, "");
        FilterParams p;
        p.corpus = "train";
        p.kind = FilterKind::Decontaminate;
        auto none = runFilter(p, *store, np, ct);  // no dev/test corpus yet
        QVERIFY(!none);
        QVERIFY(QString::fromStdString(none.error().message).contains(QStringLiteral("--role")));
        importPair("test", te, td, "test");
        const auto corpora = listCorpora(*store).value();
        for (const auto& c : corpora) QCOMPARE(c.role, std::string(c.name == "test" ? "test" : "train"));

        auto r = runFilter(p, *store, np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QCOMPARE(r->summary.removed, std::int64_t(8));
        QCOMPARE(r->summary.details["references"][0]["corpus"].get<std::string>(), std::string("test"));
        // Brute force: every train pair against every test pair, both sides at Jaccard >= 0.8.
        const auto spec = *parseShingleSpec("char:5");
        std::set<std::int64_t> expected;
        const QStringList trainEn = QString::fromUtf8(re).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const QStringList trainDe = QString::fromUtf8(rd).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (int i = 0; i < trainEn.size(); ++i)
            for (int j = 0; j < 10; ++j) {
                const auto a = shingleHashes(normaliseForDedup(trainEn[i].toStdString()), spec, 1);
                const auto b = shingleHashes(normaliseForDedup(en[j].toStdString()), spec, 1);
                const auto c = shingleHashes(normaliseForDedup(trainDe[i].toStdString()), spec, 1);
                const auto d = shingleHashes(normaliseForDedup(de[j].toStdString()), spec, 1);
                if (exactJaccard(a, b) >= 0.8 && exactJaccard(c, d) >= 0.8) expected.insert(i);
            }
        std::set<std::int64_t> removedPositions;
        const auto rows = removalPage(*store, r->runId, 0, 100).value();
        for (const auto& row : rows) {
            removedPositions.insert(row.position);
            QVERIFY(row.keptPosition >= 0 && row.keptPosition < 10);  // a position in the test corpus
            QVERIFY(row.removal.similarity >= 0.8);
        }
        QCOMPARE(removedPositions, expected);
        QCOMPARE(expected, (std::set<std::int64_t>{40, 41, 42, 43, 44, 45, 46, 47}));
        QVERIFY(QString::fromStdString(filterLedgerText(filterLedger(*store, r->runId, 0, 3).value()))
                    .contains(QStringLiteral("repeats dev/test sentence")));

        // Export: left out by default, kept on request; the manifest says which.
        ExportParams ep;
        ep.mode = ExportMode::Shards;
        ep.corpus = "train";
        ep.format = ExportFormat::Tsv;
        ep.outPrefix = dir_.filePath(QStringLiteral("dc-shards")).toStdString();
        auto out = runExport(ep, *store, np, ct).value();
        QCOMPARE(out.manifest["written"].get<std::int64_t>(), std::int64_t(trainEn.size() - 8));
        QCOMPARE(out.manifest["decontamination"]["left_out"].get<bool>(), true);
        QCOMPARE(out.manifest["decontamination"]["contaminated"].get<std::int64_t>(), std::int64_t(8));
        ep.includeContaminated = true;
        ep.force = true;
        out = runExport(ep, *store, np, ct).value();
        QCOMPARE(out.manifest["written"].get<std::int64_t>(), std::int64_t(trainEn.size()));
        QCOMPARE(out.manifest["decontamination"]["left_out"].get<bool>(), false);

        p.corpus = "test";  // the reference itself
        auto self = runFilter(p, *store, np, ct);
        QVERIFY(!self);
        QVERIFY(QString::fromStdString(self.error().message).contains(QStringLiteral("test corpus")));
        // A role given on import changes an existing corpus's; an unknown one is refused.
        ImportParams again;
        again.srcPath = dltest::writeFile(dir_, QStringLiteral("dc-more.en"), "one more line\n");
        again.corpus = "test-mono";
        again.role = "dev";
        runImport(again, *store, np, ct).value();
        QCOMPARE(findCorpus(*store, "test-mono").value().role, std::string("dev"));
        again.role = "holdout";
        QVERIFY(!importParamTable().validate(again));
    }

    // filter --shard I/N + merge stores ONE run equal to the unsharded run: the same removed
    // sentences, rules, twins and similarities, and the same summary (counts, candidate and
    // verified pairs, groups, banding) but for the time; for several shard counts (1 to more
    // shards than a tenth of the rows), sides and keep rules, char and word shingles.
    void shardedNearDupEqualsUnsharded_data() {
        QTest::addColumn<int>("shards");
        QTest::addColumn<QString>("sides");
        QTest::addColumn<QString>("keep");
        QTest::addColumn<QString>("shingle");
        QTest::newRow("1 shard") << 1 << "both"
                                 << "first"
                                 << "char:5";
        QTest::newRow("3 shards, both, first") << 3 << "both"
                                               << "first"
                                               << "char:5";
        QTest::newRow("4 shards, either, longest") << 4 << "either"
                                                   << "longest"
                                                   << "char:5";
        QTest::newRow("7 shards, src, word:2") << 7 << "src"
                                               << "first"
                                               << "word:2";
        QTest::newRow("40 shards, either, first") << 40 << "either"
                                                  << "first"
                                                  << "char:4";
    }
    void shardedNearDupEqualsUnsharded() {
        DLTEST_REQUIRE_SHARED_DATA();
        QFETCH(int, shards);
        QFETCH(QString, sides);
        QFETCH(QString, keep);
        QFETCH(QString, shingle);
        const QString tag = QStringLiteral("shardeq-%1-%2-%3").arg(shards).arg(sides, keep);
        const QString path = makeShardProject(tag + QStringLiteral(".dlproj"));
        auto store = Store::open(path.toStdString()).value();
        NullProgress np;
        CancelToken ct;
        FilterParams p;
        p.corpus = "law";
        p.sides = sides == QLatin1String("both")  ? SidesRule::Both
                  : sides == QLatin1String("src") ? SidesRule::Src
                                                  : SidesRule::Either;
        p.keep = keep == QLatin1String("longest") ? KeepRule::Longest : KeepRule::First;
        p.shingle = shingle.toStdString();
        p.threshold = 0.7;
        auto whole = runFilter(p, *store, np, ct);
        QVERIFY2(whole, whole ? "" : whole.error().message.c_str());
        const QString dir = dir_.filePath(tag + QStringLiteral("-shards"));
        p.threads = 1;  // threads are not part of the shards' parameters
        writeFilterShards(*store, p, shards, dir);
        if (QTest::currentTestFailed()) return;
        MergeParams mp;
        mp.dir = dir.toStdString();
        auto merged = runMerge(mp, *store, np, ct);
        QVERIFY2(merged, merged ? "" : merged.error().message.c_str());
        QCOMPARE(merged->job, std::string("filter"));
        QCOMPARE(merged->shards, shards);

        const auto a = getRun(*store, whole->runId).value(), b = getRun(*store, merged->runId).value();
        QVERIFY(b.kind == RunKind::Filter);
        QCOMPARE(b.corpusId, a.corpusId);
        QCOMPARE(b.params["shards"].get<int>(), shards);
        nlohmann::json pa = a.params, pb = b.params;
        pb.erase("shards"), pa.erase("threads"), pb.erase("threads");
        QCOMPARE(QString::fromStdString(pb.dump()), QString::fromStdString(pa.dump()));
        QCOMPARE(QString::fromStdString(summaryWithoutTime(b).dump()),
                 QString::fromStdString(summaryWithoutTime(a).dump()));
        const auto ra = allRemovals(*store, a.id), rb = allRemovals(*store, b.id);
        QVERIFY(ra.size() >= 40);  // the planted variants at least
        QCOMPARE(rb.size(), ra.size());
        const auto ids = corpusLabels(*store, a.corpusId).value().sentenceIds;
        int straddling = 0;  // a removed sentence and its twin in different shards
        auto shardOf = [&](std::int64_t id) {
            const auto row = std::size_t(std::lower_bound(ids.begin(), ids.end(), id) - ids.begin());
            for (int i = 0; i < shards; ++i)
                if (const auto [f, l] = shardRowRange(ShardSpec{i, shards}, ids.size()); row >= f && row < l) return i;
            return -1;
        };
        for (std::size_t i = 0; i < ra.size(); ++i) {
            QCOMPARE(rb[i].sentenceId, ra[i].sentenceId);
            QCOMPARE(rb[i].keptId, ra[i].keptId);
            QCOMPARE(rb[i].similarity, ra[i].similarity);
            QCOMPARE(rb[i].rule, ra[i].rule);
            straddling += shardOf(ra[i].sentenceId) != shardOf(ra[i].keptId);
        }
        if (shards > 1) QVERIFY2(straddling >= 10, qPrintable(QString::number(straddling)));
        // The merge is recorded, and a rerun of a complete shard is skipped.
        QCOMPARE(getRun(*store, merged->mergeRunId).value().params["job"].get<std::string>(), std::string("filter"));
        auto again = runFilterShard({p, ShardSpec{0, shards}, dir.toStdString()}, *store, np, ct);
        QVERIFY(again && again->skipped);
    }

    // A bad folder of filter shards is refused, naming the file (or shard) and what is wrong, and
    // the project is left as it was: no filter run, no merge record.
    void shardMergeRefusesBadSets_data() {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << "missing"
                                 << "missing or invalid";
        QTest::newRow("truncated") << "truncated"
                                   << "filter-1-of-3.bin";
        QTest::newRow("duplicated") << "duplicated"
                                    << "overlap";
        QTest::newRow("other parameters") << "params"
                                          << "filter-1-of-3.manifest.json: shard 1 of 3";
        QTest::newRow("other project") << "project"
                                       << "another project";
        QTest::newRow("signatures of another permutation count") << "shape"
                                                                 << "signatures_src";
    }
    void shardMergeRefusesBadSets() {
        DLTEST_REQUIRE_SHARED_DATA();
        QFETCH(QString, damage);
        QFETCH(QString, message);
        const QString name = QStringLiteral("bad-") + damage;
        FilterParams p;
        const QString path = threeShards(name, p);
        const QString dir = dir_.filePath(name + QStringLiteral("-shards"));
        const auto file = [&](int i, const char* ext) {
            return QDir(dir).filePath(QStringLiteral("filter-%1-of-3.%2").arg(i).arg(QLatin1String(ext)));
        };
        auto store = Store::open(path.toStdString()).value();
        NullProgress np;
        CancelToken ct;
        if (damage == QLatin1String("missing")) {
            QVERIFY(QFile::remove(file(1, "manifest.json")));
        } else if (damage == QLatin1String("truncated")) {
            QFile f(file(1, "bin"));
            QVERIFY(f.resize(f.size() - 100));
        } else if (damage == QLatin1String("duplicated") || damage == QLatin1String("shape")) {
            // Shard 0's data again under shard 1's name (duplicated), or shard 1 rewritten with
            // 64-value signatures (shape), each with a manifest whose checksum matches.
            auto m = readShardManifest(file(1, "manifest.json").toStdString()).value();
            if (damage == QLatin1String("duplicated")) {
                QVERIFY(QFile::remove(file(1, "bin")));
                QVERIFY(QFile::copy(file(0, "bin"), file(1, "bin")));
                const auto m0 = readShardManifest(file(0, "manifest.json").toStdString()).value();
                m.firstId = m0.firstId, m.lastId = m0.lastId, m.rows = m0.rows;
            } else {
                const std::vector<std::uint32_t> sig(std::size_t(m.rows) * 64, 1);
                const auto realIds =
                    corpusLabels(*store, m.params["corpus_id"].get<std::int64_t>()).value().sentenceIds;
                auto w2 = ShardFileWriter::create(file(1, "bin").toStdString()).value();
                const auto [f, l] = shardRowRange(ShardSpec{1, 3}, realIds.size());
                const std::vector<std::int64_t> shardIds(realIds.begin() + std::ptrdiff_t(f),
                                                         realIds.begin() + std::ptrdiff_t(l));
                QVERIFY(w2->array("ids", ShardDType::I64, m.rows, 1, std::span<const std::int64_t>(shardIds)));
                QVERIFY(w2->array("signatures_src", ShardDType::I32, m.rows, 64, std::span<const std::uint32_t>(sig)));
                QVERIFY(w2->finish());
            }
            m.sha256 = sha256OfFile(file(1, "bin").toStdString()).value();
            QVERIFY(writeShardManifest(dir.toStdString(), m));
        } else if (damage == QLatin1String("params")) {
            QVERIFY(QFile::remove(file(1, "manifest.json")));
            FilterParams other = p;
            other.threshold = 0.7;
            auto o = runFilterShard({other, ShardSpec{1, 3}, dir.toStdString()}, *store, np, ct);
            QVERIFY2(o, o ? "" : o.error().message.c_str());
        } else if (damage == QLatin1String("project")) {
            // The same shards merged into another project whose corpus "law" is smaller.
            store.reset();
            const QString otherPath = makeProject(name + QStringLiteral("-other.dlproj"));
            store = Store::open(otherPath.toStdString()).value();
        }
        MergeParams mp;
        mp.dir = dir.toStdString();
        auto r = runMerge(mp, *store, np, ct);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error().message).contains(message), r.error().message.c_str());
        QVERIFY(noFilterOrMergeRun(*store));
    }

    // The kinds that cannot run in shards are refused naming --shard; a cancelled shard leaves
    // no file and a cancelled merge no run.
    void shardRefusalsAndCancel() {
        DLTEST_REQUIRE_SHARED_DATA();
        const QString path = makeShardProject(QStringLiteral("shard-cancel.dlproj"));
        auto store = Store::open(path.toStdString()).value();
        NullProgress np;
        CancelToken ct;
        const QString dir = dir_.filePath(QStringLiteral("shard-cancel"));
        FilterParams p;
        p.corpus = "law";
        for (FilterKind kind :
             {FilterKind::SemanticDup, FilterKind::LangId, FilterKind::Bitext, FilterKind::Decontaminate}) {
            FilterParams k = p;
            k.kind = kind;
            auto r = runFilterShard({k, ShardSpec{0, 2}, dir.toStdString()}, *store, np, ct);
            QVERIFY(!r);
            QCOMPARE(r.error().kind, ErrorKind::Usage);
            QVERIFY2(QString::fromStdString(r.error().message).contains(QStringLiteral("--shard")),
                     r.error().message.c_str());
        }
        CancelToken cancelled;
        cancelled.cancel();
        auto r = runFilterShard({p, ShardSpec{0, 2}, dir.toStdString()}, *store, np, cancelled);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::Cancelled);
        QVERIFY(QDir(dir).entryList(QDir::Files | QDir::Hidden).isEmpty());
        writeFilterShards(*store, p, 2, dir);
        MergeParams mp;
        mp.dir = dir.toStdString();
        auto m = runMerge(mp, *store, np, cancelled);
        QVERIFY(!m);
        QCOMPARE(m.error().code, ErrorCode::Cancelled);
        QVERIFY(noFilterOrMergeRun(*store));
    }

    // The CLI: filter --shard I/N --out DIR twice, merge, the same removed count as the
    // unsharded run; --shard with a kind that cannot run in shards or with --pipeline: exit 2.
    void shardCli() {
        DLTEST_REQUIRE_SHARED_DATA();
        const QString path = makeShardProject(QStringLiteral("shard-cli.dlproj"));
        const QString dir = dir_.filePath(QStringLiteral("shard-cli"));
        const QStringList base = {QStringLiteral("filter"),   path,
                                  QStringLiteral("--corpus"), QStringLiteral("law"),
                                  QStringLiteral("--kind"),   QStringLiteral("near-dup"),
                                  QStringLiteral("--json")};
        const auto whole = dltest::runCli(base);
        QVERIFY2(whole.exitCode == 0, whole.err.constData());
        for (const char* s : {"0/2", "1/2"}) {
            const auto r = dltest::runCli(
                base + QStringList{QStringLiteral("--shard"), QLatin1String(s), QStringLiteral("--out"), dir});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QCOMPARE(r.json()[QStringLiteral("job")].toString(), QStringLiteral("filter"));
        }
        const auto m = dltest::runCli({QStringLiteral("merge"), path, dir, QStringLiteral("--json")});
        QVERIFY2(m.exitCode == 0, m.err.constData());
        QCOMPARE(m.json()[QStringLiteral("job")].toString(), QStringLiteral("filter"));
        QCOMPARE(m.json()[QStringLiteral("removed")].toInt(), whole.json()[QStringLiteral("removed")].toInt());
        const QString run = QString::number(m.json()[QStringLiteral("run")].toInt());
        const auto rep = dltest::runCli({QStringLiteral("report"), path, run, QStringLiteral("--json")});
        QVERIFY2(rep.exitCode == 0, rep.err.constData());
        QCOMPARE(rep.json()[QStringLiteral("summary")].toObject()[QStringLiteral("removed")].toInt(),
                 whole.json()[QStringLiteral("removed")].toInt());
        const auto semantic =
            dltest::runCli({QStringLiteral("filter"), path, QStringLiteral("--corpus"), QStringLiteral("law"),
                            QStringLiteral("--kind"), QStringLiteral("semantic-dup"), QStringLiteral("--shard"),
                            QStringLiteral("0/2"), QStringLiteral("--out"), dir});
        QCOMPARE(semantic.exitCode, 2);
        QVERIFY2(QString::fromUtf8(semantic.err).contains(QStringLiteral("unsharded")), semantic.err.constData());
        const auto pipeline =
            dltest::runCli({QStringLiteral("filter"), path, QStringLiteral("--corpus"), QStringLiteral("law"),
                            QStringLiteral("--pipeline"), QStringLiteral("x"), QStringLiteral("--shard"),
                            QStringLiteral("0/2"), QStringLiteral("--out"), dir});
        QCOMPARE(pipeline.exitCode, 2);
    }

    void cli_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("stderrNames");
        QTest::newRow("ok") << QStringList{} << 0 << "";
        QTest::newRow("threshold 0") << QStringList{QStringLiteral("--threshold"), QStringLiteral("0")} << 2
                                     << "--threshold";
        QTest::newRow("threshold 1.5") << QStringList{QStringLiteral("--threshold"), QStringLiteral("1.5")} << 2
                                       << "--threshold";
        QTest::newRow("bands * rows != permutations")
            << QStringList{QStringLiteral("--bands"), QStringLiteral("5")} << 2 << "--bands";
        QTest::newRow("bad shingle") << QStringList{QStringLiteral("--shingle"), QStringLiteral("char:0")} << 2
                                     << "--shingle";
        QTest::newRow("bad sides") << QStringList{QStringLiteral("--sides"), QStringLiteral("left")} << 2 << "--sides";
        QTest::newRow("unknown corpus") << QStringList{QStringLiteral("--corpus"), QStringLiteral("nope")} << 1
                                        << "nope";
        QTest::newRow("langid unknown language") << QStringList{QStringLiteral("--kind"), QStringLiteral("langid"),
                                                                QStringLiteral("--lang-src"), QStringLiteral("xx")}
                                                 << 2 << "\"xx\"";
        QTest::newRow("bitext max-char-ratio 0.5")
            << QStringList{QStringLiteral("--kind"), QStringLiteral("bitext"), QStringLiteral("--max-char-ratio"),
                           QStringLiteral("0.5")}
            << 2 << "--max-char-ratio";
        QTest::newRow("bitext min-words above max-words")
            << QStringList{QStringLiteral("--kind"), QStringLiteral("bitext"),      QStringLiteral("--min-words"),
                           QStringLiteral("20"),     QStringLiteral("--max-words"), QStringLiteral("10")}
            << 2 << "--max-words";
        QTest::newRow("bitext max-copy 2") << QStringList{QStringLiteral("--kind"), QStringLiteral("bitext"),
                                                          QStringLiteral("--max-copy"), QStringLiteral("2")}
                                           << 2 << "--max-copy";
        QTest::newRow("langid min-prob 1.5") << QStringList{QStringLiteral("--kind"), QStringLiteral("langid"),
                                                            QStringLiteral("--min-prob"), QStringLiteral("1.5")}
                                             << 2 << "--min-prob";
        // An option of another kind is refused, naming it and its kinds.
        QTest::newRow("eps with near-dup") << QStringList{QStringLiteral("--eps"), QStringLiteral("0.1")} << 2
                                           << "--eps belongs to --kind semantic-dup, not --kind near-dup";
        QTest::newRow("min-prob with bitext") << QStringList{QStringLiteral("--kind"), QStringLiteral("bitext"),
                                                             QStringLiteral("--min-prob"), QStringLiteral("0.5")}
                                              << 2 << "--min-prob belongs to --kind langid, not --kind bitext";
        QTest::newRow("threshold with langid")
            << QStringList{QStringLiteral("--kind"), QStringLiteral("langid"), QStringLiteral("--threshold"),
                           QStringLiteral("0.7")}
            << 2 << "--threshold belongs to --kind near-dup or decontaminate, not --kind langid";
    }
    void cli() {
        DLTEST_REQUIRE_SHARED_DATA();
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, stderrNames);
        const QString path =
            makeProject(QStringLiteral("cli-%1.dlproj")
                            .arg(QTest::currentDataTag())
                            .replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9.-]")), QStringLiteral("_")));
        QStringList full = {QStringLiteral("filter"), path, QStringLiteral("--kind"), QStringLiteral("near-dup"),
                            QStringLiteral("--json")};
        if (!args.contains(QStringLiteral("--corpus"))) full << QStringLiteral("--corpus") << QStringLiteral("law");
        const auto r = dltest::runCli(full + args);
        QCOMPARE(r.exitCode, exitCode);
        if (exitCode != 0) {
            QVERIFY2(QString::fromUtf8(r.err).contains(stderrNames), r.err.constData());
            return;
        }
        const auto j = r.json();
        for (const char* key : {"run", "sentences", "kept", "removed", "rules", "lsh", "params"})
            QVERIFY2(j.contains(QLatin1String(key)), key);
        QCOMPARE(j[QStringLiteral("removed")].toInt(), 10);
        QVERIFY(j[QStringLiteral("lsh")].toObject().contains(QStringLiteral("fn_at_threshold")));
        const QString run = QString::number(j[QStringLiteral("run")].toInt());
        // The ledger through report, and export honouring the run.
        const auto rep = dltest::runCli({QStringLiteral("report"), path, run, QStringLiteral("--json"),
                                         QStringLiteral("--limit"), QStringLiteral("5")});
        QCOMPARE(rep.exitCode, 0);
        QCOMPARE(rep.json()[QStringLiteral("removed")].toArray().size(), 5);
        QVERIFY(rep.json()[QStringLiteral("removed")].toArray()[0].toObject().contains(QStringLiteral("kept_src")));
        const QString prefix = dir_.filePath(QStringLiteral("cli-export"));
        const auto ex = dltest::runCli({QStringLiteral("export"), path, QStringLiteral("--shards"),
                                        QStringLiteral("--corpus"), QStringLiteral("law"), QStringLiteral("--format"),
                                        QStringLiteral("tsv"), QStringLiteral("--out"), prefix,
                                        QStringLiteral("--filter"), run, QStringLiteral("--force")});
        QVERIFY2(ex.exitCode == 0, ex.err.constData());
        QFile m(prefix + QStringLiteral(".manifest.json"));
        QVERIFY(m.open(QIODevice::ReadOnly));
        const auto manifest = QJsonDocument::fromJson(m.readAll()).object();
        QCOMPARE(manifest[QStringLiteral("filter")].toObject()[QStringLiteral("removed")].toInt(), 10);
        QCOMPARE(manifest[QStringLiteral("written")].toInt(), j[QStringLiteral("kept")].toInt());
    }
};

QTEST_GUILESS_MAIN(TestFilter)
#include "tst_filter.moc"
