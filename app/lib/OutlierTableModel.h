#pragma once
// The outlier browser's model: sentences of a clustering run with their true domain, cluster,
// the domain their cluster maps to, probability and length. Lazily paged over SQLite:
// sorting and filtering happen in SQL (never a proxy over a million rows); only the pages
// the view shows are fetched (LIMIT/OFFSET pages of kPageSize rows, a few pages cached).
// Thread affinity: GUI thread; it owns its own read-only connection to the project.
#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>

namespace dl {
class Store;
}

struct OutlierFilter {
    QString fromDomain;      // true domain ("" = any)
    QString toDomain;        // mapped domain of the assigned cluster ("" = any)
    bool outliersOnly = true;  // true domain differs from the mapped one
    int digits = -1;         // -1 any, 1 with digits, 0 without
    int minTokens = 0, maxTokens = 0;  // 0 = no bound
    QString text;            // substring of the sentence
    int cluster = -1;        // -1 any
};

class OutlierTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SentenceColumn, DomainColumn, ClusterColumn, MappedColumn, ProbabilityColumn, LengthColumn, ColumnCount };
    enum Role { SentenceIdRole = Qt::UserRole + 1 };
    static constexpr int kPageSize = 256;

    explicit OutlierTableModel(QObject* parent = nullptr);
    ~OutlierTableModel() override;

    // Opens the project read-only and shows the given clustering run; false + message on failure.
    bool setRun(const QString& projectPath, qint64 runId, QString* error = nullptr);
    void setFilter(const OutlierFilter& filter);
    const OutlierFilter& filter() const { return filter_; }
    QStringList domains() const { return domainNames_; }
    qint64 runId() const { return runId_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    // Tab-separated text of the given rows (for the clipboard).
    QString rowsAsText(const QList<int>& rows) const;

private:
    struct Row {
        qint64 id;
        QString text, domain, mapped;
        int cluster;
        double prob;
        int tokens;
    };
    void reload();
    QString whereClause() const;
    const Row* rowAt(int row) const;

    std::unique_ptr<dl::Store> store_;
    qint64 runId_ = 0;
    QStringList domainNames_;
    QVector<int> majority_;  // cluster -> domain index (-1 none)
    QString mappedCase_;      // SQL CASE mapping the cluster label to its domain
    OutlierFilter filter_;
    int sortColumn_ = ProbabilityColumn;
    Qt::SortOrder sortOrder_ = Qt::AscendingOrder;
    int rowCount_ = 0;
    mutable QHash<int, QVector<Row>> pages_;  // page index -> rows
    mutable QList<int> pageOrder_;            // least recently used first
};
