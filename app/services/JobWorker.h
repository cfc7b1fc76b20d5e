#pragma once
// The object that lives on JobRunner's worker thread and executes job bodies there.
// Progress is throttled (at most ~20 updates/s) so a fast job cannot flood the GUI's event loop.
#include <QObject>
#include <QString>

#include "JobRunner.h"

class JobWorker : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    // Called through a queued invocation, so it runs on the worker thread.
    void execute(int id, const JobRunner::Body& body, std::shared_ptr<dl::CancelToken> cancel);

signals:
    void stage(int id, const QString& stage);
    void progress(int id, qint64 done, qint64 total);
    void message(int id, const QString& message);
    void finished(int id, JobOutcomeKind outcome, const QString& message);  // message: empty when it succeeded
};
