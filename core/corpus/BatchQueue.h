#pragma once
// A bounded hand-over of ImportBatch objects from one producer thread (the import's reader)
// to one consumer thread (the SQLite writer). At most `capacity` batches wait, so memory
// stays flat whatever the corpus size; consumed batches come back for reuse.
// Thread-safe; every member may be called from either thread.
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "corpus/ImportBatch.h"

namespace dl {

class BatchQueue {
public:
    explicit BatchQueue(std::size_t capacity) : capacity_(capacity) {}

    // Producer: a cleared batch to fill (a recycled one when there is one).
    std::unique_ptr<ImportBatch> emptyBatch() {
        std::lock_guard lock(mutex_);
        if (spare_.empty()) return std::make_unique<ImportBatch>();
        auto b = std::move(spare_.back());
        spare_.pop_back();
        b->clear();
        return b;
    }
    // Producer: blocks while the queue is full; false when the consumer aborted.
    bool push(std::unique_ptr<ImportBatch> batch) {
        std::unique_lock lock(mutex_);
        notFull_.wait(lock, [&] { return aborted_ || ready_.size() < capacity_; });
        if (aborted_) return false;
        ready_.push_back(std::move(batch));
        notEmpty_.notify_one();
        return true;
    }
    // Producer: no more batches will come.
    void finish() {
        std::lock_guard lock(mutex_);
        finished_ = true;
        notEmpty_.notify_all();
    }
    // Consumer: the next batch; nullptr once the producer finished and all were taken, or after abort().
    std::unique_ptr<ImportBatch> pop() {
        std::unique_lock lock(mutex_);
        notEmpty_.wait(lock, [&] { return aborted_ || finished_ || !ready_.empty(); });
        if (aborted_ || ready_.empty()) return nullptr;
        auto b = std::move(ready_.front());
        ready_.pop_front();
        notFull_.notify_one();
        return b;
    }
    // Consumer: a batch it is done with, for reuse.
    void recycle(std::unique_ptr<ImportBatch> batch) {
        std::lock_guard lock(mutex_);
        if (spare_.size() < capacity_) spare_.push_back(std::move(batch));
    }
    // Either side: stop the hand-over (an error or a cancel); a blocked push or pop returns.
    void abort() {
        std::lock_guard lock(mutex_);
        aborted_ = true;
        notFull_.notify_all();
        notEmpty_.notify_all();
    }
    bool aborted() const {
        std::lock_guard lock(mutex_);
        return aborted_;
    }

private:
    const std::size_t capacity_;
    mutable std::mutex mutex_;
    std::condition_variable notFull_, notEmpty_;
    std::deque<std::unique_ptr<ImportBatch>> ready_;
    std::vector<std::unique_ptr<ImportBatch>> spare_;
    bool finished_ = false, aborted_ = false;
};

}  // namespace dl
