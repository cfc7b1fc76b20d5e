#include "ParamFieldWidgets.h"

#include "DisplayText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QSpinBox>

#include <algorithm>
#include <limits>

ParamField findParamField(const ParamFields& fields, const QString& name) {
    for (const auto& f : fields)
        if (f.name == name) return f;
    return {};
}

namespace {

// A spin box whose minimum stands for "auto" (ParamField::autoWhenAbsent): no value there.
const char* const kAutoAtMinimum = "dlAutoAtMinimum";
// Where stepping up from "auto" lands (AutoSpinBox, AutoDoubleSpinBox): the field's default.
const char* const kAutoStepsTo = "dlAutoStepsTo";

QString autoText() { return QCoreApplication::translate("ParamFieldWidgets", "auto"); }

int toInt(const QVariant& v, int fallback) {
    if (!v.isValid()) return fallback;
    const qint64 x = v.toLongLong();
    return int(std::clamp<qint64>(x, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

}  // namespace

void nameParamWidget(QWidget* widget, const ParamField& field) {
    widget->setObjectName(field.name);
    widget->setToolTip(field.help);
}

void applyParamField(QSpinBox* box, const ParamField& field) {
    nameParamWidget(box, field);
    box->setRange(toInt(field.minimum, std::numeric_limits<int>::min()),
                  toInt(field.maximum, std::numeric_limits<int>::max()));
    box->setValue(toInt(field.defaultValue, box->minimum()));
    if (field.autoWhenAbsent && box->minimum() > std::numeric_limits<int>::min()) {
        box->setMinimum(box->minimum() - 1);
        box->setSpecialValueText(autoText());
        box->setProperty(kAutoAtMinimum, true);
        if (field.defaultValue.isValid()) box->setProperty(kAutoStepsTo, box->value());
        box->setValue(box->minimum());
    }
}

void applyParamField(QDoubleSpinBox* box, const ParamField& field) {
    nameParamWidget(box, field);
    // An unbounded side ends at +-1e9 on screen (a spin box sizes itself to its longest value).
    box->setRange(field.minimum.isValid() ? field.minimum.toDouble() : -kUnboundedDouble,
                  field.maximum.isValid() ? field.maximum.toDouble() : kUnboundedDouble);
    box->setValue(field.defaultValue.toDouble());
    if (field.autoWhenAbsent) {  // one step below the minimum (the dialog sets the step first)
        box->setMinimum(box->minimum() - box->singleStep());
        box->setSpecialValueText(autoText());
        box->setProperty(kAutoAtMinimum, true);
        if (field.defaultValue.isValid()) box->setProperty(kAutoStepsTo, box->value());
        box->setValue(box->minimum());
    }
}

namespace {

// A box at "auto" stepped up lands on its field's default (true); anything else steps as usual.
template <class Box>
bool landFromAuto(Box* box, int steps) {
    const QVariant to = box->property(kAutoStepsTo);
    if (steps <= 0 || !to.isValid() || !box->property(kAutoAtMinimum).toBool() || box->value() != box->minimum())
        return false;
    box->setValue(to.template value<decltype(box->value())>());
    box->selectAll();
    return true;
}

}  // namespace

void AutoSpinBox::stepBy(int steps) {
    if (!landFromAuto(this, steps)) QSpinBox::stepBy(steps);
}

void AutoDoubleSpinBox::stepBy(int steps) {
    if (!landFromAuto(this, steps)) QDoubleSpinBox::stepBy(steps);
}

void applyParamField(QCheckBox* box, const ParamField& field) {
    nameParamWidget(box, field);
    box->setChecked(field.defaultValue.toBool());
}

void applyParamField(QComboBox* box, const ParamField& field, const QMap<QString, QString>& labels) {
    nameParamWidget(box, field);
    box->clear();
    const bool unset = !field.defaultValue.isValid() || field.autoWhenAbsent;
    if (unset)
        box->addItem(labels.value(QString(), field.autoWhenAbsent ? autoText() : QStringLiteral("default")),
                     QVariant());
    for (const auto& choice : field.choices) box->addItem(labels.value(choice, choice), choice);
    box->setCurrentIndex(unset ? 0 : qMax(0, box->findData(field.defaultValue.toString())));
}

void applyParamField(QLineEdit* edit, const ParamField& field) {
    nameParamWidget(edit, field);
    edit->setText(field.defaultValue.toString());
}

void applyParamField(QListWidget* list, const ParamField& field) { nameParamWidget(list, field); }

void addCorpusItem(QComboBox* box, const QString& name, const QVariant& data) {
    box->addItem(boundedForDisplay(name), data);
    box->setItemData(box->count() - 1, name, kCorpusNameRole);
    if (name.size() > DisplayText::kDisplayChars)
        box->setItemData(box->count() - 1, DisplayText::tooltip(name), Qt::ToolTipRole);
}

QString chosenCorpus(const QComboBox* box) { return box->currentData(kCorpusNameRole).toString(); }

int findCorpus(const QComboBox* box, const QString& name) { return box->findData(name, kCorpusNameRole); }

QVariant paramWidgetValue(const QWidget* widget) {
    const bool autoAtMinimum = widget->property(kAutoAtMinimum).toBool();
    if (const auto* s = qobject_cast<const QSpinBox*>(widget))
        return autoAtMinimum && s->value() == s->minimum() ? QVariant() : QVariant(s->value());
    if (const auto* d = qobject_cast<const QDoubleSpinBox*>(widget))
        return autoAtMinimum && d->value() == d->minimum() ? QVariant() : QVariant(d->value());
    if (const auto* c = qobject_cast<const QCheckBox*>(widget)) return c->isChecked();
    if (const auto* c = qobject_cast<const QComboBox*>(widget)) return c->currentData();
    if (const auto* l = qobject_cast<const QListWidget*>(widget)) {
        QStringList checked;
        for (int i = 0; i < l->count(); ++i) {
            const QListWidgetItem* item = l->item(i);
            if (item->checkState() != Qt::Checked) continue;
            const QVariant data = item->data(Qt::UserRole);
            checked << (data.isValid() ? data.toString() : item->text());
        }
        return checked.isEmpty() ? QVariant() : QVariant(checked.join(QLatin1Char('\n')));
    }
    if (const auto* e = qobject_cast<const QLineEdit*>(widget)) {
        const QString text = e->text().trimmed();
        return text.isEmpty() ? QVariant() : QVariant(text);
    }
    return {};
}

QVariantMap paramValues(const QList<QWidget*>& widgets) {
    QVariantMap values;
    for (const auto* w : widgets) {
        const QVariant v = paramWidgetValue(w);
        if (w->isEnabled() && v.isValid()) values.insert(w->objectName(), v);
    }
    return values;
}
