#!/usr/bin/env python3
"""scikit-learn side of the GMM benchmark, and the data/start generator shared with bench_gmm.

  bench_sklearn.py gen  OUTDIR ROWS COLS K COV   -> OUTDIR/data.f64 (float64 row-major), OUTDIR/start.json
  bench_sklearn.py gmm  OUTDIR ITERS             -> one JSON line: seconds per EM iteration
  bench_sklearn.py start OUTDIR DATA.f64 ROWS COLS K COV -> OUTDIR/start.json (+ data.f64 link) for existing data
  bench_sklearn.py pcagen FILE ROWS COLS          -> synthetic float32 embeddings (seeded)
  bench_sklearn.py pca  FILE ROWS COLS COMPONENTS [SOLVERS] -> one JSON line: PCA fit_transform time

Data: a synthetic Gaussian mixture (K components, random full covariances, Dirichlet
weights), seeded. Start: means = K distinct random rows, equal weights, precisions = inverse
of the global covariance (for every component). Both sides run exactly ITERS EM iterations
(tol = 0) from that start; the per-iteration time is the time of sklearn's own
_e_step + _m_step pair as GaussianMixture.fit runs them.
"""
import json
import os
import sys
import time

import numpy as np


def gen(outdir, rows, cols, k, cov):
    rng = np.random.default_rng(12345)
    os.makedirs(outdir, exist_ok=True)
    w = rng.dirichlet(np.full(k, 5.0))
    counts = rng.multinomial(rows, w)
    x = np.empty((rows, cols))
    pos = 0
    for j in range(k):
        a = rng.normal(size=(cols, cols)) / np.sqrt(cols)
        mu = rng.normal(scale=3.0, size=cols)
        x[pos:pos + counts[j]] = rng.normal(size=(counts[j], cols)) @ a + mu
        pos += counts[j]
    x = x[rng.permutation(rows)]
    x.tofile(os.path.join(outdir, "data.f64"))
    write_start(outdir, x, k, cov, rng)


def write_start(outdir, x, k, cov, rng):
    rows, cols = x.shape
    means = x[rng.choice(rows, size=k, replace=False)]
    gcov = np.cov(x[:200000].T)
    prec = np.linalg.inv(gcov)
    if cov == "full":
        precisions = np.stack([prec] * k)
    elif cov == "tied":
        precisions = prec
    elif cov == "diag":
        precisions = np.tile(1.0 / np.diag(gcov), (k, 1))
    else:
        precisions = np.full(k, 1.0 / np.mean(np.diag(gcov)))
    json.dump({"rows": rows, "cols": cols, "k": k, "covariance": cov, "weights": [1.0 / k] * k,
               "means": means.ravel().tolist(), "precisions": np.asarray(precisions).ravel().tolist()},
              open(os.path.join(outdir, "start.json"), "w"))


def start_for(outdir, data, rows, cols, k, cov):
    """Start (same recipe as gen) for an existing float64 data file, linked as OUTDIR/data.f64."""
    os.makedirs(outdir, exist_ok=True)
    link = os.path.join(outdir, "data.f64")
    if not os.path.exists(link):
        os.symlink(os.path.abspath(data), link)
    x = np.fromfile(data).reshape(rows, cols)
    write_start(outdir, x, k, cov, np.random.default_rng(12345))


