// Scatter view pieces with synthetic data: ellipse geometry against independent numbers,
// the grid index against brute force, density/points switching by visible count,
// rectangle/lasso selection ids, image export, points without finite coordinates (never
// drawn, never selected) and the legend's cap over many category names.
#include <QtTest>

#include <qcustomplot.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "DensityLevels.h"
#include "EllipseGeometry.h"
#include "PlotPalette.h"
#include "ScatterIndex.h"
#include "ScatterPlotView.h"

namespace {
// Points from a few Gaussian blobs; ids are row*10+7 so ids ≠ rows in the tests.
ScatterData blobs(int n, unsigned seed = 7) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> g(0, 1);
    ScatterData d;
    d.categoryNames = {QStringLiteral("law"), QStringLiteral("medical"), QStringLiteral("it")};
    const double cx[] = {-4, 3, 0}, cy[] = {0, 2, -4};
    for (int i = 0; i < n; ++i) {
        const int c = i % 3;
        d.x.append(cx[c] + g(rng));
        d.y.append(cy[c] + 0.6 * g(rng));
        d.category.append(c);
        d.value.append(double(c) + 0.1 * g(rng));
        d.ids.append(qint64(i) * 10 + 7);
    }
    return d;
}

QVector<qint64> bruteIdsInRect(const ScatterData& d, const QRectF& r) {
    QVector<qint64> ids;
    for (int i = 0; i < d.x.size(); ++i) {
        // The index stores float coordinates; compare the same way.
        const double x = float(d.x[i]), y = float(d.y[i]);
        if (x >= r.left() && x <= r.right() && y >= r.top() && y <= r.bottom()) ids.append(d.ids[i]);
    }
    return ids;
}
}  // namespace

class TestScatterPlot : public QObject {
    Q_OBJECT
private slots:
    // The opacity table gives the very doubles log1p(n) / log1p(max) gives, for every weight a
    // density or dots bin can hold (quarter steps: the splat kernel's 1/4, 1/2 and 1, sums of
    // them, whole counts), and computes any other weight directly: the map's pixels are those of
    // the per-pixel log1p it replaced.
    void densityLevelsEqualLog1p_data() {
        QTest::addColumn<float>("maxWeight");
        QTest::newRow("one lone splatted point") << 1.0f;
        QTest::newRow("a few dots") << 7.25f;
        QTest::newRow("dense dots") << 913.5f;
        QTest::newRow("above the table") << 250000.0f;
    }
    void densityLevelsEqualLog1p() {
        QFETCH(float, maxWeight);
        const DensityLevels levels(maxWeight);
        const double logMax = std::log1p(double(maxWeight));
        QCOMPARE(
            levels.tableSize(),
            std::size_t(std::min(double(maxWeight), DensityLevels::kTableWeight) * DensityLevels::kStepsPerUnit) + 1);
        std::mt19937 rng(7);
        std::vector<float> weights;
        for (int i = 0; i <= int(std::min(maxWeight, 5000.0f) * DensityLevels::kStepsPerUnit); ++i)
            weights.push_back(float(i) / DensityLevels::kStepsPerUnit);  // every step
        std::uniform_real_distribution<float> any(0.0f, maxWeight);
        for (int i = 0; i < 2000; ++i) weights.push_back(any(rng));  // off the steps: computed directly
        weights.push_back(maxWeight);
        for (const float n : weights) {
            const double want = std::log1p(double(n)) / logMax;
            if (levels(n) != want)  // bitwise: not a tolerance
                QFAIL(qPrintable(
                    QStringLiteral("weight %1: %2 != %3").arg(n).arg(levels(n), 0, 'g', 17).arg(want, 0, 'g', 17)));
        }
        QCOMPARE(levels(maxWeight), 1.0);
    }

    void ellipseAxesRecoverConstruction_data() {
        QTest::addColumn<double>("a");  // 1σ semi-major axis
        QTest::addColumn<double>("b");  // 1σ semi-minor axis
        QTest::addColumn<double>("theta");  // major-axis angle (radians)
        QTest::newRow("axis-aligned wide") << 3.0 << 1.0 << 0.0;
        QTest::newRow("axis-aligned tall") << 2.0 << 0.5 << std::numbers::pi / 2;
        QTest::newRow("rotated 30deg") << 2.5 << 0.7 << std::numbers::pi / 6;
        QTest::newRow("rotated -60deg") << 1.2 << 1.1 << -std::numbers::pi / 3;
        QTest::newRow("thin needle 80deg") << 5.0 << 0.01 << 80.0 * std::numbers::pi / 180;
        QTest::newRow("tiny scale") << 2e-4 << 1e-4 << 0.4;
    }
    void ellipseAxesRecoverConstruction() {
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(double, theta);
        // Σ = R(θ) diag(a², b²) R(θ)ᵀ: its eigenvalues are a², b², the major axis points along θ.
        const double c = std::cos(theta), s = std::sin(theta);
        const double cxx = a * a * c * c + b * b * s * s;
        const double cyy = a * a * s * s + b * b * c * c;
        const double cxy = (a * a - b * b) * s * c;
        const EllipseGeometry::Axes ax = EllipseGeometry::axes(cxx, cxy, cyy);
        const double tol = 1e-9 * a;
        QVERIFY2(std::abs(ax.major - a) <= tol, qPrintable(QString::number(ax.major)));
        QVERIFY2(std::abs(ax.minor - b) <= tol, qPrintable(QString::number(ax.minor)));
        // Axis direction is defined modulo π.
        double d = std::fmod(ax.angle - theta, std::numbers::pi);
        if (d > std::numbers::pi / 2) d -= std::numbers::pi;
        if (d < -std::numbers::pi / 2) d += std::numbers::pi;
        QVERIFY2(std::abs(d) < 1e-7, qPrintable(QStringLiteral("angle %1 vs %2").arg(ax.angle).arg(theta)));
    }

