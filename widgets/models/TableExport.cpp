#include "TableExport.h"

#include <QAbstractItemModel>
#include <QSaveFile>

QString TableExport::quote(const QString& field) {
    const bool needs = field.contains(QLatin1Char(',')) || field.contains(QLatin1Char('"')) ||
                       field.contains(QLatin1Char('\n')) || field.contains(QLatin1Char('\r'));
    if (!needs) return field;
    QString q = field;
    q.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

namespace {
QString cellText(const QAbstractItemModel& model, int row, int col) {
    const QModelIndex idx = model.index(row, col);
    const QVariant edit = model.data(idx, Qt::EditRole);
    return (edit.isValid() ? edit : model.data(idx, Qt::DisplayRole)).toString();
}

QString headerText(const QAbstractItemModel& model, int section, Qt::Orientation o) {
    const QVariant edit = model.headerData(section, o, Qt::EditRole);
    return (edit.isValid() ? edit : model.headerData(section, o, Qt::DisplayRole)).toString();
}
}  // namespace

QString TableExport::toCsv(const QAbstractItemModel& model, bool withHeader, bool withRowHeaders) {
    const int rows = model.rowCount(), cols = model.columnCount();
    QString out;
    QStringList fields;
    if (withHeader) {
        if (withRowHeaders) fields << QString();
        for (int c = 0; c < cols; ++c) fields << quote(headerText(model, c, Qt::Horizontal));
        out += fields.join(QLatin1Char(',')) + QLatin1String("\r\n");
    }
    for (int r = 0; r < rows; ++r) {
        fields.clear();
        if (withRowHeaders) fields << quote(headerText(model, r, Qt::Vertical));
        for (int c = 0; c < cols; ++c) fields << quote(cellText(model, r, c));
        out += fields.join(QLatin1Char(',')) + QLatin1String("\r\n");
    }
    return out;
}

bool TableExport::saveCsv(const QAbstractItemModel& model, const QString& path, QString* error, bool withHeader,
                          bool withRowHeaders) {
    // QSaveFile: a failed write never leaves half a file under the user's chosen name.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error) *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    file.write(toCsv(model, withHeader, withRowHeaders).toUtf8());
    if (!file.commit()) {
        if (error) *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

QList<QStringList> TableExport::parse(const QString& csv) {
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false, fieldStarted = false;
    for (qsizetype i = 0; i < csv.size(); ++i) {
        const QChar ch = csv[i];
        if (quoted) {
            if (ch == QLatin1Char('"')) {
                if (i + 1 < csv.size() && csv[i + 1] == QLatin1Char('"')) field += ch, ++i;  // escaped quote
                else quoted = false;
            } else {
                field += ch;
            }
        } else if (ch == QLatin1Char('"')) {
            quoted = true;
            fieldStarted = true;
        } else if (ch == QLatin1Char(',')) {
            row << field;
            field.clear();
            fieldStarted = true;
        } else if (ch == QLatin1Char('\r') || ch == QLatin1Char('\n')) {
            if (ch == QLatin1Char('\r') && i + 1 < csv.size() && csv[i + 1] == QLatin1Char('\n')) ++i;
            row << field;
            rows << row;
            row.clear();
            field.clear();
            fieldStarted = false;
        } else {
            field += ch;
            fieldStarted = true;
        }
    }
    if (fieldStarted || !row.isEmpty()) rows << (row << field);  // last line without a line break
    return rows;
}
