#include "ProjectQueries.h"

#include "ParamFields.h"

#include <cmath>

#include <QObject>

#include "encode/ModelCatalog.h"
#include "reports/CorpusOverlap.h"
#include "runs/ClusterSummary.h"
#include "runs/FilterSummary.h"
#include "runs/LayerSweepSummary.h"
#include "runs/SelectSummary.h"
#include "select/RunParams.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Store.h"

dl::Expected<QList<CorpusSummary>> readCorpusSummaries(const QString& projectPath) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto corpora = dl::listCorpora(**store);
    if (!corpora) return std::unexpected(corpora.error());
    auto sets = dl::listEmbeddingSets(**store);
    if (!sets) return std::unexpected(sets.error());
    QList<CorpusSummary> out;
    for (const auto& c : *corpora) {
        CorpusSummary s;
        s.name = QString::fromStdString(c.name);
        s.srcLang = QString::fromStdString(c.srcLang);
        s.tgtLang = QString::fromStdString(c.tgtLang);
        s.sentences = c.sentences;
        s.parallel = c.parallel;
        for (const auto& set : *sets)
            if (auto n = dl::encodedCount(**store, set.id, c.id)) s.encoded = std::max<qint64>(s.encoded, *n);
        for (const auto& d : c.domains) s.domains.append({QString::fromStdString(d.domain), d.sentences});
        out.append(std::move(s));
    }
    return out;
}

dl::Expected<QVector<CorpusOverlapRow>> readCorpusOverlap(const QString& projectPath, const dl::CancelToken& cancel) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto overlap = dl::corpusOverlap(**store, dl::Side::Source, cancel);
    if (!overlap) return std::unexpected(overlap.error());
    QVector<CorpusOverlapRow> out;
    for (const auto& p : overlap->pairs)
        out.append({QString::fromStdString(p.a), QString::fromStdString(p.b), QString::fromStdString(p.aRole),
                    QString::fromStdString(p.bRole), p.aSentences, p.bSentences, p.aInB, p.bInA, p.distinct,
                    p.trainVsHeldOut()});
    return out;
}

dl::Expected<dl::ImportParams> toImportParams(const ImportRequest& r) {
    dl::ImportParams p;
    if (auto s = applyParamValues(dl::importParamTable(), p, r.values); !s) return std::unexpected(s.error());
    if (auto s = dl::importParamTable().validate(p); !s) return std::unexpected(s.error());
    return p;
}

namespace {

// A layer sweep's outcome: the layer it chose, by which criterion, and that layer's score
// (purity in percent with labels, else the silhouette).
QString layerSweepResult(const nlohmann::json& stored) {
    auto summary = dl::LayerSweepSummary::fromJson(stored, 0);
    if (!summary) return {};  // damaged: no headline
    const int layer = summary->chosenLayer;
    const bool byPurity = summary->chosenBy == "purity";
    double score = std::nan("");
    for (const auto& point : summary->points)
        if (const double v = byPurity ? point.purityMean : point.silhouette; point.layer == layer && !std::isnan(v))
            score = v;
    const QString layerName = layer < 0 ? QObject::tr("last layer") : QObject::tr("layer %1").arg(layer);
    if (std::isnan(score))
        return byPurity ? QObject::tr("%1 by purity").arg(layerName) : QObject::tr("%1 by silhouette").arg(layerName);
    return byPurity ? QObject::tr("%1 by purity (%2 %)").arg(layerName).arg(100 * score, 0, 'f', 1)
                    : QObject::tr("%1 by silhouette (%2)").arg(layerName).arg(score, 0, 'f', 3);
}

// The Runs view's Result cell: the run's headline figure.
QString runResultText(dl::RunKind kind, const nlohmann::json& summary) {
    if (!summary.is_object()) return {};
    if (kind == dl::RunKind::Cluster) {
        auto s = dl::ClusterSummary::fromJson(summary, 0);
        if (!s || std::isnan(s->purity.mean)) return {};
        return QObject::tr("purity %1 ± %2 %")
            .arg(100 * s->purity.mean, 0, 'f', 2)
            .arg(100 * (std::isnan(s->purity.std) ? 0.0 : s->purity.std), 0, 'f', 2);
    }
    if (kind == dl::RunKind::Select) {
        auto s = dl::SelectSummary::fromJson(summary, 0);
        if (!s) return {};
        return QObject::tr("%1 of %2 selected").arg(s->selected).arg(s->poolSize);
    }
    if (kind == dl::RunKind::LayerSweep) return layerSweepResult(summary);
    if (kind == dl::RunKind::Filter) {
        auto s = dl::FilterSummary::fromJson(summary, 0);
        if (!s) return {};
        return QObject::tr("%1 of %2 removed").arg(s->removed).arg(s->sentences);
    }
    return {};
}

}  // namespace

QString paramsInWords(const nlohmann::json& params) {
    QStringList parts;
    for (const auto& [key, value] : params.items()) {
        if (value.is_object() || value.is_array()) continue;
        parts << QString::fromStdString(key) + QLatin1Char('=') +
                     QString::fromStdString(value.is_string() ? value.get<std::string>() : value.dump());
    }
    return parts.join(QStringLiteral(", "));
}

dl::Expected<QList<RunRow>> readRuns(const QString& projectPath) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto corpora = dl::listCorpora(**store);
    if (!corpora) return std::unexpected(corpora.error());
    auto runs = dl::listRuns(**store);
    if (!runs) return std::unexpected(runs.error());
    QList<RunRow> out;
    for (const auto& r : *runs) {
        RunRow row;
        row.id = r.id;
        row.kind = r.kind;
        row.created = QString::fromStdString(r.created).left(19).replace(QLatin1Char('T'), QLatin1Char(' '));
        for (const auto& c : *corpora)
            if (c.id == r.corpusId) row.corpus = QString::fromStdString(c.name);
        row.description = paramsInWords(dl::paramsAsRun(r));  // as the run ran (absent keys filled in)
        row.result = runResultText(r.kind, r.summary);
        out << row;
    }
    return out;
}

QList<ModelChoice> availableModels() {
    QList<ModelChoice> out;
    for (const auto& m : dl::listModelsWithInstallable()) {
        ModelChoice c{QString::fromStdString(m.name), QString::fromStdString(m.path), QString::fromStdString(m.source),
                      m.supported};
        c.installed = m.installed;
        c.languages = QString::fromStdString(m.languages);
        c.dim = m.dim;
        c.sizeBytes = m.sizeBytes;
        c.sentencesPerSecond = m.sentencesPerSecond;
        c.speedDevice = QString::fromStdString(m.speedDevice);
        c.recommendedLayer = dl::recommendedLayer(m.name);
        for (const int layer : dl::recommendedLayerMean(m.name))
            c.recommendedLayerMean +=
                (c.recommendedLayerMean.isEmpty() ? QString() : QStringLiteral(",")) + QString::number(layer);
        out << c;
    }
    return out;
}

QList<CorpusChoice> corpusChoices(const QList<CorpusSummary>& corpora) {
    QList<CorpusChoice> out;
    for (const auto& c : corpora) {
        CorpusChoice choice{c.name, {}, c.parallel};
        for (const auto& d : c.domains) choice.domains << d.name;
        out << choice;
    }
    return out;
}
