#include "SettingsDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

SettingsDialog::SettingsDialog(const WorkbenchSettings& current, const QList<ModelChoice>& models, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Settings"));
    language_ = new QComboBox(this);
    language_->addItem(tr("System language"), QString());
    language_->addItem(QStringLiteral("English"), QStringLiteral("en"));
    language_->addItem(QStringLiteral("Deutsch"), QStringLiteral("de"));
    language_->addItem(QStringLiteral("Français"), QStringLiteral("fr"));
    language_->setCurrentIndex(qMax(0, language_->findData(current.language)));
    threads_ = new QSpinBox(this);
    threads_->setRange(0, 256);
    threads_->setSpecialValueText(tr("automatic"));
    threads_->setValue(current.threads);
    batchTokens_ = new QSpinBox(this);
    batchTokens_->setRange(512, 1 << 22);
    batchTokens_->setSingleStep(1024);
    batchTokens_->setValue(current.batchTokens);
    batchTokens_->setToolTip(tr("Padded tokens per forward pass: larger is faster until memory runs out."));
    model_ = new QComboBox(this);
    defaultModel_ = current.defaultModel;
    setModels(models);

    auto* form = new QFormLayout;
    form->addRow(tr("&Language:"), language_);
    form->addRow(QString(), new QLabel(tr("The language applies the next time DomainLens starts."), this));
    form->addRow(tr("Encoder &threads:"), threads_);
    form->addRow(tr("&Batch size (tokens):"), batchTokens_);
    form->addRow(tr("Default &model:"), model_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void SettingsDialog::showModelsLoading() {
    model_->clear();
    // The setting itself stays chosen, so OK while loading keeps it.
    model_->addItem(tr("Loading models…"), defaultModel_);
}

void SettingsDialog::setModels(const QList<ModelChoice>& models) {
    model_->clear();
    model_->addItem(tr("The installed default model"), QString());
    for (const auto& m : models) model_->addItem(m.name, m.path);
    model_->setCurrentIndex(qMax(0, model_->findData(defaultModel_)));
    emit modelsChanged();
}

WorkbenchSettings SettingsDialog::settings() const {
    return {language_->currentData().toString(), threads_->value(), batchTokens_->value(),
            model_->currentData().toString()};
}
