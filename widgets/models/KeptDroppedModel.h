#pragma once
// The sentences one selection method keeps in its top k and another drops: their rank and
// score under each method and the text, best (by the keeping method) first. Texts may arrive
// later than the rows (setTexts). EditRole gives raw numbers (CSV export).
#include <QAbstractTableModel>
#include <QHash>
#include <QVector>

struct KeptDroppedRow {
    qint64 id = 0;
    qint64 rankA = 0, rankB = -1;  // 0 = best; -1 = not ranked by B
    double scoreA = 0, scoreB = 0; // scoreB NaN when not ranked
};

class KeptDroppedModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankA, ScoreA, RankB, ScoreB, Sentence, ColumnCount };
    enum Role { SentenceIdRole = Qt::UserRole + 1 };
    explicit KeptDroppedModel(QObject* parent = nullptr);

    // `a` keeps, `b` drops (method labels for the headers).
    void setRows(const QString& a, const QString& b, QVector<KeptDroppedRow> rows);
    void setTexts(const QHash<qint64, QString>& texts);  // sentence id -> text
    const QVector<KeptDroppedRow>& rows() const { return rows_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString a_, b_;
    QVector<KeptDroppedRow> rows_;
    QHash<qint64, QString> texts_;
};