    void ellipseAxesAreEigenpairs_data() {
        QTest::addColumn<double>("cxx");
        QTest::addColumn<double>("cxy");
        QTest::addColumn<double>("cyy");
        QTest::newRow("2 1 2") << 2.0 << 1.0 << 2.0;
        QTest::newRow("negative correlation") << 4.0 << -1.5 << 1.0;
        QTest::newRow("round") << 3.0 << 0.0 << 3.0;
        QTest::newRow("singular") << 1.0 << 1.0 << 1.0;
        QTest::newRow("PCA-like") << 12.7 << 3.1 << 0.9;
    }
    void ellipseAxesAreEigenpairs() {
        QFETCH(double, cxx);
        QFETCH(double, cxy);
        QFETCH(double, cyy);
        const auto ax = EllipseGeometry::axes(cxx, cxy, cyy);
        // Trace and determinant are the sum and product of the eigenvalues.
        QVERIFY(std::abs(ax.lambda1 + ax.lambda2 - (cxx + cyy)) < 1e-12 * (1 + cxx + cyy));
        QVERIFY(std::abs(ax.lambda1 * ax.lambda2 - (cxx * cyy - cxy * cxy)) < 1e-9 * (1 + cxx * cyy));
        QVERIFY(ax.lambda1 >= ax.lambda2);
        // The closed form of a symmetric 2x2 eigenproblem, independent of the implementation.
        const double mid = (cxx + cyy) / 2, rad = std::hypot((cxx - cyy) / 2, cxy);
        QVERIFY(std::abs(ax.lambda1 - (mid + rad)) < 1e-12 * (1 + mid + rad));
        QVERIFY(std::abs(ax.lambda2 - (mid - rad)) < 1e-12 * (1 + mid + rad));
        QVERIFY(std::abs(ax.major - std::sqrt(mid + rad)) < 1e-12 * (1 + ax.major));
        QVERIFY(std::abs(ax.minor - std::sqrt(std::max(0.0, mid - rad))) < 1e-6 * (1 + ax.major));
        // Σ v = λ1 v for v = (cos angle, sin angle).
        const double vx = std::cos(ax.angle), vy = std::sin(ax.angle);
        QVERIFY(std::abs(cxx * vx + cxy * vy - ax.lambda1 * vx) < 1e-9 * (1 + ax.lambda1));
        QVERIFY(std::abs(cxy * vx + cyy * vy - ax.lambda1 * vy) < 1e-9 * (1 + ax.lambda1));
    }

    void ellipseOutlineLiesOnMahalanobisContour_data() {
        QTest::addColumn<double>("sigma");
        QTest::newRow("1 sigma") << 1.0;
        QTest::newRow("2 sigma") << 2.0;
    }
    void ellipseOutlineLiesOnMahalanobisContour() {
        QFETCH(double, sigma);
        const EllipseSpec e{1.5, -2.0, 4.0, 1.2, 0.8, 0};
        const QVector<QPointF> pts = EllipseGeometry::outline(e, sigma, 90);
        QCOMPARE(pts.size(), 91);
        QCOMPARE(pts.first(), pts.last());  // closed
        const double det = e.cxx * e.cyy - e.cxy * e.cxy;
        for (const QPointF& p : pts) {
            const double dx = p.x() - e.cx, dy = p.y() - e.cy;
            // (p − μ)ᵀ Σ⁻¹ (p − μ) with the 2×2 inverse written out.
            const double m = (e.cyy * dx * dx - 2 * e.cxy * dx * dy + e.cxx * dy * dy) / det;
            QVERIFY2(std::abs(m - sigma * sigma) < 1e-9, qPrintable(QString::number(m)));
        }
    }

