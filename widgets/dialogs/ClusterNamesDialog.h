#pragma once
// Lets the user name clusters: one row per cluster with its most distinctive words (as
// computed) and an editable name (empty = use the words). Plain data in and out.
#include <QDialog>
#include <QMap>
#include <QStringList>

class QTableWidget;

class ClusterNamesDialog : public QDialog {
    Q_OBJECT
public:
    // words[c]: the distinctive words of cluster c; names[c]: the user's name so far ("" = none).
    ClusterNamesDialog(const QStringList& words, const QStringList& names, QWidget* parent = nullptr);
    // The names that differ from the ones passed in (cluster -> name, "" = cleared).
    QMap<int, QString> changedNames() const;
    QTableWidget* table() const { return table_; }

private:
    QTableWidget* table_;
    QStringList original_;
};
