#pragma once
// Shows the running job in one compact row (title, stage, progress bar, time left, Cancel)
// that fits a status bar, plus a log of finished jobs that stays folded away until the
// "Log" button opens it. The log is a separate widget (takeLog()) so the window can put it
// in a dock; unclaimed, it folds out below the row. Fed by JobRunner's signals; knows
// nothing of what jobs do.
#include <QElapsedTimer>
#include <QWidget>

#include "JobOutcomeKind.h"

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QToolButton;

class JobsPanel : public QWidget {
    Q_OBJECT
public:
    explicit JobsPanel(QWidget* parent = nullptr);

    QString currentTitle() const;
    bool cancelEnabled() const;
    bool logShown() const;
    // Hands the log list to the caller (e.g. a dock); the Log button then asks for it to be
    // shown or hidden through logToggled instead of folding it out here.
    QListWidget* takeLog();
    QListWidget* log() const { return log_; }

public slots:
    void setLogShown(bool shown);
    void onJobQueued(int id, const QString& title);
    void onJobStarted(int id, const QString& title);
    void onJobStage(int id, const QString& stage);
    void onJobProgress(int id, qint64 done, qint64 total);
    void onJobMessage(int id, const QString& message);
    void onJobFinished(int id, JobOutcomeKind outcome, const QString& message);

signals:
    void cancelRequested();
    void logToggled(bool shown);

private:
    void addLog(const QString& text, const QString& icon);
    QLabel* title_;
    QLabel* detail_;
    QProgressBar* bar_;
    QPushButton* cancel_;
    QListWidget* log_;
    QToolButton* logButton_;
    bool logTaken_ = false;
    QElapsedTimer stageTimer_;
    QString currentTitle_;
    QString stage_;
    int running_ = 0;
};
