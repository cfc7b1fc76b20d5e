#include "ClusterExplorer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QVBoxLayout>

#include "AsyncService.h"
#include "ConfusionMatrixView.h"
#include "MapCutBar.h"
#include "MixtureViews.h"
#include "ScatterMarks.h"
#include "ScatterPlotView.h"

namespace {
constexpr int kMaxListed = 500;  // sentences listed for a scatter selection
constexpr int kMaxLinks = 20000;  // duplicate links drawn (the first by removed sentence id)
constexpr int kCategoryItems = 2;  // "True domain", "GMM cluster"; value sources follow
constexpr qsizetype kPrepareOnPoolFrom = 100000;  // points; see setRun
}// namespace

ClusterExplorer::ClusterExplorer(AsyncService& async, QWidget* parent) : QWidget(parent), async_(async) {
    title_ = new QLabel(tr("No clustering run yet: use Analysis → Cluster…"), this);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    colourBy_ = new QComboBox(this);
    colourBy_->addItem(tr("True domain"));
    colourBy_->addItem(tr("GMM cluster"));
    colourBy_->setToolTip(tr("Colour the map by a category or by any per-sentence value of the corpus's runs."));
    colourBy_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    ellipses_ = new QCheckBox(tr("Component ellipses (1σ, 2σ)"), this);
    ellipses_->setChecked(true);
    namesButton_ = new QPushButton(tr("Cluster names…"), this);
    namesButton_->setToolTip(
        tr("The most distinctive words of each cluster (c-TF-IDF); give clusters your own names."));
    auto* bar = new QHBoxLayout;
    bar->addWidget(title_, 1);
    bar->addWidget(new QLabel(tr("Colour by:"), this));
    bar->addWidget(colourBy_);
    bar->addWidget(ellipses_);
    bar->addWidget(namesButton_);

    // A filter's preview on the map (nothing stored): what it would remove, until applied or discarded.
    previewBar_ = new QFrame(this);
    previewBar_->setObjectName(QStringLiteral("filterPreviewBar"));
    previewBar_->setFrameShape(QFrame::StyledPanel);
    previewText_ = new QLabel(previewBar_);
    previewText_->setWordWrap(true);
    auto* apply = new QPushButton(tr("Apply"), previewBar_);
    apply->setToolTip(tr("Run this filter and store its run (Cleaning tab)."));
    auto* discard = new QPushButton(tr("Discard"), previewBar_);
    discard->setToolTip(tr("Forget the preview; nothing was stored."));
    auto* previewLayout = new QHBoxLayout(previewBar_);
    previewLayout->setContentsMargins(6, 3, 6, 3);
    previewLayout->addWidget(previewText_, 1);
    previewLayout->addWidget(apply);
    previewLayout->addWidget(discard);
    previewBar_->hide();
    connect(apply, &QPushButton::clicked, this, [this] {
        hidePreview();
        emit previewApplyRequested();
    });
    connect(discard, &QPushButton::clicked, this, &ClusterExplorer::discardPreview);

    cutBar_ = new MapCutBar(this);
    scatter_ = new ScatterPlotView(this);
    marks_ = new ScatterMarks(scatter_->plot());
    confusion_ = new ConfusionMatrixView(this);
    unlabelled_ = new QLabel(tr("This corpus has no domain labels: purity and the confusion matrix need them."), this);
    unlabelled_->setWordWrap(true);
    unlabelled_->hide();
    picked_ = new QListWidget(this);
    picked_->setAlternatingRowColors(true);
    picked_->setToolTip(tr("Sentences inside the rectangle or lasso selection of the scatter plot."));

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(confusion_, 2);
    rightLayout->addWidget(unlabelled_);
    // Bulk actions (BulkActions, filled in by the window): on the picked sentences, on a cluster.
    auto menuButton = [right](const QString& text, const QString& tip, QMenu* menu) {
        auto* b = new QPushButton(right);
        b->setText(text);
        b->setToolTip(tip);
        b->setMenu(menu);
        return b;
    };
    pickedMenu_ = new QMenu(this);
    pickedButton_ = menuButton(tr("Picked sentences"),
                               tr("Tag, untag, include or exclude the sentences picked with the rectangle or lasso "
                                  "(Edit > Undo takes it back)."),
                               pickedMenu_);
    pickedButton_->setObjectName(QStringLiteral("pickedActions"));
    pickedButton_->setEnabled(false);
    clusterMenu_ = new QMenu(this);
    cluster_ = new QComboBox(right);
    cluster_->setObjectName(QStringLiteral("bulkCluster"));
    cluster_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    cluster_->setMinimumContentsLength(12);
    cluster_->setToolTip(tr("A GMM cluster of the map, for the bulk actions beside it."));
    clusterButton_ = menuButton(tr("Cluster"),
                                tr("Tag, untag, include or exclude every sentence of the chosen cluster "
                                   "(Edit > Undo takes it back)."),
                                clusterMenu_);
    clusterButton_->setObjectName(QStringLiteral("clusterActions"));
    auto* pickedRow = new QHBoxLayout;
    pickedRow->addWidget(new QLabel(tr("Selected in the plot:"), right), 1);
    pickedRow->addWidget(pickedButton_);
    pickedRow->addWidget(cluster_);
    pickedRow->addWidget(clusterButton_);
    rightLayout->addLayout(pickedRow);
    rightLayout->addWidget(picked_, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(scatter_);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({640, 480});

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(previewBar_);
    layout->addWidget(cutBar_);
    layout->addWidget(split, 1);

    connect(colourBy_, &QComboBox::currentIndexChanged, this, [this] {
        if (previewBar_->isHidden()) previewActive_ = false;  // a preview not drawn yet is superseded
        applyColouring();
    });
    connect(ellipses_, &QCheckBox::toggled, scatter_, &ScatterPlotView::setEllipsesVisible);
    connect(namesButton_, &QPushButton::clicked, this, &ClusterExplorer::editNames);
    connect(scatter_, &ScatterPlotView::selectionChanged, this, &ClusterExplorer::showSelection);
    connect(confusion_, &ConfusionMatrixView::cellActivated, this, [this](int row, int col) {
        if (row >= 0 && row < data_.domainNames.size()) emit cellActivated(data_.domainNames[row], col);
    });
    scatter_->setTooltipProvider([this](qint64 row) {
        if (row < 0 || row >= data_.scatter.ids.size()) return QString();
        return sentenceText(projectPath_, data_.scatter.ids[row]);
    });
}

void ClusterExplorer::setProject(const QString& projectPath) {
    if (projectPath == projectPath_) return;
    projectPath_ = projectPath;
    async_.invalidateAll(this);
}

void ClusterExplorer::prepareMap(ClusterViewData& data) {
    // The categories shown first (domains when labelled, else clusters) and the other one, so
    // switching "Colour by" between them needs no pass over the points either.
    ScatterData shown = data.scatter;
    QList<QVector<int>> others{data.clusterLabels};
    if (!data.labelled) {
        shown.category = data.clusterLabels;
        shown.categoryNames = data.clusterNames;
        others = {data.scatter.category};
    }
    data.map = prepareScatter(std::move(shown), others);
}

void ClusterExplorer::setRun(ClusterViewData data) {
    async_.invalidate(this, QStringLiteral("map"));
    // Small maps are prepared right here (100k points: a few ms), large ones on the pool.
    if (!data.map && data.scatter.x.size() < kPrepareOnPoolFrom) prepareMap(data);
    if (data.map) {
        showRun(std::move(data));
        return;
    }
    title_->setText(tr("%1 — preparing the map…").arg(data.title));
    async_.load<ClusterViewData>(
        this, QStringLiteral("map"),
        [data = std::move(data)]() mutable -> dl::Expected<ClusterViewData> {
            prepareMap(data);
            return std::move(data);
        },
        [this](ClusterViewData prepared) { showRun(std::move(prepared)); });
}

void ClusterExplorer::followRun(qint64 runId, qint64 from) {
    if (projectPath_.isEmpty() || runId <= 0 || (data_.runId != runId && data_.runId != from)) return;
    async_.load<ClusterViewData>(
        this, QStringLiteral("map"),
        [path = projectPath_, runId](const dl::CancelToken& cancel) -> dl::Expected<ClusterViewData> {
            auto view = readClusterView(path, runId, cancel);
            if (view && !cancel.isCancelled()) prepareMap(*view);
            return view;
        },
        [this, runId](ClusterViewData d) {
            namingAsked_ = runId;  // an assign run's clusters are its cluster run's: no words to compute
            showRun(std::move(d), true);
        },
        [this, runId](const QString& message) { showReadFailure(runId, message); });
}

void ClusterExplorer::showReadFailure(qint64 runId, const QString& message) {
    // Before, the message went to the title's tooltip only and the view kept saying "No
    // clustering run yet" over an empty map.
    title_->setText(tr("Run %1 cannot be shown: %2").arg(QString::number(runId), message));
    title_->setToolTip(message);
    failedRunId_ = runId;
    emit runFailed(runId);
}

void ClusterExplorer::showRun(ClusterViewData data, bool keepColouring) {
    const int colouring = colourBy_->currentIndex();
    data_ = std::move(data);
    baseClusterNames_ = data_.clusterNames;
    failedRunId_ = 0;
    words_.clear();
    userNames_.clear();
    nameLabels_.clear();
    scatter_->setComponentLabels({}, {});
    title_->setText(data_.title);
    scatter_->setPrepared(data_.map);
    confusion_->setVisible(data_.labelled);
    unlabelled_->setVisible(!data_.labelled);
    if (data_.labelled) {
        confusion_->setConfusion(data_.confusion);
        confusion_->setMetricsText(data_.metrics);
    }
    colourBy_->setCurrentIndex(keepColouring && colouring >= 0 && colouring < kCategoryItems ? colouring
                               : data_.labelled                                              ? 0
                                                                                             : 1);
    previewBar_->hide();  // a preview belongs to the map it was drawn on
    previewActive_ = false;
    applyColouring();
    picked_->clear();
    fillClusterChoice();
    loadValueSources();
    reloadNames();
    emit runShown(data_.runId);
}

void ClusterExplorer::loadValueSources() {
    {
        const QSignalBlocker block(colourBy_);
        while (colourBy_->count() > kCategoryItems) colourBy_->removeItem(kCategoryItems);
    }
    valueSources_.clear();
    async_.load<QList<MapValueSource>>(
        this, QStringLiteral("value sources"),
        [path = projectPath_, run = data_.runId] { return readMapValueSources(path, run); },
        [this](QList<MapValueSource> sources) {
            const QSignalBlocker block(colourBy_);
            valueSources_ = std::move(sources);
            valueSources_ += lambdaValueSources(mixture_, mixturePath_, data_.runId);
            colourBy_->insertSeparator(kCategoryItems);
            for (const auto& s : std::as_const(valueSources_)) colourBy_->addItem(s.label);
            emit valueSourcesShown(int(valueSources_.size()));
        });
}

void ClusterExplorer::setMixture(const QString& path, const MixtureViewData& data) {
    mixturePath_ = path;
    mixture_ = data;
    if (data_.runId > 0 && !projectPath_.isEmpty()) loadValueSources();
}

void ClusterExplorer::colourByValue(const MapValueSource& source) {
    const int at = int(valueSources_.indexOf(source));
    if (at >= 0 && colourBy_->currentIndex() != kCategoryItems + 1 + at) {
        colourBy_->setCurrentIndex(kCategoryItems + 1 + at);  // calls back here through applyColouring
        return;
    }
    title_->setToolTip(tr("Reading %1…").arg(source.label));
    async_.load<QVector<double>>(
        this, QStringLiteral("values"),
        [path = projectPath_, source, ids = data_.scatter.ids,
         clusters = data_.clusterLabels](const dl::CancelToken& cancel) -> dl::Expected<QVector<double>> {
            if (source.field != MapValueSource::Field::Lambda) return readMapValues(path, source, ids);
            // The mixture read again (it may have changed on disk), its lambda per point's cluster.
            auto mixture = readMixtureView(source.mixture, cancel);
            if (!mixture) return std::unexpected(mixture.error());
            return lambdaMapValues(*mixture, source.tag, clusters);
        },
        [this, label = source.label](QVector<double> values) {
            title_->setToolTip(QString());
            scatter_->setValues(std::move(values), label);
            scatter_->setEllipses(data_.ellipses);
            scatter_->setColorMode(ScatterPlotView::ColorMode::Value);
            emit valuesShown(label);
        },
        [this](const QString& message) { title_->setToolTip(tr("Cannot read the values: %1").arg(message)); });
    showLinks(source.field == MapValueSource::Field::Removed ? source.runId : 0);
}

void ClusterExplorer::showLinks(qint64 filterRunId) {
    if (filterRunId <= 0) {
        async_.invalidate(this, QStringLiteral("links"));
        if (marks_->linkCount() > 0) marks_->setLinks({});
        return;
    }
    async_.load<QVector<QPair<qint64, qint64>>>(
        this, QStringLiteral("links"),
        [path = projectPath_, filterRunId, ids = data_.scatter.ids] {
            return readFilterLinks(path, filterRunId, ids, kMaxLinks);
        },
        [this](const QVector<QPair<qint64, qint64>>& rows) {
            QVector<QLineF> lines;
            lines.reserve(rows.size());
            const auto& x = data_.scatter.x;
            const auto& y = data_.scatter.y;
            for (const auto& [removed, kept] : rows)
                if (removed < x.size() && kept < x.size())
                    lines.append(QLineF(x[removed], y[removed], x[kept], y[kept]));
            marks_->setLinks(lines);
            emit linksShown(int(lines.size()));
        });
}

void ClusterExplorer::applyColouring() {
    const int valueAt = colourBy_->currentIndex() - kCategoryItems - 1;  // after the separator
    if (valueAt >= 0 && valueAt < valueSources_.size()) {
        colourByValue(valueSources_[valueAt]);
        return;
    }
    async_.invalidate(this, QStringLiteral("values"));
    showLinks(0);
    // Ellipses take the colour of what the points show: the cluster, or the domain it maps to.
    const bool byDomain = colourBy_->currentIndex() == 0 && data_.labelled;
    QVector<EllipseSpec> ellipses = data_.ellipses;
    for (auto& e : ellipses)
        if (byDomain)
            e.category = e.category >= 0 && e.category < data_.majority.size() ? data_.majority[e.category] : -1;
    if (byDomain) scatter_->setCategories(data_.scatter.category, data_.domainNames);
    else scatter_->setCategories(data_.clusterLabels, data_.clusterNames);
    scatter_->setEllipses(ellipses);
    scatter_->setColorMode(ScatterPlotView::ColorMode::Category);
}

void ClusterExplorer::showSelection(const QVector<qint64>& ids) {
    picked_->clear();
    pickedButton_->setEnabled(!ids.isEmpty());
    if (ids.isEmpty()) {
        async_.invalidate(this, QStringLiteral("picked"));
        emit pickedShown(0);
        return;
    }
    picked_->addItem(tr("Reading %1 sentences…").arg(QLocale().toString(std::min<qsizetype>(ids.size(), kMaxListed))));
    const QVector<qint64> listed = ids.mid(0, kMaxListed);
    async_.load<QHash<qint64, QString>>(
        this, QStringLiteral("picked"), [path = projectPath_, listed] { return sentenceTexts(path, listed); },
        [this, listed, total = ids.size()](const QHash<qint64, QString>& texts) {
            picked_->clear();
            for (auto id : listed) picked_->addItem(texts.value(id));
            if (total > kMaxListed) picked_->addItem(tr("… and %1 more").arg(QLocale().toString(total - kMaxListed)));
            emit pickedShown(int(listed.size()));
        },
        [this](const QString& message) {
            picked_->clear();
            picked_->addItem(tr("Cannot read the sentences: %1").arg(message));
        });
}

void ClusterExplorer::fillClusterChoice() {
    const QSignalBlocker block(cluster_);
    const int was = cluster_->currentIndex();
    cluster_->clear();
    QVector<qint64> sizes(data_.clusterNames.size(), 0);
    for (int c : std::as_const(data_.clusterLabels))
        if (c >= 0 && c < sizes.size()) ++sizes[c];
    for (int c = 0; c < data_.clusterNames.size(); ++c)
        cluster_->addItem(tr("%1 (%2)").arg(data_.clusterNames[c], QLocale().toString(sizes[c])), c);
    if (was >= 0 && was < cluster_->count()) cluster_->setCurrentIndex(was);
    cluster_->setEnabled(cluster_->count() > 0);
    clusterButton_->setEnabled(cluster_->count() > 0);
}

BulkTarget ClusterExplorer::pickedTarget() const {
    const QVector<qint64> ids = scatter_->selectedIds();
    if (ids.isEmpty()) return {};
    return BulkTarget::these(tr("%n sentence(s) picked on the map", nullptr, int(ids.size())), ids);
}

BulkTarget ClusterExplorer::clusterTarget(int cluster) const {
    if (cluster < 0) cluster = cluster_->currentData().isValid() ? cluster_->currentData().toInt() : -1;
    if (cluster < 0 || cluster >= data_.clusterNames.size()) return {};
    QVector<qint64> ids;
    for (qsizetype row = 0; row < data_.clusterLabels.size() && row < data_.scatter.ids.size(); ++row)
        if (data_.clusterLabels[row] == cluster) ids << data_.scatter.ids[row];
    return BulkTarget::these(
        tr("cluster %1 (%n sentence(s))", nullptr, int(ids.size())).arg(data_.clusterNames[cluster]), ids);
}

void ClusterExplorer::showPreview(const FilterPreview& preview) {
    previewActive_ = true;
    showLinks(0);
    async_.load<PreviewFlags>(
        this, QStringLiteral("values"),
        [ids = data_.scatter.ids, removed = preview.removedIds](const dl::CancelToken& cancel) {
            return previewFlags(ids, removed, cancel);
        },
        [this, kind = preview.kind, corpus = preview.corpus, removed = preview.removed, sentences = preview.sentences,
         counts = preview.countsInWords()](PreviewFlags flags) {
            const QLocale loc;
            scatter_->setValues(std::move(flags.values), tr("Preview: removed (1) or kept (0)"));
            scatter_->setEllipses(data_.ellipses);
            scatter_->setColorMode(ScatterPlotView::ColorMode::Value);
            previewText_->setText(tr("<b>Preview</b> (not stored) of %1 on %2: %3 of %4 sentences would be removed "
                                     "(%5); %6 of them on this map.")
                                      .arg(kind.toHtmlEscaped(), corpus.toHtmlEscaped(), loc.toString(removed),
                                           loc.toString(sentences), counts.toHtmlEscaped(),
                                           loc.toString(flags.flagged)));
            previewBar_->show();
            emit previewShown(flags.flagged);
        },
        [this](const QString& message) { title_->setToolTip(tr("Cannot read the values: %1").arg(message)); });
}

void ClusterExplorer::hidePreview() {
    if (!previewActive_) return;
    previewActive_ = false;
    previewBar_->hide();
    applyColouring();  // also supersedes a preview whose flags have not arrived
}

void ClusterExplorer::discardPreview() {
    if (!previewActive_) return;
    hidePreview();
    emit previewDiscarded();
}

bool ClusterExplorer::previewVisible() const { return !previewBar_->isHidden(); }
