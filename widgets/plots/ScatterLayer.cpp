#include "ScatterLayer.h"

#include "DensityLevels.h"
#include "ScatterCut.h"
#include "ScatterIndex.h"

#include <algorithm>
#include <cmath>

namespace {
constexpr int kValueLevels = 64;  // quantised colours for value-coloured points

// A pixel channel (v in [0, 255]) to the nearest integer, inline: std::lround is a libm call
// (errno semantics keep GCC from inlining it), four per pixel of every density redraw, which
// made the 1-px dots at 1200x800 3x slower (bench/render/RESULTS.md, 2026-11-27).
inline int channel(double v) {
    return static_cast<int>(v + 0.5);  // NOLINT(bugprone-incorrect-roundings): v >= 0 here
}
}  // namespace

ScatterLayer::ScatterLayer(QCPAxisRect* axisRect, const QString& layerName)
    : QCPLayerable(axisRect->parentPlot(), layerName, axisRect), axisRect_(axisRect) {}

void ScatterLayer::setIndex(const ScatterIndex* index) { index_ = index; }

void ScatterLayer::setCategories(std::shared_ptr<const std::vector<int16_t>> sortedCategory,
                                 const QVector<QColor>& colors) {
    category_ = sortedCategory ? std::move(sortedCategory) : std::make_shared<const std::vector<int16_t>>();
    colors_ = colors;
    categoryStamps_.clear();
}

void ScatterLayer::setValues(std::shared_ptr<const std::vector<float>> sortedValues, const QCPColorGradient& gradient,
                             const QCPRange& range) {
    value_ = sortedValues ? std::move(sortedValues) : std::make_shared<const std::vector<float>>();
    gradient_ = gradient;
    valueRange_ = range;
    valueStamps_.clear();
}

void ScatterLayer::setColorByValue(bool byValue) { byValue_ = byValue && !value_->empty(); }

void ScatterLayer::setSelection(std::vector<uint8_t> sortedFlags, qint64 count) {
    selected_ = std::move(sortedFlags);
    selectedCount_ = count;
}

void ScatterLayer::setPointRadius(double px) {
    radius_ = std::max(0.5, px);
    categoryStamps_.clear();
    valueStamps_.clear();
    ringStamp_ = QImage();
}

QRect ScatterLayer::clipRect() const { return axisRect_->rect(); }

void ScatterLayer::applyDefaultAntialiasingHint(QCPPainter* painter) const { painter->setAntialiasing(false); }

ScatterLayer::Transform ScatterLayer::transform() const {
    // Linear axes only (PCA coordinates): pixel = a + b·coord, computed once per redraw so the
    // inner loops never call coordToPixel.
    const QCPAxis* k = axisRect_->axis(QCPAxis::atBottom);
    const QCPAxis* v = axisRect_->axis(QCPAxis::atLeft);
    const QCPRange kr = k->range(), vr = v->range();
    const double kp0 = k->coordToPixel(kr.lower), kp1 = k->coordToPixel(kr.upper);
    const double vp0 = v->coordToPixel(vr.lower), vp1 = v->coordToPixel(vr.upper);
    Transform t{};
    t.bx = (kp1 - kp0) / (kr.upper - kr.lower);
    t.ax = kp0 - t.bx * kr.lower;
    t.by = (vp1 - vp0) / (vr.upper - vr.lower);
    t.ay = vp0 - t.by * vr.lower;
    return t;
}

ScatterLayer::Mode ScatterLayer::decide() {
    if (!index_ || index_->size() == 0) {
        visible_ = 0;
        return mode_ = Mode::Points;
    }
    const QCPRange kr = axisRect_->axis(QCPAxis::atBottom)->range();
    const QCPRange vr = axisRect_->axis(QCPAxis::atLeft)->range();
    visible_ = index_->count({kr.lower, kr.upper, vr.lower, vr.upper}, budget_);
    if (visible_ > budget_) {
        // The density pass counts exactly anyway; an exact figure here keeps the status honest.
        visible_ = index_->count({kr.lower, kr.upper, vr.lower, vr.upper});
        return mode_ = visible_ <= splatLimit() ? Mode::Dots : Mode::Density;
    }
    return mode_ = Mode::Points;
}

void ScatterLayer::draw(QCPPainter* painter) {
    if (!index_ || index_->size() == 0) return;
    const Transform t = transform();
    if (!std::isfinite(t.bx) || !std::isfinite(t.by)) return;
    if (mode_ != Mode::Points) drawDensity(painter, t);
    else drawPoints(painter, t);
}

