#pragma once
// Measures how long the GUI thread's event loop goes without turning: a 5 ms precise timer
// records the gap between its ticks; the largest gap is the longest stall a user would feel.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <algorithm>
#include <vector>

class StallProbe : public QObject {
public:
    explicit StallProbe(QObject* parent = nullptr) : QObject(parent) {
        timer_.setTimerType(Qt::PreciseTimer);
        timer_.setInterval(5);
        connect(&timer_, &QTimer::timeout, this, [this] {
            const qint64 now = clock_.nsecsElapsed();
            gaps_.push_back(double(now - last_) / 1e6);
            last_ = now;
        });
    }
    void start() {
        gaps_.clear();
        clock_.start();
        last_ = 0;
        timer_.start();
    }
    void stop() { timer_.stop(); }
    double maxGapMs() const { return gaps_.empty() ? 0 : *std::max_element(gaps_.begin(), gaps_.end()); }
    double percentileMs(double p) const {
        if (gaps_.empty()) return 0;
        auto v = gaps_;
        std::sort(v.begin(), v.end());
        return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
    }
    std::size_t ticks() const { return gaps_.size(); }

private:
    QTimer timer_;
    QElapsedTimer clock_;
    qint64 last_ = 0;
    std::vector<double> gaps_;
};
