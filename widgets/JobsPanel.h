#pragma once
// Shows the running job (title, stage, progress bar, rate and time left), a Cancel button
// and a log of finished jobs. Fed by JobRunner's signals; knows nothing of what jobs do.
#include <QElapsedTimer>
#include <QWidget>

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;

class JobsPanel : public QWidget {
    Q_OBJECT
public:
    explicit JobsPanel(QWidget* parent = nullptr);

    QString currentTitle() const;
    bool cancelEnabled() const;

public slots:
    void onJobQueued(int id, const QString& title);
    void onJobStarted(int id, const QString& title);
    void onJobStage(int id, const QString& stage);
    void onJobProgress(int id, qint64 done, qint64 total);
    void onJobMessage(int id, const QString& message);
    void onJobFinished(int id, bool ok, bool cancelled, const QString& message);

signals:
    void cancelRequested();

private:
    void addLog(const QString& text, const QString& icon);
    QLabel* title_;
    QLabel* detail_;
    QProgressBar* bar_;
    QPushButton* cancel_;
    QListWidget* log_;
    QElapsedTimer stageTimer_;
    QString currentTitle_;
    QString stage_;
    int running_ = 0;
};