void ScatterLayer::drawDensity(QCPPainter* painter, const Transform& t) {
    const QRect r = axisRect_->rect();
    // Between the point budget and a few times it, bins of one pixel with a 3×3 splat per
    // point look like a scatter of fine dots; at overview, coarser bins show the density.
    const bool splat = mode_ == Mode::Dots;
    const int bin = splat ? 1 : binPx_;
    const int nbx = (r.width() + bin - 1) / bin, nby = (r.height() + bin - 1) / bin;
    if (nbx <= 0 || nby <= 0) return;
    const size_t bins = size_t(nbx) * size_t(nby);
    // Per bin, all weighted: r, g, b (or value sum, valued weight), selected weight, weight in
    // the cut. With a cut shown, colours sum over the points in the cut only.
    acc_.assign(bins * 5, 0.0f);
    weights_.assign(bins, 0.0f);

    // Category colours as floats so each point adds its colour to its bin's running sum.
    std::vector<float> palette(size_t(std::max<qsizetype>(colors_.size(), 1)) * 3, 0.5f);
    for (int c = 0; c < colors_.size(); ++c) {
        palette[size_t(c) * 3 + 0] = float(colors_[c].redF());
        palette[size_t(c) * 3 + 1] = float(colors_[c].greenF());
        palette[size_t(c) * 3 + 2] = float(colors_[c].blueF());
    }
    const float neutral[3] = {0.53f, 0.53f, 0.53f};
    const double ox = (t.ax - r.left()) / bin, sx = t.bx / bin;
    const double oy = (t.ay - r.top()) / bin, sy = t.by / bin;
    const float* xs = index_->xs().data();
    const float* ys = index_->ys().data();
    const bool hasCat = !category_->empty(), hasSel = selectedCount_ > 0 && !selected_.empty();
    const bool byValue = byValue_;
    const bool hasCut = cut_ && cut_->active();
    auto add = [&](size_t k, float w, const float* col, float value, float sel, bool inCut) {
        weights_[k] += w;
        float* a = &acc_[k * 5];
        a[3] += w * sel;
        if (hasCut) {
            if (!inCut) return;
            a[4] += w;
        }
        if (byValue) {
            // Points without a value (NaN: not in that run) count for opacity, not colour.
            if (std::isfinite(value)) a[0] += w * value, a[1] += w;
        } else {
            a[0] += w * col[0];
            a[1] += w * col[1];
            a[2] += w * col[2];
        }
    };
    static constexpr float kernel[3][3] = {{0.25f, 0.5f, 0.25f}, {0.5f, 1.0f, 0.5f}, {0.25f, 0.5f, 0.25f}};
    const QCPRange kr = axisRect_->axis(QCPAxis::atBottom)->range();
    const QCPRange vr = axisRect_->axis(QCPAxis::atLeft)->range();
    index_->forEachCellRange({kr.lower, kr.upper, vr.lower, vr.upper}, [&](qint64 b, qint64 e, bool) {
        for (qint64 p = b; p < e; ++p) {
            const double fx = ox + sx * xs[p], fy = oy + sy * ys[p];
            if (!(fx >= 0 && fx < nbx && fy >= 0 && fy < nby)) continue;
            const int c = hasCat ? (*category_)[size_t(p)] : -1;
            const float* col = (c >= 0 && c < colors_.size()) ? &palette[size_t(c) * 3] : neutral;
            const float value = byValue ? (*value_)[size_t(p)] : 0.0f;
            const float sel = hasSel ? float(selected_[size_t(p)]) : 0.0f;
            const bool inCut = hasCut && cut_->contains(p);
            const int ix = int(fx), iy = int(fy);
            if (!splat) {
                add(size_t(iy) * size_t(nbx) + size_t(ix), 1.0f, col, value, sel, inCut);
                continue;
            }
            for (int dy = -1; dy <= 1; ++dy) {
                const int y = iy + dy;
                if (y < 0 || y >= nby) continue;
                for (int dx = -1; dx <= 1; ++dx) {
                    const int x = ix + dx;
                    if (x >= 0 && x < nbx)
                        add(size_t(y) * size_t(nbx) + size_t(x), kernel[dy + 1][dx + 1], col, value, sel, inCut);
                }
            }
        }
    });

    float maxWeight = 0;
    for (float w : weights_) maxWeight = std::max(maxWeight, w);
    if (maxWeight <= 0) return;
    const DensityLevels levelOf(maxWeight);  // log1p(n) / log1p(max) from a table (DensityLevels.h)
    QImage img(nbx, nby, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    for (int y = 0; y < nby; ++y) {
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < nbx; ++x) {
            const size_t k = size_t(y) * size_t(nbx) + size_t(x);
            const float n = weights_[k];
            if (n <= 0) continue;
            // Opacity follows log density so sparse outliers stay visible next to dense cores.
            const double level = levelOf(n);
            // A splatted lone point fades from its centre (weight 1) to its corners (0.25).
            const double base = splat ? 0.2 + 0.5 * std::min(1.0, double(n)) : 0.28;
            double alpha = base + (1.0 - base) * level;
            const float* a = &acc_[k * 5];
            // With a cut shown, the colour is that of the bin's points in the cut; bins without
            // any are a faint grey, so the cut stands out at any density.
            const float colourWeight = hasCut ? a[4] : n;
            double cr, cg, cb;
            if (a[3] > 0.5f * n) {
                cr = cg = cb = 0.12;  // mostly selected points here: draw dark
            } else if (hasCut && colourWeight <= 0) {
                cr = cg = cb = 0.72;
                alpha = 0.12 + 0.3 * level;
            } else if (byValue && a[1] > 0) {
                // Mean value of the bin's points that have one.
                const QRgb c = gradient_.color(a[0] / a[1], valueRange_);
                cr = qRed(c) / 255.0, cg = qGreen(c) / 255.0, cb = qBlue(c) / 255.0;
            } else if (byValue) {
                cr = cg = cb = neutral[0];
            } else {
                // Mean colour of the bin's points, darkened a little where density is high.
                const double shade = 1.0 - 0.25 * level * level;
                cr = a[0] / colourWeight * shade, cg = a[1] / colourWeight * shade, cb = a[2] / colourWeight * shade;
            }
            if (hasCut && colourWeight > 0) alpha = std::max(alpha, 0.6);
            line[x] = qRgba(channel(cr * alpha * 255), channel(cg * alpha * 255), channel(cb * alpha * 255),
                            channel(alpha * 255));
        }
    }
    painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter->drawImage(QRect(r.left(), r.top(), nbx * bin, nby * bin), img);
}

