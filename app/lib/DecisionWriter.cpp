#include "DecisionWriter.h"

#include "ErrorText.h"
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

DecisionWriter::DecisionWriter(QObject* parent) : QObject(parent) {
    pool_.setMaxThreadCount(1);  // one write after another, in order
    pool_.setObjectName(QStringLiteral("decision writer"));
}

DecisionWriter::~DecisionWriter() { pool_.waitForDone(); }

int DecisionWriter::write(const QString& projectPath, qint64 runId, const Decisions& decisions) {
    const int ticket = next_++;
    ++pending_;
    // `this` outlives the task (the destructor waits); the reply is queued to the GUI thread.
    pool_.start([this, projectPath, runId, decisions, ticket] {
        const auto status = writeDecisions(projectPath, runId, decisions);
        const QString error = status ? QString() : errorText(status.error());
        QMetaObject::invokeMethod(this, [this, ticket, error] {
            --pending_;
            if (error.isEmpty()) emit saved(ticket);
            else emit failed(ticket, error);
        });
    });
    return ticket;
}
