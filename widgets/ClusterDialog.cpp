#include "ClusterDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

ClusterDialog::ClusterDialog(const QList<CorpusChoice>& corpora, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Cluster sentences"));
    corpus_ = new QComboBox(this);
    for (const auto& c : corpora) corpus_->addItem(c.name, int(c.domains.size()));
    k_ = new QSpinBox(this);
    k_->setRange(1, 500);
    auto suggestK = [this] { k_->setValue(qMax(2, corpus_->currentData().toInt())); };
    connect(corpus_, &QComboBox::currentIndexChanged, this, suggestK);
    suggestK();
    sweep_ = new QCheckBox(tr("Sweep k and plot BIC/AIC instead"), this);
    kFrom_ = new QSpinBox(this);
    kFrom_->setRange(1, 500);
    kFrom_->setValue(2);
    kTo_ = new QSpinBox(this);
    kTo_->setRange(1, 500);
    kTo_->setValue(15);
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
    pca_->setRange(0, 4096);
    pca_->setValue(50);
    pca_->setSpecialValueText(tr("none"));
    // Sampling the user is told about: the PCA is fitted on a random sample on large corpora.
    pcaSample_ = new QSpinBox(this);
    pcaSample_->setRange(0, 2000000000);
    pcaSample_->setValue(200000);
    pcaSample_->setSpecialValueText(tr("all rows"));
    pcaSample_->setSuffix(tr(" rows"));
    pcaSample_->setToolTip(tr("The PCA is fitted on a random sample of this many rows when the corpus is larger "
                              "(seeded with the first clustering seed); every row is then projected. Stored in the run."));
    covariance_ = new QComboBox(this);
    covariance_->addItem(tr("Full"), QStringLiteral("full"));
    covariance_->addItem(tr("Diagonal"), QStringLiteral("diag"));
    covariance_->addItem(tr("Spherical"), QStringLiteral("spherical"));
    covariance_->addItem(tr("Tied"), QStringLiteral("tied"));
    seeds_ = new QSpinBox(this);
    seeds_->setRange(1, 50);
    seeds_->setValue(5);
    seeds_->setToolTip(tr("The paper reports mean and spread over five random restarts."));
    restarts_ = new QSpinBox(this);
    restarts_->setRange(1, 50);
    restarts_->setValue(ClusterRequest{}.restarts);
    restarts_->setToolTip(tr("EM runs per seed from different starts; the one with the best likelihood is kept. "
                             "More than one avoids partitions that merge two domains."));
    maxIter_ = new QSpinBox(this);
    maxIter_->setRange(1, 10000);
    maxIter_->setValue(100);

    layers_ = new QLineEdit(this);
    layers_->setPlaceholderText(tr("as encoded"));
    layers_->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("^\\s*(\\d+\\s*[,+]\\s*)*\\d*\\s*$")), layers_));
    layers_->setToolTip(tr("Average the vectors of these encoded layers, e.g. 8,10 (encode them first with several layers). "
                           "With a layer sweep: the layers to compare (empty: all encoded)."));
    l2_ = new QCheckBox(tr("L2-normalise each vector"), this);
    standardize_ = new QCheckBox(tr("Standardise each dimension"), this);
    standardize_->setToolTip(tr("Zero mean and unit variance per dimension before PCA: keeps a few large dimensions from dominating."));
    whiten_ = new QCheckBox(tr("Whiten the PCA components"), this);
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
    form->addRow(tr("&Clusters (k):"), k_);
    form->addRow(QString(), sweep_);
    form->addRow(tr("k range:"), sweepRow);
    form->addRow(tr("&PCA dimensions:"), pca_);
    form->addRow(tr("PCA fitted on at &most:"), pcaSample_);
    form->addRow(tr("Co&variance:"), covariance_);
    form->addRow(tr("&Seeds:"), seeds_);
    form->addRow(tr("&Restarts per seed:"), restarts_);
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

ClusterRequest ClusterDialog::request() const {
    ClusterRequest r;
    r.corpus = corpus_->currentText();
    r.k = k_->value();
    r.sweep = sweep_->isChecked();
    r.kFrom = qMin(kFrom_->value(), kTo_->value());
    r.kTo = qMax(kFrom_->value(), kTo_->value());
    r.pcaDims = pca_->value();
    r.pcaSample = pcaSample_->value();
    r.covariance = covariance_->currentData().toString();
    r.seeds = seeds_->value();
    r.restarts = restarts_->value();
    r.maxIter = maxIter_->value();
    r.layers = layers_->text().trimmed();
    r.l2 = l2_->isChecked();
    r.standardize = standardize_->isChecked();
    r.whiten = whiten_->isEnabled() && whiten_->isChecked();
    r.layerSweep = layerSweep_->isChecked();
    if (r.layerSweep) r.sweep = false;
    return r;
}
