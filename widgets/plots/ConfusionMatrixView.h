#pragma once
// True domain × cluster heatmap: counts and row percentages per cell, domain sizes in the
// row headers, clustering metrics (purity / NMI / ARI, passed in as text) beside it.
// Clicking a cell emits cellActivated(row, col) — the app opens the outlier browser there.
#include "ConfusionData.h"

#include <QWidget>

class ConfusionMatrixModel;
class QLabel;
class QTableView;

class ConfusionMatrixView : public QWidget {
    Q_OBJECT
public:
    explicit ConfusionMatrixView(QWidget* parent = nullptr);

    void setConfusion(const ConfusionData& data);
    // e.g. "Purity 0.912 · NMI 0.804 · ARI 0.771"; rich text allowed.
    void setMetricsText(const QString& text);
    QString metricsText() const;

    ConfusionMatrixModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    bool saveImage(const QString& path, QString* error = nullptr);  // .png/.svg/.pdf
    bool saveCsv(const QString& path, QString* error = nullptr);

signals:
    void cellActivated(int row, int col);

private:
    ConfusionMatrixModel* model_;
    QTableView* table_;
    QLabel* metrics_;
    QLabel* legend_;
};
