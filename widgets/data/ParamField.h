#pragma once
// One job parameter as a dialog offers it: name, kind, default, range or choices, help. Plain
// QtCore data (widgets know nothing of core); app/services/ParamFields.h builds the list from the
// job's parameter table, so a dialog's ranges, defaults and tooltips are the CLI's.
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

struct ParamField {
    enum class Kind { Int, Double, Flag, Choice, Text, IntList };
    QString name;  // the key of the value in the request (and the command-line option)
    Kind kind = Kind::Int;
    QVariant defaultValue;      // invalid = unset (the job decides)
    QVariant minimum, maximum;  // Int and Double; invalid = unbounded
    QStringList choices;        // Choice
    QString help;               // the tooltip: help, default and range
    bool repeatable = false;    // Text given more than once: the values joined by a line break
    // Left out = "auto" (the job resolves it, ParamSpec::autoWhenAbsent): the widget offers
    // "auto" first and chosen (a combo's item without data, a spin box's value below the
    // minimum), and paramValues() leaves it out of the request.
    bool autoWhenAbsent = false;
};
using ParamFields = QList<ParamField>;

// The field named `name`; a field with an empty name when the list has none (a dialog that
// asks for a field its job does not declare shows an unusable widget, which the tests catch).
ParamField findParamField(const ParamFields& fields, const QString& name);
