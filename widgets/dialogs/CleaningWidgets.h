#pragma once
// The cleaning fields the Export, Cluster and Select dialogs share: a corpus's filter runs to
// apply (--filter RUN) and its free tags to keep or leave out (export's --tag / --exclude-tag),
// both filled once the project's cleaning choices are read (app/services/CleaningChoices.h).
#include <QComboBox>
#include <QListWidget>

#include "JobRequests.h"
#include "ParamField.h"

// --filter RUN: "No filter run" (unset), then the corpus's filter runs, newest first; the run
// chosen stays chosen when the list is refilled and still holds it.
class FilterRunBox : public QComboBox {
    Q_OBJECT
public:
    FilterRunBox(const ParamField& field, QWidget* parent = nullptr);
    void setRuns(const QList<FilterRunChoice>& runs);
    // Offers the filter runs of the corpus `corpus` names, now and whenever it changes, from the
    // project's choices (setCleaning; none before).
    void followCorpus(QComboBox* corpus);
    void setCleaning(const CleaningChoices& choices);
    qint64 chosenRun() const { return currentData().toLongLong(); }  // 0 = none

private:
    QComboBox* corpus_ = nullptr;
    CleaningChoices cleaning_;
    void offerCorpusRuns();
};

// A repeatable tag field: the corpus's tags with their counts, checkable (the item's data is the
// tag); checked tags stay checked when the list is refilled and still holds them.
class TagCheckList : public QListWidget {
    Q_OBJECT
public:
    TagCheckList(const ParamField& field, QWidget* parent = nullptr);
    void setTags(const QList<QPair<QString, qint64>>& tags);
    QStringList checkedTags() const;
    void setCheckedTags(const QStringList& tags);
};
