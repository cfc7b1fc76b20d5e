#pragma once
// Dialog widgets set up from a ParamField (range, default, tooltip; objectName = the field's
// name, which is also the key of paramValues()), and the values read back by name.
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QVariantMap>

#include "ParamField.h"

class QCheckBox;
class QComboBox;
class QLineEdit;
class QListWidget;
class QWidget;

// The widget's limit where a Double field has none.
inline constexpr double kUnboundedDouble = 1e9;

// Spin boxes for a field that offers "auto" (ParamField::autoWhenAbsent), which applyParamField
// puts one step below the field's minimum: stepping up from "auto" lands on the field's default
// (the value of models without a mixture of their own: 3 restarts, reg-covar 1e-6) rather than
// on the minimum (1 restart, reg-covar 0, both legal but nobody's choice). Typing is unchanged.
// A plain QSpinBox / QDoubleSpinBox given such a field still works; it only steps one step.
class AutoSpinBox : public QSpinBox {
public:
    using QSpinBox::QSpinBox;
    void stepBy(int steps) override;
};
class AutoDoubleSpinBox : public QDoubleSpinBox {
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    void stepBy(int steps) override;
};

// The objectName and tooltip only, for a widget whose items are not the field's (a corpus or
// model list, a prompt name offered from a few).
void nameParamWidget(QWidget* widget, const ParamField& field);
void applyParamField(QSpinBox* box, const ParamField& field);
void applyParamField(QDoubleSpinBox* box, const ParamField& field);
void applyParamField(QCheckBox* box, const ParamField& field);
// Items from field.choices (the data is the choice's name; `labels` may translate names); a
// field whose default is unset (the job decides) first offers an item for that, labels[""],
// with no data: its value is left out of paramValues().
void applyParamField(QComboBox* box, const ParamField& field, const QMap<QString, QString>& labels = {});
void applyParamField(QLineEdit* edit, const ParamField& field);
// A repeatable Text field (export's --tag) as a list of checkable items: its value is the
// checked items' data (Qt::UserRole, else the text) joined by a line break, as the command line
// joins an option given more than once; none checked = unset.
void applyParamField(QListWidget* list, const ParamField& field);

// A corpus offered in a combo box: its name shown bounded (DisplayText: a crafted project's
// megabyte-long name would stall every repaint), the whole name kept in kCorpusNameRole; `data`
// (Qt::UserRole) as the dialog needs it. chosenCorpus is the whole name of the current item
// ("" when none), findCorpus the index of `name` (-1 when absent).
inline constexpr int kCorpusNameRole = Qt::UserRole + 1;
void addCorpusItem(QComboBox* box, const QString& name, const QVariant& data = {});
QString chosenCorpus(const QComboBox* box);
int findCorpus(const QComboBox* box, const QString& name);

// The value a parameter widget holds (a line edit's trimmed text; invalid when it is empty).
QVariant paramWidgetValue(const QWidget* widget);
// objectName -> value for every widget in `widgets` that is enabled.
QVariantMap paramValues(const QList<QWidget*>& widgets);
