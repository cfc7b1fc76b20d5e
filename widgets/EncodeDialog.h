#pragma once
// Encode dialog: model (the default, others in the data dir and the HF cache, or a folder),
// corpus, side, layer, pooling; shows the compute device the job worker will use.
#include <QDialog>

#include "JobRequests.h"

class QCheckBox;
class QComboBox;
class QSpinBox;

class EncodeDialog : public QDialog {
    Q_OBJECT
public:
    EncodeDialog(const QList<ModelChoice>& models, const QList<CorpusChoice>& corpora, const QString& device,
                 QWidget* parent = nullptr);
    void preselectModel(const QString& path);
    EncodeRequest request() const;

private:
    QComboBox* model_;
    QComboBox* corpus_;
    QComboBox* side_;
    QSpinBox* layer_;
    QComboBox* pooling_;
    QCheckBox* normalize_;
    QCheckBox* float32_;
    QList<CorpusChoice> corpora_;
};
