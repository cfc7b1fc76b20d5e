// Linear layers at reduced precision (NetPartsImpl.h). int8 goes through the quantized
// engine of libtorch (oneDNN: Debian's libtorch has no FBGEMM), so the weight is quantised
// and packed once at load and the activations are quantised per call by the packed kernel.
#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/native/quantized/PackedParams.h>

#include <algorithm>

#include "encode/NetPartsImpl.h"

namespace dl::net {

struct Int8Weights {
    c10::intrusive_ptr<LinearPackedParamsBase> packed;
};

namespace {

bool hasEngine(at::QEngine e) {
    const auto& engines = at::globalContext().supportedQEngines();
    return std::find(engines.begin(), engines.end(), e) != engines.end();
}

// Symmetric per-output-channel int8: scale = max |w_row| / 127, zero point 0 (oneDNN's
// requirement for per-channel weights).
std::shared_ptr<const Int8Weights> packInt8(const at::Tensor& w, const at::Tensor& b) {
    const at::Tensor scales = (w.abs().amax({1}) / 127.0).clamp_min(1e-12).to(at::kDouble);
    const at::Tensor zeros = at::zeros({w.size(0)}, at::kLong);
    const at::Tensor qw = at::quantize_per_channel(w, scales, zeros, 0, at::kQInt8);
    static const auto prepack =
        c10::Dispatcher::singleton()
            .findSchemaOrThrow("quantized::linear_prepack", "")
            .typed<c10::intrusive_ptr<LinearPackedParamsBase>(at::Tensor, c10::optional<at::Tensor>)>();
    // The engine is global state: set it for the packing only (the packed object keeps its kernel).
    auto& ctx = at::globalContext();
    const at::QEngine before = ctx.qEngine();
    ctx.setQEngine(at::QEngine::ONEDNN);
    auto out = std::make_shared<Int8Weights>();
    try {
        out->packed = prepack.call(qw, b);
    } catch (...) {
        ctx.setQEngine(before);
        throw;
    }
    ctx.setQEngine(before);
    return out;
}

}  // namespace

bool supportsGemmPrecision(GemmPrecision p) { return p != GemmPrecision::Int8 || hasEngine(at::QEngine::ONEDNN); }

void lowerPrecision(Linear& l, GemmPrecision p) {
    switch (p) {
    case GemmPrecision::Native: return;
    case GemmPrecision::Bf16:
        l.wBf16 = l.w.to(at::kBFloat16).contiguous();
        l.bBf16 = l.b.to(at::kBFloat16);
        break;
    case GemmPrecision::Int8: l.int8 = packInt8(l.w.to(at::kFloat).contiguous(), l.b.to(at::kFloat)); break;
    }
    l.w = at::Tensor();
    l.b = at::Tensor();
}

at::Tensor Linear::operator()(const at::Tensor& x) const {
    if (int8) return int8->packed->apply_dynamic(x.contiguous(), /*reduce_range=*/false);
    if (wBf16.defined()) return at::linear(x.to(at::kBFloat16), wBf16, bBf16).to(x.scalar_type());
    return at::linear(x, w, b);
}

}  // namespace dl::net
