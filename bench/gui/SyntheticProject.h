#pragma once
// A synthetic project of N sentences in 8 labelled domains, imported through the real import
// (normalise, dedupe, one transaction), with a clustering run (labels + probabilities) and a
// selection run (scores) written through the store API, so the views read what real runs store.
#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QString>
#include <QStringList>

#include <cmath>
#include <cstdio>

#include "corpus/Import.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

struct SyntheticRuns {
    qint64 clusterRun = 0;
    qint64 selectRun = 0;
};

inline const QStringList& syntheticDomains() {
    static const QStringList d{QStringLiteral("it"),      QStringLiteral("koran"),     QStringLiteral("law"),
                               QStringLiteral("medical"), QStringLiteral("subtitles"), QStringLiteral("news"),
                               QStringLiteral("patents"), QStringLiteral("books")};
    return d;
}

// Creates `path` with `n` sentences (skips the import when it exists) and returns its runs.
inline dl::Expected<SyntheticRuns> makeSyntheticProject(const QString& path, qint64 n, const QString& scratch) {
    const bool exists = QFile::exists(path);
    auto store = exists ? dl::Store::open(path.toStdString()) : dl::Store::create(path.toStdString());
    if (!store) return std::unexpected(store.error());
    if (!exists) {
        QRandomGenerator rng(42);
        const auto& domains = syntheticDomains();
        for (int d = 0; d < domains.size(); ++d) {
            const QString file = QDir(scratch).filePath(domains[d] + QStringLiteral(".en"));
            QFile f(file);
            if (!f.open(QIODevice::WriteOnly)) return dl::fail("cannot write " + file.toStdString());
            for (qint64 i = 0; i < n / domains.size(); ++i) {
                QByteArray line = domains[d].toUtf8() + ' ' + QByteArray::number(i);
                const int words = 4 + int(rng.bounded(20));
                for (int w = 0; w < words; ++w) line += " w" + QByteArray::number(rng.bounded(5000));
                if (i % 5 == 0) line += " 2024";
                f.write(line + '\n');
            }
            f.close();
            dl::ImportParams p;
            p.srcPath = file.toStdString();
            p.labelSource = dl::LabelSource::FromFilename;
            p.corpus = "pool";
            dl::NullProgress np;
            dl::CancelToken ct;
            auto report = dl::runImport(p, **store, np, ct);
            if (!report) return std::unexpected(report.error());
            QFile::remove(file);
            std::fprintf(stderr, "imported %s\n", qPrintable(domains[d]));
        }
    }
    SyntheticRuns runs;
    if (auto c = dl::latestRun(**store, dl::RunKind::Cluster)) runs.clusterRun = c->id;
    if (auto s = dl::latestRun(**store, dl::RunKind::Select)) runs.selectRun = s->id;
    if (runs.clusterRun && runs.selectRun) return runs;
    auto corpus = dl::findCorpus(**store, "pool");
    if (!corpus) return std::unexpected(corpus.error());
    auto labels = dl::corpusLabels(**store, corpus->id);
    if (!labels) return std::unexpected(labels.error());
    QRandomGenerator rng(7);
    const int k = int(labels->domainNames.size());
    dl::RunResults cluster, select;
    cluster.sentenceIds = select.sentenceIds = labels->sentenceIds;
    for (std::size_t i = 0; i < labels->sentenceIds.size(); ++i) {
        const int truth = labels->domainIndex[i];
        // 85 % land in their own domain's cluster, the rest anywhere: outliers to browse.
        cluster.label.push_back(rng.bounded(100) < 85 ? truth : int(rng.bounded(k)));
        cluster.prob.push_back(0.3 + 0.7 * rng.generateDouble());
        // In-domain ("law") sentences score higher on average: a realistic overlap.
        const double u1 = std::max(1e-12, rng.generateDouble()), u2 = rng.generateDouble();
        const double gauss = std::sqrt(-2 * std::log(u1)) * std::cos(2 * M_PI * u2);
        select.score.push_back(gauss * 0.1 + (labels->domainNames[truth] == "law" ? 0.6 : 0.4));
    }
    std::vector<std::size_t> order(select.score.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const std::size_t top = order.size() / 8;
    std::nth_element(order.begin(), order.begin() + top, order.end(),
                     [&](auto a, auto b) { return select.score[a] > select.score[b]; });
    select.label.assign(order.size(), 0);
    for (std::size_t i = 0; i < top; ++i) select.label[order[i]] = 1;
    nlohmann::json majority = nlohmann::json::array(), domainNames = nlohmann::json::array();
    for (int c = 0; c < k; ++c) majority.push_back(c), domainNames.push_back(labels->domainNames[c]);
    auto tx = (*store)->begin();
    if (!tx) return std::unexpected(tx.error());
    auto c = dl::createRun(**store, dl::RunKind::Cluster, corpus->id, std::nullopt, {{"k", k}});
    if (!c) return std::unexpected(c.error());
    if (auto s = dl::writeRunResults(**store, *c, cluster); !s) return std::unexpected(s.error());
    if (auto s = dl::setRunSummary(**store, *c,
                                   {{"k", k}, {"domains", domainNames}, {"majority", majority}, {"labelled", true}});
        !s)
        return std::unexpected(s.error());
    auto sel = dl::createRun(**store, dl::RunKind::Select, corpus->id, std::nullopt,
                             {{"method", "cosine"}, {"seed", "seeds:law"}});
    if (!sel) return std::unexpected(sel.error());
    if (auto s = dl::writeRunResults(**store, *sel, select); !s) return std::unexpected(s.error());
    if (auto s = dl::setRunSummary(**store, *sel, {{"selected", top}, {"pool_size", order.size()}}); !s)
        return std::unexpected(s.error());
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    return SyntheticRuns{*c, *sel};
}
