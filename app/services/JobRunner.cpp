#include "JobRunner.h"

#include <QThread>

#include <sys/resource.h>
#include <unistd.h>

#include "JobWorker.h"

JobRunner::JobRunner(QObject* parent) : QObject(parent), thread_(new QThread(this)), worker_(new JobWorker) {
    thread_->setObjectName(QStringLiteral("DomainLens job worker"));
    worker_->moveToThread(thread_);
    connect(thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &JobWorker::stage, this, &JobRunner::jobStage);
    connect(worker_, &JobWorker::progress, this, &JobRunner::jobProgress);
    connect(worker_, &JobWorker::message, this, &JobRunner::jobMessage);
    connect(worker_, &JobWorker::finished, this, &JobRunner::onWorkerFinished);
    thread_->start();
    // The worker yields the CPU to the GUI thread: a job (and the libtorch/OpenMP threads it
    // starts, which inherit the value) runs at a lower priority, so on a busy machine the
    // event loop does not wait behind the app's own encode threads for a core. Idle cores are
    // still used in full. Linux: the nice value is per thread.
    QMetaObject::invokeMethod(
        worker_,
        [] {
            const auto self = static_cast<id_t>(::gettid());
            setpriority(PRIO_PROCESS, self,
                        getpriority(PRIO_PROCESS, self) + kWorkerNice);  // inherited from the GUI thread
        },
        Qt::QueuedConnection);
}

JobRunner::~JobRunner() {
    queue_.clear();
    if (cancel_) cancel_->cancel();
    thread_->quit();
    thread_->wait();
}

int JobRunner::submit(const QString& title, Body body, Done done) {
    const int id = nextId_++;
    queue_.push_back({id, title, std::move(body), std::move(done)});
    emit jobQueued(id, title);
    if (!current_) startNext();
    return id;
}

void JobRunner::startNext() {
    if (queue_.empty()) {
        emit idle();
        return;
    }
    Pending job = std::move(queue_.front());
    queue_.pop_front();
    current_ = job.id;
    currentDone_ = std::move(job.done);
    cancel_ = std::make_shared<dl::CancelToken>();
    emit jobStarted(job.id, job.title);
    QMetaObject::invokeMethod(
        worker_,
        [worker = worker_, id = job.id, body = std::move(job.body), token = cancel_]() {
            worker->execute(id, body, token);
        },
        Qt::QueuedConnection);
}

void JobRunner::onWorkerFinished(int id, JobOutcomeKind kind, const QString& message) {
    if (id != current_) return;
    dl::Status outcome;
    if (kind == JobOutcomeKind::Failed) outcome = dl::fail(message.toStdString());
    if (kind == JobOutcomeKind::Cancelled) outcome = dl::cancelled();
    current_ = 0;
    cancel_.reset();
    auto done = std::move(currentDone_);
    currentDone_ = nullptr;
    emit jobFinished(id, kind, message);
    if (done) done(outcome);
    startNext();
}

void JobRunner::cancelCurrent() {
    if (cancel_) cancel_->cancel();
}

void JobRunner::cancelAll() {
    while (!queue_.empty()) {
        auto job = std::move(queue_.front());
        queue_.pop_front();
        emit jobFinished(job.id, JobOutcomeKind::Cancelled, tr("Cancelled before it started."));
        if (job.done) job.done(dl::cancelled());
    }
    cancelCurrent();
}
