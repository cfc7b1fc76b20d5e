#pragma once
// Cluster dialog: corpus, k (or a k sweep for BIC/AIC, or a layer sweep), PCA dimensions,
// covariance type, seeds, and the representation: layers to average, L2, standardisation, whitening.
// The mixture's covariance, restarts and diagonal load each offer "auto" (first, chosen): the
// vectors' model's value, as the command line without --cov, --n-init or --reg-covar.
// Ranges, defaults and tooltips come from the job's parameter table (`fields`, app/services/ParamFields.h).
// A filter run of the corpus (--filter RUN) leaves the sentences it removed out of the fit.
#include <QDialog>

#include "JobRequests.h"
#include "ParamField.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;
class FilterRunBox;

class ClusterDialog : public QDialog {
    Q_OBJECT
public:
    ClusterDialog(const QList<CorpusChoice>& corpora, const ParamFields& fields, QWidget* parent = nullptr);
    ClusterRequest request() const;
    // The corpora's filter runs (read off the GUI thread); until then only "No filter run".
    void setCleaning(const CleaningChoices& choices);

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
    QDoubleSpinBox* regCovar_;
    QSpinBox* maxIter_;
    QLineEdit* layers_;
    QCheckBox* l2_;
    QCheckBox* standardize_;
    QCheckBox* whiten_;
    QCheckBox* layerSweep_;
    FilterRunBox* filter_;
    QList<QWidget*> params_;  // the widgets of job parameters (objectName = the parameter)
};
