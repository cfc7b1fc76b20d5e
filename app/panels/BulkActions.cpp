#include "BulkActions.h"

#include <QAction>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QUndoStack>

#include <algorithm>

#include "AsyncService.h"
#include "ErrorText.h"
#include "SelectionExplorer.h"
#include "store/Tags.h"

BulkActions::BulkActions(AsyncService& async, SelectionExplorer* selection, QWidget* dialogParent)
    : QObject(dialogParent), async_(async), selection_(selection), dialogParent_(dialogParent) {}

bool BulkActions::canDecide() const { return selection_ && selection_->runId() > 0; }

QString BulkActions::noRunReason() {
    return tr("Include and Exclude are decisions on a selection run: open one on the Selection tab first.");
}

void BulkActions::fillMenu(QMenu* menu, std::function<BulkTarget()> target) {
    menu->setToolTipsVisible(true);
    auto* tagAction = menu->addAction(tr("Tag…"));
    tagAction->setToolTip(tr("Give these sentences a tag (Edit > Undo takes it back)."));
    auto* untagAction = menu->addAction(tr("Untag…"));
    untagAction->setToolTip(tr("Take a tag off these sentences (Edit > Undo puts it back)."));
    menu->addSeparator();
    auto* include = menu->addAction(tr("Include in the selection"));
    auto* exclude = menu->addAction(tr("Exclude from the selection"));
    include->setObjectName(QStringLiteral("bulkInclude"));
    exclude->setObjectName(QStringLiteral("bulkExclude"));
    auto refresh = [this, include, exclude] {
        const bool can = canDecide();
        for (auto* a : {include, exclude}) {
            a->setEnabled(can);
            a->setToolTip(can ? tr("A decision on selection run #%1 for the sentences it ranks (Edit > Undo takes "
                                   "it back).")
                                    .arg(selection_->runId())
                              : noRunReason());
        }
    };
    refresh();
    connect(menu, &QMenu::aboutToShow, this, refresh);
    connect(tagAction, &QAction::triggered, this, [this, target] {
        if (auto t = target(); !t.isNull()) askTag(t, true);
    });
    connect(untagAction, &QAction::triggered, this, [this, target] {
        if (auto t = target(); !t.isNull()) askTag(t, false);
    });
    connect(include, &QAction::triggered, this, [this, target] {
        if (auto t = target(); !t.isNull()) decide(t, true);
    });
    connect(exclude, &QAction::triggered, this, [this, target] {
        if (auto t = target(); !t.isNull()) decide(t, false);
    });
}

void BulkActions::askTag(const BulkTarget& target, bool add) {
    bool ok = false;
    const QString tag = QInputDialog::getText(dialogParent_, add ? tr("Tag sentences") : tr("Untag sentences"),
                                              (add ? tr("Tag for %1:") : tr("Tag to take off %1:")).arg(target.what),
                                              QLineEdit::Normal, {}, &ok)
                            .trimmed();
    if (!ok || tag.isEmpty()) return;
    pushTag(target, tag, add);
}

void BulkActions::tag(const BulkTarget& target, const QString& tag) { pushTag(target, tag, true); }
void BulkActions::untag(const BulkTarget& target, const QString& tag) { pushTag(target, tag, false); }

void BulkActions::pushTag(const BulkTarget& target, const QString& tag, bool add) {
    const QString title = add ? tr("Tag sentences") : tr("Untag sentences");
    if (auto s = dl::checkTag(tag.toStdString()); !s) {
        emit failed(title, errorText(s.error()));
        return;
    }
    selection_->undoStack()->push(
        new TagCommand(async_, this, project_, target.ids, tag,
                       add ? TagCommand::Action::Add : TagCommand::Action::Remove, [this, title](const QString& error) {
                           if (!error.isEmpty()) emit failed(title, tr("The tag could not be saved: %1").arg(error));
                           else emit tagsWritten();
                       }));
    emit message(add ? tr("Tagged %1 “%2”.").arg(target.what, tag) : tr("Took “%2” off %1.").arg(target.what, tag));
}

void BulkActions::decide(const BulkTarget& target, bool include) {
    if (!canDecide()) {
        emit failed(tr("Selection"), noRunReason());
        return;
    }
    struct Split {
        QVector<qint64> inRun;
        int outside = 0;
        SelectionExplorer::DecisionStep step;
    };
    // The target's ids (read when not in memory) against the run's pool, and the undo step over
    // the run's decisions as they are now (1.47M ids: hundreds of ms), off the GUI thread.
    async_.load<Split>(
        this, QStringLiteral("bulk ids"),
        [path = project_, target, include, runIds = selection_->run().ids, decisions = selection_->decisions(),
         version = selection_->decisionsVersion()](const dl::CancelToken& cancel) -> dl::Expected<Split> {
            auto ids = readBulkIds(path, target, cancel);
            if (!ids) return std::unexpected(ids.error());
            std::vector<qint64> pool(runIds.begin(), runIds.end());
            std::sort(pool.begin(), pool.end());
            Split split;
            for (std::int64_t id : *ids) {
                if (std::binary_search(pool.begin(), pool.end(), qint64(id))) split.inRun << qint64(id);
                else ++split.outside;
            }
            split.step = SelectionExplorer::buildDecisionStep(decisions, version, split.inRun, include, cancel);
            if (cancel.isCancelled()) return dl::cancelled();
            return split;
        },
        [this, include, what = target.what, runId = selection_->runId()](Split split) {
            if (selection_->runId() != runId) return;  // another run opened meanwhile
            if (!split.inRun.isEmpty()) selection_->decide(std::move(split.step));
            emit decided(int(split.inRun.size()), split.outside, what);
            QString text =
                (include
                     ? tr("Included %n sentence(s) of %1 in selection run #%2.", nullptr, int(split.inRun.size()))
                     : tr("Excluded %n sentence(s) of %1 from selection run #%2.", nullptr, int(split.inRun.size())))
                    .arg(what)
                    .arg(runId);
            if (split.outside > 0)
                text += QLatin1Char(' ') +
                        tr("%n sentence(s) are not in the run's pool and were left alone.", nullptr, split.outside);
            emit message(text);
        },
        [this](const QString& message) { emit failed(tr("Selection"), message); });
}
