#include "DecisionWriter.h"

#include "AsyncService.h"
#include "export/Export.h"
#include "store/Store.h"

namespace {
dl::Status writeDecisions(const QString& path, qint64 runId, const DecisionWriter::Decisions& decisions) {
    auto store = dl::Store::open(path.toStdString());
    if (!store) return std::unexpected(store.error());
    if (auto s = (*store)->exec("PRAGMA busy_timeout = " + std::to_string(DecisionWriter::kBusyWaitMs)); !s) return s;
    auto tx = (*store)->begin();
    if (!tx) return std::unexpected(tx.error());
    for (auto it = decisions.begin(); it != decisions.end(); ++it)
        if (auto s = dl::setOverride(**store, runId, it.key(), it.value()); !s) return s;
    return tx->commit();
}
}  // namespace

DecisionWriter::DecisionWriter(AsyncService& async, QObject* parent) : QObject(parent), async_(async) {}

int DecisionWriter::write(const QString& projectPath, qint64 runId, const Decisions& decisions) {
    const int ticket = next_++;
    ++pending_;
    async_.write(
        this, QStringLiteral("decisions"),
        [projectPath, runId, decisions] { return writeDecisions(projectPath, runId, decisions); },
        [this, ticket] {
            --pending_;
            emit saved(ticket);
        },
        [this, ticket](const QString& message) {
            --pending_;
            emit failed(ticket, message);
        });
    return ticket;
}