def gmm(outdir, iters):
    import sklearn
    from sklearn.mixture import GaussianMixture
    from threadpoolctl import threadpool_info
    start = json.load(open(os.path.join(outdir, "start.json")))
    rows, cols, k = start["rows"], start["cols"], start["k"]
    x = np.fromfile(os.path.join(outdir, "data.f64")).reshape(rows, cols)
    cov = start["covariance"]
    prec = np.asarray(start["precisions"])
    if cov == "full":
        prec = prec.reshape(k, cols, cols)
    elif cov == "tied":
        prec = prec.reshape(cols, cols)
    elif cov == "diag":
        prec = prec.reshape(k, cols)
    gm = GaussianMixture(n_components=k, covariance_type=cov, tol=0.0, max_iter=iters, reg_covar=1e-6,
                         weights_init=np.asarray(start["weights"]), means_init=np.asarray(start["means"]).reshape(k, cols),
                         precisions_init=prec, init_params="random_from_data", random_state=0)
    # The same steps as GaussianMixture.fit (sklearn/mixture/_base.py fit_predict), timed per iteration.
    from sklearn.utils._array_api import get_namespace
    xp, _ = get_namespace(x)
    gm._check_parameters(x, xp=xp)
    t_init = time.perf_counter()
    gm._initialize_parameters(x, np.random.RandomState(0), xp=xp)
    t_init = time.perf_counter() - t_init
    per = []
    lower = -np.inf
    for _ in range(iters):
        t0 = time.perf_counter()
        log_prob_norm, log_resp = gm._e_step(x, xp=xp)
        gm._m_step(x, log_resp, xp=xp)
        lower = gm._compute_lower_bound(log_resp, log_prob_norm)
        per.append(time.perf_counter() - t0)
    steady = float(np.mean(per[1:])) if len(per) > 1 else per[0]
    blas = [f"{i.get('internal_api')} {i.get('version')} threads={i.get('num_threads')}" for i in threadpool_info()]
    print(json.dumps({"impl": f"scikit-learn {sklearn.__version__} float64", "rows": rows, "cols": cols, "k": k,
                      "iterations": iters, "seconds_per_iteration": steady, "iteration_seconds": per,
                      "init_seconds": t_init, "lower_bound": float(lower), "blas": blas}))


def pcagen(path, rows, cols):
    """Synthetic float32 embeddings: 60 latent factors with decaying scales + isotropic noise (seeded)."""
    rng = np.random.default_rng(7)
    latent = 60
    mix = rng.normal(size=(latent, cols)).astype(np.float32)
    scale = (3.0 / (1 + np.arange(latent) // 4)).astype(np.float32)
    x = np.empty((rows, cols), dtype=np.float32)
    for s in range(0, rows, 100000):
        e = min(rows, s + 100000)
        z = rng.normal(size=(e - s, latent)).astype(np.float32) * scale
        x[s:e] = z @ mix + 0.1 * rng.normal(size=(e - s, cols)).astype(np.float32)
    x.tofile(path)


def pca(path, rows, cols, comps, solvers=("covariance_eigh",)):
    """scikit-learn PCA fit_transform on all rows of a float32 file (loading not timed)."""
    import sklearn
    from sklearn.decomposition import PCA
    from threadpoolctl import threadpool_info
    x = np.fromfile(path, dtype=np.float32).reshape(rows, cols)
    out = {"impl": f"scikit-learn {sklearn.__version__} PCA", "rows": rows, "cols": cols, "components": comps}
    repeat = int(os.environ.get("REPEAT", "1"))  # the median of REPEAT runs (this VM's speed varies run to run)
    for solver in solvers:
        walls, cpus = [], []
        for _ in range(repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            p = PCA(n_components=comps, svd_solver=solver, random_state=0)
            y = p.fit_transform(x)
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
            del y
        out[f"{solver}_seconds"] = float(np.median(walls))
        out[f"{solver}_seconds_all"] = walls
        out[f"{solver}_cpu_seconds"] = float(np.median(cpus))
        out[f"{solver}_explained_variance_ratio_sum"] = float(p.explained_variance_ratio_.sum())
    out["blas"] = [f"{i.get('internal_api')} {i.get('version')} {i.get('architecture')} threads={i.get('num_threads')}"
                   for i in threadpool_info()]
    print(json.dumps(out))


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "gen":
        gen(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
    elif mode == "gmm":
        gmm(sys.argv[2], int(sys.argv[3]))
    elif mode == "start":
        start_for(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), sys.argv[7])
    elif mode == "pcagen":
        pcagen(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif mode == "pca":
        pca(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
            tuple(sys.argv[6].split(",")) if len(sys.argv) > 6 else ("covariance_eigh",))
