#include "SelectDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

SelectDialog::SelectDialog(const QList<CorpusChoice>& corpora, QWidget* parent) : QDialog(parent), corpora_(corpora) {
    setWindowTitle(tr("Select in-domain data"));
    method_ = new QComboBox(this);
    method_->addItem(tr("Domain-Cosine (similarity to the seed mean)"), QStringLiteral("cosine"));
    method_->addItem(tr("Domain-Finetune (classifier on frozen vectors, pre-ranked negatives)"), QStringLiteral("finetune-head"));
    method_->addItem(tr("Domain-Finetune, training the whole encoder (slow on a CPU)"), QStringLiteral("finetune"));
    method_->addItem(tr("Moore-Lewis (n-gram cross-entropy difference)"), QStringLiteral("moore-lewis"));
    method_->addItem(tr("Axelrod (bilingual Moore-Lewis)"), QStringLiteral("axelrod"));
    method_->addItem(tr("In vs pseudo-out contrast (iterated)"), QStringLiteral("contrast"));
    method_->addItem(tr("Invitation model (latent in/out domains, IBM-1 tables + LMs, EM; bilingual)"), QStringLiteral("invitation"));
    method_->addItem(tr("Cross-lingual (seed and pool in different languages)"), QStringLiteral("cross-lingual"));
    pool_ = new QComboBox(this);
    seed_ = new QComboBox(this);
    for (const auto& c : corpora) {
        pool_->addItem(c.name);
        seed_->addItem(c.name);
    }
    seedDomain_ = new QComboBox(this);
    auto updateDomains = [this] {
        seedDomain_->clear();
        seedDomain_->addItem(tr("(all sentences)"), QString());
        const int i = seed_->currentIndex();
        if (i >= 0)
            for (const auto& d : corpora_[i].domains)
                if (!d.isEmpty()) seedDomain_->addItem(d, d);
    };
    connect(seed_, &QComboBox::currentIndexChanged, this, updateDomains);
    if (corpora.size() > 1) seed_->setCurrentIndex(1);
    updateDomains();
    seedSample_ = new QSpinBox(this);
    seedSample_->setRange(0, 100000000);
    seedSample_->setSpecialValueText(tr("all"));
    seedSample_->setToolTip(tr("Use a random sample of this many seed sentences (they are left out of the ranking)."));
    seedSampleSeed_ = new QSpinBox(this);
    seedSampleSeed_->setRange(0, 2147483647);
    seedSampleSeed_->setValue(24301);
    seedSampleSeed_->setToolTip(tr("Random seed of the seed sample: the same seed draws the same sentences. Stored in the run."));
    parallel_ = new QComboBox(this);
    for (const auto& c : corpora)
        if (c.parallel) parallel_->addItem(c.name);
    iterations_ = new QSpinBox(this);
    iterations_->setRange(1, 100);
    iterations_->setValue(3);
    iterations_->setToolTip(tr("Contrast: re-rank rounds. Invitation model: EM iterations (each one's ranking is kept in the run)."));
    pseudoOut_ = new QComboBox(this);
    pseudoOut_->addItem(tr("Lowest by LM contrast (Axelrod)"), QStringLiteral("lm"));
    pseudoOut_->addItem(tr("Lowest by lexical tables (IBM Model 1)"), QStringLiteral("tm"));
    pseudoOut_->setToolTip(tr("Where the Invitation model's initial pseudo out-of-domain set comes from."));
    auto updateMethod = [this] {
        const auto m = method_->currentData().toString();
        parallel_->setEnabled(m == QLatin1String("cross-lingual"));
        iterations_->setEnabled(m == QLatin1String("contrast") || m == QLatin1String("invitation"));
        // Each method's default: contrast 3 re-rank rounds, invitation 1 EM iteration (RESULTS.md).
        iterations_->setValue(m == QLatin1String("invitation") ? 1 : 3);
        pseudoOut_->setEnabled(m == QLatin1String("invitation"));
    };
    connect(method_, &QComboBox::currentIndexChanged, this, updateMethod);
    updateMethod();

    useDefault_ = new QRadioButton(tr("Method default (top 10%; Domain-Finetune: p > 0.5)"), this);
    useTop_ = new QRadioButton(tr("Top k:"), this);
    useThreshold_ = new QRadioButton(tr("Score at least:"), this);
    useDefault_->setChecked(true);
    top_ = new QSpinBox(this);
    top_->setRange(1, 2000000000);
    top_->setValue(1000);
    threshold_ = new QDoubleSpinBox(this);
    threshold_->setDecimals(4);
    threshold_->setRange(-1e6, 1e6);
    threshold_->setValue(0.5);
    auto* topRow = new QHBoxLayout;
    topRow->addWidget(useTop_);
    topRow->addWidget(top_, 1);
    auto* thresholdRow = new QHBoxLayout;
    thresholdRow->addWidget(useThreshold_);
    thresholdRow->addWidget(threshold_, 1);

    auto* form = new QFormLayout;
    form->addRow(tr("&Method:"), method_);
    form->addRow(tr("&Pool:"), pool_);
    form->addRow(tr("&Seed corpus:"), seed_);
    form->addRow(tr("Seed &domain:"), seedDomain_);
    form->addRow(tr("Seed sa&mple:"), seedSample_);
    form->addRow(tr("Sample s&eed:"), seedSampleSeed_);
    form->addRow(tr("Pa&rallel corpus:"), parallel_);
    form->addRow(tr("&Iterations:"), iterations_);
    form->addRow(tr("Pseudo-&out set:"), pseudoOut_);
    form->addRow(tr("Cut:"), useDefault_);
    form->addRow(QString(), topRow);
    form->addRow(QString(), thresholdRow);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Select"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!corpora.isEmpty());
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

SelectRequest SelectDialog::request() const {
    SelectRequest r;
    r.method = method_->currentData().toString();
    r.pool = pool_->currentText();
    r.seedCorpus = seed_->currentText();
    r.seedDomain = seedDomain_->currentData().toString();
    r.seedSample = seedSample_->value();
    r.seedSampleSeed = seedSampleSeed_->value();
    r.parallel = parallel_->currentText();
    r.iterations = iterations_->value();
    r.pseudoOut = pseudoOut_->currentData().toString();
    r.useTop = !useThreshold_->isChecked();
    r.top = useTop_->isChecked() ? top_->value() : 0;
    r.threshold = threshold_->value();
    return r;
}
