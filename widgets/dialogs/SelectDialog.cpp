#include "SelectDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "CleaningWidgets.h"
#include "DisplayText.h"
#include "ParamFieldWidgets.h"
#include "SelectMethodSettings.h"

namespace {
// Invitation's own default for --iterations (core's InvitationOptions; tst_paramagreement checks
// it), where the table's default is contrast's.
constexpr int kInvitationIterations = 1;
}  // namespace

SelectDialog::SelectDialog(const QList<CorpusChoice>& corpora, const ParamFields& fields,
                           const ParamFields& crossLingualFields, QWidget* parent)
    : QDialog(parent), corpora_(corpora) {
    setWindowTitle(tr("Select in-domain data"));
    method_ = new QComboBox(this);
    applyParamField(
        method_, findParamField(fields, QStringLiteral("method")),
        {{QStringLiteral("cosine"), tr("Domain-Cosine (similarity to the seed mean)")},
         {QStringLiteral("finetune-head"),
          tr("Domain-Finetune on frozen vectors (a classifier, two positive-unlabeled rounds)")},
         {QStringLiteral("finetune"), tr("Domain-Finetune training the whole encoder (slow without a GPU)")},
         {QStringLiteral("moore-lewis"), tr("Moore-Lewis (n-gram cross-entropy difference)")},
         {QStringLiteral("axelrod"), tr("Axelrod (bilingual Moore-Lewis)")},
         {QStringLiteral("contrast"), tr("In vs pseudo-out contrast (iterated)")},
         {QStringLiteral("invitation"),
          tr("Invitation model (latent in/out domains, IBM-1 tables + LMs, EM; bilingual)")},
         {QStringLiteral("cross-lingual"), tr("Cross-lingual (seed and pool in different languages)")}});
    // The measured advice (docs/gpu.md section 6) as the item's tooltip: the label stays short.
    method_->setItemData(method_->findData(QStringLiteral("finetune")),
                         tr("Trains every weight of the encoder. Measured with the default encoder, on a GPU too: no "
                            "better than Domain-Finetune on frozen vectors."),
                         Qt::ToolTipRole);
    pool_ = new QComboBox(this);
    seed_ = new QComboBox(this);
    for (const auto& c : corpora) {
        addCorpusItem(pool_, c.name);
        addCorpusItem(seed_, c.name);
    }
    filter_ = new FilterRunBox(findParamField(fields, QStringLiteral("filter")), this);
    filter_->followCorpus(pool_);
    seedDomain_ = new QComboBox(this);
    auto updateDomains = [this] {
        seedDomain_->clear();
        seedDomain_->addItem(tr("(all sentences)"), QString());
        const int i = seed_->currentIndex();
        if (i >= 0)
            for (const auto& d : corpora_[i].domains)
                if (!d.isEmpty()) seedDomain_->addItem(boundedForDisplay(d), d);  // the value: data
    };
    connect(seed_, &QComboBox::currentIndexChanged, this, updateDomains);
    if (corpora.size() > 1) seed_->setCurrentIndex(1);
    updateDomains();
    seedSample_ = new QSpinBox(this);
    seedSample_->setRange(0, 100000000);
    seedSample_->setSpecialValueText(tr("all"));
    seedSample_->setToolTip(tr("Use a random sample of this many seed sentences (they are left out of the ranking)."));
    seedSampleSeed_ = new QSpinBox(this);
    applyParamField(seedSampleSeed_, findParamField(fields, QStringLiteral("seed-sample-seed")));
    parallel_ = new QComboBox(this);
    nameParamWidget(parallel_, findParamField(fields, QStringLiteral("parallel")));  // the table's help as tooltip
    for (const auto& c : corpora)
        if (c.parallel) addCorpusItem(parallel_, c.name);
    const ParamField iterationsField = findParamField(fields, QStringLiteral("iterations"));
    iterations_ = new QSpinBox(this);
    applyParamField(iterations_, iterationsField);
    pseudoOut_ = new QComboBox(this);
    applyParamField(pseudoOut_, findParamField(fields, QStringLiteral("pseudo-out")),
                    {{QStringLiteral("lm"), tr("Lowest by LM contrast (Axelrod)")},
                     {QStringLiteral("tm"), tr("Lowest by lexical tables (IBM Model 1)")}});
    side_ = new QComboBox(this);
    applyParamField(side_, findParamField(fields, QStringLiteral("side")),
                    {{QStringLiteral("src"), tr("Source side")}, {QStringLiteral("tgt"), tr("Target side")}});
    sides_ = new QComboBox(this);
    applyParamField(sides_, findParamField(fields, QStringLiteral("sides")),
                    {{QStringLiteral("one"), tr("One side")},
                     {QStringLiteral("both"), tr("Both sides, summed (bilingual contrast)")}});
    // The form, filled below; the method's lambdas show and enable its rows (before it is filled,
    // setRowVisible would warn, so the first updateMethod() runs once the rows are added).
    auto* form = new QFormLayout;
    // A row of another method is hidden as well as disabled: the form shows what the chosen method
    // reads (as the settings group does), and disabled is what keeps it out of request().
    auto offerRow = [form](QWidget* widget, bool offered) {
        widget->setEnabled(offered);
        form->setRowVisible(widget, offered);
    };
    // The side and the sides belong to contrast; both sides leave no side to choose.
    auto updateSides = [this, form] {
        const bool contrast = method_->currentData().toString() == QLatin1String("contrast");
        if (!contrast) sides_->setCurrentIndex(qMax(0, sides_->findData(QStringLiteral("one"))));
        const bool both = sides_->currentData().toString() == QLatin1String("both");
        if (!contrast || both) side_->setCurrentIndex(qMax(0, side_->findData(QStringLiteral("src"))));
        sides_->setEnabled(contrast);
        side_->setEnabled(contrast && !both);  // shown (contrast's), but nothing to choose
        form->setRowVisible(sides_, contrast);
        form->setRowVisible(side_, contrast);
    };
    connect(sides_, &QComboBox::currentIndexChanged, this, updateSides);
    settings_ = new SelectMethodSettings(fields, crossLingualFields, this);
    auto* settingsGroup = new QGroupBox(tr("Settings of the method"), this);
    (new QVBoxLayout(settingsGroup))->addWidget(settings_);
    auto updateMethod = [this, iterationsField, updateSides, settingsGroup, offerRow] {
        const auto m = method_->currentData().toString();
        settings_->showMethod(m);
        settingsGroup->setVisible(settings_->hasSettings());
        offerRow(parallel_, m == QLatin1String("cross-lingual"));
        offerRow(iterations_, m == QLatin1String("contrast") || m == QLatin1String("invitation"));
        // Each method's default: contrast 3 re-rank rounds, invitation 1 E-step (no M-step; RESULTS.md).
        iterations_->setValue(m == QLatin1String("invitation") ? kInvitationIterations
                                                               : iterationsField.defaultValue.toInt());
        offerRow(pseudoOut_, m == QLatin1String("invitation"));
        updateSides();
    };
    connect(method_, &QComboBox::currentIndexChanged, this, updateMethod);

    useDefault_ = new QRadioButton(tr("Method default (top 10%; Domain-Finetune: p > 0.5)"), this);
    useTop_ = new QRadioButton(tr("Top k:"), this);
    useThreshold_ = new QRadioButton(tr("Score at least:"), this);
    useDefault_->setChecked(true);
    top_ = new QSpinBox(this);
    applyParamField(top_, findParamField(fields, QStringLiteral("top")));
    top_->setValue(1000);  // unset by default (the method's cut): a starting value once chosen
    threshold_ = new QDoubleSpinBox(this);
    threshold_->setDecimals(4);
    applyParamField(threshold_, findParamField(fields, QStringLiteral("threshold")));
    threshold_->setValue(0.5);
    auto* topRow = new QHBoxLayout;
    topRow->addWidget(useTop_);
    topRow->addWidget(top_, 1);
    auto* thresholdRow = new QHBoxLayout;
    thresholdRow->addWidget(useThreshold_);
    thresholdRow->addWidget(threshold_, 1);

    form->addRow(tr("&Method:"), method_);
    form->addRow(tr("&Pool:"), pool_);
    form->addRow(tr("&Filter run:"), filter_);
    form->addRow(tr("&Seed corpus:"), seed_);
    form->addRow(tr("Seed &domain:"), seedDomain_);
    form->addRow(tr("Seed sa&mple:"), seedSample_);
    form->addRow(tr("Sample s&eed:"), seedSampleSeed_);
    form->addRow(tr("Pa&rallel corpus:"), parallel_);
    form->addRow(tr("&Iterations:"), iterations_);
    form->addRow(tr("Pseudo-&out set:"), pseudoOut_);
    form->addRow(tr("Si&des:"), sides_);
    form->addRow(tr("Sid&e:"), side_);
    form->addRow(tr("Cut:"), useDefault_);
    form->addRow(QString(), topRow);
    form->addRow(QString(), thresholdRow);
    updateMethod();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Select"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!corpora.isEmpty());
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(settingsGroup);
    layout->addWidget(buttons);
    layout->setSizeConstraint(QLayout::SetFixedSize);  // shrinks when a method has fewer settings
}

