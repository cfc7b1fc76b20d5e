#pragma once
// Analysis > Filter Corpus: the corpus, the kind of filter (near-duplicates, language ID, bitext
// noise, semantic duplicates, decontamination) and the kind's parameters; the widgets of the
// other kinds are disabled and keep the job's defaults. Ranges, defaults and tooltips come from
// filter's parameter table (`fields`, app/services/ParamFields.h; core/filter/FilterParamsTable.cpp).
#include <QDialog>

#include "JobRequests.h"
#include "ParamField.h"

class QComboBox;

class FilterDialog : public QDialog {
    Q_OBJECT
public:
    FilterDialog(const QList<CorpusChoice>& corpora, const ParamFields& fields, const QString& preselect = {},
                 QWidget* parent = nullptr);
    FilterRequest request() const;
    // exec()'s result when the user asked for a preview (what the filter would remove, not stored).
    static constexpr int PreviewResult = 2;

private:
    void updateKind();

    QComboBox* corpus_;
    QComboBox* kind_;
    QComboBox* keep_;
    // The parameter widgets by the kinds that use them ("near-dup", "langid", ...).
    QList<std::pair<QWidget*, QStringList>> params_;
};
