#pragma once
// Export dialog: the selection, shards per domain/cluster, or a sampled mixture, in Moses,
// TSV or JSONL, with scores / gzip / score order; every export also writes a manifest. What to
// export is the dialog's own choice among the command line's --shards, --mixture and neither.
// Cleaning: the exported corpus's tags (only the checked ones, or all but the checked ones:
// --tag / --exclude-tag), a filter run of it to apply (--filter) and the decontamination's
// exclusions (--include-contaminated), once setCleaning() gives the project's choices.
#include <QDialog>

#include "JobRequests.h"
#include "ParamField.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QStackedWidget;
class FilterRunBox;
class TagCheckList;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    // `fields`: export's parameters (app/services' exportParamFields): ranges, defaults, tooltips.
    // `corpora`: the corpus of an export by domain (the selection and clusters name their own).
    ExportDialog(const QString& suggestedPrefix, const QList<CorpusChoice>& corpora, const ParamFields& fields,
                 QWidget* parent = nullptr);
    ExportRequest request() const;
    // The tags and filter runs of each corpus; until then the cleaning fields say they are loading.
    void setCleaning(const CleaningChoices& choices);
    // The corpus the export reads as the dialog stands ("" = not known yet).
    QString exportedCorpus() const;

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
    QComboBox* corpus_;
    QLabel* cleaningCorpus_;
    QComboBox* tagMode_;  // 0: leave out the checked tags, 1: only the checked tags
    QStackedWidget* tagStack_;
    TagCheckList* excludeTags_;
    TagCheckList* tags_;
    FilterRunBox* filter_;
    QCheckBox* includeContaminated_;
    CleaningChoices cleaning_;
    bool cleaningLoaded_ = false;
    void updateCleaning();
};
