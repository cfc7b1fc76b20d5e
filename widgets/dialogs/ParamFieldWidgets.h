#pragma once
// Dialog widgets set up from a ParamField (range, default, tooltip; objectName = the field's
// name, which is also the key of paramValues()), and the values read back by name.
#include <QVariantMap>

#include "ParamField.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QSpinBox;
class QWidget;

// The widget's limit where a Double field has none.
inline constexpr double kUnboundedDouble = 1e9;

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

// The value a parameter widget holds (a line edit's trimmed text; invalid when it is empty).
QVariant paramWidgetValue(const QWidget* widget);
// objectName -> value for every widget in `widgets` that is enabled.
QVariantMap paramValues(const QList<QWidget*>& widgets);
