#pragma once
// Runs scripts/install-model.sh NAME as a separate process (QProcess: the GUI thread only
// reads its output as it arrives, never waits), turns its "install-model: [i/n] step" lines
// into progress and reports success or the script's last error line. Cancellable: the
// script installs into NAME.partial and renames at the end, so a cancel leaves nothing.
// Lives on the GUI thread; owned by its parent (the Encode dialog).
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

class ModelInstaller : public QObject {
    Q_OBJECT
public:
    // program + leading arguments that run the installer; the model name is appended.
    ModelInstaller(QString program, QStringList arguments, QObject* parent = nullptr);
    ~ModelInstaller() override;

    bool isRunning() const { return process_ && process_->state() != QProcess::NotRunning; }
    void start(const QString& model);
    void cancel();

signals:
    void progress(int step, int steps, const QString& text);
    void finished(bool ok, bool cancelled, const QString& message);

private:
    void readOutput();
    void onFinished(int exitCode, QProcess::ExitStatus status);

    QString program_;
    QStringList arguments_;
    QProcess* process_ = nullptr;
    QString model_, lastError_, partial_;
    bool cancelled_ = false;
};
