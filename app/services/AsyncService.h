#pragma once
// The window's one service for work off the GUI thread (reads for the views, writes into the
// project), replacing the per-panel loaders and private pools. One instance, owned by
// MainWindow and handed to the panels by reference (tests and benches make their own).
//
// Read channels: named per owner (a panel and its "map" channel); a later request supersedes an
// earlier one. The superseded read's CancelToken is set so a long read can stop early, and its
// result is dropped (signal `discarded`), so a slow read for project A never paints into the
// views of project B. invalidate()/invalidateAll(owner) supersede without a new request; a
// destroyed owner's reads are cancelled and their results dropped. A read queued behind others
// whose token is already set never starts.
//
// Write channels: named for the whole window ("decisions", "cluster names"). Writes in one
// channel run one after another in submission order, are never dropped or superseded, and
// report their results in that order (tickets). `done`/`onError` are skipped when their owner
// is gone, but the write itself still runs.
//
// Thread affinity: lives on the GUI thread, and every public function is called there. `read`
// and `work` run on the service's pools and must not touch QObjects (capture plain values);
// `apply`, `done` and `onError` and every signal run on the GUI thread.
// Ownership and shutdown: shutdown() (also run by the destructor) cancels the pending reads
// (queued ones never start; running ones see their token set) and waits until every queued
// write is in the project: a write is never lost.
#include <QHash>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QThreadPool>

#include <exception>
#include <functional>
#include <memory>
#include <type_traits>

#include "ErrorText.h"
#include "common/Error.h"
#include "jobs/Progress.h"

class AsyncService : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultReadThreads = 4;
    using Work = std::function<dl::Status()>;

    explicit AsyncService(QObject* parent = nullptr, int readThreads = kDefaultReadThreads);
    ~AsyncService() override;  // shutdown()

    // Starts `read` on the read pool; returns the request's generation (unique in this
    // service). `read` is callable as read(const dl::CancelToken&) or read() and returns
    // dl::Expected<Data>; a cancelled read may return anything (dl::cancelled() reads best),
    // since its result is dropped.
    template <class Data, class Read>
    quint64 load(QObject* owner, const QString& channel, Read read, std::function<void(Data)> apply,
                 std::function<void(const QString&)> onError = {}) {
        auto token = std::make_shared<dl::CancelToken>();
        const quint64 generation = beginRead(owner, channel, token);
        auto result = std::make_shared<dl::Expected<Data>>(dl::cancelled());  // stays so when skipped
        auto work = [read = std::move(read), token, result]() mutable { *result = runGuarded<Data>(read, *token); };
        auto deliver = [this, guard = QPointer<QObject>(owner), channel, generation, result, apply = std::move(apply),
                        onError = std::move(onError)] {
            if (!guard || !isCurrent(guard, channel, generation)) {
                emit discarded(channel, generation);
                return;
            }
            if (!*result) {
                const QString message = errorText(result->error());  // the UI language for coded errors
                if (onError) onError(message);
                emit failed(channel, message);
                return;
            }
            apply(std::move(**result));
            emit applied(channel, generation);
        };
        startRead(token, std::move(work), std::move(deliver));
        return generation;
    }

    // A result of `generation` would still be applied.
    bool isCurrent(const QObject* owner, const QString& channel, quint64 generation) const;
    // Supersedes whatever is pending in `owner`'s `channel` (a view cleared without a new request).
    void invalidate(const QObject* owner, const QString& channel);
    // Supersedes every pending read of `owner` (its project changed).
    void invalidateAll(const QObject* owner);

    // Queues `work` on the write channel `channel`; returns its ticket (increasing). When it has
    // run, `done` or `onError` is called (if `owner` still exists), then written/writeFailed.
    quint64 write(QObject* owner, const QString& channel, Work work, std::function<void()> done = {},
                  std::function<void(const QString&)> onError = {});
    // Writes of `channel` queued or running whose result has not been reported yet.
    int pendingWrites(const QString& channel) const { return pendingWrites_.value(channel); }

    // Cancels every pending read and waits for every queued write (see the header comment).
    void shutdown();
    // Waits for every read and write started so far (tests, benches).
    bool waitForDone(int msecs = -1);

signals:
    void applied(const QString& channel, quint64 generation);
    void discarded(const QString& channel, quint64 generation);
    void failed(const QString& channel, const QString& message);
    void written(const QString& channel, quint64 ticket);
    void writeFailed(const QString& channel, quint64 ticket, const QString& message);

private:
    struct ReadChannel {
        quint64 generation = 0;
        std::shared_ptr<dl::CancelToken> token;  // of the latest request
    };
    struct WriteLane;  // a write channel's queue, shared with the thread draining it

    // Runs `read` with or without the token; an exception becomes an error, never a crash.
    template <class Data, class Read>
    static dl::Expected<Data> runGuarded(Read& read, const dl::CancelToken& token) {
        try {
            if constexpr (std::is_invocable_v<Read&, const dl::CancelToken&>) return read(token);
            else return read();
        } catch (const dl::CancelledException&) {
            return dl::cancelled();
        } catch (const std::exception& e) {
            return dl::fail(std::string("Unexpected error while reading: ") + e.what());
        }
    }

    quint64 beginRead(QObject* owner, const QString& channel, std::shared_ptr<dl::CancelToken> token);
    void startRead(std::shared_ptr<dl::CancelToken> token, std::function<void()> work, std::function<void()> deliver);
    void watchOwner(QObject* owner);
    void forgetOwner(const QObject* owner);
    static void drain(const std::shared_ptr<WriteLane>& lane);

    QThreadPool readPool_;
    QThreadPool writePool_;  // one drainer per busy write channel, so a write waiting for the
                             // project's lock never holds up the views' reads
    quint64 lastGeneration_ = 0;
    quint64 lastTicket_ = 0;
    QHash<const QObject*, QHash<QString, ReadChannel>> reads_;
    QSet<const QObject*> watched_;  // owners whose destruction cancels their reads
    QHash<QString, std::shared_ptr<WriteLane>> lanes_;
    QHash<QString, int> pendingWrites_;
};
