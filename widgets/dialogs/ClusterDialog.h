#pragma once
// Cluster dialog: corpus, k (or a k sweep for BIC/AIC, or a layer sweep), PCA dimensions,
// covariance type, seeds, and the representation: layers to average, L2, standardisation, whitening.
// Ranges, defaults and tooltips come from the job's parameter table (`fields`, app/services/ParamFields.h).
#include <QDialog>

#include "JobRequests.h"
#include "ParamField.h"

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

class ClusterDialog : public QDialog {
    Q_OBJECT
public:
    ClusterDialog(const QList<CorpusChoice>& corpora, const ParamFields& fields, QWidget* parent = nullptr);
    ClusterRequest request() const;

private:
    QComboBox* corpus_;
    QSpinBox* k_;
    QCheckBox* sweep_;
    QSpinBox* kFrom_;
    QSpinBox* kTo_;
    QSpinBox* pca_;
    QSpinBox* pcaSample_;
    QComboBox* covariance_;
    QSpinBox* seeds_;
    QSpinBox* restarts_;
    QSpinBox* maxIter_;
    QLineEdit* layers_;
    QCheckBox* l2_;
    QCheckBox* standardize_;
    QCheckBox* whiten_;
    QCheckBox* layerSweep_;
    QList<QWidget*> params_;  // the widgets of job parameters (objectName = the parameter)
};
