#pragma once
// Encode dialog: model (installed ones with their languages, dimension, size on disk and last
// measured speed; the default; the HF cache; a folder; and the known models that are not
// installed yet, which it can install with progress and Cancel), corpus, side, layer,
// pooling, prompt prefix, compute precision; shows the compute device the job worker will use.
#include <functional>

#include <QDialog>

#include "JobRequests.h"
#include "ParamField.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class ModelInstaller;

class EncodeDialog : public QDialog {
    Q_OBJECT
public:
    // `fields`: encode's parameters (app/services' encodeParamFields): ranges, defaults, tooltips.
    EncodeDialog(const QList<ModelChoice>& models, const QList<CorpusChoice>& corpora, const ParamFields& fields,
                 const QString& device, QWidget* parent = nullptr);
    // Selects the model with this path, now or as soon as the models arrive.
    void preselectModel(const QString& path);
    // The models are listed off the GUI thread (directory listings, config.json reads, folder
    // sizes): until setModels delivers them the dialog says "Loading models…" and Encode is off.
    void showModelsLoading();
    void setModels(const QList<ModelChoice>& models);
    bool modelsLoading() const { return loading_; }
    EncodeRequest request() const;

    // Enables installing: runs `program arguments... NAME` (scripts/install-model.sh); after a
    // successful install the dialog shows "Loading models…" and calls `requestModels`, which
    // must list them off the GUI thread and deliver them with setModels (the new model is then
    // selected).
    void setInstaller(const QString& program, const QStringList& arguments, std::function<void()> requestModels);
    bool isInstalling() const;

    // The text the dialog shows about a model (tested).
    static QString describe(const ModelChoice& m);

signals:
    void installFinished(bool ok, const QString& message);

signals:
    void modelsChanged();

private:
    void updateModelState();
    void startInstall();

    QComboBox* model_;
    QLabel* modelInfo_;
    QPushButton* install_;
    QPushButton* cancelInstall_;
    QProgressBar* installProgress_;
    QComboBox* corpus_;
    QComboBox* side_;
    QSpinBox* layer_;
    QLineEdit* layerMean_;  // layers averaged into one set; when not empty it replaces layer_
    int lastModelRow_ = -2;  // the model row whose recommended layer the spin box shows
    QComboBox* prefix_;
    QComboBox* pooling_;
    QCheckBox* normalize_;
    QCheckBox* float32_;
    QComboBox* precision_;
    QPushButton* ok_ = nullptr;
    QList<CorpusChoice> corpora_;
    QList<ModelChoice> models_;
    ModelInstaller* installer_ = nullptr;
    std::function<void()> requestModels_;
    bool loading_ = false;
    QString preselect_;       // path to select when the models arrive
    QString selectInstalled_;  // name of a model just installed, selected when the models arrive
};
