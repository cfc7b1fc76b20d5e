#pragma once
// Tags or untags sentences in bulk as one undoable step (Edit > Undo): picked on the map, or
// every sentence a filter run removed. The write runs on the window's AsyncService write
// channel "tags", so an undo lands after the step it undoes and none is dropped. Undo takes off
// exactly the tags the step added (or puts back exactly those it removed): a sentence that had
// the tag before keeps it.
// Thread affinity: created and pushed on the GUI thread; `ids` runs on the write thread with
// the project open; `done` is called on the GUI thread after each write (an empty message: it
// was stored), unless `owner` is gone.
#include <QString>
#include <QUndoCommand>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "common/Error.h"

class AsyncService;
class QObject;

namespace dl {
class Store;
}

class TagCommand : public QUndoCommand {
public:
    enum class Action { Add, Remove };
    using Ids = std::function<dl::Expected<std::vector<std::int64_t>>(dl::Store& store)>;
    using Done = std::function<void(const QString& error)>;

    TagCommand(AsyncService& async, QObject* owner, QString projectPath, Ids ids, QString tag, Action action,
               Done done = {});
    void redo() override;
    void undo() override;

    // The sentences a filter run removed (store/Removals.h), by id.
    static Ids removedBy(qint64 filterRunId);
    // Fixed ids (sentences picked on the map).
    static Ids these(std::vector<std::int64_t> ids);

private:
    void write(bool forward);
    AsyncService& async_;
    QObject* owner_;
    QString project_;
    Ids ids_;
    QString tag_;
    Action action_;
    Done done_;
    // The ids the last redo changed, filled on the write thread; the undo (queued after it on
    // the same channel) reads them there.
    std::shared_ptr<std::vector<std::int64_t>> changed_ = std::make_shared<std::vector<std::int64_t>>();
};
