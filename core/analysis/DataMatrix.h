#pragma once
// A dense row-major matrix living on the compute device (CPU or CUDA) in float64 or
// float32 (the PCA on it is declared in analysis/Pca.h). The tensor is hidden behind a pimpl so that this header stays
// plain C++ (no torch): only core/analysis/*.cpp include ATen.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

// Working precision of the O(N·d) numerics. Float64 matches scikit-learn to 1e-6 and is the
// default; Float32 is about twice as fast on CPU and GPU and fine for exploration.
enum class Precision { Float64, Float32 };

class DataMatrix {
public:
    DataMatrix();
    ~DataMatrix();
    DataMatrix(const DataMatrix&);
    DataMatrix& operator=(const DataMatrix&);
    DataMatrix(DataMatrix&&) noexcept;
    DataMatrix& operator=(DataMatrix&&) noexcept;

    // Copies a row-major matrix onto the device (`cuda` false = CPU; true = CUDA if available).
    static Expected<DataMatrix> fromFloat(std::span<const float> data, std::int64_t rows, int cols,
                                          Precision precision = Precision::Float64, bool cuda = false);
    static Expected<DataMatrix> fromDouble(std::span<const double> data, std::int64_t rows, int cols,
                                           Precision precision = Precision::Float64, bool cuda = false);

    DataMatrix to(Precision precision) const;  // same matrix in another precision (shared when equal)
    std::int64_t rows() const;
    int cols() const;
    Precision precision() const;
    bool onCuda() const;
    bool allFinite() const;
    std::vector<double> toDouble() const;                   // row-major copy on the host
    std::vector<float> columnsToFloat(int firstCols) const;  // the first columns, row-major, host

    struct Impl;
    std::shared_ptr<Impl> d;  // shared, immutable after construction
};

// True when libtorch sees a CUDA device (the job then computes there).
bool cudaAvailable();

}  // namespace dl
