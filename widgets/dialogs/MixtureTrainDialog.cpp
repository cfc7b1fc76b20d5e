#include "MixtureTrainDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include "ParamFieldWidgets.h"

MixtureTrainDialog::MixtureTrainDialog(const QString& kit, const QString& suggestedOut, const ParamFields& fields,
                                       QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Train on a mixture kit"));
    auto field = [&fields](const char* name) { return findParamField(fields, QLatin1String(name)); };
    kit_ = new QLineEdit(kit, this);
    kit_->setObjectName(QStringLiteral("kit"));
    auto* kitBrowse = new QToolButton(this);
    kitBrowse->setText(tr("…"));
    connect(kitBrowse, &QToolButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Mixture kit"), kit_->text());
        if (!dir.isEmpty()) kit_->setText(dir);
    });
    schedule_ = new QLineEdit(this);
    applyParamField(schedule_, field("schedule"));
    auto* scheduleFile = new QToolButton(this);
    scheduleFile->setText(tr("File…"));
    connect(scheduleFile, &QToolButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Schedule file"), kit_->text(),
                                                          tr("Schedules (*.schedule.json);;All files (*)"));
        if (!file.isEmpty()) schedule_->setText(file);
    });
    auto* quick = new QHBoxLayout;
    quick->addWidget(schedule_, 1);
    for (const char* kind : {"static", "mdac", "dds"}) {
        auto* b = new QToolButton(this);
        b->setText(QLatin1String(kind));
        connect(b, &QToolButton::clicked, this, [this, kind] { schedule_->setText(QLatin1String(kind)); });
        quick->addWidget(b);
    }
    quick->addWidget(scheduleFile);
    out_ = new QLineEdit(this);
    applyParamField(out_, field("out"));
    if (!suggestedOut.isEmpty()) out_->setText(suggestedOut);
    auto* resume = new QCheckBox(tr("Continue from the checkpoint in the work folder"), this);
    applyParamField(resume, field("resume"));
    auto spin = [&](const char* name) {
        auto* box = new QSpinBox(this);
        box->setGroupSeparatorShown(true);
        applyParamField(box, field(name));
        params_ << box;
        return box;
    };
    auto real = [&](const char* name) {
        auto* box = new QDoubleSpinBox(this);
        box->setDecimals(9);  // learning rates from 1e-9
        applyParamField(box, field(name));
        params_ << box;
        return box;
    };
    auto* device = new QComboBox(this);
    applyParamField(device, field("device"));
    params_ << schedule_ << out_ << resume << device;

    auto* kitRow = new QHBoxLayout;
    kitRow->addWidget(kit_, 1);
    kitRow->addWidget(kitBrowse);
    auto* top = new QFormLayout;
    // Rows that are layouts get no buddy from QFormLayout, so their "&" would show as text.
    auto* kitLabel = new QLabel(tr("&Kit folder:"), this);
    kitLabel->setBuddy(kit_);
    auto* fromLabel = new QLabel(tr("λ &from:"), this);
    fromLabel->setBuddy(schedule_);
    top->addRow(kitLabel, kitRow);
    top->addRow(fromLabel, quick);
    top->addRow(tr("&Work folder:"), out_);
    top->addRow(QString(), resume);
    top->addRow(tr("&Device:"), device);

    auto* training = new QGroupBox(tr("Training"), this);
    auto* t = new QFormLayout(training);
    t->addRow(tr("&Steps:"), spin("steps"));
    t->addRow(tr("&Batch (sequences):"), spin("batch"));
    t->addRow(tr("S&eed:"), spin("seed"));
    t->addRow(tr("Learning &rate:"), real("lr"));
    t->addRow(tr("Dev loss e&very (steps):"), spin("eval-every"));
    t->addRow(tr("Dev &windows per group:"), spin("dev-windows"));
    auto* model = new QGroupBox(tr("Model"), this);
    auto* m = new QFormLayout(model);
    m->addRow(tr("&Context (tokens):"), spin("context"));
    m->addRow(tr("&Layers:"), spin("layers"));
    m->addRow(tr("W&idth:"), spin("dim"));
    m->addRow(tr("&Heads:"), spin("heads"));
    m->addRow(tr("&Vocabulary:"), spin("vocab"));
    auto* mdac = new QGroupBox(tr("MDAC / DDS"), this);
    auto* d = new QFormLayout(mdac);
    d->addRow(tr("Steps per sessi&on (K):"), spin("session-steps"));
    d->addRow(tr("Si&mulated steps per group (k):"), spin("sim-steps"));
    d->addRow(tr("Learning rate of &ψ:"), real("mdac-lr"));
    d->addRow(tr("&Updates per session:"), spin("updates"));
    auto* groups = new QHBoxLayout;
    groups->addWidget(training);
    groups->addWidget(model);
    groups->addWidget(mdac);

    auto* note = new QLabel(tr("A small decoder-only Transformer language model over the kit's training text; its "
                               "batches' groups are drawn from λ at each step. The dev loss per group under λ^t is "
                               "measured as it trains; Cancel leaves a checkpoint that “Continue” resumes."),
                            this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* ok = buttons->button(QDialogButtonBox::Ok);
    ok->setText(tr("Train"));
    auto updateOk = [this, ok] {
        ok->setEnabled(!kit_->text().trimmed().isEmpty() && !out_->text().trimmed().isEmpty());
    };
    connect(kit_, &QLineEdit::textChanged, this, updateOk);
    connect(out_, &QLineEdit::textChanged, this, updateOk);
    updateOk();
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addLayout(top);
    layout->addLayout(groups);
    layout->addWidget(buttons);
}

MixtureTrainRequest MixtureTrainDialog::request() const {
    MixtureTrainRequest r;
    r.kit = kit_->text().trimmed();
    r.values = paramValues(params_);
    return r;
}
