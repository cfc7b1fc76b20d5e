#include "ModelInstaller.h"

#include <QRegularExpression>

ModelInstaller::ModelInstaller(QString program, QStringList arguments, QObject* parent)
    : QObject(parent), program_(std::move(program)), arguments_(std::move(arguments)) {}

ModelInstaller::~ModelInstaller() { cancel(); }

void ModelInstaller::start(const QString& model) {
    if (isRunning()) return;
    model_ = model;
    lastError_.clear();
    partial_.clear();
    cancelled_ = false;
    delete process_;
    process_ = new QProcess(this);
    process_->setProcessChannelMode(QProcess::MergedChannels);
    connect(process_, &QProcess::readyRead, this, &ModelInstaller::readOutput);
    connect(process_, &QProcess::finished, this, &ModelInstaller::onFinished);
    connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            emit finished(false, false, tr("Cannot run the installer %1: %2").arg(program_, process_->errorString()));
    });
    emit progress(0, 0, tr("Starting the installer for %1…").arg(model));
    process_->start(program_, arguments_ + QStringList{model});
}

void ModelInstaller::cancel() {
    if (!isRunning()) return;
    cancelled_ = true;
    process_->terminate();  // the script's EXIT trap removes its temporary folder
    if (!process_->waitForFinished(3000)) process_->kill();
}

void ModelInstaller::readOutput() {
    partial_ += QString::fromUtf8(process_->readAll());
    static const QRegularExpression step(QStringLiteral(R"(\[(\d+)/(\d+)\]\s*(.*))"));
    qsizetype nl;
    while ((nl = partial_.indexOf(QLatin1Char('\n'))) >= 0) {
        QString line = partial_.left(nl).trimmed();
        partial_.remove(0, nl + 1);
        if (line.startsWith(QLatin1String("install-model: "))) line = line.mid(15);
        if (line.isEmpty()) continue;
        if (const auto m = step.match(line); m.hasMatch())
            emit progress(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3));
        else lastError_ = line;
    }
}

void ModelInstaller::onFinished(int exitCode, QProcess::ExitStatus status) {
    readOutput();
    if (!partial_.trimmed().isEmpty()) lastError_ = partial_.trimmed();
    if (cancelled_) {
        emit finished(false, true, tr("Installing %1 was cancelled.").arg(model_));
    } else if (status == QProcess::NormalExit && exitCode == 0) {
        emit finished(true, false, tr("%1 is installed.").arg(model_));
    } else {
        emit finished(false, false,
                      tr("Installing %1 failed (exit code %2): %3").arg(model_).arg(exitCode).arg(lastError_));
    }
}
