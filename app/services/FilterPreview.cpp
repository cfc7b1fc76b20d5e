#include "FilterPreview.h"

#include <QLocale>
#include <QObject>

#include <algorithm>

#include "ParamFields.h"
#include "filter/FilterSteps.h"
#include "store/Store.h"

QString FilterPreview::countsInWords() const {
    QStringList parts;
    for (const auto& r : rules) parts << QStringLiteral("%1 %2").arg(r.rule, QLocale().toString(r.removed));
    return parts.join(QStringLiteral(", "));
}

dl::Expected<PreviewFlags> previewFlags(const QVector<qint64>& mapIds, const QVector<qint64>& removedIds,
                                        const dl::CancelToken& cancel) {
    constexpr qsizetype kPollEvery = 65536;
    PreviewFlags out;
    out.values.resize(mapIds.size(), 0.0);
    for (qsizetype row = 0; row < mapIds.size(); ++row) {
        if (row % kPollEvery == 0 && cancel.isCancelled()) return dl::cancelled();
        if (std::binary_search(removedIds.begin(), removedIds.end(), mapIds[row])) {
            out.values[row] = 1.0;
            ++out.flagged;
        }
    }
    return out;
}

JobRunner::Body makeFilterPreviewJob(const QString& project, const FilterRequest& r,
                                     std::shared_ptr<FilterPreview> out) {
    dl::FilterParams p;
    auto applied = applyParamValues(dl::filterParamTable(), p, r.values);
    if (applied) applied = dl::validateFilterParams(p);
    if (!applied)
        return [error = applied.error()](dl::ProgressSink&, const dl::CancelToken&) -> dl::Status {
            return std::unexpected(error);
        };
    return [project, p, out](dl::ProgressSink& progress, const dl::CancelToken& cancel) mutable -> dl::Status {
        // Prepare and compute only: read-only, so nothing can be stored.
        auto store = dl::Store::open(project.toStdString(), dl::OpenMode::ReadOnly);
        if (!store) return std::unexpected(store.error());
        auto pass = dl::computeFilterPass(p, **store, {}, progress, cancel);
        if (!pass) return std::unexpected(pass.error());
        if (cancel.isCancelled()) return dl::cancelled();
        if (!out) return {};
        const auto& s = pass->summary;
        out->kind = QString::fromStdString(std::string(dl::filterKindName(p.kind)));
        out->corpus = QString::fromStdString(s.corpus);
        out->sentences = s.sentences;
        out->kept = s.kept;
        out->removed = s.removed;
        out->rules.clear();
        for (const auto& rule : s.rules)
            out->rules << FilterRuleRow{
                QString::fromStdString(rule.rule), rule.input, rule.kept, rule.removed, rule.failed, rule.groups};
        auto removals = pass->found.removals;
        std::sort(removals.begin(), removals.end(),
                  [](const dl::Removal& a, const dl::Removal& b) { return a.sentenceId < b.sentenceId; });
        out->removedIds.clear();
        out->removedRules.clear();
        for (const auto& rm : removals) {
            out->removedIds << rm.sentenceId;
            out->removedRules << rm.rule;
        }
        return {};
    };
}
