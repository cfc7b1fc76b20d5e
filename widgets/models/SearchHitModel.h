#pragma once
// The list of sentences a search found: the nearest neighbours of a looked-up sentence (with
// their cosine) or the full-text matches (no cosine), best first. Plain data in, read-only
// table out; CSV through TableExport (EditRole gives raw numbers). GUI thread.
#include <QAbstractTableModel>
#include <QVector>
#include <QtNumeric>

struct SearchHit {
    qint64 sentenceId = 0;
    double cosine = qQNaN();  // NaN for a full-text match
    QString domain;
    QString text;
    bool onMap = false;  // the sentence is a point of the map shown beside the list
};

class SearchHitModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, CosineColumn, DomainColumn, TextColumn, ColumnCount };
    enum Role { SentenceIdRole = Qt::UserRole + 1, TextRole };

    explicit SearchHitModel(QObject* parent = nullptr);
    // Replaces the list; `total` = how many were found (may exceed hits.size() when cut).
    void setHits(QVector<SearchHit> hits, qint64 total);
    void clear();
    const QVector<SearchHit>& hits() const { return hits_; }
    qint64 total() const { return total_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVector<SearchHit> hits_;
    qint64 total_ = 0;
};
