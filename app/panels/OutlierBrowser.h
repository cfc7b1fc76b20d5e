#pragma once
// The outlier browser: filter bar (from -> to domain, digits, length range, text) over a
// lazily paged SQL model of a clustering run's sentences; Ctrl+C copies the selected rows.
#include <QWidget>

class AsyncService;
class OutlierTableModel;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableView;

class OutlierBrowser : public QWidget {
    Q_OBJECT
public:
    explicit OutlierBrowser(AsyncService& async, QWidget* parent = nullptr);
    bool showRun(const QString& projectPath, qint64 runId, QString* error = nullptr);
    // Filters to sentences of true domain `from` assigned to clusters of domain `to` ("" = any).
    void filterPair(const QString& from, const QString& to);
    void filterCluster(const QString& from, int cluster);
    OutlierTableModel* model() const { return model_; }

signals:
    // "Find neighbours" on a row: the sentence to look up on the Search tab.
    void lookUpRequested(const QString& sentence);

private:
    void applyFilter();
    void copySelection();
    OutlierTableModel* model_;
    QTableView* view_;
    QComboBox* from_;
    QComboBox* to_;
    QCheckBox* outliersOnly_;
    QComboBox* digits_;
    QSpinBox* minTokens_;
    QSpinBox* maxTokens_;
    QLineEdit* text_;
    QLabel* count_;
    int cluster_ = -1;
    bool updating_ = false;
};
