#include "TableExportDialog.h"

#include <QFileDialog>
#include <QMessageBox>

#include "TableExport.h"

QString TableExportDialog::save(const QAbstractItemModel& model, QWidget* parent, const QString& suggestedName,
                                bool withRowHeaders) {
    const QString path = QFileDialog::getSaveFileName(parent, tr("Export table"),
                                                      suggestedName + QStringLiteral(".csv"), tr("CSV table (*.csv)"));
    if (path.isEmpty()) return {};
    QString error;
    if (TableExport::saveCsv(model, path, &error, true, withRowHeaders)) return path;
    QMessageBox::warning(parent, tr("Export table"), error);
    return {};
}