    void indexMatchesBruteForce() {
        const ScatterData d = blobs(20000, 3);
        ScatterIndex index;
        index.build(d.x, d.y);
        QCOMPARE(index.size(), qint64(d.x.size()));
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> u(-8, 8);
        for (int trial = 0; trial < 40; ++trial) {
            double x0 = u(rng), x1 = u(rng), y0 = u(rng), y1 = u(rng);
            if (x0 > x1) std::swap(x0, x1);
            if (y0 > y1) std::swap(y0, y1);
            const QVector<qint64> expected = bruteIdsInRect(d, QRectF(QPointF(x0, y0), QPointF(x1, y1)));
            QCOMPARE(index.count({x0, x1, y0, y1}), qint64(expected.size()));
            QVector<qint64> got;
            index.forEach({x0, x1, y0, y1}, [&](qint64 p) { got.append(d.ids[index.original(p)]); });
            std::sort(got.begin(), got.end());
            QCOMPARE(got, expected);
            // Capped count: exact below the cap, cap + 1 above it.
            const qint64 cap = 100;
            QCOMPARE(index.count({x0, x1, y0, y1}, cap), std::min<qint64>(expected.size(), cap + 1));
        }
        // Nearest (in pixels, anisotropic scale) equals the brute-force nearest.
        const double sx = 0.02, sy = 0.01;
        for (int trial = 0; trial < 40; ++trial) {
            const double x = u(rng) / 2, y = u(rng) / 2;
            double best = 25.0 * 25.0;
            qint64 bestRow = -1;
            for (int i = 0; i < d.x.size(); ++i) {
                const double dx = (float(d.x[i]) - x) / sx, dy = (float(d.y[i]) - y) / sy;
                if (dx * dx + dy * dy <= best) best = dx * dx + dy * dy, bestRow = i;
            }
            const qint64 pos = index.nearest(x, y, sx, sy, 25.0);
            QCOMPARE(pos < 0 ? -1 : index.original(pos), bestRow);
        }
    }

    void renderModeFollowsVisibleCount() {
        ScatterData d = blobs(120000);
        const ScatterData copy = d;
        ScatterPlotView view;
        view.resize(900, 600);
        view.setPointBudget(10000);  // density above 10× the budget
        view.setData(std::move(d));
        view.replotNow();
        QCOMPARE(view.renderMode(), ScatterPlotView::RenderMode::Density);
        QCOMPARE(view.visibleCount(), qint64(120000));
        QVERIFY(view.drawnDescription().contains(QLocale().toString(120000)));
        // Between the budget and 10× the budget: every point as a dot.
        view.setPointBudget(50000);
        view.replotNow();
        QCOMPARE(view.renderMode(), ScatterPlotView::RenderMode::Dots);
        QCOMPARE(view.visibleCount(), qint64(120000));
        // Zoom onto one blob's core: fewer than the budget → individual points, counted exactly.
        const QRectF zoom(QPointF(-4.5, -0.5), QPointF(-3.5, 0.5));
        view.setViewRange(zoom);
        view.replotNow();
        const qint64 expected = bruteIdsInRect(copy, zoom).size();
        QVERIFY(expected > 0 && expected < 50000);
        QCOMPARE(view.renderMode(), ScatterPlotView::RenderMode::Points);
        QCOMPARE(view.visibleCount(), expected);
        QVERIFY(view.drawnDescription().contains(QLocale().toString(expected)));
        // A budget below the visible count switches the same view back to density.
        view.setPointBudget(expected - 1);
        view.replotNow();
        QCOMPARE(view.renderMode(), ScatterPlotView::RenderMode::Dots);
        view.setPointBudget(expected / 20);
        view.replotNow();
        QCOMPARE(view.renderMode(), ScatterPlotView::RenderMode::Density);
        view.resetView();
        view.replotNow();
        QCOMPARE(view.visibleCount(), qint64(120000));
    }

    void rectangleSelectionEmitsIds() {
        ScatterData d = blobs(3000);
        const ScatterData copy = d;
        ScatterPlotView view;
        view.resize(600, 400);
        view.setData(std::move(d));
        QSignalSpy spy(&view, &ScatterPlotView::selectionChanged);
        const QRectF r(QPointF(2, 1), QPointF(4, 3));
        view.selectInRect(r);
        QCOMPARE(spy.count(), 1);
        const QVector<qint64> ids = spy.at(0).at(0).value<QVector<qint64>>();
        QCOMPARE(ids, bruteIdsInRect(copy, r));
        QVERIFY(!ids.isEmpty());
        // Shift-add a second rectangle: union, still in row order.
        const QRectF r2(QPointF(-5, -1), QPointF(-4, 0));
        view.selectInRect(r2, true);
        QVector<qint64> both = bruteIdsInRect(copy, r) + bruteIdsInRect(copy, r2);
        std::sort(both.begin(), both.end());
        both.erase(std::unique(both.begin(), both.end()), both.end());
        QCOMPARE(view.selectedIds(), both);
        view.clearSelection();
        QVERIFY(view.selectedIds().isEmpty());
        QCOMPARE(spy.count(), 3);
    }

