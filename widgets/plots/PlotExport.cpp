#include "PlotExport.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QToolButton>
#include <QVBoxLayout>

namespace {
QString suffixOf(const QString& path) { return QFileInfo(path).suffix().toLower(); }

bool fail(QString* error, const QString& message) {
    if (error) *error = message;
    return false;
}
}  // namespace

QString PlotExport::fileFilter() { return tr("PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)"); }

bool PlotExport::save(QCustomPlot* plot, const QString& path, int width, int height, QString* error) {
    if (!plot) return fail(error, PlotExport::tr("Nothing to save."));
    const int w = width > 0 ? width : plot->width(), h = height > 0 ? height : plot->height();
    const QString suffix = suffixOf(path);
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        ok = plot->savePng(path, w, h, 2.0);
    } else if (suffix == QLatin1String("pdf")) {
        ok = plot->savePdf(path, w, h);
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(QSize(w, h));
        svg.setViewBox(QRect(0, 0, w, h));
        svg.setTitle(QFileInfo(path).completeBaseName());
        svg.setDescription(tr("Plot exported by DomainLens"));
        QCPPainter painter;
        if (!painter.begin(&svg)) return fail(error, PlotExport::tr("Cannot write %1.").arg(path));
        // Vectorised + no caching: layerables draw real shapes instead of cached bitmaps.
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        plot->toPainter(&painter, w, h);
        ok = painter.end();
    } else {
        return fail(error, PlotExport::tr("Unknown image format \"%1\": use .png, .svg or .pdf.").arg(suffix));
    }
    if (!ok || !QFileInfo(path).exists() || QFileInfo(path).size() == 0)
        return fail(error, PlotExport::tr("Cannot write %1.").arg(path));
    return true;
}

bool PlotExport::saveWidget(QWidget* widget, const QString& path, QString* error) {
    if (!widget) return fail(error, PlotExport::tr("Nothing to save."));
    const QString suffix = suffixOf(path);
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        ok = widget->grab().save(path, "PNG");
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(widget->size());
        svg.setViewBox(widget->rect());
        QPainter painter;
        if (!painter.begin(&svg)) return fail(error, PlotExport::tr("Cannot write %1.").arg(path));
        widget->render(&painter);
        ok = painter.end();
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setPageSize(QPageSize(widget->size(), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(72);  // one widget pixel = one PDF point
        QPainter painter;
        if (!painter.begin(&pdf)) return fail(error, PlotExport::tr("Cannot write %1.").arg(path));
        widget->render(&painter);
        ok = painter.end();
    } else {
        return fail(error, PlotExport::tr("Unknown image format \"%1\": use .png, .svg or .pdf.").arg(suffix));
    }
    if (!ok || !QFileInfo(path).exists() || QFileInfo(path).size() == 0)
        return fail(error, PlotExport::tr("Cannot write %1.").arg(path));
    return true;
}

namespace {
QString askPath(QWidget* parent, const QString& suggestedName) {
    QString selected;
    QString path =
        QFileDialog::getSaveFileName(parent, PlotExport::tr("Save image"), suggestedName + QStringLiteral(".png"),
                                     PlotExport::fileFilter(), &selected);
    if (path.isEmpty()) return {};
    // Add the suffix of the chosen filter when the user typed none.
    if (QFileInfo(path).suffix().isEmpty())
        path += selected.contains(QLatin1String("*.svg"))   ? QStringLiteral(".svg")
                : selected.contains(QLatin1String("*.pdf")) ? QStringLiteral(".pdf")
                                                            : QStringLiteral(".png");
    return path;
}
}  // namespace

QString PlotExport::saveWithDialog(QCustomPlot* plot, QWidget* parent, const QString& suggestedName) {
    const QString path = askPath(parent, suggestedName);
    if (path.isEmpty()) return {};
    QString error;
    if (save(plot, path, 0, 0, &error)) return path;
    QMessageBox::warning(parent, tr("Save image"), error);
    return {};
}

QString PlotExport::saveWidgetWithDialog(QWidget* widget, QWidget* parent, const QString& suggestedName) {
    const QString path = askPath(parent, suggestedName);
    if (path.isEmpty()) return {};
    QString error;
    if (saveWidget(widget, path, &error)) return path;
    QMessageBox::warning(parent, tr("Save image"), error);
    return {};
}

void PlotExport::layOutWithSaveButton(QWidget* owner, QCustomPlot* plot, QLabel* summary,
                                      const QString& suggestedName) {
    summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* saveButton = new QToolButton(owner);
    saveButton->setText(tr("Save…"));
    saveButton->setAutoRaise(true);
    QObject::connect(saveButton, &QToolButton::clicked, owner,
                     [plot, owner, suggestedName] { saveWithDialog(plot, owner, suggestedName); });
    auto* head = new QHBoxLayout;
    head->addWidget(summary, 1);
    head->addWidget(saveButton);
    auto* layout = new QVBoxLayout(owner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(head);
    layout->addWidget(plot, 1);
}
