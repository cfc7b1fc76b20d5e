#include "EncodeDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ModelInstaller.h"
#include "ParamFieldWidgets.h"

namespace {
constexpr int kChoiceRole = Qt::UserRole + 1;  // index into models_ (-1 = a folder picked here)
}

EncodeDialog::EncodeDialog(const QList<ModelChoice>& models, const QList<CorpusChoice>& corpora,
                           const ParamFields& fields, const QString& device, QWidget* parent)
    : QDialog(parent), corpora_(corpora) {
    setWindowTitle(tr("Encode sentences"));
    model_ = new QComboBox(this);
    nameParamWidget(model_, findParamField(fields, QStringLiteral("model")));  // the models found: setModels
    auto* browse = new QPushButton(tr("Folder…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Hugging Face model folder"));
        if (dir.isEmpty()) return;
        model_->addItem(dir, dir);
        model_->setItemData(model_->count() - 1, -1, kChoiceRole);
        model_->setCurrentIndex(model_->count() - 1);
    });
    install_ = new QPushButton(tr("Install"), this);
    install_->setVisible(false);
    connect(install_, &QPushButton::clicked, this, &EncodeDialog::startInstall);
    auto* modelRow = new QHBoxLayout;
    modelRow->addWidget(model_, 1);
    modelRow->addWidget(browse);
    modelRow->addWidget(install_);
    modelInfo_ = new QLabel(this);
    modelInfo_->setWordWrap(true);
    installProgress_ = new QProgressBar(this);
    installProgress_->setVisible(false);
    cancelInstall_ = new QPushButton(tr("Cancel install"), this);
    cancelInstall_->setVisible(false);
    auto* installRow = new QHBoxLayout;
    installRow->addWidget(installProgress_, 1);
    installRow->addWidget(cancelInstall_);

    corpus_ = new QComboBox(this);
    nameParamWidget(corpus_, findParamField(fields, QStringLiteral("corpus")));
    for (const auto& c : corpora) addCorpusItem(corpus_, c.name, c.name);
    side_ = new QComboBox(this);
    applyParamField(side_, findParamField(fields, QStringLiteral("side")),
                    {{QStringLiteral("src"), tr("Source side")}, {QStringLiteral("tgt"), tr("Target side")}});
    auto updateSide = [this] {
        const int i = corpus_->currentIndex();
        side_->setEnabled(i >= 0 && corpora_[i].parallel);
        if (!side_->isEnabled()) side_->setCurrentIndex(0);
    };
    connect(corpus_, &QComboBox::currentIndexChanged, this, updateSide);
    updateSide();
    layer_ = new QSpinBox(this);
    applyParamField(layer_, findParamField(fields, QStringLiteral("layer")));  // then the model's recommended layer
    layerMean_ = new QLineEdit(this);
    applyParamField(layerMean_, findParamField(fields, QStringLiteral("layer-mean")));  // then the model's
    layerMean_->setPlaceholderText(tr("one layer (above)"));
    connect(layerMean_, &QLineEdit::textChanged, this,
            [this](const QString& text) { layer_->setEnabled(text.trimmed().isEmpty()); });
    prefix_ = new QComboBox(this);
    nameParamWidget(prefix_, findParamField(fields, QStringLiteral("prefix")));
    prefix_->addItem(tr("The model's default"), QString());
    prefix_->addItem(tr("\"query: \" (multilingual-e5: clustering, similarity)"), QStringLiteral("query"));
    prefix_->addItem(tr("\"passage: \" (multilingual-e5: documents to retrieve)"), QStringLiteral("passage"));
    prefix_->addItem(tr("None"), QStringLiteral("none"));
    pooling_ = new QComboBox(this);
    applyParamField(pooling_, findParamField(fields, QStringLiteral("pooling")),
                    {{QStringLiteral("mean"), tr("Mean over tokens (paper)")},
                     {QStringLiteral("cls"), tr("[CLS] token")},
                     {QStringLiteral("max"), tr("Max over tokens")}});
    normalize_ = new QCheckBox(tr("L2-normalise the vectors"), this);
    applyParamField(normalize_, findParamField(fields, QStringLiteral("normalize")));
    float32_ = new QCheckBox(tr("Store as float32 (default float16: half the space)"), this);
    applyParamField(float32_, findParamField(fields, QStringLiteral("float32")));
    precision_ = new QComboBox(this);
    applyParamField(precision_, findParamField(fields, QStringLiteral("precision")),
                    {{QStringLiteral("auto"), tr("Automatic (fp32 on the CPU, fp16 on CUDA)")},
                     {QStringLiteral("fp32"), tr("fp32")},
                     {QStringLiteral("bf16"), tr("bf16: faster, cosine 0.9997 to fp32")},
                     {QStringLiteral("int8"), tr("int8: dynamic quantisation, CPU only, least exact")}});

    auto* form = new QFormLayout;
    // A row that is a layout gets no buddy from QFormLayout, so its "&" would show as text.
    auto* modelLabel = new QLabel(tr("&Model:"), this);
    modelLabel->setBuddy(model_);
    form->addRow(modelLabel, modelRow);
    form->addRow(QString(), modelInfo_);
    form->addRow(QString(), installRow);
    form->addRow(tr("&Corpus:"), corpus_);
    form->addRow(tr("&Side:"), side_);
    form->addRow(tr("&Layer:"), layer_);
    form->addRow(tr("&Average of layers:"), layerMean_);
    form->addRow(tr("P&rompt:"), prefix_);
    form->addRow(tr("&Pooling:"), pooling_);
    form->addRow(QString(), normalize_);
    form->addRow(QString(), float32_);
    form->addRow(tr("Pr&ecision:"), precision_);
    form->addRow(tr("Device:"), new QLabel(device, this));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    ok_->setText(tr("Encode"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, [this] {
        if (installer_) installer_->cancel();
        reject();
    });
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(model_, &QComboBox::currentIndexChanged, this, &EncodeDialog::updateModelState);
    setModels(models);
}