    void mouseRectangleSelects() {
        ScatterData d = blobs(3000);
        const ScatterData copy = d;
        ScatterPlotView view;
        view.resize(700, 500);
        view.setData(std::move(d));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.replotNow();
        view.setTool(ScatterPlotView::Tool::RectSelect);
        QSignalSpy spy(&view, &ScatterPlotView::selectionChanged);
        QCustomPlot* plot = view.plot();
        const QPointF a(plot->xAxis->coordToPixel(2), plot->yAxis->coordToPixel(3));
        const QPointF b(plot->xAxis->coordToPixel(4), plot->yAxis->coordToPixel(1));
        auto send = [&](QEvent::Type type, QPointF pos, Qt::MouseButtons buttons) {
            QMouseEvent ev(type, pos, plot->mapToGlobal(pos), Qt::LeftButton, buttons, Qt::NoModifier);
            QCoreApplication::sendEvent(plot, &ev);
        };
        send(QEvent::MouseButtonPress, a, Qt::LeftButton);
        send(QEvent::MouseMove, (a + b) / 2, Qt::LeftButton);
        send(QEvent::MouseMove, b, Qt::LeftButton);
        send(QEvent::MouseButtonRelease, b, Qt::NoButton);
        QCOMPARE(spy.count(), 1);
        // Pixel rounding moves the edges by at most a pixel: compare with a slightly shrunk
        // and grown rectangle instead of an exact one.
        const double px = plot->xAxis->range().size() / plot->axisRect()->width() * 1.5;
        const double py = plot->yAxis->range().size() / plot->axisRect()->height() * 1.5;
        const auto inner = bruteIdsInRect(copy, QRectF(QPointF(2 + px, 1 + py), QPointF(4 - px, 3 - py)));
        const auto outer = bruteIdsInRect(copy, QRectF(QPointF(2 - px, 1 - py), QPointF(4 + px, 3 + py)));
        const QVector<qint64> ids = view.selectedIds();
        QVERIFY(ids.size() >= inner.size() && ids.size() <= outer.size());
        for (qint64 id : inner) QVERIFY(ids.contains(id));
    }

