#include "CleaningChoices.h"

#include <algorithm>

#include "AsyncService.h"
#include "runs/FilterSummary.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "store/Tags.h"

dl::Expected<CleaningChoices> readCleaningChoices(const QString& projectPath, qint64 selectionRun,
                                                  const dl::CancelToken& cancel) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto corpora = dl::listCorpora(**store);
    if (!corpora) return std::unexpected(corpora.error());
    auto runs = dl::listRuns(**store);
    if (!runs) return std::unexpected(runs.error());
    std::sort(runs->begin(), runs->end(), [](const dl::RunInfo& a, const dl::RunInfo& b) { return a.id > b.id; });

    CleaningChoices out;
    QMap<std::int64_t, QString> names;
    for (const auto& c : *corpora) {
        if (cancel.isCancelled()) return dl::cancelled();
        const QString name = QString::fromStdString(c.name);
        names.insert(c.id, name);
        auto tags = dl::corpusTags(**store, c.id);
        if (!tags) return std::unexpected(tags.error());
        CorpusCleaning& cleaning = out.corpora[name];
        for (const auto& [tag, count] : *tags) cleaning.tags.append({QString::fromStdString(tag), qint64(count)});
    }
    for (const auto& r : *runs) {  // newest first
        if (cancel.isCancelled()) return dl::cancelled();
        const QString corpus = names.value(r.corpusId);
        if (r.kind == dl::RunKind::Select && out.selectionCorpus.isEmpty() &&
            (selectionRun <= 0 || r.id == selectionRun))
            out.selectionCorpus = corpus;
        if (r.kind == dl::RunKind::Cluster && out.clusterCorpus.isEmpty()) out.clusterCorpus = corpus;
        if (r.kind != dl::RunKind::Filter || corpus.isEmpty()) continue;
        FilterRunChoice choice;
        choice.id = r.id;
        choice.kind = QString::fromStdString(r.params.is_object() ? r.params.value("kind", std::string()) : "");
        if (r.summary.is_object())
            if (auto summary = dl::FilterSummary::fromJson(r.summary, r.id)) choice.removed = summary->removed;
        out.corpora[corpus].filterRuns.append(choice);
    }
    return out;
}

void loadCleaningChoicesAsync(AsyncService& async, QObject* receiver, const QString& projectPath, qint64 selectionRun,
                              std::function<void(CleaningChoices)> deliver) {
    async.load<CleaningChoices>(
        receiver, QStringLiteral("cleaning-choices"),
        [projectPath, selectionRun](const dl::CancelToken& cancel) {
            return readCleaningChoices(projectPath, selectionRun, cancel);
        },
        std::move(deliver));
}
