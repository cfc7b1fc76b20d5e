#pragma once
// Settings: interface language (applies at the next start), encoder threads and batch size,
// the model the encode dialog proposes first.
#include <QDialog>

#include "JobRequests.h"

class QComboBox;
class QSpinBox;

struct WorkbenchSettings {
    QString language;       // "" = the system's, or "en", "de", "fr"
    int threads = 0;        // 0 = libtorch's default
    int batchTokens = 16384;
    QString defaultModel;   // model path; "" = the installed default model
};

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    SettingsDialog(const WorkbenchSettings& current, const QList<ModelChoice>& models, QWidget* parent = nullptr);
    WorkbenchSettings settings() const;
    // The models are listed off the GUI thread: until setModels delivers them the model list
    // says "Loading models…" (the current default stays chosen).
    void showModelsLoading();
    void setModels(const QList<ModelChoice>& models);

signals:
    void modelsChanged();

private:
    QComboBox* language_;
    QSpinBox* threads_;
    QSpinBox* batchTokens_;
    QComboBox* model_;
    QString defaultModel_;  // the setting's value, kept while the list loads
};
