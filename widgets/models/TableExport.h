#pragma once
// Any item model → CSV (RFC 4180: comma-separated, CRLF line ends, fields with comma,
// quote, CR or LF are quoted and quotes doubled). Values come from Qt::EditRole when the
// model provides it (raw numbers, no thousands separators), else Qt::DisplayRole.
// parse() reads the same dialect back, for tests and for round trips. QtCore only (the
// services save tables too); the save dialog is TableExportDialog (widgets/plots).
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

class QAbstractItemModel;

class TableExport {
    Q_DECLARE_TR_FUNCTIONS(TableExport)

public:
    static QString quote(const QString& field);
    // withRowHeaders: the vertical header (e.g. a confusion matrix's domain names) as a first column.
    static QString toCsv(const QAbstractItemModel& model, bool withHeader = true, bool withRowHeaders = false);
    static bool saveCsv(const QAbstractItemModel& model, const QString& path, QString* error = nullptr,
                        bool withHeader = true, bool withRowHeaders = false);
    static QList<QStringList> parse(const QString& csv);
};
