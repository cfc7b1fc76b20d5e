#include "JobsPanel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTime>
#include <QToolButton>
#include <QVBoxLayout>

JobsPanel::JobsPanel(QWidget* parent) : QWidget(parent) {
    title_ = new QLabel(tr("No job running"), this);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    detail_ = new QLabel(this);
    detail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar_ = new QProgressBar(this);
    bar_->setRange(0, 1);
    bar_->setValue(0);
    bar_->setTextVisible(false);
    cancel_ = new QPushButton(style()->standardIcon(QStyle::SP_DialogCancelButton), tr("Cancel"), this);
    cancel_->setEnabled(false);
    cancel_->setToolTip(tr("Stop the running job; the project stays as it was before the job."));
    connect(cancel_, &QPushButton::clicked, this, [this] {
        cancel_->setEnabled(false);
        detail_->setText(tr("Cancelling…"));
        emit cancelRequested();
    });
    log_ = new QListWidget(this);
    log_->setWordWrap(true);
    log_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    log_->hide();
    logButton_ = new QToolButton(this);
    logButton_->setText(tr("Log"));
    logButton_->setCheckable(true);
    logButton_->setAutoRaise(true);
    logButton_->setToolTip(tr("Show the log of finished jobs and their messages."));
    connect(logButton_, &QToolButton::toggled, this, [this](bool shown) {
        if (!logTaken_) log_->setVisible(shown);
        emit logToggled(shown);
    });
    bar_->setMaximumWidth(220);
    bar_->setMaximumHeight(fontMetrics().height() + 4);
    detail_->setMinimumWidth(120);

    // One row: fits a status bar; the log folds out below only when asked for.
    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(title_);
    row->addWidget(detail_, 1);
    row->addWidget(bar_);
    row->addWidget(cancel_);
    row->addWidget(logButton_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(log_, 1);
    bar_->hide();
    cancel_->hide();
}

QListWidget* JobsPanel::takeLog() {
    layout()->removeWidget(log_);
    log_->setParent(nullptr);
    logTaken_ = true;
    return log_;
}

bool JobsPanel::logShown() const { return logButton_->isChecked(); }

void JobsPanel::setLogShown(bool shown) { logButton_->setChecked(shown); }

QString JobsPanel::currentTitle() const { return currentTitle_; }
bool JobsPanel::cancelEnabled() const { return cancel_->isEnabled(); }

void JobsPanel::addLog(const QString& text, const QString& icon) {
    auto* item = new QListWidgetItem(QTime::currentTime().toString(QStringLiteral("HH:mm:ss ")) + icon +
                                     QLatin1Char(' ') + text);
    item->setToolTip(text);
    log_->insertItem(0, item);
}

void JobsPanel::onJobQueued(int, const QString& title) {
    if (running_) addLog(tr("Queued: %1").arg(title), QStringLiteral("…"));
}

void JobsPanel::onJobStarted(int id, const QString& title) {
    running_ = id;
    currentTitle_ = title;
    stage_.clear();
    title_->setText(title);
    detail_->setText(tr("Starting…"));
    bar_->setRange(0, 0);  // busy until the first progress report
    bar_->setTextVisible(true);
    bar_->show();
    cancel_->show();
    cancel_->setEnabled(true);
    stageTimer_.start();
}

void JobsPanel::onJobStage(int id, const QString& stage) {
    if (id != running_) return;
    stage_ = stage;
    stageTimer_.restart();
    detail_->setText(stage);
}

void JobsPanel::onJobProgress(int id, qint64 done, qint64 total) {
    if (id != running_) return;
    if (total <= 0) {
        bar_->setRange(0, 0);
        return;
    }
    // QProgressBar takes ints: scale to per-mille.
    bar_->setRange(0, 1000);
    bar_->setValue(int(1000.0 * double(done) / double(total)));
    const double seconds = stageTimer_.elapsed() / 1000.0;
    QString text = stage_;
    if (seconds > 1 && done > 0) {
        const double left = seconds * double(total - done) / double(done);
        text += tr(" — %1 left").arg(left >= 90 ? tr("%1 min").arg(qRound(left / 60)) : tr("%1 s").arg(qRound(left)));
    }
    detail_->setText(text);
}

void JobsPanel::onJobMessage(int, const QString& message) { addLog(message, QStringLiteral("ℹ")); }

void JobsPanel::onJobFinished(int id, JobOutcomeKind outcome, const QString& message) {
    const QString title = id == running_ ? currentTitle_ : tr("Queued job");
    const bool ok = outcome == JobOutcomeKind::Succeeded;
    const bool cancelled = outcome == JobOutcomeKind::Cancelled;
    if (ok) addLog(tr("%1 finished").arg(title), QStringLiteral("✔"));
    else if (cancelled) addLog(tr("%1 cancelled; the project is unchanged").arg(title), QStringLiteral("⏹"));
    else addLog(tr("%1 failed: %2").arg(title, message), QStringLiteral("✖"));
    if (id != running_) return;
    running_ = 0;
    currentTitle_.clear();
    title_->setText(tr("No job running"));
    detail_->setText(ok ? tr("Done.") : cancelled ? tr("Cancelled.") : message);
    bar_->setRange(0, 1);
    bar_->setValue(ok ? 1 : 0);
    bar_->setTextVisible(false);
    bar_->hide();
    cancel_->setEnabled(false);
    cancel_->hide();
}
