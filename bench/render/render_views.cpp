// Renders every widgets/ view with synthetic data and saves PNGs (plus SVG/PDF of the
// scatter), for looking at the views and for README screenshots.
// QT_QPA_PLATFORM=offscreen ./render_views [outdir] [points]
#include "ConfusionMatrixView.h"
#include "ScatterPlotView.h"
#include "ScoreHistogramView.h"
#include "SweepPlotView.h"
#include "SyntheticGmm.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QDir>
#include <QTextStream>

namespace {
void shoot(QWidget& w, const QString& path) {
    w.show();
    QApplication::processEvents();
    for (QCustomPlot* p : w.findChildren<QCustomPlot*>()) p->replot(QCustomPlot::rpImmediateRefresh);
    w.grab().save(path);
    QTextStream(stdout) << path << "\n";
}
}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const QString dir = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("/tmp/domainlens-views");
    const qint64 n = argc > 2 ? QString::fromLocal8Bit(argv[2]).toLongLong() : 1500000;
    QDir().mkpath(dir);
    synth::Gmm g = synth::make(n);
    const QVector<bool> inDomain = g.inDomain;
    const QVector<int> truth = g.data.category;
    const QStringList names = g.data.categoryNames;
    QVector<double> scores = g.data.value;

    ScatterPlotView scatter;
    scatter.resize(1100, 760);
    scatter.setData(std::move(g.data));
    scatter.setEllipses(g.components);
    shoot(scatter, dir + QStringLiteral("/scatter_overview.png"));
    scatter.save(dir + QStringLiteral("/scatter_overview.svg"));
    scatter.save(dir + QStringLiteral("/scatter_overview.pdf"));

    scatter.setViewRange(QRectF(2.2, 2.6, 3.0, 2.2));
    scatter.selectInPolygon(QPolygonF{QPointF(3.0, 3.2), QPointF(4.2, 4.6), QPointF(4.6, 3.0)});
    shoot(scatter, dir + QStringLiteral("/scatter_zoomed.png"));
    scatter.save(dir + QStringLiteral("/scatter_zoomed.svg"));
    // Tight zoom: individual discs, a rectangle selection ringed.
    scatter.setViewRange(QRectF(3.7, 3.7, 0.6, 0.42));
    scatter.selectInRect(QRectF(3.85, 3.8, 0.15, 0.12));
    shoot(scatter, dir + QStringLiteral("/scatter_points.png"));
    scatter.clearSelection();

    scatter.resetView();
    scatter.setValues(scores, QObject::tr("medical score"));
    scatter.setColorMode(ScatterPlotView::ColorMode::Value);
    shoot(scatter, dir + QStringLiteral("/scatter_value.png"));

    // Confusion of true domain vs a "cluster" = true domain with some confusion mixed in.
    ConfusionData cd;
    cd.rowNames = names;
    const QStringList mapped{QStringLiteral("law"),   QStringLiteral("medical"),   QStringLiteral("IT"),
                             QStringLiteral("Koran"), QStringLiteral("subtitles"), QStringLiteral("subtitles"),
                             QStringLiteral("QED"),   QStringLiteral("law")};
    for (int c = 0; c < 8; ++c) cd.colNames << QStringLiteral("c%1 → %2").arg(c).arg(mapped[c]);
    cd.counts = QVector<QVector<qint64>>(8, QVector<qint64>(8, 0));
    for (qint64 i = 0; i < truth.size(); ++i) {
        const int t = truth[i];
        const int c = (i % 11 == 0) ? (t + 4) % 8 : (i % 17 == 0 ? (t + 1) % 8 : t);
        ++cd.counts[t][c];
    }
    ConfusionMatrixView confusion;
    confusion.resize(1000, 520);
    confusion.setConfusion(cd);
    confusion.setMetricsText(QObject::tr("Purity 0.874 · NMI 0.812 · ARI 0.779 (k = 8, PCA 50, full covariance)"));
    shoot(confusion, dir + QStringLiteral("/confusion.png"));

    ScoreHistogramView hist;
    hist.resize(1100, 420);
    hist.setScores(scores);
    hist.setLabels(inDomain);
    hist.setScoreLabel(QObject::tr("Domain-Cosine score (medical)"));
    hist.setThreshold(0.55);
    shoot(hist, dir + QStringLiteral("/scores.png"));

    // A k sweep shaped like real BIC/AIC curves: steep fall, minimum, slow rise.
    QVector<double> ks;
    SweepSeries bic{QStringLiteral("BIC"), {}}, aic{QStringLiteral("AIC"), {}};
    for (int k = 2; k <= 20; ++k) {
        ks << k;
        const double fit = 1.0e6 * std::exp(-0.45 * k);
        bic.y << 2.0e5 + fit + 9000.0 * k;
        aic.y << 1.9e5 + fit + 5200.0 * k;
    }
    SweepPlotView sweep;
    sweep.resize(800, 420);
    sweep.setSweep(ks, {bic, aic});
    sweep.setAxisLabels(QObject::tr("k (mixture components)"), QObject::tr("Criterion (lower is better)"));
    shoot(sweep, dir + QStringLiteral("/sweep.png"));
    return 0;
}
