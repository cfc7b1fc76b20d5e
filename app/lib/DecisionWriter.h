#pragma once
// Writes include/exclude decisions of a selection run into the project, off the GUI thread.
// Writes run one after another in submission order on the writer's own thread, so an undo
// that follows a decision lands after it. The connection waits for a busy project (an
// import or encode holding the write lock) instead of failing after SQLite's default 2 s;
// the window never waits for it.
// Thread affinity: lives on the GUI thread; `saved` and `failed` are emitted on it.
#include <QHash>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <optional>

class DecisionWriter : public QObject {
    Q_OBJECT
public:
    // How long one write waits for the project's write lock before it reports failure.
    static constexpr int kBusyWaitMs = 10 * 60 * 1000;
    using Decisions = QHash<qint64, std::optional<bool>>;  // sentence id -> decision (nullopt = none)

    explicit DecisionWriter(QObject* parent = nullptr);
    ~DecisionWriter() override;  // waits until queued writes are in the project

    // Queues one transaction writing `decisions` for `runId`; returns its ticket.
    int write(const QString& projectPath, qint64 runId, const Decisions& decisions);
    int pending() const { return pending_; }
    bool waitForDone(int msecs = -1) { return pool_.waitForDone(msecs); }

signals:
    void saved(int ticket);
    void failed(int ticket, const QString& message);

private:
    QThreadPool pool_;
    int next_ = 1;
    int pending_ = 0;
};
