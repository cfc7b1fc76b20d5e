#include "ExploreDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ParamFieldWidgets.h"

ExploreDialog::ExploreDialog(const QList<CorpusChoice>& corpora, const ParamFields& fields, const QString& preselect,
                             QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Explore corpus"));
    auto field = [&fields](const char* name) { return findParamField(fields, QLatin1String(name)); };
    corpus_ = new QComboBox(this);
    nameParamWidget(corpus_, field("corpus"));
    for (const auto& c : corpora) addCorpusItem(corpus_, c.name);
    if (const int i = findCorpus(corpus_, preselect); i >= 0) corpus_->setCurrentIndex(i);
    sample_ = new QSpinBox(this);
    sample_->setGroupSeparatorShown(true);
    applyParamField(sample_, field("sample"));
    sampleSeed_ = new QSpinBox(this);
    applyParamField(sampleSeed_, field("sample-seed"));
    chunk_ = new QSpinBox(this);
    chunk_->setGroupSeparatorShown(true);
    applyParamField(chunk_, field("chunk"));
    k_ = new QSpinBox(this);
    applyParamField(k_, field("k"));
    precision_ = new QComboBox(this);
    applyParamField(precision_, field("precision"));
    params_ = {sample_, sampleSeed_, chunk_, k_, precision_};

    auto* note = new QLabel(tr("The sample is encoded and clustered first and opens as the first map; the rest of "
                               "the corpus is then encoded and assigned with its model in the background, and "
                               "the full map opens at the end with how much the clusters moved."),
                            this);
    note->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("&Corpus:"), corpus_);
    form->addRow(tr("Sentences in the &first map:"), sample_);
    form->addRow(tr("Sample s&eed:"), sampleSeed_);
    form->addRow(tr("Sentences per c&hunk:"), chunk_);
    form->addRow(tr("&Clusters (k):"), k_);
    form->addRow(tr("&Precision:"), precision_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Explore"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!corpora.isEmpty());
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

ExploreRequest ExploreDialog::request() const {
    ExploreRequest r;
    r.values = paramValues(params_);
    r.values.insert(QStringLiteral("corpus"), chosenCorpus(corpus_));
    return r;
}
