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

#include "ParamFieldWidgets.h"

ExportDialog::ExportDialog(const QString& suggestedPrefix, const ParamFields& fields, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Export training files"));
    auto field = [&fields](const char* name) { return findParamField(fields, QLatin1String(name)); };
    mode_ = new QComboBox(this);
    mode_->addItem(tr("The selection (latest selection run)"), QString());
    mode_->addItem(tr("One shard per group"), QStringLiteral("shards"));
    mode_->addItem(tr("Mixture weights and a sampled training file"), QStringLiteral("mixture"));
    format_ = new QComboBox(this);
    applyParamField(format_, field("format"),
                    {{QStringLiteral("moses"), tr("Moses (one file per language)")},
                     {QStringLiteral("tsv"), QStringLiteral("TSV")},
                     {QStringLiteral("jsonl"), QStringLiteral("JSON Lines")},
                     {QStringLiteral("parquet"), QStringLiteral("Parquet")}});
    prefix_ = new QLineEdit(this);
    applyParamField(prefix_, field("out"));
    prefix_->setText(suggestedPrefix);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getSaveFileName(this, tr("Output prefix"), prefix_->text());
        if (!f.isEmpty()) prefix_->setText(f);
    });
    auto* prefixRow = new QHBoxLayout;
    prefixRow->addWidget(prefix_, 1);
    prefixRow->addWidget(browse);
    scores_ = new QCheckBox(tr("Include scores"), this);
    applyParamField(scores_, field("scores"));
    gzip_ = new QCheckBox(tr("Compress (gzip)"), this);
    applyParamField(gzip_, field("gzip"));
    order_ = new QComboBox(this);
    applyParamField(
        order_, field("order"),
        {{QStringLiteral("original"), tr("Corpus order")}, {QStringLiteral("score"), tr("Best-scored first")}});
    force_ = new QCheckBox(tr("Replace existing files"), this);
    applyParamField(force_, field("force"));
    groupBy_ = new QComboBox(this);
    applyParamField(groupBy_, field("by"),
                    {{QStringLiteral("domain"), tr("Domain label")},
                     {QStringLiteral("cluster"), tr("Cluster (latest clustering run)")}});
    alpha_ = new QDoubleSpinBox(this);
    alpha_->setSingleStep(0.1);
    applyParamField(alpha_, field("alpha"));
    size_ = new QSpinBox(this);
    applyParamField(size_, field("size"));
    size_->setSpecialValueText(tr("weights only"));
    auto update = [this] {
        const QString mode = mode_->currentData().toString();  // "" = the selection
        groupBy_->setEnabled(!mode.isEmpty());
        alpha_->setEnabled(mode == QLatin1String("mixture"));
        size_->setEnabled(mode == QLatin1String("mixture"));
        order_->setEnabled(mode.isEmpty());
    };
    connect(mode_, &QComboBox::currentIndexChanged, this, update);
    update();

    auto* form = new QFormLayout;
    form->addRow(tr("&What:"), mode_);
    form->addRow(tr("&Format:"), format_);
    form->addRow(tr("&Output prefix:"), prefixRow);
    form->addRow(QString(), scores_);
    form->addRow(QString(), gzip_);
    form->addRow(tr("&Order:"), order_);
    form->addRow(QString(), force_);
    form->addRow(tr("&Groups:"), groupBy_);
    form->addRow(tr("&Alpha:"), alpha_);
    form->addRow(tr("Sample &size:"), size_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(prefix_, &QLineEdit::textChanged, this, [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!prefix_->text().trimmed().isEmpty());
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

ExportRequest ExportDialog::request() const {
    ExportRequest r;
    // Disabled widgets keep the job's defaults (the groups, alpha and size of another mode).
    r.values = paramValues({format_, prefix_, scores_, gzip_, order_, force_, groupBy_, alpha_, size_});
    if (const QString mode = mode_->currentData().toString(); !mode.isEmpty()) r.values.insert(mode, true);
    return r;
}
