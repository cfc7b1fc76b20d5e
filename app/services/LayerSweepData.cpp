#include "LayerSweepData.h"

#include <QObject>

#include <algorithm>
#include <cmath>

#include "runs/LayerSweepSummary.h"
#include "store/Runs.h"
#include "store/Store.h"

dl::Expected<LayerSweepViewData> readLayerSweepView(const QString& projectPath, qint64 runId) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto run = dl::getRun(**store, runId);
    if (!run) return std::unexpected(run.error());
    if (run->kind != dl::RunKind::LayerSweep)
        return dl::usageError("Run " + std::to_string(runId) + " is not a layer sweep.");
    auto summary = dl::LayerSweepSummary::fromJson(run->summary, runId);
    if (!summary) return std::unexpected(summary.error());
    const dl::LayerSweepSummary& s = *summary;
    int highest = 0;
    for (const auto& p : s.points) highest = std::max(highest, p.layer);
    LayerSweepViewData d;
    d.runId = runId;
    SweepSeries purity{QObject::tr("Purity"), {}}, nmi{QObject::tr("NMI"), {}},
        silhouette{QObject::tr("Silhouette"), {}};
    for (const auto& p : s.points) {
        const int layer = p.layer;
        d.x << (layer < 0 ? highest + 1 : layer);
        d.xLabels << (layer < 0 ? QObject::tr("last") : QString::number(layer));
        purity.y << p.purityMean;
        nmi.y << p.nmiMean;
        silhouette.y << p.silhouette;
    }
    // Sorted by layer so the lines run left to right.
    QVector<int> order(d.x.size());
    for (int i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return d.x[a] < d.x[b]; });
    auto permute = [&](auto& v) {
        auto copy = v;
        for (int i = 0; i < order.size(); ++i) v[i] = copy[order[i]];
    };
    permute(d.x);
    permute(d.xLabels);
    for (SweepSeries* series : {&purity, &nmi, &silhouette}) permute(series->y);
    if (s.labelled) d.series << purity << nmi;
    d.series << silhouette;
    const int chosen = s.chosenLayer;
    d.title = QObject::tr("Run #%1: layer sweep of %2, k = %3 — chosen layer %4 (by %5)")
                  .arg(QString::number(runId), QString::fromStdString(s.model.empty() ? "?" : s.model),
                       QString::number(s.k), chosen < 0 ? QObject::tr("last") : QString::number(chosen),
                       QString::fromStdString(s.chosenBy.empty() ? "?" : s.chosenBy));  // one pass
    return d;
}
