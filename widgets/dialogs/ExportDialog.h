#pragma once
// Export dialog: the selection, shards per domain/cluster, or a sampled mixture, in Moses,
// TSV or JSONL, with scores / gzip / score order; every export also writes a manifest. What to
// export is the dialog's own choice among the command line's --shards, --mixture and neither.
#include <QDialog>

#include "JobRequests.h"
#include "ParamField.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    // `fields`: export's parameters (app/services' exportParamFields): ranges, defaults, tooltips.
    ExportDialog(const QString& suggestedPrefix, const ParamFields& fields, QWidget* parent = nullptr);
    ExportRequest request() const;

private:
    QComboBox* mode_;
    QComboBox* format_;
    QLineEdit* prefix_;
    QCheckBox* scores_;
    QCheckBox* gzip_;
    QComboBox* order_;
    QCheckBox* force_;
    QComboBox* groupBy_;
    QDoubleSpinBox* alpha_;
    QSpinBox* size_;
};