void SelectDialog::setCleaning(const CleaningChoices& choices) { filter_->setCleaning(choices); }

void SelectDialog::setModels(const QList<ModelChoice>& models) { settings_->setModels(models); }

SelectRequest SelectDialog::request() const {
    SelectRequest r;
    // The cut's spin boxes count only when their choice is made; disabled widgets (the
    // parallel corpus, iterations, pseudo-out of other methods) keep the default.
    QList<QWidget*> params{method_, seedSampleSeed_, iterations_, pseudoOut_, side_, sides_, filter_};
    if (useTop_->isChecked()) params << top_;
    if (useThreshold_->isChecked()) params << threshold_;
    r.values = paramValues(params);
    r.values.insert(settings_->values());
    r.values.insert(QStringLiteral("pool"), chosenCorpus(pool_));
    QString seed = seedDomain_->currentData().toString().isEmpty()
                       ? chosenCorpus(seed_)
                       : chosenCorpus(seed_) + QLatin1Char(':') + seedDomain_->currentData().toString();
    if (seedSample_->value() > 0 && !seedDomain_->currentData().toString().isEmpty())
        seed += QLatin1Char(':') + QString::number(seedSample_->value());
    r.values.insert(QStringLiteral("seed"), seed);
    if (parallel_->isEnabled()) r.values.insert(QStringLiteral("parallel"), chosenCorpus(parallel_));
    return r;
}
