#pragma once
// How a fit's sufficient statistics are combined when its rows are spread over processes
// (GMM EM over MPI, `cluster --mpi`): every process holds a contiguous part of the rows,
// accumulates its statistics, and sum() makes each process see the totals, so every process
// runs the same M-step. The default reducer is the single process holding every row: its
// operations are no-ops, and the fits take their original code paths unchanged.
// The MPI implementation lives in core/mpi (built with -DDOMAINLENS_WITH_MPI=ON).
// Every process must call the same operations in the same order (collective calls).
#include <cstdint>
#include <span>
#include <vector>

namespace dl {

class StatsReducer {
public:
    virtual ~StatsReducer() = default;
    virtual int rank() const = 0;
    virtual int size() const = 0;
    // Element-wise sum over all processes, in place; every process gets the totals.
    virtual void sum(std::span<double> values) = 0;
    // The processes' values concatenated in rank order, on rank 0 (empty elsewhere).
    virtual std::vector<double> gatherToRoot(std::span<const double> local) = 0;
};

// This process holds every row.
class LocalReducer final : public StatsReducer {
public:
    int rank() const override { return 0; }
    int size() const override { return 1; }
    void sum(std::span<double>) override {}
    std::vector<double> gatherToRoot(std::span<const double> local) override { return {local.begin(), local.end()}; }
};

// Every process's count, in rank order, on every process (a sum of one-hot slots).
std::vector<std::int64_t> allCounts(StatsReducer& reducer, std::int64_t local);

}  // namespace dl
