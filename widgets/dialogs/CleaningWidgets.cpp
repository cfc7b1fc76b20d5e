#include "CleaningWidgets.h"

#include <QLocale>

#include "ParamFieldWidgets.h"

FilterRunBox::FilterRunBox(const ParamField& field, QWidget* parent) : QComboBox(parent) {
    nameParamWidget(this, field);
    setRuns({});
}

void FilterRunBox::setRuns(const QList<FilterRunChoice>& runs) {
    const qint64 chosen = chosenRun();
    clear();
    addItem(tr("No filter run"));  // no data: the value is left out (the job's default)
    for (const auto& r : runs) {
        const QString label = r.removed >= 0
                                  ? tr("Run %1: %2, %3 removed").arg(r.id).arg(r.kind, QLocale().toString(r.removed))
                                  : tr("Run %1: %2 (not finished)").arg(r.id).arg(r.kind);
        addItem(label, r.id);
    }
    if (const int i = findData(chosen); chosen > 0 && i >= 0) setCurrentIndex(i);
}

void FilterRunBox::followCorpus(QComboBox* corpus) {
    corpus_ = corpus;
    connect(corpus, &QComboBox::currentIndexChanged, this, &FilterRunBox::offerCorpusRuns);
    offerCorpusRuns();
}

void FilterRunBox::setCleaning(const CleaningChoices& choices) {
    cleaning_ = choices;
    offerCorpusRuns();
}

void FilterRunBox::offerCorpusRuns() {
    if (corpus_) setRuns(cleaning_.corpora.value(chosenCorpus(corpus_)).filterRuns);
}

TagCheckList::TagCheckList(const ParamField& field, QWidget* parent) : QListWidget(parent) {
    applyParamField(this, field);
    setSelectionMode(QAbstractItemView::NoSelection);
}

void TagCheckList::setTags(const QList<QPair<QString, qint64>>& tags) {
    const QStringList checked = checkedTags();
    clear();
    for (const auto& [tag, count] : tags) {
        auto* item = new QListWidgetItem(tr("%1 (%2 sentences)").arg(tag, QLocale().toString(count)), this);
        item->setData(Qt::UserRole, tag);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(checked.contains(tag) ? Qt::Checked : Qt::Unchecked);
    }
}

QStringList TagCheckList::checkedTags() const {
    QStringList out;
    for (int i = 0; i < count(); ++i)
        if (item(i)->checkState() == Qt::Checked) out << item(i)->data(Qt::UserRole).toString();
    return out;
}

void TagCheckList::setCheckedTags(const QStringList& tags) {
    for (int i = 0; i < count(); ++i)
        item(i)->setCheckState(tags.contains(item(i)->data(Qt::UserRole).toString()) ? Qt::Checked : Qt::Unchecked);
}