    void hoverAsksForTheNearestPointsText() {
        ScatterData d = blobs(2000);
        const ScatterData copy = d;
        ScatterPlotView view;
        view.resize(700, 500);
        view.setData(std::move(d));
        QVector<qint64> asked;
        view.setTooltipProvider([&](qint64 row) {
            asked.append(row);
            return QStringLiteral("sentence %1").arg(row);
        });
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.replotNow();
        QSignalSpy spy(&view, &ScatterPlotView::pointHovered);
        QCustomPlot* plot = view.plot();
        const int row = 1234;
        const QPointF pos(plot->xAxis->coordToPixel(copy.x[row]), plot->yAxis->coordToPixel(copy.y[row]));
        QMouseEvent ev(QEvent::MouseMove, pos, plot->mapToGlobal(pos), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QCoreApplication::sendEvent(plot, &ev);
        QCOMPARE(spy.count(), 1);
        const qint64 hovered = spy.at(0).at(0).toLongLong();
        // Another point may sit on the same pixel; it must be at least as close.
        const auto pixelDist = [&](qint64 r) {
            return std::hypot(plot->xAxis->coordToPixel(float(copy.x[r])) - pos.x(),
                              plot->yAxis->coordToPixel(float(copy.y[r])) - pos.y());
        };
        QVERIFY(hovered >= 0);
        QVERIFY(pixelDist(hovered) <= pixelDist(row) + 1e-6);
        QCOMPARE(asked, QVector<qint64>{hovered});  // text asked only for the hovered point
    }

    void lassoSelectsInsidePolygon() {
        ScatterData d = blobs(5000);
        const ScatterData copy = d;
        ScatterPlotView view;
        view.setData(std::move(d));
        const QPolygonF tri{QPointF(-6, -2), QPointF(4, 3), QPointF(1, -5)};
        view.selectInPolygon(tri);
        QVector<qint64> expected;
        for (int i = 0; i < copy.x.size(); ++i)
            if (tri.containsPoint(QPointF(float(copy.x[i]), float(copy.y[i])), Qt::OddEvenFill))
                expected.append(copy.ids[i]);
        QCOMPARE(view.selectedIds(), expected);
        QVERIFY(expected.size() > 100);
    }

    void mouseLassoSelects() {
        ScatterData d = blobs(4000);
        const ScatterData copy = d;
        ScatterPlotView view;
        view.resize(700, 500);
        view.setData(std::move(d));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.replotNow();
        view.setTool(ScatterPlotView::Tool::LassoSelect);
        QSignalSpy spy(&view, &ScatterPlotView::selectionChanged);
        QCustomPlot* plot = view.plot();
        // A square lasso around (3, 2), drawn as a path of mouse moves.
        const QPolygonF square{QPointF(2, 1), QPointF(4, 1), QPointF(4, 3), QPointF(2, 3)};
        auto px = [&](QPointF p) {
            return QPointF(plot->xAxis->coordToPixel(p.x()), plot->yAxis->coordToPixel(p.y()));
        };
        auto send = [&](QEvent::Type type, QPointF pos, Qt::MouseButtons buttons) {
            QMouseEvent ev(type, pos, plot->mapToGlobal(pos), Qt::LeftButton, buttons, Qt::NoModifier);
            QCoreApplication::sendEvent(plot, &ev);
        };
        send(QEvent::MouseButtonPress, px(square[0]), Qt::LeftButton);
        for (int i = 1; i <= 4; ++i)
            for (int s = 1; s <= 10; ++s) {
                const QPointF a = square[i - 1], b = square[i % 4];
                send(QEvent::MouseMove, px(a + (b - a) * (s / 10.0)), Qt::LeftButton);
            }
        send(QEvent::MouseButtonRelease, px(square[0]), Qt::NoButton);
        QCOMPARE(spy.count(), 1);
        const double pxw = plot->xAxis->range().size() / plot->axisRect()->width() * 1.5;
        const double pxh = plot->yAxis->range().size() / plot->axisRect()->height() * 1.5;
        const auto inner = bruteIdsInRect(copy, QRectF(QPointF(2 + pxw, 1 + pxh), QPointF(4 - pxw, 3 - pxh)));
        const auto outer = bruteIdsInRect(copy, QRectF(QPointF(2 - pxw, 1 - pxh), QPointF(4 + pxw, 3 + pxh)));
        const QVector<qint64> ids = view.selectedIds();
        QVERIFY(!inner.isEmpty());
        QVERIFY(ids.size() >= inner.size() && ids.size() <= outer.size());
        for (qint64 id : inner) QVERIFY(ids.contains(id));
    }

    void legendShowsCategoryCounts() {
        ScatterData d = blobs(3001);  // 1001 law, 1000 medical, 1000 it
        ScatterPlotView view;
        view.setData(std::move(d));
        QCustomPlot* plot = view.plot();
        QStringList names;
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
                names << item->plottable()->name();
        QCOMPARE(names.size(), 3);
        QVERIFY2(names[0].startsWith(QStringLiteral("law")) && names[0].contains(QLocale().toString(1001)),
                 qPrintable(names[0]));
        QVERIFY(names[1].contains(QLocale().toString(1000)));
        // Colouring by value swaps the legend for a colour scale.
        view.setColorMode(ScatterPlotView::ColorMode::Value);
        QVERIFY(!plot->legend->visible());
        QVERIFY(plot->plotLayout()->hasElement(0, 1));
        view.setColorMode(ScatterPlotView::ColorMode::Category);
        QVERIFY(plot->legend->visible());
        QVERIFY(!plot->plotLayout()->hasElement(0, 1));
    }

    // A damaged map: some stored coordinates are NaN or ±inf. They sort into no cell of the
    // index, so no view range (one covering everything included, where whole cells are drawn
    // without a per-point test) ever hands one to the painter: before, a NaN position reached
    // QPainter::drawImage and the raster engine wrote out of bounds (SIGSEGV). The finite
    // points are still drawn and counted, rows stay aligned, and the others are never selected.
    void nonFiniteCoordinatesAreNeverDrawn_data() {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<int>("budget");
        for (const char* pattern : {"one NaN x", "one NaN y", "+inf", "-inf", "mixed", "all NaN"}) {
            QTest::newRow(qPrintable(QStringLiteral("%1, points").arg(QLatin1String(pattern))))
                << QString::fromLatin1(pattern) << 100000;
            QTest::newRow(qPrintable(QStringLiteral("%1, density").arg(QLatin1String(pattern))))
                << QString::fromLatin1(pattern) << 100;
        }
    }
    void nonFiniteCoordinatesAreNeverDrawn() {
        QFETCH(QString, pattern);
        QFETCH(int, budget);
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        ScatterData d = blobs(3000);
        QSet<int> bad;
        auto spoil = [&](int row, double x, double y) {
            d.x[row] = x;
            d.y[row] = y;
            bad.insert(row);
        };
        if (pattern == QLatin1String("one NaN x")) spoil(0, nan, d.y[0]);
        else if (pattern == QLatin1String("one NaN y")) spoil(0, d.x[0], nan);
        else if (pattern == QLatin1String("+inf")) spoil(5, inf, inf);
        else if (pattern == QLatin1String("-inf")) spoil(5, -inf, d.y[5]);
        else if (pattern == QLatin1String("mixed"))
            for (int row = 0; row < d.x.size(); row += 7)
                spoil(row, row % 3 == 0 ? nan : d.x[row], row % 3 == 1 ? -inf : row % 3 == 2 ? inf : d.y[row]);
        else
            for (int row = 0; row < d.x.size(); ++row) spoil(row, nan, nan);
        const qint64 finite = d.x.size() - bad.size();
        // Finite points in a rectangle, compared as float like the index stores them.
        auto finiteIn = [&](const QRectF& r) {
            qint64 n = 0;
            for (int row = 0; row < d.x.size(); ++row)
                n += !bad.contains(row) && float(d.x[row]) >= r.left() && float(d.x[row]) <= r.right() &&
                     float(d.y[row]) >= r.top() && float(d.y[row]) <= r.bottom();
            return n;
        };

        ScatterPlotView view;
        view.resize(700, 500);
        view.setPointBudget(budget);
        view.setData(d);
        // The whole map (resetView fits the finite points: every cell wholly in view, so no
        // per-point test; the NaN points used to sit in cell 0), far out, and zoomed in.
        const QRectF fit = view.viewRange();
        const QList<QRectF> zooms{fit, QRectF(QPointF(-1e6, -1e6), QPointF(1e6, 1e6)),
                                  QRectF(QPointF(-8, -3), QPointF(-1, 3)),
                                  QRectF(QPointF(-4.5, -0.5), QPointF(-3.5, 0.5))};
        for (const QRectF& zoom : zooms) {
            view.setViewRange(zoom);
            view.replotNow();
            const QImage img = view.grab().toImage();
            QVERIFY(!img.isNull());
            const qint64 expected = finiteIn(zoom);
            QCOMPARE(view.visibleCount(), expected);
            if (expected == 0) continue;
            // A finite point in view is drawn: its pixel is not the background's.
            const QImage plot = view.plot()->toPixmap().toImage();
            int coloured = 0;
            for (int row = 0; row < d.x.size(); ++row) {
                if (bad.contains(row) || !zoom.contains(QPointF(d.x[row], d.y[row]))) continue;
                const QPoint px(int(view.plot()->xAxis->coordToPixel(d.x[row])),
                                int(view.plot()->yAxis->coordToPixel(d.y[row])));
                if (plot.rect().contains(px)) coloured += plot.pixelColor(px) != QColor(Qt::white);
            }
            QVERIFY2(coloured > 0, qPrintable(QStringLiteral("nothing drawn in %1,%2 %3x%4")
                                                  .arg(zoom.x())
                                                  .arg(zoom.y())
                                                  .arg(zoom.width())
                                                  .arg(zoom.height())));
        }
        view.setViewRange(fit);
        view.replotNow();
        if (!bad.isEmpty())
            QVERIFY2(view.drawnDescription().contains(QLocale().toString(bad.size())),
                     qPrintable(view.drawnDescription()));
        // The legend counts the points on the map: "law (999)", not the rows without coordinates.
        QHash<QString, qint64> placed;
        for (int row = 0; row < d.x.size(); ++row)
            if (!bad.contains(row)) ++placed[d.categoryNames[d.category[row]]];
        int listed = 0;
        for (int i = 0; i < view.plot()->legend->itemCount(); ++i) {
            auto* item = qobject_cast<QCPPlottableLegendItem*>(view.plot()->legend->item(i));
            if (!item) continue;
            const QString name = item->plottable()->name();
            const QString category = name.section(QStringLiteral(" ("), 0, 0);
            QVERIFY2(placed.contains(category), qPrintable(name));
            QCOMPARE(name, QStringLiteral("%1 (%2)").arg(category, QLocale().toString(placed[category])));
            ++listed;
        }
        QCOMPARE(listed, int(placed.size()));
        // Vector export takes the other drawing path (real discs): no crash, a file.
        QTemporaryDir dir;
        QString error;
        QVERIFY2(view.save(dir.filePath(QStringLiteral("map.svg")), 640, 480, &error), qPrintable(error));
        QVERIFY2(view.save(dir.filePath(QStringLiteral("map.png")), 640, 480, &error), qPrintable(error));
        // Selecting everything never selects a row without coordinates.
        view.selectInRect(QRectF(QPointF(-1e300, -1e300), QPointF(1e300, 1e300)));
        QCOMPARE(qint64(view.selectedRows().size()), finite);
        for (qint64 row : view.selectedRows()) QVERIFY(!bad.contains(int(row)));
        view.selectInPolygon(QPolygonF{QPointF(-1e9, -1e9), QPointF(1e9, -1e9), QPointF(1e9, 1e9), QPointF(-1e9, 1e9)});
        for (qint64 row : view.selectedRows()) QVERIFY(!bad.contains(int(row)));
        view.replotNow();  // with the selection rings
        view.grab();

        // The index itself: every row kept (aligned), the non-finite ones in no cell.
        ScatterIndex index;
        index.build(d.x, d.y);
        QCOMPARE(index.size(), qint64(d.x.size()));
        for (qint64 row = 0; row < index.size(); ++row) QCOMPARE(index.original(index.positionOf(row)), row);
        const ScatterIndex::Rect everything{-1e300, 1e300, -1e300, 1e300};
        QCOMPARE(index.count(everything), finite);
        index.forEach(everything, [&](qint64 p) { QVERIFY(!bad.contains(int(index.original(p)))); });
        // Hover: the nearest point to anywhere (a radius of 1e9 units) is never one of them.
        const qint64 nearest = index.nearest(0, 0, 1e9, 1e9, 1.0);
        QCOMPARE(nearest >= 0, finite > 0);
        if (nearest >= 0) QVERIFY(!bad.contains(int(index.original(nearest))));
    }

    // The legend lists only categories that have points, the largest first, at most
    // kLegendCategories of them, then one entry naming how many more there are and their
    // points. 20,000 names (a web crawl labelled by site) used to make 20,000 legend items,
    // O(n²) in QCustomPlot, with the GUI thread busy for minutes. Each shown category keeps
    // its own colour (PlotPalette by category index), as on the map.
    void legendListsTheLargestCategories_data() {
        QTest::addColumn<int>("names");
        QTest::addColumn<int>("withPoints");
        QTest::newRow("50 with points") << 50 << 50;
        QTest::newRow("13 with points") << 13 << 13;
        QTest::newRow("12 with points") << 12 << 12;
        QTest::newRow("20,000 names, 3 with points") << 20000 << 3;
        QTest::newRow("20,000 names, 50 with points") << 20000 << 50;
    }
    void legendListsTheLargestCategories() {
        QFETCH(int, names);
        QFETCH(int, withPoints);
        const int cap = 12;  // ScatterPlotView::kLegendCategories, as the Mixture tab's λ legend
        ScatterData d;
        for (int c = 0; c < names; ++c) d.categoryNames << QStringLiteral("site%1.example.org").arg(c);
        // The categories with points are spread over the names (every names/withPoints-th);
        // category j of them has j + 1 points, so the largest are the last ones.
        const int stride = names / withPoints;
        QMap<int, qint64> counts;  // category → points
        std::mt19937 rng(5);
        std::normal_distribution<double> g(0, 1);
        for (int j = 0; j < withPoints; ++j) {
            const int c = j * stride;
            for (int i = 0; i <= j; ++i) {
                d.x.append(g(rng));
                d.y.append(g(rng));
                d.category.append(c);
            }
            counts[c] = j + 1;
        }
        ScatterPlotView view;
        view.resize(800, 600);
        view.setData(d);
        view.replotNow();
        QCustomPlot* plot = view.plot();
        QList<QCPPlottableLegendItem*> items;
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i))) items << item;
        const int listed = std::min(withPoints, cap);
        const int rest = withPoints - listed;
        QCOMPARE(plot->legend->itemCount(), listed + (rest > 0 ? 1 : 0));
        QCOMPARE(items.size(), plot->legend->itemCount());
        QVERIFY(plot->legend->visible());
        // Largest first: the last `listed` categories with points, in falling order.
        qint64 previous = std::numeric_limits<qint64>::max();
        for (int i = 0; i < listed; ++i) {
            const QString name = items[i]->plottable()->name();
            const int c = name.section(QLatin1Char('.'), 0, 0).mid(4).toInt();
            QVERIFY2(counts.contains(c), qPrintable(name));
            QVERIFY2(name.endsWith(QStringLiteral("(%1)").arg(QLocale().toString(counts[c]))), qPrintable(name));
            QVERIFY(counts[c] < previous);
            previous = counts[c];
            // The category's own colour, the one the map draws its points in.
            auto* graph = qobject_cast<QCPGraph*>(items[i]->plottable());
            QVERIFY(graph);
            QCOMPARE(graph->scatterStyle().brush().color(), PlotPalette::category(c));
        }
        if (rest > 0) {
            qint64 restPoints = 0;
            for (int j = 0; j < rest; ++j) restPoints += j + 1;  // the smallest `rest` categories
            const QString summary = items.last()->plottable()->name();
            QVERIFY2(summary.contains(QStringLiteral("+%1").arg(QLocale().toString(rest))), qPrintable(summary));
            QVERIFY2(summary.contains(QLocale().toString(restPoints)), qPrintable(summary));
            QVERIFY2(summary.contains(QString::number(cap)), qPrintable(summary));
        }
        // Recolouring by another categorisation rebuilds the legend from scratch.
        view.setCategories(QVector<int>(d.x.size(), 0), {QStringLiteral("all")});
        QCOMPARE(plot->legend->itemCount(), 1);
    }

    void ellipsesBecomeCurves() {
        ScatterPlotView view;
        view.setData(blobs(300));
        const int before = view.plot()->plottableCount();
        view.setEllipses({EllipseSpec{0, 0, 2, 0.5, 1, 0}, EllipseSpec{3, 2, 1, -0.3, 0.5, 1}});
        // 1σ, 2σ and a centre marker per component.
        QCOMPARE(view.plot()->plottableCount(), before + 6);
        view.setEllipses({});
        QCOMPARE(view.plot()->plottableCount(), before);
    }

    void savesImages_data() {
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("budget");
        QTest::addColumn<int>("mode");
        const int density = int(ScatterPlotView::RenderMode::Density), dots = int(ScatterPlotView::RenderMode::Dots),
                  discs = int(ScatterPlotView::RenderMode::Points);
        // Density needs more than 10x the budget visible; between 1x and 10x: dots.
        QTest::newRow("png density") << "png" << 80000 << 5000 << density;
        QTest::newRow("png dots") << "png" << 80000 << 50000 << dots;
        QTest::newRow("png points") << "png" << 2000 << 50000 << discs;
        QTest::newRow("svg") << "svg" << 2000 << 50000 << discs;
        QTest::newRow("pdf") << "pdf" << 2000 << 50000 << discs;
    }
    void savesImages() {
        QFETCH(QString, suffix);
        QFETCH(int, points);
        QFETCH(int, budget);
        QFETCH(int, mode);
        QTemporaryDir dir;
        ScatterPlotView view;
        view.resize(640, 480);
        view.setPointBudget(budget);
        view.setData(blobs(points));
        view.replotNow();
        QCOMPARE(int(view.renderMode()), mode);  // the row's name says what is drawn
        view.setEllipses({EllipseSpec{0, 0, 2, 0.5, 1, 0}});
        const QString path = dir.filePath(QStringLiteral("scatter.") + suffix);
        QString error;
        QVERIFY2(view.save(path, 640, 480, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.size() > 1000);
        if (suffix == QLatin1String("svg")) QVERIFY(bytes.contains("<svg"));
        if (suffix == QLatin1String("pdf")) QVERIFY(bytes.startsWith("%PDF"));
        if (suffix == QLatin1String("png")) {
            QImage img(path);
            QCOMPARE(img.size(), QSize(1280, 960));  // written at 2×
            // Something other than white was drawn in the middle of the plot.
            int coloured = 0;
            for (int y = 200; y < 760; y += 8)
                for (int x = 200; x < 1080; x += 8) coloured += img.pixelColor(x, y) != QColor(Qt::white);
            QVERIFY(coloured > 50);
        }
        QVERIFY(!view.save(dir.filePath(QStringLiteral("scatter.bmpx")), 0, 0, &error));
        QVERIFY(!error.isEmpty());
    }

    // Colour by value where some points have none (NaN: not in that run): those points are
    // grey, never a colour of the scale; the others take the scale's colour of their value
    // (mean per density cell), in the density and in the points rendering.
    void valueColoursSkipMissingValues_data() {
        QTest::addColumn<int>("budget");
        QTest::newRow("density") << 100;
        QTest::newRow("points") << 100000;
    }
    void valueColoursSkipMissingValues() {
        QFETCH(int, budget);
        ScatterData d = blobs(30000);
        for (int i = 0; i < d.value.size(); ++i) d.value[i] = d.category[i] == 0 ? NAN : d.category[i] == 1 ? 1.0 : 0.0;
        ScatterPlotView view;
        view.resize(900, 600);
        view.setPointBudget(budget);
        view.setData(d);
        view.setValues(d.value, QStringLiteral("score"));
        view.setColorMode(ScatterPlotView::ColorMode::Value);
        view.replotNow();
        QVERIFY(view.plot()->plotLayout()->hasElement(0, 1));  // the colour bar is shown
        const QImage img = view.plot()->toPixmap().toImage();
        auto at = [&](double x, double y) {
            return img.pixelColor(int(view.plot()->xAxis->coordToPixel(x)), int(view.plot()->yAxis->coordToPixel(y)));
        };
        const QColor missing = at(-4, 0), high = at(3, 2), low = at(0, -4);
        QVERIFY2(std::abs(missing.red() - missing.green()) < 12 && std::abs(missing.green() - missing.blue()) < 12,
                 qPrintable(missing.name()));
        QVERIFY2(missing != QColor(Qt::white), "the points without a value are drawn");
        QVERIFY2(high.red() > high.blue() + 60 && high.green() > high.blue() + 60,
                 qPrintable(high.name()));  // viridis yellow
        QVERIFY2(low.blue() > low.green() && low.red() > low.green(), qPrintable(low.name()));  // viridis purple
    }

    // The cut of a selection run on the map: points ranked below k (or included by hand) are
    // in it; moving k reports the count at once (cutChanged) and the redraw fades the rest.
    void cutFollowsRankDecisionsAndK_data() {
        QTest::addColumn<qint64>("k");
        for (qint64 k : {0, 1, 137, 1999, 2000, 5000}) QTest::newRow(qPrintable(QStringLiteral("k=%1").arg(k))) << k;
    }
    void cutFollowsRankDecisionsAndK() {
        QFETCH(qint64, k);
        const ScatterData d = blobs(3000);
        QVector<qint32> rank(d.x.size(), -1);
        qint32 next = 0;
        for (qsizetype row = d.x.size() - 1; row >= 0; --row)  // ranks in reverse row order, blob 0 unranked
            if (d.category[row] != 0) rank[row] = next++;
        ScatterPlotView view;
        view.resize(900, 600);
        view.setData(d);
        QSignalSpy spy(&view, &ScatterPlotView::cutChanged);
        view.setCutRanks(rank);
        view.setCutSize(k);
        QCOMPARE(spy.size(), 2);
        auto brute = [&](const QSet<qint64>& in, const QSet<qint64>& out) {
            qint64 n = 0;
            for (qsizetype row = 0; row < rank.size(); ++row)
                n += in.contains(row) || (!out.contains(row) && rank[row] >= 0 && rank[row] < k);
            return n;
        };
        QCOMPARE(spy.last().at(0).toLongLong(), brute({}, {}));
        QCOMPARE(view.cutCount(), brute({}, {}));
        // Include an unranked point and a ranked one twice, exclude the best-ranked point.
        const qint64 best = rank.indexOf(0), unranked = d.category.indexOf(0), ranked = rank.indexOf(1500);
        view.setCutDecisions({{unranked, true}, {ranked, false}, {ranked, true}, {best, false}});
        QCOMPARE(spy.last().at(0).toLongLong(), brute({unranked, ranked}, {best}));
        view.replotNow();
        QVERIFY(view.drawnDescription().size() > 0);
        // Blob 0 is outside the cut: drawn faded grey, never in its category colour.
        const QImage img = view.plot()->toPixmap().toImage();
        const QColor faded =
            img.pixelColor(int(view.plot()->xAxis->coordToPixel(-4)), int(view.plot()->yAxis->coordToPixel(0)));
        QVERIFY2(std::abs(faded.red() - faded.blue()) < 12 && faded != QColor(Qt::white), qPrintable(faded.name()));
        view.setCutRanks({});
        QVERIFY(!view.cutShown());
        QCOMPARE(spy.last().at(0).toLongLong(), qint64(0));
    }
};

QTEST_MAIN(TestScatterPlot)
#include "tst_scatterplot.moc"
