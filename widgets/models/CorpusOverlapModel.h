#pragma once
// Data hygiene (Aharoni & Goldberg's Table 8): one row per pair of corpora, how many sentences of
// each occur in the other (exact text after the import's normalisation), their shares and the
// distinct texts shared; a train corpus paired with a dev or test corpus is flagged, and shown
// in the warning colour when they overlap. EditRole gives raw numbers (CSV export).
#include <QAbstractTableModel>
#include <QVector>

struct CorpusOverlapRow {
    QString a, b;          // corpus names
    QString aRole, bRole;  // train | dev | test
    qint64 aSentences = 0, bSentences = 0;
    qint64 aInB = 0, bInA = 0, distinct = 0;
    bool trainVsHeldOut = false;
    bool leaks() const { return trainVsHeldOut && (aInB > 0 || bInA > 0); }
};

class CorpusOverlapModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { CorpusA, CorpusB, AInB, AShare, BInA, BShare, Distinct, Flag, ColumnCount };
    explicit CorpusOverlapModel(QObject* parent = nullptr);
    void setRows(QVector<CorpusOverlapRow> rows);
    const QVector<CorpusOverlapRow>& rows() const { return rows_; }
    // What the view says instead of an empty table: there is no pair of corpora to compare in a
    // project of `corpora` corpora (0 or 1); empty when there are pairs.
    static QString emptyText(qsizetype corpora);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVector<CorpusOverlapRow> rows_;
};