QColor ScatterLayer::pointColor(qint64 pos) const {
    if (cut_ && cut_->active() && !cut_->contains(pos)) return QColor(0xC8, 0xC8, 0xC8);
    if (byValue_) {
        const float v = (*value_)[size_t(pos)];
        if (!std::isfinite(v)) return QColor(0x88, 0x88, 0x88);
        auto& g = const_cast<QCPColorGradient&>(gradient_);  // color() only fills its lookup table
        return QColor::fromRgb(g.color(v, valueRange_));
    }
    const int c = category_->empty() ? -1 : (*category_)[size_t(pos)];
    return (c >= 0 && c < colors_.size()) ? colors_[c] : QColor(0x88, 0x88, 0x88);
}

QImage ScatterLayer::makeStamp(const QColor& fill, bool ring) const {
    const double ratio = stampRatio_;
    const double d = 2 * radius_ + 2;  // one pixel of room around the disc for antialiasing
    QImage img(int(std::ceil(d * ratio)), int(std::ceil(d * ratio)), QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(ratio);
    img.fill(Qt::transparent);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    if (ring) {
        p.setPen(QPen(QColor(0x1A, 0x1A, 0x1A), 1.4));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(QPointF(d / 2, d / 2), radius_ + 0.3, radius_ + 0.3);
    } else {
        QColor f = fill;
        f.setAlpha(215);
        p.setPen(QPen(fill.darker(135), 0.7));
        p.setBrush(f);
        p.drawEllipse(QPointF(d / 2, d / 2), radius_, radius_);
    }
    return img;
}

void ScatterLayer::rebuildStamps() {
    // Category stamps are made on first use (categoryStamp): a map may name thousands of
    // categories of which few have points in view.
    categoryStamps_ = QVector<QImage>(colors_.size() + 1);  // the last: uncategorised
    valueStamps_.clear();
    if (!value_->empty())
        for (int i = 0; i < kValueLevels; ++i)
            valueStamps_.append(
                makeStamp(QColor::fromRgb(gradient_.color(i / double(kValueLevels - 1), QCPRange(0, 1))), false));
    ringStamp_ = makeStamp(Qt::black, true);
    fadedStamp_ = makeStamp(QColor(0xC8, 0xC8, 0xC8), false);  // outside a shown cut
}

const QImage& ScatterLayer::categoryStamp(int c) {
    const int uncategorised = int(categoryStamps_.size()) - 1;
    if (c < 0 || c >= uncategorised) c = uncategorised;
    QImage& stamp = categoryStamps_[c];
    if (stamp.isNull()) stamp = makeStamp(c < uncategorised ? colors_[c] : QColor(0x88, 0x88, 0x88), false);
    return stamp;
}

void ScatterLayer::drawPoints(QCPPainter* painter, const Transform& t) {
    const QCPRange kr = axisRect_->axis(QCPAxis::atBottom)->range();
    const QCPRange vr = axisRect_->axis(QCPAxis::atLeft)->range();
    const ScatterIndex::Rect view{kr.lower, kr.upper, vr.lower, vr.upper};
    const float* xs = index_->xs().data();
    const float* ys = index_->ys().data();
    const bool hasSel = selectedCount_ > 0 && !selected_.empty();

    if (painter->modes().testFlag(QCPPainter::pmVectorized)) {
        // PDF/SVG export: real vector discs, not pasted bitmaps.
        painter->setAntialiasing(true);
        index_->forEachCellRange(view, [&](qint64 b, qint64 e, bool inside) {
            for (qint64 p = b; p < e; ++p) {
                if (!inside && !(xs[p] >= view.x0 && xs[p] <= view.x1 && ys[p] >= view.y0 && ys[p] <= view.y1))
                    continue;
                const QColor c = pointColor(p);
                QColor f = c;
                f.setAlpha(215);
                painter->setPen(QPen(c.darker(135), 0.7));
                painter->setBrush(f);
                const QPointF center(t.ax + t.bx * xs[p], t.ay + t.by * ys[p]);
                if (!std::isfinite(center.x()) || !std::isfinite(center.y())) continue;
                painter->drawEllipse(center, radius_, radius_);
                if (hasSel && selected_[size_t(p)]) {
                    painter->setPen(QPen(QColor(0x1A, 0x1A, 0x1A), 1.4));
                    painter->setBrush(Qt::NoBrush);
                    painter->drawEllipse(center, radius_ + 0.3, radius_ + 0.3);
                }
            }
        });
        return;
    }

    // Stamps are rendered at the device resolution: screen DPR times any export scale
    // (savePng draws through a scaled painter), so points stay crisp in 2× PNGs.
    const double ratio = (painter->device() ? painter->device()->devicePixelRatioF() : 1.0) *
                         std::max(1.0, std::abs(painter->worldTransform().m11()));
    if (ratio != stampRatio_ || categoryStamps_.size() != colors_.size() + 1 || (byValue_ && valueStamps_.isEmpty())) {
        stampRatio_ = ratio;
        rebuildStamps();
    }
    const double half = radius_ + 1;
    const double span = valueRange_.upper - valueRange_.lower;
    auto stampFor = [&](qint64 p) -> const QImage& {
        if (byValue_) {
            const float v = (*value_)[size_t(p)];
            if (!std::isfinite(v)) return categoryStamp(-1);
            const double u = span > 0 ? (v - valueRange_.lower) / span : 0.5;
            return valueStamps_[std::clamp(int(std::lround(u * (kValueLevels - 1))), 0, kValueLevels - 1)];
        }
        return categoryStamp(category_->empty() ? -1 : (*category_)[size_t(p)]);
    };
    // Every position handed to the painter is finite: the raster engine writes out of bounds
    // for a NaN position. The index keeps such points out of its cells already.
    auto stampAt = [&](qint64 p, const QImage& stamp) {
        const double px = t.ax + t.bx * xs[p] - half, py = t.ay + t.by * ys[p] - half;
        if (std::isfinite(px) && std::isfinite(py)) painter->drawImage(QPointF(px, py), stamp);
    };
    const bool hasCut = cut_ && cut_->active();
    std::vector<qint64> selectedVisible, cutVisible;
    index_->forEachCellRange(view, [&](qint64 b, qint64 e, bool inside) {
        for (qint64 p = b; p < e; ++p) {
            if (!inside && !(xs[p] >= view.x0 && xs[p] <= view.x1 && ys[p] >= view.y0 && ys[p] <= view.y1)) continue;
            if (hasCut) {
                // Faded points first, the cut's points over them.
                if (cut_->contains(p)) cutVisible.push_back(p);
                else stampAt(p, fadedStamp_);
            } else {
                stampAt(p, stampFor(p));
            }
            if (hasSel && selected_[size_t(p)]) selectedVisible.push_back(p);
        }
    });
    for (qint64 p : cutVisible) stampAt(p, stampFor(p));
    // Rings last, so no unselected point covers a selected one.
    for (qint64 p : selectedVisible) stampAt(p, ringStamp_);
}
