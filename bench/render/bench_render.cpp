// Rendering benchmark for ScatterPlotView: 1.5M synthetic GMM points, redraw times after
// pan and zoom steps at overview (density image) and zoomed in (individual points).
// Run offscreen: QT_QPA_PLATFORM=offscreen ./bench_render [points] [width] [height]
#include "ScatterPlotView.h"
#include "SyntheticGmm.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace {
struct Figures {
    double median, p95, max;
};

Figures summarise(std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms[std::min(ms.size() - 1, size_t(ms.size() * 0.95))], ms.back()};
}

// One redraw = what a pan/zoom costs: a full synchronous replot of the plot.
double timedReplot(ScatterPlotView& view) {
    QElapsedTimer t;
    t.start();
    view.replotNow();
    return t.nsecsElapsed() / 1e6;
}
}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const qint64 n = argc > 1 ? QString::fromLocal8Bit(argv[1]).toLongLong() : 1500000;
    const int w = argc > 2 ? QString::fromLocal8Bit(argv[2]).toInt() : 1200;
    const int h = argc > 3 ? QString::fromLocal8Bit(argv[3]).toInt() : 800;
    QTextStream out(stdout);

    QElapsedTimer t;
    t.start();
    synth::Gmm g = synth::make(n);
    const double genMs = t.nsecsElapsed() / 1e6;
    ScatterPlotView view;
    view.resize(w, h);
    t.restart();
    view.setData(std::move(g.data));
    const double indexMs = t.nsecsElapsed() / 1e6;
    view.setEllipses(g.components);
    view.show();
    app.processEvents();
    timedReplot(view);  // warm-up: buffers, stamps

    out << "points: " << n << ", plot " << w << "x" << h << " px\n";
    out << "generate: " << genMs << " ms, setData (grid index): " << indexMs << " ms\n";

    auto run = [&](const char* name, const QRectF& start, double panStep, double zoomFactor, int steps) {
        std::vector<double> ms;
        QString mode;
        qint64 visibleMin = LLONG_MAX, visibleMax = 0;
        QRectF r = start;
        for (int i = 0; i < steps; ++i) {
            // Alternate: pan right/left, then zoom in/out about the centre.
            const double dx = (i % 4 < 2 ? 1 : -1) * panStep * r.width();
            r.translate(i % 2 == 0 ? dx : 0, i % 2 == 0 ? 0 : dx * 0.5);
            if (i % 5 == 4) {
                const QPointF c = r.center();
                const double f = (i % 10 == 4) ? zoomFactor : 1.0 / zoomFactor;
                r = QRectF(c.x() - r.width() * f / 2, c.y() - r.height() * f / 2, r.width() * f, r.height() * f);
            }
            view.setViewRange(r);
            ms.push_back(timedReplot(view));
            visibleMin = std::min(visibleMin, view.visibleCount());
            visibleMax = std::max(visibleMax, view.visibleCount());
            const auto m = view.renderMode();
            const QString name = m == ScatterPlotView::RenderMode::Density ? QStringLiteral("density")
                                 : m == ScatterPlotView::RenderMode::Dots  ? QStringLiteral("dots")
                                                                           : QStringLiteral("points");
            if (!mode.split(QLatin1Char('+')).contains(name))
                mode += (mode.isEmpty() ? QString() : QStringLiteral("+")) + name;
        }
        const Figures f = summarise(ms);
        out << name << " (" << mode << ", " << visibleMin << "-" << visibleMax << " visible): median " << f.median
            << " ms, p95 " << f.p95 << " ms, max " << f.max << " ms over " << steps << " redraws\n";
        out.flush();
    };

    view.resetView();
    const QRectF all = view.viewRange();
    run("overview pan/zoom", all, 0.05, 0.9, 40);
    // Half-size view: still density (hundreds of thousands visible).
    run("half view pan/zoom",
        QRectF(all.center().x() - all.width() / 4, all.center().y() - all.height() / 4, all.width() / 2,
               all.height() / 2),
        0.05, 0.9, 40);
    // Zoomed in near the medical component's edge: tens of thousands → individual points.
    run("zoomed-in pan/zoom", QRectF(5.0, 4.0, 1.4, 1.0), 0.05, 0.9, 40);
    // Near the point budget (~50k visible) — the slowest case of the points mode.
    run("zoomed-in near budget pan/zoom", QRectF(3.3, 3.65, 1.9, 1.35), 0.05, 0.9, 40);
    // Between budget and 10× budget: every point as a 1-px dot (3×3 splat).
    run("medium zoom pan/zoom", QRectF(2.2, 2.6, 3.0, 2.2), 0.05, 0.9, 40);
    run("zoomed-in (sparse) pan/zoom", QRectF(8.0, 6.0, 2.0, 1.4), 0.05, 0.9, 40);
    view.setColorMode(ScatterPlotView::ColorMode::Value);
    run("overview, colour by value", all, 0.05, 0.9, 20);
    run("zoomed-in, colour by value", QRectF(5.0, 4.0, 1.4, 1.0), 0.05, 0.9, 20);
    // Colour by a selection run's score where part of the map is not in the run's pool
    // (NaN: drawn grey, left out of each density cell's mean).
    {
        QVector<double> score = view.data().value;
        for (qsizetype i = 0; i < score.size(); i += 7) score[i] = NAN;
        view.setValues(std::move(score), QStringLiteral("score"));
        run("overview, colour by score (1/7 without)", all, 0.05, 0.9, 20);
        run("zoomed-in, colour by score (1/7 without)", QRectF(5.0, 4.0, 1.4, 1.0), 0.05, 0.9, 20);
    }
    // The cut moving: a selection run ranks every point (a random order); each step moves the
    // top k (Selection tab's threshold or top-k drag) and redraws, the view fixed.
    {
        std::vector<qint32> order(size_t(view.data().x.size()));
        for (size_t i = 0; i < order.size(); ++i) order[i] = qint32(i);
        std::mt19937 rng(11);
        std::shuffle(order.begin(), order.end(), rng);
        QVector<qint32> rank(qsizetype(order.size()));
        for (size_t r = 0; r < order.size(); ++r) rank[order[r]] = qint32(r);
        t.restart();
        view.setCutRanks(rank);
        out << "setCutRanks (1.5M ranks into the index order): " << t.nsecsElapsed() / 1e6 << " ms\n";
        auto moveCut = [&](const char* name, const QRectF& r, int steps) {
            view.setViewRange(r);
            std::vector<double> ms;
            for (int i = 0; i < steps; ++i) {
                QElapsedTimer s;
                s.start();
                view.setCutSize(qint64(view.data().x.size()) * (i + 1) / (steps + 1));  // 2%..98% of the pool
                view.replotNow();
                ms.push_back(s.nsecsElapsed() / 1e6);
            }
            const Figures f = summarise(ms);
            out << name << " (" << view.visibleCount() << " visible, " << view.cutCount()
                << " in the last cut): median " << f.median << " ms, p95 " << f.p95 << " ms, max " << f.max
                << " ms over " << steps << " cut moves\n";
            out.flush();
        };
        moveCut("cut moving, overview, colour by score", all, 40);
        moveCut("cut moving, zoomed-in, colour by score", QRectF(5.0, 4.0, 1.4, 1.0), 40);
        view.setColorMode(ScatterPlotView::ColorMode::Category);
        moveCut("cut moving, overview, colour by category", all, 40);
        moveCut("cut moving, medium zoom (dots)", QRectF(2.2, 2.6, 3.0, 2.2), 40);
    }
    out << "QCustomPlot's own replotTime (last): " << view.plot()->replotTime() << " ms\n";
    return 0;
}