QString EncodeDialog::describe(const ModelChoice& m) {
    QStringList parts;
    if (!m.languages.isEmpty()) parts << m.languages;
    if (m.dim > 0) parts << tr("%1 dimensions").arg(m.dim);
    if (m.sizeBytes > 0)
        parts << (m.installed ? QLocale().formattedDataSize(m.sizeBytes)
                              : tr("about %1").arg(QLocale().formattedDataSize(m.sizeBytes)));
    if (!m.installed) {
        parts << tr("not installed");
    } else if (m.sentencesPerSecond > 0) {
        parts << tr("%1 sentences/s measured (%2)").arg(m.sentencesPerSecond, 0, 'f', 0).arg(m.speedDevice);
    } else {
        parts << tr("speed not measured yet");
    }
    if (m.installed && !m.supported) parts << tr("not supported by this build");
    return parts.join(QStringLiteral(" · "));
}

void EncodeDialog::showModelsLoading() {
    loading_ = true;
    models_.clear();
    model_->clear();
    model_->addItem(tr("Loading models…"));
    model_->setItemData(0, QVariant(0), Qt::UserRole - 1);  // not selectable
    updateModelState();
    modelInfo_->setText(tr("Loading models…"));
}

void EncodeDialog::setModels(const QList<ModelChoice>& models) {
    const QString keep = loading_ ? preselect_ : model_->currentData().toString();
    loading_ = false;
    models_ = models;
    model_->clear();
    for (int i = 0; i < models.size(); ++i) {
        const auto& m = models[i];
        const QString label = !m.installed                            ? tr("%1 (install)").arg(m.name)
                              : m.source == QLatin1String("default")  ? tr("%1 (default)").arg(m.name)
                              : m.source == QLatin1String("hf-cache") ? tr("%1 (Hugging Face cache)").arg(m.name)
                                                                      : m.name;
        model_->addItem(label, m.installed ? m.path : m.name);
        model_->setItemData(i, i, kChoiceRole);
        model_->setItemData(i, describe(m), Qt::ToolTipRole);
        if (m.installed && !m.supported) model_->setItemData(i, QVariant(0), Qt::UserRole - 1);  // disabled
    }
    if (const int i = model_->findData(keep); i >= 0) model_->setCurrentIndex(i);
    if (!selectInstalled_.isEmpty()) {
        for (int i = 0; i < models_.size(); ++i)
            if (models_[i].name == selectInstalled_ && models_[i].installed) model_->setCurrentIndex(i);
        selectInstalled_.clear();
    }
    updateModelState();
    emit modelsChanged();
}

