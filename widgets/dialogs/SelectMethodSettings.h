#pragma once
// The Select dialog's per-method settings (issue #26: the papers' comparisons from the GUI):
//   finetune-head: positive-unlabeled rounds, classifiers
//   finetune:      preset (Aharoni & Goldberg's A.4), epochs, rounds
//   n-gram LMs:    the LM vocabulary (the papers': the seed's words)
//   cross-lingual: the encoder of every side (the method's default first; the other methods
//                  score the stored vectors of pool and seed), preset (Vu et al.'s), classifiers, adaptive layer (none
//                  = the DF baseline), contrastive loss (Eq. 1), negatives (lowest:N), keep g(x) (Fig. 4)
// One widget per parameter, named after it and set up from the table's field (range, default,
// tooltip); the rows of other methods are hidden, and values() holds only the shown, enabled
// ones, so a job never receives another method's parameter. classifiers follows the method's
// own default (1 for finetune-head, cross-lingual's table's otherwise), as iterations does in
// the dialog. A preset of "paper" disables the fields it overrides. GUI thread only.
#include <QVariantMap>
#include <QWidget>

#include "JobRequests.h"
#include "ParamField.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLineEdit;
class QSpinBox;

class SelectMethodSettings : public QWidget {
    Q_OBJECT
public:
    // `fields`: the select command's (selectCommandSpecs); `crossLingualFields`: cross-lingual's
    // table, for its own defaults.
    SelectMethodSettings(const ParamFields& fields, const ParamFields& crossLingualFields, QWidget* parent = nullptr);
    void showMethod(const QString& method);
    // Installed models (listed off the GUI thread); the first item stays "the method's default".
    void setModels(const QList<ModelChoice>& models);
    QVariantMap values() const;
    // False for a method without settings here (cosine): the dialog hides the group then.
    bool hasSettings() const { return !widgetsOf(method_).isEmpty(); }

private:
    void followPreset();
    QList<QWidget*> widgetsOf(const QString& method) const;

    QString method_;
    QFormLayout* form_;
    QComboBox* model_;
    QComboBox* preset_;
    QSpinBox* classifiers_;
    QSpinBox* puRounds_;
    QSpinBox* fineTuneEpochs_;
    QSpinBox* fineTuneRounds_;
    QComboBox* vocabulary_;
    QComboBox* adaptiveLayer_;
    QComboBox* infoNce_;
    QLineEdit* negatives_;
    QCheckBox* keepAdapted_;
    int headClassifiers_ = 1, crossLingualClassifiers_ = 1;  // the two defaults
};
