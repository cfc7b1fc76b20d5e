#pragma once
// Runs reads off the GUI thread and applies their results on it. Requests go to named
// channels ("cluster view", "selection view", ...); within a channel a later request
// supersedes an earlier one: when an older read finishes after a newer one was asked for,
// its result is dropped (signal `discarded`), so a slow read for project A never paints into
// the views of project B. invalidateAll() supersedes every pending read (project switch).
//
// Thread affinity: lives on the GUI thread; `read` runs on this loader's own pool (never the
// global one) and must not touch QObjects; `apply` and `onError` run on the GUI thread.
// Ownership: pending reads finish before the loader is destroyed (the pool waits).
#include <QFutureWatcher>
#include <QHash>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QtConcurrent>

#include <functional>

#include "common/Error.h"
#include "ErrorText.h"

class AsyncLoader : public QObject {
    Q_OBJECT
public:
    explicit AsyncLoader(QObject* parent = nullptr, int threads = 2);
    ~AsyncLoader() override;

    // Starts `read` on the pool; returns the request's generation within `channel`.
    template <class Data>
    quint64 load(const QString& channel, std::function<dl::Expected<Data>()> read, std::function<void(Data)> apply,
                 std::function<void(const QString&)> onError = {}) {
        const quint64 generation = ++generation_[channel];
        auto* watcher = new QFutureWatcher<dl::Expected<Data>>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, channel, generation, apply, onError] {
            auto result = watcher->result();
            watcher->deleteLater();
            if (!isCurrent(channel, generation)) {
                emit discarded(channel, generation);
                return;
            }
            if (!result) {
                const QString message = errorText(result.error());  // the UI language for coded errors
                if (onError) onError(message);
                emit failed(channel, message);
                return;
            }
            apply(std::move(*result));
            emit applied(channel, generation);
        });
        watcher->setFuture(QtConcurrent::run(&pool_, std::move(read)));
        return generation;
    }

    // A result of `generation` would still be applied.
    bool isCurrent(const QString& channel, quint64 generation) const { return generation_.value(channel) == generation; }
    // Drops whatever is pending in `channel` (a view cleared without a new request).
    void invalidate(const QString& channel) { ++generation_[channel]; }
    void invalidateAll();
    // Waits for every read started so far (tests, shutdown).
    bool waitForDone(int msecs = -1) { return pool_.waitForDone(msecs); }

signals:
    void applied(const QString& channel, quint64 generation);
    void discarded(const QString& channel, quint64 generation);
    void failed(const QString& channel, const QString& message);

private:
    QThreadPool pool_;
    QHash<QString, quint64> generation_;
};
