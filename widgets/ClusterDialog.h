#pragma once
// Cluster dialog: corpus, k (or a k sweep for BIC/AIC), PCA dimensions, covariance type, seeds.
#include <QDialog>

#include "JobRequests.h"

class QCheckBox;
class QComboBox;
class QSpinBox;

class ClusterDialog : public QDialog {
    Q_OBJECT
public:
    ClusterDialog(const QList<CorpusChoice>& corpora, QWidget* parent = nullptr);
    ClusterRequest request() const;

private:
    QComboBox* corpus_;
    QSpinBox* k_;
    QCheckBox* sweep_;
    QSpinBox* kFrom_;
    QSpinBox* kTo_;
    QSpinBox* pca_;
    QComboBox* covariance_;
    QSpinBox* seeds_;
    QSpinBox* maxIter_;
};
