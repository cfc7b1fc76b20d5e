#pragma once
// Runs jobs one at a time on ONE worker QThread, the thread that owns the compute device
// (libtorch's CUDA device when present, else the CPU). Lives on the GUI thread; its signals
// are emitted on the GUI thread. Job bodies run on the worker and must not touch widgets;
// they open their own Store on the worker (SQLite connections are per thread).
#include <QObject>
#include <QString>

#include <deque>
#include <functional>
#include <memory>

#include "JobOutcomeKind.h"
#include "common/Error.h"
#include "jobs/Progress.h"

class QThread;
class JobWorker;

class JobRunner : public QObject {
    Q_OBJECT
public:
    // Added to the worker thread's nice value: jobs run below the GUI thread's priority.
    static constexpr int kWorkerNice = 5;

    // Runs on the worker thread. Returns Ok, a failure message, or Cancelled.
    using Body = std::function<dl::Status(dl::ProgressSink& progress, const dl::CancelToken& cancel)>;
    // Runs on the GUI thread after the body finished (whatever the outcome).
    using Done = std::function<void(const dl::Status& outcome)>;

    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override;  // cancels what runs, drops the queue, joins the worker

    // Queues a job; returns its id. Jobs run in submission order.
    int submit(const QString& title, Body body, Done done = {});
    bool isBusy() const { return current_ != 0; }
    int pendingJobs() const { return static_cast<int>(queue_.size()); }

public slots:
    void cancelCurrent();
    void cancelAll();

signals:
    void jobQueued(int id, const QString& title);
    void jobStarted(int id, const QString& title);
    void jobStage(int id, const QString& stage);
    void jobProgress(int id, qint64 done, qint64 total);
    void jobMessage(int id, const QString& message);
    // message: the error text when it failed, why it stopped when cancelled, empty otherwise.
    void jobFinished(int id, JobOutcomeKind outcome, const QString& message);
    void idle();

private:
    struct Pending {
        int id;
        QString title;
        Body body;
        Done done;
    };
    void startNext();
    void onWorkerFinished(int id, JobOutcomeKind outcome, const QString& message);

    QThread* thread_;
    JobWorker* worker_;  // lives on thread_, deleted when it finishes
    std::deque<Pending> queue_;
    Done currentDone_;
    int current_ = 0;
    int nextId_ = 1;
    std::shared_ptr<dl::CancelToken> cancel_;
};
