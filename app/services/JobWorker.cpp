#include "JobWorker.h"

#include <QElapsedTimer>

#include "ErrorText.h"
#include "jobs/RunJob.h"

namespace {

class SignalProgress final : public dl::ProgressSink {
public:
    SignalProgress(JobWorker* worker, int id) : worker_(worker), id_(id) { timer_.start(); }
    void stage(std::string_view name) override {
        emit worker_->stage(id_, QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())));
        emit worker_->progress(id_, 0, 0);
    }
    void progress(std::int64_t done, std::int64_t total) override {
        if (done < total && timer_.isValid() && timer_.elapsed() < 50) return;
        timer_.restart();
        emit worker_->progress(id_, done, total);
    }
    void info(std::string_view text) override {
        emit worker_->message(id_, QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())));
    }

private:
    JobWorker* worker_;
    int id_;
    QElapsedTimer timer_;
};

}  // namespace

void JobWorker::execute(int id, const JobRunner::Body& body, std::shared_ptr<dl::CancelToken> cancel) {
    SignalProgress sink(this, id);
    auto outcome = dl::runJob<void>([&]() { return body(sink, *cancel); });
    // errorText: the UI language for coded errors, core's English sentence for the rest.
    if (outcome) emit finished(id, JobOutcomeKind::Succeeded, QString());
    else if (outcome.error().kind == dl::ErrorKind::Cancelled)
        emit finished(id, JobOutcomeKind::Cancelled, errorText(outcome.error()));
    else emit finished(id, JobOutcomeKind::Failed, errorText(outcome.error()));
}
