#pragma once
// Selection dialog: method, pool corpus, seed (a corpus or one domain of it), and the cut; a
// filter run of the pool (--filter RUN) leaves the sentences it removed out of the candidates.
// Ranges, defaults and tooltips come from the jobs' parameter tables (`fields`, app/services/ParamFields.h).
#include <QDialog>

#include "JobRequests.h"
#include "ParamField.h"

class QComboBox;
class QDoubleSpinBox;
class QRadioButton;
class QSpinBox;
class FilterRunBox;
class SelectMethodSettings;

class SelectDialog : public QDialog {
    Q_OBJECT
public:
    // `fields`: the select command's; `crossLingualFields`: cross-lingual's table (its own defaults).
    SelectDialog(const QList<CorpusChoice>& corpora, const ParamFields& fields, const ParamFields& crossLingualFields,
                 QWidget* parent = nullptr);
    SelectRequest request() const;
    // The installed models for the encoder choice (listed off the GUI thread).
    void setModels(const QList<ModelChoice>& models);
    // The corpora's filter runs (read off the GUI thread); until then only "No filter run".
    void setCleaning(const CleaningChoices& choices);

private:
    QComboBox* method_;
    QComboBox* pool_;
    QComboBox* seed_;
    QComboBox* seedDomain_;
    QSpinBox* seedSample_;
    QSpinBox* seedSampleSeed_;
    QComboBox* parallel_;
    QSpinBox* iterations_;
    QComboBox* pseudoOut_;
    QComboBox* side_;   // contrast: the side scored
    QComboBox* sides_;  // contrast: one side or both summed
    QRadioButton* useTop_;
    QRadioButton* useThreshold_;
    QRadioButton* useDefault_;
    QSpinBox* top_;
    QDoubleSpinBox* threshold_;
    QList<CorpusChoice> corpora_;
    FilterRunBox* filter_;
    SelectMethodSettings* settings_;
};
