#pragma once
// Mixture > Train on a Kit (the CLI's `mixture train KIT_DIR`): the small Transformer LM of
// issue #24 trained on a mixture kit, lambda from the kit's lambda_0 (static), MDAC, DDS or a
// schedule file. Every field comes from `mixture train`'s table (app/services'
// mixtureTrainParamFields): ranges, defaults, tooltips.
#include <QDialog>

#include "JobRequests.h"
#include "ParamField.h"

class QLineEdit;

class MixtureTrainDialog : public QDialog {
    Q_OBJECT
public:
    // `kit`: the kit's folder; `suggestedOut`: the work folder proposed ("" = none).
    MixtureTrainDialog(const QString& kit, const QString& suggestedOut, const ParamFields& fields,
                       QWidget* parent = nullptr);
    MixtureTrainRequest request() const;

private:
    QLineEdit* kit_;
    QLineEdit* schedule_;
    QLineEdit* out_;
    QList<QWidget*> params_;
};
