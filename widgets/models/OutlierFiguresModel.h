#pragma once
// The outlier analysis of Aharoni & Goldberg (section 2.6) as a table: one row per target
// cluster and one for all clusters; outliers vs all sentences of the cluster: count, mean
// tokens, share with digits, share with a pronoun or '?'. Every figure names the sentences
// behind it (FigureRole etc.), so a view can list them on click. Plain data in; GUI thread.
#include <QAbstractTableModel>
#include <QVector>

struct OutlierFigures {
    qint64 sentences = 0, withDigits = 0, withPronoun = 0;
    double tokens = 0;  // sum of whitespace tokens
};

struct OutlierFiguresRow {
    int cluster = -1;  // -1 = all clusters
    QString name;      // "c3 → law" / "All clusters"
    OutlierFigures all, outliers;
};

class OutlierFiguresModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ClusterColumn,
        SentencesColumn,
        OutliersColumn,
        TokensOutColumn,
        TokensAllColumn,
        DigitsOutColumn,
        DigitsAllColumn,
        PronounOutColumn,
        PronounAllColumn,
        ColumnCount
    };
    // What a cell counts: the cluster (-1 all), outliers only or all, the feature (0 every
    // sentence, 1 with digits, 2 with a pronoun or '?'); invalid for the name column.
    enum Role { ClusterRole = Qt::UserRole + 1, OutliersOnlyRole, FigureRole };

    explicit OutlierFiguresModel(QObject* parent = nullptr);
    void setRows(QVector<OutlierFiguresRow> rows);
    const QVector<OutlierFiguresRow>& rows() const { return rows_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVector<OutlierFiguresRow> rows_;
};
