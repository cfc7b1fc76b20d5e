#include "BulkTarget.h"

#include <algorithm>

#include "store/Removals.h"
#include "store/Store.h"

BulkTarget BulkTarget::these(QString what, const QVector<qint64>& ids) {
    std::vector<std::int64_t> sorted(ids.begin(), ids.end());
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    BulkTarget t;
    t.what = std::move(what);
    t.fixed = true;
    t.known = sorted;
    t.ids = TagCommand::these(std::move(sorted));
    return t;
}

BulkTarget BulkTarget::removedBy(QString what, qint64 runId) {
    BulkTarget t;
    t.what = std::move(what);
    t.ids = TagCommand::removedBy(runId);
    return t;
}

BulkTarget BulkTarget::removedByRule(QString what, qint64 runId, int rule) {
    BulkTarget t;
    t.what = std::move(what);
    t.ids = [runId, rule](dl::Store& store) { return removedByRuleIds(store, runId, rule); };
    return t;
}

dl::Expected<std::vector<std::int64_t>> removedByRuleIds(dl::Store& store, std::int64_t runId, int rule,
                                                         const dl::CancelToken& cancel) {
    constexpr std::int64_t kPage = 20000;
    std::vector<std::int64_t> ids;
    for (std::int64_t after = 0;;) {
        if (cancel.isCancelled()) return dl::cancelled();
        auto page = dl::removalPage(store, runId, after, kPage);
        if (!page) return std::unexpected(page.error());
        for (const auto& row : *page)
            if (row.removal.rule == rule) ids.push_back(row.removal.sentenceId);
        if (std::int64_t(page->size()) < kPage) break;
        after = page->back().removal.sentenceId;
    }
    return ids;  // keyset pages come in id order
}

dl::Expected<std::vector<std::int64_t>> readBulkIds(const QString& projectPath, const BulkTarget& target,
                                                    const dl::CancelToken& cancel) {
    if (target.fixed) return target.known;
    if (!target.ids) return std::vector<std::int64_t>{};
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    if (cancel.isCancelled()) return dl::cancelled();
    return target.ids(**store);
}
