#pragma once
// Saving plots and other views as PNG, SVG or PDF, chosen by the file's suffix.
// QCustomPlot writes PNG and PDF itself; SVG goes through QSvgGenerator + toPainter.
// Widgets that are not QCustomPlots (the confusion table) are rendered with QWidget::render.
#include <QCoreApplication>
#include <QString>

class QCustomPlot;
class QLabel;
class QWidget;

class PlotExport {
    Q_DECLARE_TR_FUNCTIONS(PlotExport)

public:
    // Width/height 0 = the plot's current size. PNG is written at 2× for crisp print.
    static bool save(QCustomPlot* plot, const QString& path, int width = 0, int height = 0, QString* error = nullptr);
    static bool saveWidget(QWidget* widget, const QString& path, QString* error = nullptr);
    // Asks for a file name (PNG/SVG/PDF filters) and saves; returns the path or "" if cancelled/failed
    // (a failure is reported to the user in a message box).
    static QString saveWithDialog(QCustomPlot* plot, QWidget* parent, const QString& suggestedName);
    static QString saveWidgetWithDialog(QWidget* widget, QWidget* parent, const QString& suggestedName);
    static QString fileFilter();
    // The plot views' layout on `owner`: `summary` (a selectable line) and a "Save…" button
    // (saveWithDialog, `suggestedName`) above `plot`, which takes the rest.
    static void layOutWithSaveButton(QWidget* owner, QCustomPlot* plot, QLabel* summary, const QString& suggestedName);
};
