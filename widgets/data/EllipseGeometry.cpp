#include "EllipseGeometry.h"

#include <algorithm>
#include <cmath>
#include <numbers>

EllipseGeometry::Axes EllipseGeometry::axes(double cxx, double cxy, double cyy) {
    // Closed form for a symmetric 2×2 matrix: λ = mean ± sqrt(half-difference² + cxy²).
    // hypot avoids the cancellation a naive discriminant has for nearly round ellipses.
    const double mean = 0.5 * (cxx + cyy);
    const double radius = std::hypot(0.5 * (cxx - cyy), cxy);
    Axes a;
    a.lambda1 = mean + radius;
    a.lambda2 = mean - radius;
    // Rounding can push a singular covariance's small eigenvalue slightly below zero.
    a.major = std::sqrt(std::max(0.0, a.lambda1));
    a.minor = std::sqrt(std::max(0.0, a.lambda2));
    // Major-axis direction: θ = ½·atan2(2cxy, cxx − cyy); a round ellipse has none, use 0.
    a.angle = radius > 0 ? 0.5 * std::atan2(2.0 * cxy, cxx - cyy) : 0.0;
    if (a.angle <= -std::numbers::pi / 2) a.angle += std::numbers::pi;
    return a;
}

QVector<QPointF> EllipseGeometry::outline(const EllipseSpec& e, double sigma, int segments) {
    segments = std::max(segments, 8);
    const Axes a = axes(e);
    const double c = std::cos(a.angle), s = std::sin(a.angle);
    const double ra = sigma * a.major, rb = sigma * a.minor;
    QVector<QPointF> pts;
    pts.reserve(segments + 1);
    for (int i = 0; i <= segments; ++i) {
        // i == segments repeats t = 0 exactly, closing the curve without a gap.
        const double t = (i == segments ? 0.0 : 2.0 * std::numbers::pi * i / segments);
        const double u = ra * std::cos(t), v = rb * std::sin(t);
        pts.append(QPointF(e.cx + c * u - s * v, e.cy + s * u + c * v));
    }
    return pts;
}
