#!/usr/bin/env python3
"""Real-embedding data for the GMM/PCA benchmark (bench/gmm/RESULTS.md says how it is built).

  make_real.py encode OUTDIR [MODEL_DIR]   distinct English sentences of ../shared/data -> OUTDIR/base.f32 (B x 384)
  make_real.py build  OUTDIR ROWS          -> OUTDIR/emb.f32 (ROWS x 384 float32), OUTDIR/emb.f16 (the same rounded
                                              to float16, as the project stores them), OUTDIR/pca50.f64 (ROWS x 50)

Rows: row i = base[i mod B] + 0.01 * N(0, I) (seed 2026), i.e. every real MiniLM vector
(unit length, per-coordinate spread ~0.05) repeated ~ROWS/B times with small isotropic
noise so that no two rows are equal. pca50.f64: the rows projected on their 50 leading
principal axes (numpy float64 covariance of all rows), the GMM benchmark's input.
"""
import os
import sys

import numpy as np

SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "data")


def sentences(shared):
    seen, out = set(), []
    for folder in ("llm-dom-ad-deen-train2500", "llm-dom-ad-deen-test", "llm-dom-ad-enfr-test", "europarl-deen"):
        d = os.path.join(shared, folder)
        for name in sorted(os.listdir(d)):
            if not name.endswith(".en"):
                continue
            with open(os.path.join(d, name), encoding="utf-8", errors="replace") as f:
                for line in f:
                    s = line.strip()
                    if s and s not in seen:
                        seen.add(s)
                        out.append(s)
    return out


def encode(outdir, model_dir):
    import torch
    from sentence_transformers import SentenceTransformer
    torch.set_num_threads(2)
    sents = sentences(os.environ.get("DOMAINLENS_SHARED_DATA", SHARED))
    model = SentenceTransformer(model_dir, device="cpu")
    emb = model.encode(sents, batch_size=64, convert_to_numpy=True, show_progress_bar=False).astype(np.float32)
    os.makedirs(outdir, exist_ok=True)
    emb.tofile(os.path.join(outdir, "base.f32"))
    print(f"{len(sents)} distinct sentences -> {emb.shape}")


def build(outdir, rows):
    base = np.fromfile(os.path.join(outdir, "base.f32"), dtype=np.float32).reshape(-1, 384)
    rng = np.random.default_rng(2026)
    x = np.empty((rows, 384), dtype=np.float32)
    for s in range(0, rows, 100000):
        e = min(rows, s + 100000)
        x[s:e] = base[np.arange(s, e) % len(base)] + 0.01 * rng.standard_normal((e - s, 384), dtype=np.float32)
    x.tofile(os.path.join(outdir, "emb.f32"))
    x.astype(np.float16).tofile(os.path.join(outdir, "emb.f16"))
    mean = x.mean(0, dtype=np.float64)
    cov = np.zeros((384, 384))
    for s in range(0, rows, 100000):
        c = x[s:s + 100000].astype(np.float64) - mean
        cov += c.T @ c
    w, v = np.linalg.eigh(cov / (rows - 1))
    axes = v[:, ::-1][:, :50]
    y = np.empty((rows, 50))
    for s in range(0, rows, 100000):
        y[s:s + 100000] = (x[s:s + 100000].astype(np.float64) - mean) @ axes
    y.tofile(os.path.join(outdir, "pca50.f64"))
    print(f"{rows} rows from {len(base)} real vectors -> {outdir}")


if __name__ == "__main__":
    if sys.argv[1] == "encode":
        encode(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else os.path.expanduser("~/.local/share/domainlens/models/all-MiniLM-L6-v2"))
    else:
        build(sys.argv[2], int(sys.argv[3]))