void EncodeDialog::updateModelState() {
    const int row = model_->currentData(kChoiceRole).isValid() ? model_->currentData(kChoiceRole).toInt() : -1;
    const ModelChoice* m = row >= 0 && row < models_.size() ? &models_[row] : nullptr;
    modelInfo_->setText(m ? describe(*m) : QString());
    // Propose the model's recommended layer (10 for all-mpnet-base-v2); the user may change it.
    // and the layers it averages by default (8,10 for all-mpnet-base-v2), as `encode` without --layer.
    if (m && row != lastModelRow_) {
        layer_->setValue(m->recommendedLayer);
        layerMean_->setText(m->recommendedLayerMean);
    }
    lastModelRow_ = row;
    const bool missing = m && !m->installed;
    const bool busy = isInstalling();
    install_->setVisible(missing && installer_ != nullptr);
    install_->setEnabled(missing && !busy);
    if (ok_) ok_->setEnabled(!loading_ && !corpora_.isEmpty() && model_->count() > 0 && !missing && !busy);
}

void EncodeDialog::preselectModel(const QString& path) {
    preselect_ = path;
    const int i = model_->findData(path);
    if (i >= 0) model_->setCurrentIndex(i);
}

void EncodeDialog::setInstaller(const QString& program, const QStringList& arguments,
                                std::function<void()> requestModels) {
    delete installer_;
    installer_ = new ModelInstaller(program, arguments, this);
    requestModels_ = std::move(requestModels);
    connect(installer_, &ModelInstaller::progress, this, [this](int step, int steps, const QString& text) {
        installProgress_->setRange(0, steps);  // 0..0 = busy indicator until the first step
        installProgress_->setValue(step);
        installProgress_->setFormat(text);
        installProgress_->setTextVisible(true);
    });
    connect(installer_, &ModelInstaller::finished, this, [this](bool ok, bool cancelled, const QString& message) {
        installProgress_->setVisible(false);
        cancelInstall_->setVisible(false);
        if (ok && requestModels_) {
            selectInstalled_ = model_->currentData().toString();  // a missing model's data is its name
            showModelsLoading();
            requestModels_();
        }
        updateModelState();
        if (!ok) modelInfo_->setText(message);
        emit installFinished(ok, message);
    });
    connect(cancelInstall_, &QPushButton::clicked, installer_, &ModelInstaller::cancel);
    updateModelState();
}

bool EncodeDialog::isInstalling() const { return installer_ && installer_->isRunning(); }

void EncodeDialog::startInstall() {
    const int row = model_->currentData(kChoiceRole).toInt();
    if (!installer_ || row < 0 || row >= models_.size()) return;
    installProgress_->setVisible(true);
    installProgress_->setRange(0, 0);
    cancelInstall_->setVisible(true);
    installer_->start(models_[row].name);
    updateModelState();
}

EncodeRequest EncodeDialog::request() const {
    EncodeRequest r;
    // The side counts for a parallel corpus only (disabled otherwise: the source side).
    // A layer mean replaces the single layer (the CLI refuses both at once).
    QWidget* layer = layerMean_->text().trimmed().isEmpty() ? static_cast<QWidget*>(layer_) : layerMean_;
    r.values = paramValues({corpus_, model_, side_, layer, prefix_, pooling_, normalize_, float32_, precision_});
    return r;
}
