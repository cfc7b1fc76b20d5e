#include "ClusterDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QVBoxLayout>

#include "CleaningWidgets.h"
#include "ParamFieldWidgets.h"

ClusterDialog::ClusterDialog(const QList<CorpusChoice>& corpora, const ParamFields& fields, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Cluster sentences"));
    corpus_ = new QComboBox(this);
    for (const auto& c : corpora) addCorpusItem(corpus_, c.name, int(c.domains.size()));
    const ParamField kField = findParamField(fields, QStringLiteral("k"));
    k_ = new QSpinBox(this);
    applyParamField(k_, kField);
    // A labelled corpus suggests k = its number of domains (the paper's setting); else the default.
    auto suggestK = [this, kField] {
        const int domains = corpus_->currentData().toInt();
        k_->setValue(domains >= 2 ? domains : kField.defaultValue.toInt());
    };
    connect(corpus_, &QComboBox::currentIndexChanged, this, suggestK);
    suggestK();
    sweep_ = new QCheckBox(tr("Sweep k and plot BIC/AIC instead"), this);
    kFrom_ = new QSpinBox(this);
    kFrom_->setRange(k_->minimum(), k_->maximum());
    kFrom_->setValue(ClusterRequest{}.kFrom);
    kTo_ = new QSpinBox(this);
    kTo_->setRange(k_->minimum(), k_->maximum());
    kTo_->setValue(ClusterRequest{}.kTo);
    auto* sweepRow = new QHBoxLayout;
    sweepRow->addWidget(kFrom_);
    sweepRow->addWidget(new QLabel(QStringLiteral("…"), this));
    sweepRow->addWidget(kTo_);
    auto updateSweep = [this] {
        k_->setEnabled(!sweep_->isChecked());
        kFrom_->setEnabled(sweep_->isChecked());
        kTo_->setEnabled(sweep_->isChecked());
    };
    connect(sweep_, &QCheckBox::toggled, this, updateSweep);
    updateSweep();
    pca_ = new QSpinBox(this);
    applyParamField(pca_, findParamField(fields, QStringLiteral("pca")));
    pca_->setSpecialValueText(tr("none"));
    // Sampling the user is told about: the PCA is fitted on a random sample on large corpora.
    pcaSample_ = new QSpinBox(this);
    applyParamField(pcaSample_, findParamField(fields, QStringLiteral("pca-fit-rows")));
    pcaSample_->setSpecialValueText(tr("all rows"));
    pcaSample_->setSuffix(tr(" rows"));
    covariance_ = new QComboBox(this);
    applyParamField(covariance_, findParamField(fields, QStringLiteral("cov")),
                    {{QString(), tr("Auto (the model's)")},
                     {QStringLiteral("full"), tr("Full")},
                     {QStringLiteral("diag"), tr("Diagonal")},
                     {QStringLiteral("spherical"), tr("Spherical")},
                     {QStringLiteral("tied"), tr("Tied")}});
    seeds_ = new QSpinBox(this);
    applyParamField(seeds_, findParamField(fields, QStringLiteral("seeds")));
    restarts_ = new AutoSpinBox(this);
    applyParamField(restarts_, findParamField(fields, QStringLiteral("n-init")));
    regCovar_ = new AutoDoubleSpinBox(this);
    regCovar_->setDecimals(6);
    regCovar_->setSingleStep(1e-6);  // before the field: "auto" sits one step below 0
    applyParamField(regCovar_, findParamField(fields, QStringLiteral("reg-covar")));
    maxIter_ = new QSpinBox(this);
    applyParamField(maxIter_, findParamField(fields, QStringLiteral("max-iter")));

    layers_ = new QLineEdit(this);
    applyParamField(layers_, findParamField(fields, QStringLiteral("layers")));
    layers_->setPlaceholderText(tr("as encoded"));
    layers_->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("^\\s*(\\d+\\s*[,+]\\s*)*\\d*\\s*$")), layers_));
    l2_ = new QCheckBox(tr("L2-normalise each vector"), this);
    applyParamField(l2_, findParamField(fields, QStringLiteral("l2")));
    standardize_ = new QCheckBox(tr("Standardise each dimension"), this);
    applyParamField(standardize_, findParamField(fields, QStringLiteral("standardize")));
    whiten_ = new QCheckBox(tr("Whiten the PCA components"), this);
    applyParamField(whiten_, findParamField(fields, QStringLiteral("whiten")));
    filter_ = new FilterRunBox(findParamField(fields, QStringLiteral("filter")), this);
    filter_->followCorpus(corpus_);
    params_ = {k_,       pca_,    pcaSample_, covariance_,  seeds_,  restarts_, regCovar_,
               maxIter_, layers_, l2_,        standardize_, whiten_, filter_};
    layerSweep_ = new QCheckBox(tr("Sweep the encoded layers instead (purity/NMI, silhouette)"), this);
    auto updatePca = [this] { whiten_->setEnabled(pca_->value() >= 2); };
    connect(pca_, &QSpinBox::valueChanged, this, updatePca);
    updatePca();
    connect(layerSweep_, &QCheckBox::toggled, this, [this](bool on) {
        if (on) sweep_->setChecked(false);
        sweep_->setEnabled(!on);
    });

    auto* form = new QFormLayout;
    form->addRow(tr("&Corpus:"), corpus_);
    form->addRow(tr("&Filter run:"), filter_);
    form->addRow(tr("&Clusters (k):"), k_);
    form->addRow(QString(), sweep_);
    form->addRow(tr("k range:"), sweepRow);
    form->addRow(tr("&PCA dimensions:"), pca_);
    form->addRow(tr("PCA fitted on at &most:"), pcaSample_);
    form->addRow(tr("Co&variance:"), covariance_);
    form->addRow(tr("&Seeds:"), seeds_);
    form->addRow(tr("&Restarts per seed:"), restarts_);
    form->addRow(tr("Diagonal loa&d (reg. covar):"), regCovar_);
    form->addRow(tr("&Max. EM iterations:"), maxIter_);
    form->addRow(tr("&Layers:"), layers_);
    form->addRow(QString(), l2_);
    form->addRow(QString(), standardize_);
    form->addRow(QString(), whiten_);
    form->addRow(QString(), layerSweep_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Cluster"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!corpora.isEmpty());
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void ClusterDialog::setCleaning(const CleaningChoices& choices) { filter_->setCleaning(choices); }

ClusterRequest ClusterDialog::request() const {
    ClusterRequest r;
    r.values = paramValues(params_);  // disabled widgets (k in a sweep, whiten without PCA) keep the default
    r.values.insert(QStringLiteral("corpus"), chosenCorpus(corpus_));
    r.sweep = sweep_->isChecked();
    r.kFrom = qMin(kFrom_->value(), kTo_->value());
    r.kTo = qMax(kFrom_->value(), kTo_->value());
    r.layerSweep = layerSweep_->isChecked();
    if (r.layerSweep) r.sweep = false;
    return r;
}
