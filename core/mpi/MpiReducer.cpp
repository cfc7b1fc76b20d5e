#include "mpi/MpiReducer.h"

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <stdexcept>

namespace dl {

MpiSession::MpiSession(int* argc, char*** argv) {
    int provided = 0;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
}

MpiSession::~MpiSession() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Finalize();
}

void MpiSession::abort(int exitCode) {
    MPI_Abort(MPI_COMM_WORLD, exitCode);
    std::exit(exitCode);  // not reached
}

MpiReducer::MpiReducer() {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

void MpiReducer::sum(std::span<double> values) {
    // MPI counts are int: large buffers go in pieces.
    constexpr std::size_t kPiece = std::size_t{1} << 28;
    for (std::size_t at = 0; at < values.size(); at += kPiece) {
        const int count = static_cast<int>(std::min(kPiece, values.size() - at));
        MPI_Allreduce(MPI_IN_PLACE, values.data() + at, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
}

std::vector<double> MpiReducer::gatherToRoot(std::span<const double> local) {
    if (local.size() > static_cast<std::size_t>(INT_MAX))
        throw std::length_error("MPI gather: too many values per rank");
    const int mine = static_cast<int>(local.size());
    std::vector<int> counts(static_cast<std::size_t>(size_)), displs(static_cast<std::size_t>(size_));
    MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<double> all;
    if (rank_ == 0) {
        long long total = 0;
        for (int r = 0; r < size_; ++r) {
            if (total > INT_MAX) throw std::length_error("MPI gather: more than 2^31 values in all");
            displs[std::size_t(r)] = static_cast<int>(total);
            total += counts[std::size_t(r)];
        }
        all.resize(static_cast<std::size_t>(total));
    }
    MPI_Gatherv(local.data(), mine, MPI_DOUBLE, all.data(), counts.data(), displs.data(), MPI_DOUBLE, 0,
                MPI_COMM_WORLD);
    return all;
}

}  // namespace dl
