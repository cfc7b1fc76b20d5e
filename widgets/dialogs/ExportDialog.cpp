#include "ExportDialog.h"

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
#include <QStackedWidget>
#include <QVBoxLayout>

#include "CleaningWidgets.h"
#include "ParamFieldWidgets.h"

ExportDialog::ExportDialog(const QString& suggestedPrefix, const QList<CorpusChoice>& corpora,
                           const ParamFields& fields, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Export training files"));
    auto field = [&fields](const char* name) { return findParamField(fields, QLatin1String(name)); };
    mode_ = new QComboBox(this);
    mode_->setObjectName(QStringLiteral("what"));  // not a parameter: --shards, --mixture or neither
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
    corpus_ = new QComboBox(this);
    nameParamWidget(corpus_, field("corpus"));
    for (const auto& c : corpora) addCorpusItem(corpus_, c.name, c.name);

    // Cleaning: the exported corpus's tags, one of its filter runs, the decontamination.
    cleaningCorpus_ = new QLabel(tr("Reading the corpus's tags and filter runs…"), this);
    cleaningCorpus_->setWordWrap(true);
    tagMode_ = new QComboBox(this);
    tagMode_->setObjectName(QStringLiteral("tag-mode"));  // not a parameter: which of the two lists is sent
    tagMode_->addItem(tr("Leave out the sentences with a checked tag"));
    tagMode_->addItem(tr("Export only the sentences with a checked tag"));
    excludeTags_ = new TagCheckList(field("exclude-tag"), this);
    tags_ = new TagCheckList(field("tag"), this);
    tagStack_ = new QStackedWidget(this);
    tagStack_->addWidget(excludeTags_);
    tagStack_->addWidget(tags_);
    tagStack_->setMaximumHeight(fontMetrics().height() * 8);
    filter_ = new FilterRunBox(field("filter"), this);
    includeContaminated_ = new QCheckBox(tr("Keep sentences found in a dev or test corpus"), this);
    applyParamField(includeContaminated_, field("include-contaminated"));
    connect(tagMode_, &QComboBox::currentIndexChanged, this, [this](int i) {
        // The checked tags carry over to the other mode; only the shown list is sent.
        TagCheckList* from = i == 0 ? tags_ : excludeTags_;
        TagCheckList* to = i == 0 ? excludeTags_ : tags_;
        to->setCheckedTags(from->checkedTags());
        from->setCheckedTags({});
        tagStack_->setCurrentWidget(to);
        excludeTags_->setEnabled(i == 0);
        tags_->setEnabled(i == 1);
    });
    tags_->setEnabled(false);

    auto update = [this] {
        const QString mode = mode_->currentData().toString();  // "" = the selection
        groupBy_->setEnabled(!mode.isEmpty());
        alpha_->setEnabled(mode == QLatin1String("mixture"));
        size_->setEnabled(mode == QLatin1String("mixture"));
        order_->setEnabled(mode.isEmpty());
        corpus_->setEnabled(!mode.isEmpty() && groupBy_->currentData().toString() == QLatin1String("domain"));
        updateCleaning();
    };
    connect(mode_, &QComboBox::currentIndexChanged, this, update);
    connect(groupBy_, &QComboBox::currentIndexChanged, this, update);
    connect(corpus_, &QComboBox::currentIndexChanged, this, update);
    update();

    auto* form = new QFormLayout;
    form->addRow(tr("&What:"), mode_);
    form->addRow(tr("&Format:"), format_);
    auto* prefixLabel = new QLabel(tr("&Output prefix:"), this);  // a row of two widgets: no buddy by itself
    prefixLabel->setBuddy(prefix_);
    form->addRow(prefixLabel, prefixRow);
    form->addRow(QString(), scores_);
    form->addRow(QString(), gzip_);
    form->addRow(tr("&Order:"), order_);
    form->addRow(QString(), force_);
    form->addRow(tr("&Groups:"), groupBy_);
    form->addRow(tr("&Alpha:"), alpha_);
    form->addRow(tr("Sample &size:"), size_);
    form->addRow(tr("Co&rpus:"), corpus_);
    auto* cleaning = new QGroupBox(tr("Cleaning"), this);
    auto* cleaningForm = new QFormLayout(cleaning);
    cleaningForm->addRow(cleaningCorpus_);
    cleaningForm->addRow(tr("&Tags:"), tagMode_);
    cleaningForm->addRow(QString(), tagStack_);
    cleaningForm->addRow(tr("F&ilter run:"), filter_);
    cleaningForm->addRow(QString(), includeContaminated_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(prefix_, &QLineEdit::textChanged, this, [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!prefix_->text().trimmed().isEmpty());
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(cleaning);
    layout->addWidget(buttons);
}

void ExportDialog::setCleaning(const CleaningChoices& choices) {
    cleaning_ = choices;
    cleaningLoaded_ = true;
    updateCleaning();
}

QString ExportDialog::exportedCorpus() const {
    if (mode_->currentData().toString().isEmpty()) return cleaning_.selectionCorpus;
    if (groupBy_->currentData().toString() == QLatin1String("cluster")) return cleaning_.clusterCorpus;
    return chosenCorpus(corpus_);
}

// The tags and filter runs of the corpus the export reads now (it follows the mode, the groups
// and the corpus); checked tags and the chosen run stay where the new corpus has them too.
void ExportDialog::updateCleaning() {
    const QString corpus = exportedCorpus();
    const CorpusCleaning offered = cleaning_.corpora.value(corpus);
    excludeTags_->setTags(offered.tags);
    tags_->setTags(offered.tags);
    filter_->setRuns(offered.filterRuns);
    if (!cleaningLoaded_) return;
    if (corpus.isEmpty())
        cleaningCorpus_->setText(tr("No run to export yet: the export names its corpus when it runs."));
    else if (offered.tags.isEmpty() && offered.filterRuns.isEmpty())
        cleaningCorpus_->setText(tr("Corpus %1 has no tags and no filter runs.").arg(corpus));
    else cleaningCorpus_->setText(tr("Tags and filter runs of corpus %1:").arg(corpus));
}

ExportRequest ExportDialog::request() const {
    ExportRequest r;
    // Disabled widgets keep the job's defaults (the groups, alpha and size of another mode).
    r.values = paramValues({format_, prefix_, scores_, gzip_, order_, force_, groupBy_, alpha_, size_, corpus_,
                            excludeTags_, tags_, filter_, includeContaminated_});
    if (const QString mode = mode_->currentData().toString(); !mode.isEmpty()) r.values.insert(mode, true);
    return r;
}
