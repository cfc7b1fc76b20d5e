#pragma once
// The selection panel of one selection run: score histogram with a draggable threshold and
// a top-k box kept in sync, live precision/recall/F1 and a PR curve when the pool has the
// seed's domain label, the borderline sentences nearest the cut with include/exclude
// decisions that persist in the project (undoable with Ctrl+Z), and export of the cut.
#include <QWidget>

#include "RunViews.h"

class QLabel;
class QPushButton;
class QTableWidget;
class QUndoStack;
class ScoreCdfView;
class ScoreHistogramView;

class SelectionExplorer : public QWidget {
    Q_OBJECT
public:
    explicit SelectionExplorer(QWidget* parent = nullptr);
    void setProject(const QString& projectPath) { projectPath_ = projectPath; }
    void setRun(SelectionViewData data);
    qint64 runId() const { return data_.runId; }
    ScoreHistogramView* histogram() const { return histogram_; }
    QUndoStack* undoStack() const { return undo_; }
    // Persists a manual decision (nullopt = back to the score's verdict). GUI thread: one row.
    bool setDecision(qint64 sentenceId, std::optional<bool> included, QString* error = nullptr);
    std::optional<bool> decision(qint64 sentenceId) const;

signals:
    void exportRequested(qint64 runId, qint64 topK);

private:
    void refreshBorderline();
    SelectionViewData data_;
    QString projectPath_;
    QHash<qint64, bool> decisions_;
    QLabel* title_;
    ScoreHistogramView* histogram_;
    QTableWidget* borderline_;
    ScoreCdfView* cdf_;
    QPushButton* include_;
    QPushButton* exclude_;
    QPushButton* reset_;
    QPushButton* export_;
    QUndoStack* undo_;
};
