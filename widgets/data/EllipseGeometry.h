#pragma once
// Geometry of a 2-D Gaussian's contour ellipse, kept free of Qt widgets so it can be
// checked numerically. QCPItemEllipse is axis-aligned only (ARCHITECTURE.md), so a GMM component
// with correlated axes is drawn as a parametric curve built from these numbers.
#include <QPointF>
#include <QVector>

// One GMM component projected onto the two displayed axes: mean and 2×2 covariance.
struct EllipseSpec {
    double cx = 0, cy = 0;             // mean
    double cxx = 1, cxy = 0, cyy = 1;  // covariance (symmetric, positive semi-definite)
    int category = -1;                 // colour index (cluster), -1 = neutral
};

class EllipseGeometry {
public:
    // Eigen-decomposition of the covariance: semi-axes at 1σ are sqrt of the eigenvalues,
    // angle is the direction of the major axis in radians, in (-π/2, π/2].
    struct Axes {
        double major = 0;    // sqrt(λ1), λ1 ≥ λ2
        double minor = 0;    // sqrt(λ2)
        double angle = 0;    // radians, counter-clockwise from +x to the major axis
        double lambda1 = 0;  // larger eigenvalue
        double lambda2 = 0;  // smaller eigenvalue
    };

    static Axes axes(double cxx, double cxy, double cyy);
    static Axes axes(const EllipseSpec& e) { return axes(e.cxx, e.cxy, e.cyy); }

    // Closed outline at Mahalanobis distance `sigma` (1σ, 2σ, …): `segments` + 1 points,
    // the last equal to the first so a QCPCurve closes the loop.
    static QVector<QPointF> outline(const EllipseSpec& e, double sigma, int segments = 120);
};
