#pragma once
// A small real project for the map's views: 60 English sentences each of medical, law and
// koran (../shared/data), a clustering run stored with the layout ClusterJob writes (labels =
// the domains, a 2-D projection with one blob per domain, component means/covariances) and
// two selection runs over the same corpus with different scores (one with classifier
// probabilities), and a layer sweep's summary. Written through the store's own functions.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <tuple>

#include "TestSupport.h"
#include "corpus/Import.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace mapfixture {

struct Project {
    QString path;
    qint64 clusterRun = 0, cosineRun = 0, classifierRun = 0, layerSweepRun = 0;
    std::vector<std::int64_t> ids;  // sentence ids in corpus order
    std::vector<int> domain;        // per sentence: 0 koran, 1 law, 2 medical (sorted names)
};

// Score of sentence i of domain d in selection run `which` (0 = cosine, 1 = classifier):
// both rank medical first, in different orders, and the classifier lets some law in.
inline double score(int which, std::size_t i, int d) {
    const double base = d == 2 ? 1.0 : (which == 1 && d == 1 && i % 4 == 0 ? 0.9 : 0.0);
    return base + (which == 0 ? 0.001 * double(i % 97) : 0.001 * double((i * 37) % 101));
}

inline Project make(const QTemporaryDir& dir) {
    Project p;
    p.path = dir.filePath(QStringLiteral("map.dlproj"));
    auto store = dl::Store::create(p.path.toStdString()).value();
    dl::NullProgress np;
    dl::CancelToken ct;
    for (const char* d : {"medical", "law", "koran"}) {
        QFile f(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/%1.en").arg(QLatin1String(d))));
        if (!f.open(QIODevice::ReadOnly)) qFatal("missing shared data");
        const auto lines = f.readAll().split('\n');
        QByteArray text;
        for (int i = 0; i < 60; ++i) text += lines[i] + "\n";
        dl::ImportParams ip;
        ip.srcPath = dltest::writeFile(dir, QStringLiteral("%1.en").arg(QLatin1String(d)), text);
        ip.labelSource = dl::LabelSource::FromFilename;
        ip.srcLang = "en";
        ip.corpus = "map";
        dl::runImport(ip, *store, np, ct).value();
    }
    const auto corpus = dl::findCorpus(*store, "map").value();
    const auto labels = dl::corpusLabels(*store, corpus.id).value();
    p.ids = labels.sentenceIds;
    p.domain = labels.domainIndex;
    const std::size_t n = p.ids.size();
    auto tx = store->begin().value();
    // Clustering: cluster = domain; one blob per domain on the map.
    p.clusterRun = dl::createRun(*store, dl::RunKind::Cluster, corpus.id, std::nullopt, {{"k", 3}}).value();
    dl::setRunSummary(*store, p.clusterRun,
                      {{"k", 3},
                       {"domains", labels.domainNames},
                       {"majority", {0, 1, 2}},
                       {"labelled", true},
                       {"confusion", {{60, 0, 0}, {0, 60, 0}, {0, 0, 60}}}})
        .value();
    dl::RunResults cr;
    cr.sentenceIds = p.ids;
    std::vector<float> xy;
    for (std::size_t i = 0; i < n; ++i) {
        const int d = p.domain[i];
        cr.label.push_back(d);
        cr.prob.push_back(0.5 + 0.005 * double(i % 100));
        cr.loglik.push_back(-10.0 - double(i % 7));
        xy.push_back(float(4 * d + std::sin(double(i))));
        xy.push_back(float(2 * d + std::cos(double(i) * 1.3)));
    }
    dl::writeRunResults(*store, p.clusterRun, cr).value();
    const std::vector<std::int32_t> dom(p.domain.begin(), p.domain.end());
    const std::vector<double> means{0, 0, 4, 2, 8, 4}, covs{0.5, 0, 0, 0.5, 0.5, 0, 0, 0.5, 0.5, 0, 0, 0.5};
    dl::putRunArray(*store, p.clusterRun, "pca2d", std::span<const float>(xy)).value();
    dl::putRunArray(*store, p.clusterRun, "sentence_ids", std::span<const std::int64_t>(p.ids)).value();
    dl::putRunArray(*store, p.clusterRun, "domain_index", std::span<const std::int32_t>(dom)).value();
    dl::putRunArray(*store, p.clusterRun, "means2d", std::span<const double>(means)).value();
    dl::putRunArray(*store, p.clusterRun, "covs2d", std::span<const double>(covs)).value();
    // Two selections of medical from the same corpus; 60 selected each.
    for (int which : {0, 1}) {
        const char* method = which == 0 ? "cosine" : "finetune-head";
        const qint64 run = dl::createRun(*store, dl::RunKind::Select, corpus.id, std::nullopt,
                                         {{"method", method}, {"seed", "seeds:medical"}})
                               .value();
        dl::RunResults r;
        r.sentenceIds = p.ids;
        for (std::size_t i = 0; i < n; ++i) {
            r.score.push_back(score(which, i, p.domain[i]));
            r.label.push_back(0);
        }
        // The top 60 by score are the stored cut.
        std::vector<std::size_t> order(n);
        for (std::size_t i = 0; i < n; ++i) order[i] = i;
        std::sort(order.begin(), order.end(), [&](auto a, auto b) { return r.score[a] > r.score[b]; });
        for (std::size_t i = 0; i < 60; ++i) r.label[order[i]] = 1;
        if (which == 1)
            for (double s : r.score) r.prob.push_back(std::min(1.0, s));
        dl::writeRunResults(*store, run, r).value();
        (which == 0 ? p.cosineRun : p.classifierRun) = run;
    }
    // A layer sweep as runLayerSweep stores it (purity/NMI with labels, silhouette always).
    p.layerSweepRun = dl::createRun(*store, dl::RunKind::LayerSweep, corpus.id, std::nullopt, {{"k", 3}}).value();
    nlohmann::json points = nlohmann::json::array();
    for (auto [layer, purity, sil] : {std::tuple{10, 0.9, 0.31}, std::tuple{-1, 0.7, 0.35}, std::tuple{4, 0.6, 0.12}})
        points.push_back(
            {{"layer", layer}, {"purity_mean", purity}, {"nmi_mean", purity - 0.2}, {"silhouette", sil}, {"bic", 1.0}});
    dl::setRunSummary(*store, p.layerSweepRun,
                      {{"model", "tiny"},
                       {"k", 3},
                       {"labelled", true},
                       {"points", points},
                       {"chosen_layer", 10},
                       {"chosen_by", "purity"}})
        .value();
    tx.commit().value();
    return p;
}

}  // namespace mapfixture
