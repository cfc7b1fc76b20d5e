#pragma once
// Bulk actions on a set of sentences (issue #25, "The ledger and the views"): Tag…, Untag…,
// Include and Exclude on what a view offers as a BulkTarget — the sentences picked on the map
// (rectangle or lasso), a search result, a GMM cluster of the map, or a filter run's result
// (everything it removed, or one rule's removals). Each action is ONE step on the Edit menu's
// undo stack (the Selection tab's stack, which the window's Edit menu shows):
//  - Tag…/Untag…: a TagCommand (written on the AsyncService write channel "tags"; undo takes
//    off / puts back exactly what the step changed);
//  - Include/Exclude: decisions on the selection run open on the Selection tab, for the target's
//    sentences that run ranks (SelectionExplorer::decide: one DecisionCommand, written by its
//    DecisionWriter on the channel "decisions"). Disabled, with a tooltip saying why, while no
//    selection run is open.
// A target whose ids are not in memory (a filter run's removals) is read off the GUI thread
// first (read channel "bulk ids"; a later action supersedes an earlier one still reading).
// Thread affinity: GUI thread. The AsyncService and the SelectionExplorer outlive this object.
#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

#include "BulkTarget.h"

class AsyncService;
class QMenu;
class QWidget;
class SelectionExplorer;

class BulkActions : public QObject {
    Q_OBJECT
public:
    BulkActions(AsyncService& async, SelectionExplorer* selection, QWidget* dialogParent);
    void setProject(const QString& projectPath) { project_ = projectPath; }

    // Adds Tag…, Untag…, Include and Exclude to `menu`; `target` is asked when an action is
    // triggered (a null target does nothing). Include/Exclude are enabled when the menu shows
    // if a selection run is open, else disabled with a tooltip.
    void fillMenu(QMenu* menu, std::function<BulkTarget()> target);
    bool canDecide() const;
    static QString noRunReason();

    // The actions without asking (the menu's Tag…/Untag… ask the tag first).
    void tag(const BulkTarget& target, const QString& tag);
    void untag(const BulkTarget& target, const QString& tag);
    // Include (true) or exclude (false) the target's sentences that the open selection run ranks.
    void decide(const BulkTarget& target, bool include);

signals:
    // A tag step was stored (or undone/redone): "Colour by" may offer a new tag.
    void tagsWritten();
    // Include/Exclude pushed one step: `decided` sentences of the run, `outside` not in its pool.
    void decided(int decided, int outside, const QString& what);
    // Something to tell the user in the status bar.
    void message(const QString& text);
    void failed(const QString& title, const QString& message);

private:
    void askTag(const BulkTarget& target, bool add);
    void pushTag(const BulkTarget& target, const QString& tag, bool add);

    AsyncService& async_;
    SelectionExplorer* selection_;
    QWidget* dialogParent_;
    QString project_;
};
