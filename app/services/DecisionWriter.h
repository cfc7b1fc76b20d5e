#pragma once
// Writes include/exclude decisions of a selection run into the project, off the GUI thread,
// on the window's AsyncService write channel "decisions": writes run one after another in
// submission order, so an undo that follows a decision lands after it, and none is dropped
// (the service's shutdown waits for them). The connection waits for a busy project (an
// import or encode holding the write lock) instead of failing after SQLite's default 2 s;
// the window never waits for it.
// Thread affinity: lives on the GUI thread; `saved` and `failed` are emitted on it, in ticket
// order. The AsyncService is not owned and must outlive this writer.
#include <QHash>
#include <QObject>
#include <QString>

#include <optional>

class AsyncService;

class DecisionWriter : public QObject {
    Q_OBJECT
public:
    // How long one write waits for the project's write lock before it reports failure.
    static constexpr int kBusyWaitMs = 10 * 60 * 1000;
    using Decisions = QHash<qint64, std::optional<bool>>;  // sentence id -> decision (nullopt = none)

    explicit DecisionWriter(AsyncService& async, QObject* parent = nullptr);

    // Queues one transaction writing `decisions` for `runId`; returns its ticket.
    int write(const QString& projectPath, qint64 runId, const Decisions& decisions);
    int pending() const { return pending_; }

signals:
    void saved(int ticket);
    void failed(int ticket, const QString& message);

private:
    AsyncService& async_;
    int next_ = 1;
    int pending_ = 0;
};
