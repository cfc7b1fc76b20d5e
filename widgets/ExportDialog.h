#pragma once
// Export dialog: the selection, shards per domain/cluster, or a sampled mixture, in Moses,
// TSV or JSONL, with scores / gzip / score order; every export also writes a manifest.
#include <QDialog>

#include "JobRequests.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportDialog(const QString& suggestedPrefix, QWidget* parent = nullptr);
    ExportRequest request() const;

private:
    QComboBox* mode_;
    QComboBox* format_;
    QLineEdit* prefix_;
    QCheckBox* scores_;
    QCheckBox* gzip_;
    QCheckBox* scoreOrder_;
    QCheckBox* force_;
    QComboBox* groupBy_;
    QDoubleSpinBox* alpha_;
    QSpinBox* size_;
};
