#pragma once
// Corpora (top level) and their domains (children) with counts and shares.
#include <QAbstractItemModel>
#include <QList>

#include "CorpusSummary.h"

class CorpusTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, SentencesColumn, ShareColumn, LanguagesColumn, EncodedColumn, ColumnCount };
    enum Role { CorpusNameRole = Qt::UserRole + 1, DomainNameRole };

    using QAbstractItemModel::QAbstractItemModel;
    void setCorpora(QList<CorpusSummary> corpora);
    const QList<CorpusSummary>& corpora() const { return corpora_; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // internalId: 0 for a corpus row, corpusRow + 1 for a domain row.
    QList<CorpusSummary> corpora_;
};
