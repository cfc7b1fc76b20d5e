#include "ProjectCopyTask.h"

#include "AsyncService.h"
#include "store/ProjectCopy.h"

quint64 saveProjectCopy(AsyncService& async, QObject* owner, const QString& from, const QString& to, bool replace,
                        std::function<void(const QString& error)> done) {
    dl::ProjectCopyParams params{from.toStdString(), to.toStdString()};
    params.replace = replace;
    auto work = [params]() -> dl::Status {
        dl::NullProgress progress;
        dl::CancelToken never;  // a write is never dropped; the copy is short next to a job
        auto copied = dl::copyProject(params, progress, never);
        if (!copied) return std::unexpected(copied.error());
        return {};
    };
    return async.write(
        owner, kProjectCopyChannel, std::move(work), [done] { done(QString()); },
        [done](const QString& message) { done(message); });
}
