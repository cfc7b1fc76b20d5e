#include "SelectMethodSettings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

#include "DisplayText.h"
#include "ParamFieldWidgets.h"

namespace {

bool isOneOf(const QString& method, std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (method == QLatin1String(n)) return true;
    return false;
}

bool isNgramMethod(const QString& method) {
    return isOneOf(method, {"moore-lewis", "axelrod", "contrast", "invitation"});
}

}  // namespace

SelectMethodSettings::SelectMethodSettings(const ParamFields& fields, const ParamFields& crossLingualFields,
                                           QWidget* parent)
    : QWidget(parent) {
    model_ = new QComboBox(this);
    nameParamWidget(model_, findParamField(fields, QStringLiteral("model")));
    model_->addItem(tr("(the method's default)"), QVariant());
    preset_ = new QComboBox(this);
    applyParamField(preset_, findParamField(fields, QStringLiteral("preset")),
                    {{QStringLiteral("default"), tr("DomainLens's (measured defaults)")},
                     {QStringLiteral("paper"), tr("The paper's")}});
    const ParamField classifiersField = findParamField(fields, QStringLiteral("classifiers"));
    classifiers_ = new QSpinBox(this);
    applyParamField(classifiers_, classifiersField);
    headClassifiers_ = classifiersField.defaultValue.toInt();
    crossLingualClassifiers_ = findParamField(crossLingualFields, QStringLiteral("classifiers")).defaultValue.toInt();
    puRounds_ = new QSpinBox(this);
    applyParamField(puRounds_, findParamField(fields, QStringLiteral("pu-rounds")));
    fineTuneEpochs_ = new QSpinBox(this);
    applyParamField(fineTuneEpochs_, findParamField(fields, QStringLiteral("finetune-epochs")));
    fineTuneRounds_ = new QSpinBox(this);
    applyParamField(fineTuneRounds_, findParamField(fields, QStringLiteral("finetune-rounds")));
    vocabulary_ = new QComboBox(this);
    applyParamField(vocabulary_, findParamField(fields, QStringLiteral("vocabulary")),
                    {{QString(), tr("The method's default")},
                     {QStringLiteral("seed"), tr("The seed's words (the papers')")},
                     {QStringLiteral("pool"), tr("The seed's and the pool's words")}});
    adaptiveLayer_ = new QComboBox(this);
    applyParamField(adaptiveLayer_, findParamField(fields, QStringLiteral("adaptive-layer")),
                    {{QStringLiteral("auto"), tr("Automatic (none for a multilingual encoder)")},
                     {QStringLiteral("ffn"), tr("Vu et al.'s two-layer network")},
                     {QStringLiteral("residual"), tr("Residual (starts as the identity)")},
                     {QStringLiteral("none"), tr("None: the DF baseline on unaligned vectors")}});
    infoNce_ = new QComboBox(this);
    applyParamField(infoNce_, findParamField(fields, QStringLiteral("infonce")),
                    {{QStringLiteral("symmetric"), tr("Symmetric InfoNCE")},
                     {QStringLiteral("eq1"), tr("Eq. 1 (one direction, negatives only)")}});
    negatives_ = new QLineEdit(this);
    applyParamField(negatives_, findParamField(fields, QStringLiteral("negatives")));
    negatives_->setPlaceholderText(QStringLiteral("preranked | preranked:F | lowest:N"));
    keepAdapted_ = new QCheckBox(tr("Keep the aligned vectors g(x) as embedding sets"), this);
    applyParamField(keepAdapted_, findParamField(fields, QStringLiteral("keep-adapted")));

    form_ = new QFormLayout(this);
    form_->setContentsMargins(0, 0, 0, 0);
    form_->addRow(tr("En&coder:"), model_);
    form_->addRow(tr("Prese&t:"), preset_);
    form_->addRow(tr("C&lassifiers:"), classifiers_);
    form_->addRow(tr("PU ro&unds:"), puRounds_);
    form_->addRow(tr("Epoc&hs:"), fineTuneEpochs_);
    form_->addRow(tr("Rou&nds:"), fineTuneRounds_);
    form_->addRow(tr("LM &vocabulary:"), vocabulary_);
    form_->addRow(tr("&Adaptive layer:"), adaptiveLayer_);
    form_->addRow(tr("Contrasti&ve loss:"), infoNce_);
    form_->addRow(tr("Ne&gatives:"), negatives_);
    form_->addRow(QString(), keepAdapted_);
    connect(preset_, &QComboBox::currentIndexChanged, this, &SelectMethodSettings::followPreset);
    showMethod(QStringLiteral("cosine"));
}

// The widgets of a method's settings, in the form's order.
QList<QWidget*> SelectMethodSettings::widgetsOf(const QString& method) const {
    QList<QWidget*> w;
    if (method == QLatin1String("finetune-head")) w << classifiers_ << puRounds_;
    if (method == QLatin1String("finetune")) w << preset_ << fineTuneEpochs_ << fineTuneRounds_;
    if (isNgramMethod(method)) w << vocabulary_;
    if (method == QLatin1String("cross-lingual"))
        w << model_ << preset_ << classifiers_ << adaptiveLayer_ << infoNce_ << negatives_ << keepAdapted_;
    return w;
}

// The paper's preset sets what these fields set: they are off (and left out of the request).
void SelectMethodSettings::followPreset() {
    const bool paper = preset_->currentData().toString() == QLatin1String("paper");
    fineTuneEpochs_->setEnabled(!paper);
    fineTuneRounds_->setEnabled(!paper);
    infoNce_->setEnabled(!paper);
    negatives_->setEnabled(!paper);
    classifiers_->setEnabled(!paper || method_ != QLatin1String("cross-lingual"));
}

void SelectMethodSettings::showMethod(const QString& method) {
    method_ = method;
    const QList<QWidget*> shown = widgetsOf(method);
    for (int row = 0; row < form_->rowCount(); ++row) {
        QLayoutItem* item = form_->itemAt(row, QFormLayout::FieldRole);
        form_->setRowVisible(row, item && shown.contains(item->widget()));
    }
    classifiers_->setValue(method == QLatin1String("cross-lingual") ? crossLingualClassifiers_ : headClassifiers_);
    followPreset();
}

void SelectMethodSettings::setModels(const QList<ModelChoice>& models) {
    const QVariant chosen = model_->currentData();
    while (model_->count() > 1) model_->removeItem(1);
    for (const auto& m : models) {
        if (!m.installed || !m.supported || m.path.isEmpty()) continue;
        const QString label = m.languages.isEmpty() ? m.name : tr("%1 (%2)").arg(m.name, m.languages);
        model_->addItem(boundedForDisplay(label), m.path);  // the value: data
        model_->setItemData(model_->count() - 1, m.path, Qt::ToolTipRole);
    }
    model_->setCurrentIndex(qMax(0, model_->findData(chosen)));
}

QVariantMap SelectMethodSettings::values() const { return paramValues(widgetsOf(method_)); }
