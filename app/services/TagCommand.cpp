#include "TagCommand.h"

#include <QObject>

#include <algorithm>

#include "AsyncService.h"
#include "DecisionWriter.h"
#include "store/Removals.h"
#include "store/Store.h"
#include "store/Tags.h"

TagCommand::TagCommand(AsyncService& async, QObject* owner, QString projectPath, Ids ids, QString tag, Action action,
                       Done done)
    : async_(async),
      owner_(owner),
      project_(std::move(projectPath)),
      ids_(std::move(ids)),
      tag_(std::move(tag)),
      action_(action),
      done_(std::move(done)) {
    setText(action == Action::Add ? QObject::tr("Tag “%1”").arg(tag_) : QObject::tr("Untag “%1”").arg(tag_));
}

void TagCommand::redo() { write(true); }
void TagCommand::undo() { write(false); }

void TagCommand::write(bool forward) {
    // Redo applies the action to the ids (and remembers what changed); undo applies the
    // opposite to what the redo changed.
    const bool add = (action_ == Action::Add) == forward;
    auto work = [path = project_, ids = ids_, tag = tag_.toStdString(), add, forward,
                 changed = changed_]() -> dl::Status {
        auto store = dl::Store::open(path.toStdString());
        if (!store) return std::unexpected(store.error());
        if (auto s = (*store)->exec("PRAGMA busy_timeout = " + std::to_string(DecisionWriter::kBusyWaitMs)); !s)
            return s;
        std::vector<std::int64_t> targets;
        if (forward) {
            auto listed = ids(**store);
            if (!listed) return std::unexpected(listed.error());
            targets = std::move(*listed);
        } else {
            targets = *changed;
        }
        auto tx = (*store)->begin();
        if (!tx) return std::unexpected(tx.error());
        auto done = add ? dl::addTag(**store, targets, tag) : dl::removeTag(**store, targets, tag);
        if (!done) return std::unexpected(done.error());
        if (auto s = tx->commit(); !s) return s;
        if (forward) *changed = std::move(*done);
        else changed->clear();
        return {};
    };
    async_.write(
        owner_, QStringLiteral("tags"), std::move(work),
        [done = done_] {
            if (done) done({});
        },
        [done = done_](const QString& message) {
            if (done) done(message);
        });
}

TagCommand::Ids TagCommand::removedBy(qint64 filterRunId) {
    return [filterRunId](dl::Store& store) -> dl::Expected<std::vector<std::int64_t>> {
        auto removed = dl::removedSentenceIds(store, filterRunId);
        if (!removed) return std::unexpected(removed.error());
        std::vector<std::int64_t> ids(removed->begin(), removed->end());
        std::sort(ids.begin(), ids.end());
        return ids;
    };
}

TagCommand::Ids TagCommand::these(std::vector<std::int64_t> ids) {
    return [ids = std::move(ids)](dl::Store&) -> dl::Expected<std::vector<std::int64_t>> { return ids; };
}
