#pragma once
// Synthetic PCA-2D corpus for the rendering benchmark and the screenshots: a Gaussian
// mixture with one correlated component per "domain", so ellipses and densities look like
// the paper's Fig. 3 without needing a project.
#include "EllipseGeometry.h"
#include "ScatterPlotView.h"

#include <cmath>
#include <random>

namespace synth {

struct Gmm {
    ScatterData data;
    QVector<EllipseSpec> components;
    QVector<bool> inDomain;  // "medical" rows, for the score histogram's labels
};

inline Gmm make(qint64 n, unsigned seed = 42) {
    const QStringList names{QStringLiteral("law"),   QStringLiteral("medical"),   QStringLiteral("IT"),
                            QStringLiteral("Koran"), QStringLiteral("subtitles"), QStringLiteral("TED"),
                            QStringLiteral("QED"),   QStringLiteral("Europarl")};
    // Mean, 1σ axes and rotation per component; weights uneven like real corpora.
    struct C {
        double mx, my, a, b, angle, weight;
    };
    const C comps[] = {{-6, 1, 2.2, 0.8, 0.5, 0.20},  {4, 4, 1.6, 1.0, -0.3, 0.14},  {5, -3, 1.8, 0.6, 1.2, 0.12},
                       {-1, -6, 1.0, 0.5, 0.1, 0.06}, {0, 1, 2.8, 1.6, 0.9, 0.22},   {1.5, 5.5, 1.2, 0.7, 0.0, 0.08},
                       {-3, 5, 1.3, 0.9, -0.8, 0.06}, {-5, -3, 1.9, 1.1, -0.4, 0.12}};
    Gmm g;
    g.data.categoryNames = names;
    for (int c = 0; c < 8; ++c) {
        const C& k = comps[c];
        const double cs = std::cos(k.angle), sn = std::sin(k.angle);
        EllipseSpec e;
        e.cx = k.mx, e.cy = k.my, e.category = c;
        e.cxx = k.a * k.a * cs * cs + k.b * k.b * sn * sn;
        e.cyy = k.a * k.a * sn * sn + k.b * k.b * cs * cs;
        e.cxy = (k.a * k.a - k.b * k.b) * sn * cs;
        g.components.append(e);
    }
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> z(0, 1);
    std::discrete_distribution<int> pick({0.20, 0.14, 0.12, 0.06, 0.22, 0.08, 0.06, 0.12});
    g.data.x.reserve(n), g.data.y.reserve(n), g.data.category.reserve(n), g.data.value.reserve(n),
        g.data.ids.reserve(n);
    for (qint64 i = 0; i < n; ++i) {
        const int c = pick(rng);
        const C& k = comps[c];
        const double u = k.a * z(rng), v = k.b * z(rng);
        const double x = k.mx + std::cos(k.angle) * u - std::sin(k.angle) * v;
        const double y = k.my + std::sin(k.angle) * u + std::cos(k.angle) * v;
        g.data.x.append(x);
        g.data.y.append(y);
        g.data.category.append(c);
        // A "selection score": closeness to the medical centroid, plus noise.
        const double d = std::hypot(x - comps[1].mx, y - comps[1].my);
        g.data.value.append(std::exp(-d * d / 30.0) + 0.08 * z(rng));
        g.data.ids.append(1000000 + i);
        g.inDomain.append(c == 1);
    }
    return g;
}

}  // namespace synth
