#include "ConfusionMatrixView.h"

#include "ConfusionMatrixModel.h"
#include "HeatmapDelegate.h"
#include "LineElidingHeaderView.h"
#include "PlotExport.h"
#include "TableExport.h"
#include "TableExportDialog.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

ConfusionMatrixView::ConfusionMatrixView(QWidget* parent) : QWidget(parent) {
    model_ = new ConfusionMatrixModel(this);
    table_ = new QTableView(this);
    table_->setModel(model_);
    table_->setItemDelegate(new HeatmapDelegate(table_));
    table_->setShowGrid(false);  // the delegate leaves a white gap between tiles instead
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setSelectionBehavior(QAbstractItemView::SelectItems);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setCornerButtonEnabled(false);
    // Cluster columns are labelled on three lines; each is elided on its own, keeping its start.
    table_->setHorizontalHeader(new LineElidingHeaderView(Qt::Horizontal, table_));
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->horizontalHeader()->setMinimumSectionSize(72);
    table_->horizontalHeader()->setHighlightSections(true);  // as QTableView's own header
    // Rows share the height (down to two text lines each); many domains scroll instead.
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->verticalHeader()->setMinimumSectionSize(table_->fontMetrics().height() * 2 + 12);
    table_->verticalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    table_->setToolTip(tr("Rows: true domains. Columns: clusters. Click a cell to browse its sentences."));
    connect(table_, &QTableView::clicked, this,
            [this](const QModelIndex& i) { emit cellActivated(i.row(), i.column()); });
    connect(table_, &QTableView::activated, this,
            [this](const QModelIndex& i) { emit cellActivated(i.row(), i.column()); });

    auto* title = new QLabel(tr("<b>True domain × cluster</b>"), this);
    metrics_ = new QLabel(this);
    metrics_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    metrics_->setWordWrap(true);  // long in German: wraps rather than widening the window
    legend_ = new QLabel(tr("Cell: sentences (share of the domain's row). Bold: where most of the domain went."), this);
    legend_->setStyleSheet(QStringLiteral("color: #666;"));
    legend_->setWordWrap(true);

    auto* saveButton = new QToolButton(this);
    saveButton->setText(tr("Save image…"));
    saveButton->setAutoRaise(true);
    connect(saveButton, &QToolButton::clicked, this,
            [this] { PlotExport::saveWidgetWithDialog(table_, this, tr("confusion")); });
    auto* csvButton = new QToolButton(this);
    csvButton->setText(tr("Export CSV…"));
    csvButton->setAutoRaise(true);
    connect(csvButton, &QToolButton::clicked, this,
            [this] { TableExportDialog::save(*model_, this, tr("confusion"), true); });

    auto* head = new QHBoxLayout;
    head->addWidget(title);
    head->addSpacing(16);
    head->addWidget(metrics_, 1);
    head->addWidget(saveButton);
    head->addWidget(csvButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(head);
    layout->addWidget(table_, 1);
    layout->addWidget(legend_);
}

void ConfusionMatrixView::setConfusion(const ConfusionData& data) { model_->setConfusion(data); }
void ConfusionMatrixView::setMetricsText(const QString& text) { metrics_->setText(text); }
QString ConfusionMatrixView::metricsText() const { return metrics_->text(); }

bool ConfusionMatrixView::saveImage(const QString& path, QString* error) {
    return PlotExport::saveWidget(table_, path, error);
}

bool ConfusionMatrixView::saveCsv(const QString& path, QString* error) {
    // Row headers (true domains) are not a model column: write them as the first column.
    return TableExport::saveCsv(*model_, path, error, true, true);
}
