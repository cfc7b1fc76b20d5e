#pragma once
// The outlier browser's model: sentences of a clustering run with their true domain, cluster,
// the domain their cluster maps to, probability and length. Sorting and filtering happen in
// SQL (never a proxy over a million rows), and nothing here reads SQLite on the GUI thread
// except setRun()'s one-row read of the run:
// - a filter or sort change runs one snapshot query on the reader thread (the ordered ids of
//   the matching rows, which also gives the row count); the model resets when it arrives and
//   a newer request supersedes an older one (its token is set so the scan stops early, its
//   result is dropped, a queued one skipped);
// - data() never blocks: a row whose page is not cached shows a placeholder, the page is
//   queued (requests coalesced until the event loop turns) and read by primary key on the
//   reader thread; dataChanged() follows. A few pages stay cached (LRU).
// Thread affinity: GUI thread. Reads run on the window's AsyncService (read channels of this
// model: "snapshot", one per page, "rows text"); the CSV is written on its write channel
// "outlier csv". The model's one read-only connection is shared by those tasks and used by one
// of them at a time (a mutex), as SQLite wants of a connection opened without its own mutex.
// The AsyncService is not owned and must outlive the model.
#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>

#include "OutlierQueries.h"

class AsyncService;
class QTimer;

class OutlierTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        SentenceColumn,
        DomainColumn,
        ClusterColumn,
        MappedColumn,
        ProbabilityColumn,
        LengthColumn,
        ColumnCount
    };
    enum Role { SentenceIdRole = Qt::UserRole + 1, SentenceTextRole };  // the text whole (DisplayRole bounds it)
    static constexpr int kPageSize = 256;

    explicit OutlierTableModel(AsyncService& async, QObject* parent = nullptr);
    ~OutlierTableModel() override;  // pending reads are cancelled with the model; a CSV being saved is finished

    // Opens the project read-only and shows the given clustering run; false + message on
    // failure. The rows arrive later (countChanged).
    bool setRun(const QString& projectPath, qint64 runId, QString* error = nullptr);
    void setFilter(const OutlierFilter& filter);
    const OutlierFilter& filter() const { return query_.filter; }
    QStringList domains() const { return domainNames_; }
    qint64 runId() const { return query_.runId; }
    // A snapshot for the latest filter/sort is still being read.
    bool isLoading() const { return requested_ != shown_; }
    bool rowLoaded(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    // Tab-separated text of the given rows, read off the GUI thread: rowsTextReady.
    void requestRowsText(const QList<int>& rows);
    // Every row of the current snapshot as CSV, read and written off the GUI thread: csvSaved.
    void saveCsv(const QString& path);

signals:
    void countChanged(int rows);        // a snapshot arrived; the model was reset
    void loadFailed(const QString& message);
    void rowsTextReady(const QString& text);
    void csvSaved(const QString& path, const QString& error);  // error empty on success

private:
    void requestSnapshot();
    void fetchWantedPages();
    void applyPage(quint64 snapshot, int page, QVector<OutlierRow> rows);
    const OutlierRow* cachedRow(int row) const;
    static QString pageChannel(int page);
    struct Connection;  // the read-only connection and the mutex its users hold
    // Writes every row of `ids` as CSV to `path` (off the GUI thread); the error, or empty.
    static QString writeCsv(Connection* connection, const OutlierQuery& query, const QVector<qint64>& ids,
                            const QStringList& header, const QString& path);

    AsyncService& async_;
    std::shared_ptr<Connection> connection_;  // used only inside the service's tasks after setRun
    OutlierQuery query_;
    QStringList domainNames_;
    quint64 requested_ = 0;  // generation of the latest snapshot request
    quint64 shown_ = 0;      // generation of ids_
    QVector<qint64> ids_;    // the shown rows' sentence ids, in display order
    QHash<int, QVector<OutlierRow>> pages_;  // page index -> rows
    QList<int> pageOrder_;                   // least recently used first
    mutable QSet<int> wanted_;               // pages data() asked for, not yet requested
    QSet<int> inFlight_;
    QTimer* fetchTimer_;
};
