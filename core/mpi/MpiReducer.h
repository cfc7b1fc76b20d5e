#pragma once
// StatsReducer over MPI (built only with -DDOMAINLENS_WITH_MPI, Debian's Open MPI): sums are
// MPI_Allreduce on MPI_COMM_WORLD, the gather is MPI_Gatherv to rank 0. Thread affinity: the
// thread that created the MpiSession makes every call (MPI_THREAD_FUNNELED).
#include <string>

#include "analysis/StatsReducer.h"

namespace dl {

// MPI_Init on construction, MPI_Finalize on destruction; one per process.
class MpiSession {
public:
    MpiSession(int* argc, char*** argv);
    ~MpiSession();
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;
    // Ends every rank with this exit code (a rank that failed alone would leave the others
    // waiting in a collective call forever).
    [[noreturn]] void abort(int exitCode);
};

class MpiReducer final : public StatsReducer {
public:
    MpiReducer();
    int rank() const override { return rank_; }
    int size() const override { return size_; }
    void sum(std::span<double> values) override;
    std::vector<double> gatherToRoot(std::span<const double> local) override;

private:
    int rank_ = 0, size_ = 1;
};

}  // namespace dl
