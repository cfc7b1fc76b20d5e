#pragma once
// The ledger of a filter run as a paged table: each removed sentence with the rule that removed
// it, the rule's score and, for a duplicate, the kept sentence it duplicates beside it. Plain
// data in (pages read elsewhere, off the GUI thread: app/services/FilterQueries.h), read-only
// table out; the model knows nothing of the project. fetchMore() asks for the next page
// (signal pageWanted with the last sentence id shown) until appendPage() says the end is reached.
// GUI thread.
#include <QAbstractTableModel>
#include <QStringList>
#include <QVector>

struct RemovalEntry {
    qint64 sentenceId = 0;
    qint64 position = 0;
    int rule = 0;  // index into the run's rules
    double score = 0;
    QString src, tgt;
    qint64 keptId = 0;  // 0 = the rule has no twin (langid, bitext)
    qint64 keptPosition = -1;
    QString keptSrc, keptTgt;
};

class RemovalTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { PositionColumn, RuleColumn, ScoreColumn, RemovedColumn, KeptColumn, ColumnCount };
    enum Role { SentenceIdRole = Qt::UserRole + 1, KeptIdRole };

    explicit RemovalTableModel(QObject* parent = nullptr);
    // A new run: its rules' names (the RuleColumn's text) and how many it removed; no rows
    // until the first page arrives.
    void reset(const QStringList& rules, qint64 total);
    void clear() { reset({}, 0); }
    // The page after the last row; `atEnd`: no page follows.
    void appendPage(const QVector<RemovalEntry>& page, bool atEnd);
    qint64 total() const { return total_; }
    qint64 lastSentenceId() const { return rows_.isEmpty() ? 0 : rows_.last().sentenceId; }
    bool atEnd() const { return atEnd_; }
    const RemovalEntry& entry(int row) const { return rows_.at(row); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;

signals:
    // The view wants the rows after `afterSentenceId`; answer with appendPage().
    void pageWanted(qint64 afterSentenceId);

private:
    QStringList rules_;
    QVector<RemovalEntry> rows_;
    qint64 total_ = 0;
    bool atEnd_ = true;
    bool waiting_ = false;  // a page was asked for and has not arrived
};
