#include "ExportDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

ExportDialog::ExportDialog(const QString& suggestedPrefix, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Export training files"));
    mode_ = new QComboBox(this);
    mode_->addItem(tr("The selection (latest selection run)"), int(ExportRequest::Mode::Selection));
    mode_->addItem(tr("One shard per group"), int(ExportRequest::Mode::Shards));
    mode_->addItem(tr("Mixture weights and a sampled training file"), int(ExportRequest::Mode::Mixture));
    format_ = new QComboBox(this);
    format_->addItem(tr("Moses (one file per language)"), QStringLiteral("moses"));
    format_->addItem(QStringLiteral("TSV"), QStringLiteral("tsv"));
    format_->addItem(QStringLiteral("JSON Lines"), QStringLiteral("jsonl"));
    prefix_ = new QLineEdit(suggestedPrefix, this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getSaveFileName(this, tr("Output prefix"), prefix_->text());
        if (!f.isEmpty()) prefix_->setText(f);
    });
    auto* prefixRow = new QHBoxLayout;
    prefixRow->addWidget(prefix_, 1);
    prefixRow->addWidget(browse);
    scores_ = new QCheckBox(tr("Include scores"), this);
    gzip_ = new QCheckBox(tr("Compress (gzip)"), this);
    scoreOrder_ = new QCheckBox(tr("Best-scored first (else corpus order)"), this);
    force_ = new QCheckBox(tr("Replace existing files"), this);
    groupBy_ = new QComboBox(this);
    groupBy_->addItem(tr("Domain label"), QStringLiteral("domain"));
    groupBy_->addItem(tr("Cluster (latest clustering run)"), QStringLiteral("cluster"));
    alpha_ = new QDoubleSpinBox(this);
    alpha_->setRange(0, 10);
    alpha_->setSingleStep(0.1);
    alpha_->setValue(1.0);
    alpha_->setToolTip(tr("Weight of a group ~ (its share)^alpha: 0 = uniform, 1 = proportional to size."));
    size_ = new QSpinBox(this);
    size_->setRange(0, 2000000000);
    size_->setSpecialValueText(tr("weights only"));
    auto update = [this] {
        const auto mode = ExportRequest::Mode(mode_->currentData().toInt());
        groupBy_->setEnabled(mode != ExportRequest::Mode::Selection);
        alpha_->setEnabled(mode == ExportRequest::Mode::Mixture);
        size_->setEnabled(mode == ExportRequest::Mode::Mixture);
        scoreOrder_->setEnabled(mode == ExportRequest::Mode::Selection);
    };
    connect(mode_, &QComboBox::currentIndexChanged, this, update);
    update();

    auto* form = new QFormLayout;
    form->addRow(tr("&What:"), mode_);
    form->addRow(tr("&Format:"), format_);
    form->addRow(tr("&Output prefix:"), prefixRow);
    form->addRow(QString(), scores_);
    form->addRow(QString(), gzip_);
    form->addRow(QString(), scoreOrder_);
    form->addRow(QString(), force_);
    form->addRow(tr("&Groups:"), groupBy_);
    form->addRow(tr("&Alpha:"), alpha_);
    form->addRow(tr("Sample &size:"), size_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(prefix_, &QLineEdit::textChanged, this, [this, buttons] { buttons->button(QDialogButtonBox::Ok)->setEnabled(!prefix_->text().trimmed().isEmpty()); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

ExportRequest ExportDialog::request() const {
    ExportRequest r;
    r.mode = ExportRequest::Mode(mode_->currentData().toInt());
    r.format = format_->currentData().toString();
    r.prefix = prefix_->text().trimmed();
    r.scores = scores_->isChecked();
    r.gzip = gzip_->isChecked();
    r.scoreOrder = scoreOrder_->isChecked();
    r.force = force_->isChecked();
    r.groupBy = groupBy_->currentData().toString();
    r.alpha = alpha_->value();
    r.sampleSize = size_->value();
    return r;
}
