#pragma once
// "Export table…": asks for a path and saves an item model as CSV (TableExport's dialect).
// GUI thread; the tables it saves are small (a view's model), larger ones are saved by their
// service off the GUI thread (OutlierTableModel).
#include <QCoreApplication>
#include <QString>

class QAbstractItemModel;
class QWidget;

class TableExportDialog {
    Q_DECLARE_TR_FUNCTIONS(TableExport)  // the translations' context, as before the split

public:
    // Returns the path saved, or "" (cancelled; a failure is shown in a message box).
    static QString save(const QAbstractItemModel& model, QWidget* parent, const QString& suggestedName,
                        bool withRowHeaders = false);
};
