#include "AsyncService.h"

#include <algorithm>
#include <deque>
#include <mutex>
#include <utility>

// A write channel's queue. The GUI thread appends; one drainer task at a time (on writePool_)
// takes the writes in order until the queue is empty, so a channel's writes never overlap or
// reorder, and waiting for writePool_ runs every queued write without the event loop.
struct AsyncService::WriteLane {
    std::mutex lock;
    std::deque<std::function<void()>> queue;  // guarded by lock
    bool draining = false;                    // guarded by lock: a drainer task is queued or running
};

AsyncService::AsyncService(QObject* parent, int readThreads) : QObject(parent) {
    readPool_.setMaxThreadCount(std::max(1, readThreads));
    readPool_.setObjectName(QStringLiteral("view reads"));
    writePool_.setMaxThreadCount(4);  // channels in flight at once; each runs its writes serially
    writePool_.setObjectName(QStringLiteral("project writes"));
}

AsyncService::~AsyncService() { shutdown(); }

quint64 AsyncService::beginRead(QObject* owner, const QString& channel, std::shared_ptr<dl::CancelToken> token) {
    watchOwner(owner);
    ReadChannel& c = reads_[owner][channel];
    if (c.token) c.token->cancel();  // the superseded read may stop early
    c.generation = ++lastGeneration_;
    c.token = std::move(token);
    return c.generation;
}

void AsyncService::startRead(std::shared_ptr<dl::CancelToken> token, std::function<void()> work,
                             std::function<void()> deliver) {
    // `this` outlives the task: shutdown() waits for the pool. The reply is queued to the GUI
    // thread; Qt drops it with the service if the service is gone by then.
    readPool_.start([this, token = std::move(token), work = std::move(work), deliver = std::move(deliver)] {
        if (!token->isCancelled()) work();  // superseded while queued: skip the read
        QMetaObject::invokeMethod(this, deliver, Qt::QueuedConnection);
    });
}

bool AsyncService::isCurrent(const QObject* owner, const QString& channel, quint64 generation) const {
    const auto owned = reads_.constFind(owner);
    return owned != reads_.constEnd() && owned->value(channel).generation == generation;
}

void AsyncService::invalidate(const QObject* owner, const QString& channel) {
    const auto owned = reads_.find(owner);
    if (owned == reads_.end()) return;
    const auto it = owned->find(channel);
    if (it == owned->end()) return;
    if (it->token) it->token->cancel();
    it->generation = ++lastGeneration_;
    it->token.reset();
}

void AsyncService::invalidateAll(const QObject* owner) {
    const auto owned = reads_.find(owner);
    if (owned == reads_.end()) return;
    for (auto& c : *owned) {
        if (c.token) c.token->cancel();
        c.generation = ++lastGeneration_;
        c.token.reset();
    }
}

void AsyncService::watchOwner(QObject* owner) {
    // The service's own channels (e.g. "models") end with shutdown(); watching itself would run
    // forgetOwner from its own ~QObject, after its members are gone.
    if (owner == this || watched_.contains(owner)) return;
    watched_.insert(owner);
    // Only the address is used once the owner is being destroyed.
    connect(owner, &QObject::destroyed, this, [this, owner] { forgetOwner(owner); });
}

void AsyncService::forgetOwner(const QObject* owner) {
    invalidateAll(owner);
    reads_.remove(owner);  // generations are unique, so an object at the same address starts afresh
    watched_.remove(owner);
}

quint64 AsyncService::write(QObject* owner, const QString& channel, Work work, std::function<void()> done,
                            std::function<void(const QString&)> onError) {
    const quint64 ticket = ++lastTicket_;
    ++pendingWrites_[channel];
    auto& lane = lanes_[channel];
    if (!lane) lane = std::make_shared<WriteLane>();
    // Runs on the drainer's thread; posting from that one thread keeps the replies in order.
    auto task = [this, channel, ticket, work = std::move(work), guard = QPointer<QObject>(owner),
                 done = std::move(done), onError = std::move(onError)] {
        dl::Status status;
        try {
            status = work();
        } catch (const std::exception& e) {
            status = dl::fail(std::string("Unexpected error while writing: ") + e.what());
        }
        const QString error = status ? QString() : errorText(status.error());
        QMetaObject::invokeMethod(
            this,
            [this, channel, ticket, guard, done, onError, error] {
                --pendingWrites_[channel];
                if (error.isEmpty()) {
                    if (guard && done) done();
                    emit written(channel, ticket);
                } else {
                    if (guard && onError) onError(error);
                    emit writeFailed(channel, ticket, error);
                }
            },
            Qt::QueuedConnection);
    };
    bool startDrainer = false;
    {
        std::lock_guard hold(lane->lock);
        lane->queue.push_back(std::move(task));
        startDrainer = !std::exchange(lane->draining, true);
    }
    if (startDrainer) writePool_.start([lane] { drain(lane); });
    return ticket;
}

void AsyncService::drain(const std::shared_ptr<WriteLane>& lane) {
    for (;;) {
        std::function<void()> next;
        {
            std::lock_guard hold(lane->lock);
            if (lane->queue.empty()) {
                lane->draining = false;
                return;
            }
            next = std::move(lane->queue.front());
            lane->queue.pop_front();
        }
        next();
    }
}

void AsyncService::shutdown() {
    for (auto owned = reads_.begin(); owned != reads_.end(); ++owned)
        for (auto& c : *owned)
            if (c.token) c.token->cancel();
    reads_.clear();            // every pending result is stale now
    readPool_.clear();         // queued reads never start
    readPool_.waitForDone();   // running ones stop at their next token check
    writePool_.waitForDone();  // every queued write runs: a write is never lost
}

bool AsyncService::waitForDone(int msecs) {
    const bool reads = readPool_.waitForDone(msecs);
    return writePool_.waitForDone(msecs) && reads;
}
