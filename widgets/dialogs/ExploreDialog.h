#pragma once
// Explore dialog: a corpus to a first map from a stratified sample, then the rest encoded and
// assigned in chunks, then the full map (the CLI's `explore`). Offers the sample size, its
// seed, the chunk, k and the encoder's precision; the model is the caller's (the settings'
// default model), everything else the job's defaults.
#include <QDialog>

#include "JobRequests.h"
#include "ParamField.h"

class QComboBox;
class QSpinBox;

class ExploreDialog : public QDialog {
    Q_OBJECT
public:
    // `fields`: explore's parameters (app/services' exploreParamFields): ranges, defaults,
    // tooltips. `preselect`: the corpus chosen first (the one just imported).
    ExploreDialog(const QList<CorpusChoice>& corpora, const ParamFields& fields, const QString& preselect = {},
                  QWidget* parent = nullptr);
    ExploreRequest request() const;

private:
    QComboBox* corpus_;
    QSpinBox* sample_;
    QSpinBox* sampleSeed_;
    QSpinBox* chunk_;
    QSpinBox* k_;
    QComboBox* precision_;
    QList<QWidget*> params_;
};
