#pragma once
// File > Save a Copy As…: core/store/ProjectCopy (SQLite's online backup, the copy checked
// before it is moved into place) queued on the AsyncService write channel "project copy", never
// on the GUI thread. The project may stay open and a job may be writing it meanwhile.
#include <functional>

#include <QObject>
#include <QString>

class AsyncService;

inline const QString kProjectCopyChannel = QStringLiteral("project copy");

// Copies `from` to `to` (`replace`: an existing `to` is replaced, as the save dialog confirmed);
// `done` runs on the GUI thread while `owner` lives: an empty message when copied, else the
// error's text in the UI language. Returns the write's ticket.
quint64 saveProjectCopy(AsyncService& async, QObject* owner, const QString& from, const QString& to, bool replace,
                        std::function<void(const QString& error)> done);
