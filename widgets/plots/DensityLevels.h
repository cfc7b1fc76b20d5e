#pragma once
// The opacity level of a density or dots bin on the map: log1p(n) / log1p(max), where n is the
// bin's weight. Weights are multiples of 1/4: the dots' 3x3 splat kernel has weights 1/4, 1/2
// and 1, and density bins hold whole counts. For those the levels come from a table filled once
// per redraw, with the same doubles (double(i) / 4 equals the float weight exactly). One libm
// log1p per drawn pixel was a third of a dots redraw at 1.5M points (bench/render/RESULTS.md,
// 2026-11-27). A weight off the table (not a quarter step, or above it) is computed directly.
// Plain C++ (no Qt); built and used on the GUI thread by ScatterLayer::drawDensity.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

class DensityLevels {
public:
    static constexpr int kStepsPerUnit = 4;
    static constexpr double kTableWeight = 4096.0;  // weights above it are computed directly

    // maxWeight > 0: the largest weight of any bin in this redraw.
    explicit DensityLevels(float maxWeight)
        : logMax_(std::log1p(double(maxWeight))),
          top_(int(std::min(double(maxWeight), kTableWeight) * kStepsPerUnit)),
          table_(std::size_t(top_) + 1) {
        for (int i = 0; i <= top_; ++i) table_[std::size_t(i)] = std::log1p(double(i) / kStepsPerUnit) / logMax_;
    }

    double operator()(float n) const {
        const float q = n * kStepsPerUnit;
        const int i = int(q);
        if (i >= 0 && i <= top_ && float(i) == q) return table_[std::size_t(i)];
        return std::log1p(double(n)) / logMax_;
    }

    std::size_t tableSize() const { return table_.size(); }

private:
    double logMax_;
    int top_;
    std::vector<double> table_;
};
