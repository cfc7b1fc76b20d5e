#pragma once
// Measures how long the GUI thread's event loop goes without turning: a 5 ms precise timer
// records the gap between its ticks; the largest gap is the longest stall a user would feel.
// Each gap is split with the kernel's per-thread accounting (/proc/thread-self/schedstat:
// time on a CPU, time runnable but waiting for a CPU) into
//   busy    - the GUI thread ran: work done on the GUI thread (ours to fix),
//   queued  - the GUI thread was runnable but no core was free (a busy machine),
//   blocked - the rest: sleeping, i.e. the timer's own 5 ms wait plus any lock or I/O wait.
// Must be created and started on the GUI thread (the timer fires there).
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

class StallProbe : public QObject {
public:
    struct Gap {
        double ms = 0, busyMs = 0, queuedMs = 0;
        double blockedMs() const { return std::max(0.0, ms - busyMs - queuedMs); }
    };

    explicit StallProbe(QObject* parent = nullptr) : QObject(parent) {
        timer_.setTimerType(Qt::PreciseTimer);
        timer_.setInterval(5);
        connect(&timer_, &QTimer::timeout, this, [this] {
            const qint64 now = clock_.nsecsElapsed();
            const auto sched = readSchedStat();
            gaps_.push_back({double(now - last_) / 1e6, double(sched.cpuNs - lastSched_.cpuNs) / 1e6,
                             double(sched.waitNs - lastSched_.waitNs) / 1e6});
            last_ = now;
            lastSched_ = sched;
        });
    }
    void start() {
        gaps_.clear();
        clock_.start();
        last_ = 0;
        lastSched_ = readSchedStat();
        timer_.start();
    }
    void stop() { timer_.stop(); }
    double maxGapMs() const { return longest().ms; }
    // The gap with the largest wall time (the stall a user feels) and its breakdown.
    Gap longest() const {
        auto it = std::max_element(gaps_.begin(), gaps_.end(), [](const Gap& a, const Gap& b) { return a.ms < b.ms; });
        return it == gaps_.end() ? Gap{} : *it;
    }
    // The largest time the GUI thread spent running inside one gap: the longest piece of
    // GUI-thread work, independent of how busy the machine was.
    double maxBusyMs() const {
        double m = 0;
        for (const auto& g : gaps_) m = std::max(m, g.busyMs);
        return m;
    }
    double maxBlockedMs() const {
        double m = 0;
        for (const auto& g : gaps_) m = std::max(m, g.blockedMs());
        return m;
    }
    double percentileMs(double p) const {
        if (gaps_.empty()) return 0;
        std::vector<double> v;
        for (const auto& g : gaps_) v.push_back(g.ms);
        std::sort(v.begin(), v.end());
        return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
    }
    std::size_t ticks() const { return gaps_.size(); }

private:
    struct SchedStat {
        long long cpuNs = 0, waitNs = 0;
    };
    static SchedStat readSchedStat() {
        SchedStat s;
        if (FILE* f = std::fopen("/proc/thread-self/schedstat", "r")) {
            if (std::fscanf(f, "%lld %lld", &s.cpuNs, &s.waitNs) != 2) s = {};
            std::fclose(f);
        }
        return s;
    }

    QTimer timer_;
    QElapsedTimer clock_;
    qint64 last_ = 0;
    SchedStat lastSched_;
    std::vector<Gap> gaps_;
};
