#pragma once
// The domain-centroid cosine matrix of a cluster run (Aharoni & Goldberg 2020, Fig. 4) as a
// heat-map table: rows and columns are the run's domains, each cell the cosine to 3 decimals,
// its background from light (the matrix's smallest value) to dark blue (its largest). With a
// score matrix loaded (setScores), a cell's tooltip and ScoreRole give its score too. Domain
// names are bounded for display (DisplayText.h); EditRole keeps raw names and values (CSV).
// Plain data in; GUI thread.
#include <QAbstractTableModel>
#include <QColor>
#include <QVector>

#include "CentroidScoreData.h"

class CentroidCosineModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        ValueRole = Qt::UserRole + 1,  // the cosine (double; invalid where not stored)
        ScoreRole,                     // the loaded score of the pair (double; invalid when none)
        ShadeRole,                     // where the cosine lies between the matrix's min and max (0..1)
    };

    explicit CentroidCosineModel(QObject* parent = nullptr);
    void setMatrix(CentroidCosineData data);  // drops the scores
    void setScores(const QVector<CentroidScorePoint>& points);
    void clear();
    const CentroidCosineData& matrix() const { return data_; }

    // The tile colour of a shade in 0..1 (light to dark blue) and the text colour that reads on it.
    static QColor tileColor(double shade);
    static QColor textColor(double shade);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    double value(int row, int column) const;
    CentroidCosineData data_;
    QVector<double> scores_;  // row-major like the values; NaN = none
    double min_ = 0, max_ = 0;
};
