#include "FilterDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ParamFieldWidgets.h"

namespace {
const QString kNearDup = QStringLiteral("near-dup");
const QString kLangId = QStringLiteral("langid");
const QString kBitext = QStringLiteral("bitext");
const QString kSemanticDup = QStringLiteral("semantic-dup");
const QString kDecontaminate = QStringLiteral("decontaminate");
}  // namespace

FilterDialog::FilterDialog(const QList<CorpusChoice>& corpora, const ParamFields& fields, const QString& preselect,
                           QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Filter corpus"));
    auto field = [&fields](const char* name) { return findParamField(fields, QLatin1String(name)); };
    corpus_ = new QComboBox(this);
    nameParamWidget(corpus_, field("corpus"));
    for (const auto& c : corpora) addCorpusItem(corpus_, c.name);
    if (const int i = findCorpus(corpus_, preselect); i >= 0) corpus_->setCurrentIndex(i);
    kind_ = new QComboBox(this);
    applyParamField(kind_, field("kind"),
                    {{kNearDup, tr("Near-duplicates (MinHash LSH over shingles)")},
                     {kLangId, tr("Wrong language (fastText language ID per side)")},
                     {kBitext, tr("Bitext noise (length, ratio, alphabet, repetition, copy, numerals)")},
                     {kSemanticDup, tr("Semantic duplicates within clusters (SemDeDup)")},
                     {kDecontaminate, tr("Decontamination (repeats of a dev or test corpus)")}});
    keep_ = new QComboBox(this);
    applyParamField(keep_, field("keep"),
                    {{QStringLiteral("first"), tr("The first in corpus order")},
                     {QStringLiteral("longest"), tr("The longest")},
                     {QStringLiteral("central"), tr("The closest to its cluster's centroid")}});

    const QStringList dedup{kNearDup, kDecontaminate};
    auto spin = [&](const char* name, const QStringList& kinds) {
        auto* box = new QSpinBox(this);
        applyParamField(box, field(name));
        params_.push_back({box, kinds});
        return box;
    };
    // Enough decimals for the table's bounds (a spin box rounds its range to them: 1e-6).
    auto real = [&](const char* name, const QStringList& kinds, int decimals) {
        auto* box = new QDoubleSpinBox(this);
        box->setDecimals(decimals);
        applyParamField(box, field(name));
        params_.push_back({box, kinds});
        return box;
    };
    auto text = [&](const char* name, const QStringList& kinds) {
        auto* edit = new QLineEdit(this);
        applyParamField(edit, field(name));
        params_.push_back({edit, kinds});
        return edit;
    };

    // near-duplicates (and decontamination, which matches by the same options)
    auto* dedupForm = new QFormLayout;
    dedupForm->addRow(tr("&Jaccard threshold:"), real("threshold", dedup, 6));
    dedupForm->addRow(tr("S&hingles:"), text("shingle", dedup));
    dedupForm->addRow(tr("&Permutations:"), spin("permutations", dedup));
    auto* bands = spin("bands", dedup);
    bands->setSpecialValueText(tr("auto"));
    dedupForm->addRow(tr("LSH &bands:"), bands);
    dedupForm->addRow(tr("Hash s&eed:"), spin("seed", dedup));
    auto* sides = new QComboBox(this);
    applyParamField(sides, field("sides"),
                    {{QStringLiteral("both"), tr("Both sides")},
                     {QStringLiteral("either"), tr("Either side")},
                     {QStringLiteral("src"), tr("The source side alone")}});
    params_.push_back({sides, {kNearDup, kDecontaminate, kLangId}});
    dedupForm->addRow(tr("Si&des (parallel corpora):"), sides);
    params_.push_back({keep_, {kNearDup, kSemanticDup}});
    dedupForm->addRow(tr("&Keep of a group:"), keep_);

    auto* langForm = new QFormLayout;
    auto* langSrc = text("lang-src", {kLangId});
    langSrc->setPlaceholderText(tr("the corpus's"));
    langForm->addRow(tr("E&xpected source language:"), langSrc);
    auto* langTgt = text("lang-tgt", {kLangId});
    langTgt->setPlaceholderText(tr("the corpus's"));
    langForm->addRow(tr("Expected &target language:"), langTgt);
    langForm->addRow(tr("&Minimum probability:"), real("min-prob", {kLangId}, 3));

    auto* bitextForm = new QFormLayout;
    bitextForm->addRow(tr("Min words per side:"), spin("min-words", {kBitext}));
    bitextForm->addRow(tr("Max words per side:"), spin("max-words", {kBitext}));
    bitextForm->addRow(tr("Max length ratio (characters):"), real("max-char-ratio", {kBitext}, 2));
    bitextForm->addRow(tr("Max length ratio (words):"), real("max-token-ratio", {kBitext}, 2));
    bitextForm->addRow(tr("Min share of letters:"), real("min-alpha", {kBitext}, 3));
    bitextForm->addRow(tr("Max share of repeated words:"), real("max-repeat", {kBitext}, 3));
    bitextForm->addRow(tr("Max similarity of the sides:"), real("max-copy", {kBitext}, 3));
    bitextForm->addRow(tr("Min agreement of the numerals:"), real("min-numerals", {kBitext}, 3));

    auto* semanticForm = new QFormLayout;
    auto* clusterRun = spin("cluster-run", {kSemanticDup});
    clusterRun->setSpecialValueText(tr("the corpus's latest"));
    semanticForm->addRow(tr("C&luster run:"), clusterRun);
    semanticForm->addRow(tr("Eps&ilon (cosine ≥ 1 − ε):"), real("eps", {kSemanticDup}, 6));

    auto group = [this](const QString& title, QFormLayout* form) {
        auto* box = new QGroupBox(title, this);
        box->setLayout(form);
        return box;
    };
    auto* form = new QFormLayout;
    form->addRow(tr("&Corpus:"), corpus_);
    form->addRow(tr("&Filter:"), kind_);
    auto* note = new QLabel(tr("The filter is stored as a run: nothing is deleted. Its ledger lists every removed "
                               "sentence with the rule that removed it; export leaves them out when given the run."),
                            this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Filter"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!corpora.isEmpty());
    auto* preview = buttons->addButton(tr("Preview"), QDialogButtonBox::ActionRole);
    preview->setObjectName(QStringLiteral("filterPreview"));
    preview->setToolTip(
        tr("Show on the map what this filter would remove, without storing a run; apply or "
           "discard it there."));
    preview->setEnabled(!corpora.isEmpty());
    connect(preview, &QPushButton::clicked, this, [this] { done(PreviewResult); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* columns = new QHBoxLayout;
    auto* left = new QVBoxLayout;
    left->addWidget(group(tr("Duplicates"), dedupForm));
    left->addWidget(group(tr("Semantic duplicates"), semanticForm));
    left->addStretch(1);
    auto* right = new QVBoxLayout;
    right->addWidget(group(tr("Language ID"), langForm));
    right->addWidget(group(tr("Bitext noise"), bitextForm));
    right->addStretch(1);
    columns->addLayout(left);
    columns->addLayout(right);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addLayout(form);
    layout->addLayout(columns);
    layout->addWidget(buttons);
    connect(kind_, &QComboBox::currentIndexChanged, this, &FilterDialog::updateKind);
    updateKind();
}

void FilterDialog::updateKind() {
    const QString kind = kind_->currentData().toString();
    for (const auto& [widget, kinds] : params_) widget->setEnabled(kinds.contains(kind));
    // A centroid needs clusters: the other kinds keep the first or the longest.
    if (kind != kSemanticDup && keep_->currentData().toString() == QLatin1String("central"))
        keep_->setCurrentIndex(qMax(0, keep_->findData(QStringLiteral("first"))));
}

FilterRequest FilterDialog::request() const {
    FilterRequest r;
    QList<QWidget*> widgets{kind_};
    for (const auto& [widget, kinds] : params_) widgets << widget;
    r.values = paramValues(widgets);
    r.values.insert(QStringLiteral("corpus"), chosenCorpus(corpus_));
    return r;
}
