#pragma once
// The selection panel of one selection run: score histogram with a draggable threshold and
// a top-k box kept in sync, live precision/recall/F1 and a PR curve when the pool has the
// seed's domain label, the borderline sentences nearest the cut with include/exclude
// decisions that persist in the project (undoable with Ctrl+Z), and export of the cut.
// Nothing here reads or writes SQLite on the GUI thread: the borderline texts come from a
// batched read on the window's AsyncService (the latest cut wins); decisions apply at once in
// memory and are written in order by a DecisionWriter (the service's "decisions" channel).
#include <QHash>
#include <QWidget>

#include <optional>

#include "RunViews.h"
#include "jobs/Progress.h"

class AsyncService;
class DecisionWriter;
class QLabel;
class QPushButton;
class QTableWidget;
class QUndoStack;
class ScoreCdfView;
class ScoreHistogramView;

class SelectionExplorer : public QWidget {
    Q_OBJECT
public:
    explicit SelectionExplorer(AsyncService& async, QWidget* parent = nullptr);
    ~SelectionExplorer() override;
    void setProject(const QString& projectPath);
    void setRun(SelectionViewData data);
    const SelectionViewData& run() const { return data_; }
    qint64 runId() const { return data_.runId; }
    ScoreHistogramView* histogram() const { return histogram_; }
    QUndoStack* undoStack() const { return undo_; }
    QTableWidget* borderline() const { return borderline_; }
    DecisionWriter* writer() const { return writer_; }

    // One undoable step setting ids to a state (nullopt = back to the score's verdict): each
    // id's decision before, the decisions it sets, and the run's decisions once it is applied.
    // Built by buildDecisionStep (plain values: callable off the GUI thread; 1.47M ids take
    // hundreds of ms) from the decisions as they were at `basedOn` (decisionsVersion()).
    struct DecisionStep {
        QHash<qint64, std::optional<bool>> before, after;
        QHash<qint64, bool> result;
        std::optional<bool> state;
        quint64 basedOn = 0;
    };
    static DecisionStep buildDecisionStep(const QHash<qint64, bool>& decisions, quint64 version,
                                          const QVector<qint64>& ids, std::optional<bool> state,
                                          const dl::CancelToken& cancel = {});
    // Pushes one undoable command setting `ids` to `state`, built here (a click, a pick).
    void decide(const QVector<qint64>& ids, std::optional<bool> state);
    // Pushes a step built off the GUI thread (BulkActions); built again here when the
    // decisions changed since its snapshot (another step came first).
    void decide(DecisionStep step);
    // Bumped by every change of decisions() (a step applied or undone, another run shown).
    quint64 decisionsVersion() const { return decisionsVersion_; }
    // Applies decisions now (memory, table) and queues their write; used by the undo commands.
    // `result`: the decisions once applied, computed already (the first redo of a DecisionStep).
    void applyDecisions(const QHash<qint64, std::optional<bool>>& decisions,
                        std::optional<QHash<qint64, bool>> result = std::nullopt);
    std::optional<bool> decision(qint64 sentenceId) const;
    const QHash<qint64, bool>& decisions() const { return decisions_; }

signals:
    void exportRequested(qint64 runId, qint64 topK);
    // All queued decision writes are in the project.
    void decisionsSaved();
    void decisionsFailed(const QString& message);
    // The borderline table shows the texts for the current cut.
    void borderlineTextsShown();
    // A run is shown (its ranking is in the histogram).
    void runShown(qint64 runId);
    // The in-memory decisions changed (a decision, an undo or a redo).
    void decisionsApplied();

private:
    void refreshBorderline();
    void fillBorderlineTexts();
    SelectionViewData data_;
    QString projectPath_;
    QHash<qint64, bool> decisions_;
    quint64 decisionsVersion_ = 0;
    QHash<qint64, QString> texts_;  // sentence id -> text, for the current run
    AsyncService& async_;  // the window's; outlives this panel
    DecisionWriter* writer_;
    QLabel* title_;
    QLabel* saveState_;
    ScoreHistogramView* histogram_;
    QTableWidget* borderline_;
    ScoreCdfView* cdf_;
    QPushButton* include_;
    QPushButton* exclude_;
    QPushButton* reset_;
    QPushButton* export_;
    QUndoStack* undo_;
};
