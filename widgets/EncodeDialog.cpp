#include "EncodeDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

EncodeDialog::EncodeDialog(const QList<ModelChoice>& models, const QList<CorpusChoice>& corpora, const QString& device,
                           QWidget* parent)
    : QDialog(parent), corpora_(corpora) {
    setWindowTitle(tr("Encode sentences"));
    model_ = new QComboBox(this);
    for (const auto& m : models) {
        const QString label = m.source == QLatin1String("default") ? tr("%1 (default)").arg(m.name)
                              : m.source == QLatin1String("hf-cache") ? tr("%1 (Hugging Face cache)").arg(m.name)
                                                                      : m.name;
        model_->addItem(label, m.path);
        if (!m.supported) {
            model_->setItemData(model_->count() - 1, tr("This architecture is not supported by this build."), Qt::ToolTipRole);
            model_->setItemData(model_->count() - 1, QVariant(0), Qt::UserRole - 1);  // disabled
        }
    }
    auto* browse = new QPushButton(tr("Folder…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Hugging Face model folder"));
        if (dir.isEmpty()) return;
        model_->addItem(dir, dir);
        model_->setCurrentIndex(model_->count() - 1);
    });
    auto* modelRow = new QHBoxLayout;
    modelRow->addWidget(model_, 1);
    modelRow->addWidget(browse);

    corpus_ = new QComboBox(this);
    for (const auto& c : corpora) corpus_->addItem(c.name);
    side_ = new QComboBox(this);
    side_->addItem(tr("Source side"));
    side_->addItem(tr("Target side"));
    auto updateSide = [this] {
        const int i = corpus_->currentIndex();
        side_->setEnabled(i >= 0 && corpora_[i].parallel);
        if (!side_->isEnabled()) side_->setCurrentIndex(0);
    };
    connect(corpus_, &QComboBox::currentIndexChanged, this, updateSide);
    updateSide();
    layer_ = new QSpinBox(this);
    layer_->setRange(-48, 48);
    layer_->setValue(-1);
    layer_->setToolTip(tr("-1 = last layer (the paper's choice); 0 = embedding output; i = output of layer i; negative counts from the end."));
    pooling_ = new QComboBox(this);
    pooling_->addItem(tr("Mean over tokens (paper)"), QStringLiteral("mean"));
    pooling_->addItem(tr("[CLS] token"), QStringLiteral("cls"));
    pooling_->addItem(tr("Max over tokens"), QStringLiteral("max"));
    normalize_ = new QCheckBox(tr("L2-normalise the vectors"), this);
    float32_ = new QCheckBox(tr("Store as float32 (default float16: half the space)"), this);

    auto* form = new QFormLayout;
    form->addRow(tr("&Model:"), modelRow);
    form->addRow(tr("&Corpus:"), corpus_);
    form->addRow(tr("&Side:"), side_);
    form->addRow(tr("&Layer:"), layer_);
    form->addRow(tr("&Pooling:"), pooling_);
    form->addRow(QString(), normalize_);
    form->addRow(QString(), float32_);
    form->addRow(tr("Device:"), new QLabel(device, this));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Encode"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!corpora.isEmpty() && model_->count() > 0);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void EncodeDialog::preselectModel(const QString& path) {
    const int i = model_->findData(path);
    if (i >= 0) model_->setCurrentIndex(i);
}

EncodeRequest EncodeDialog::request() const {
    EncodeRequest r;
    r.corpus = corpus_->currentText();
    r.model = model_->currentData().toString();
    r.targetSide = side_->currentIndex() == 1;
    r.layer = layer_->value();
    r.pooling = pooling_->currentData().toString();
    r.normalize = normalize_->isChecked();
    r.float32 = float32_->isChecked();
    return r;
}
