#!/usr/bin/env python3
"""Fixtures for tests/core/analysis: scikit-learn reference results for PCA, GMM, k-means
and clustering metrics on small seeded synthetic data.

Run with the reference environment:  .venv-ref/bin/python (scripts/setup-pyref.sh) scripts/gen_analysis_fixtures.py
Writes tests/data/analysis/{pca,gmm,kmeans,metrics,representation}.json (floats as shortest
round-trip repr). Names on the command line regenerate only those files (each has its own seed:
representation.json does not change the others).
"""
import json
import os
import sys

import numpy as np
import sklearn
from sklearn.cluster import KMeans
from sklearn.decomposition import PCA
from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score, silhouette_score
from sklearn.metrics.cluster import contingency_matrix
from sklearn.mixture import GaussianMixture
from sklearn.mixture._gaussian_mixture import _estimate_gaussian_parameters
from sklearn.preprocessing import StandardScaler, normalize

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "analysis")


def blobs(rng, n, d, k, spread=1.0, sep=4.0):
    """Gaussian mixture with random full covariances and unequal weights."""
    w = rng.dirichlet(np.full(k, 3.0))
    counts = rng.multinomial(n, w)
    centers = rng.normal(scale=sep, size=(k, d))
    xs, ys = [], []
    for j in range(k):
        a = rng.normal(size=(d, d)) * spread / np.sqrt(d)
        xs.append(rng.normal(size=(counts[j], d)) @ a + centers[j] + 10.0)  # offset: not centred
        ys += [j] * counts[j]
    x = np.vstack(xs)
    perm = rng.permutation(n)
    return x[perm], np.asarray(ys)[perm]


def lst(a):
    return np.asarray(a, dtype=np.float64).ravel().tolist()


def precisions_of(cov, cov_type):
    if cov_type == "full":
        return np.array([np.linalg.inv(c) for c in cov])
    if cov_type == "tied":
        return np.linalg.inv(cov)
    return 1.0 / cov


def gen_pca(rng):
    n, d = 300, 12
    latent = rng.normal(size=(n, 4)) * np.array([5.0, 3.0, 2.0, 1.0])
    mix = rng.normal(size=(4, d))
    x = latent @ mix + 0.3 * rng.normal(size=(n, d)) + 2.0
    cases = []
    for nc in (2, 5):
        p = PCA(n_components=nc, svd_solver="full").fit(x)
        cases.append({
            "components": nc,
            "axes": lst(p.components_),
            "explained_variance": lst(p.explained_variance_),
            "explained_variance_ratio": lst(p.explained_variance_ratio_),
            "mean": lst(p.mean_),
            "projection": lst(p.transform(x)),
        })
    return {"rows": n, "cols": d, "x": lst(x), "cases": cases}


def gen_gmm(rng):
    datasets = {}
    x1, _ = blobs(rng, 400, 5, 3, spread=1.5, sep=2.5)
    x2, _ = blobs(rng, 600, 8, 5, spread=2.0, sep=2.0)
    datasets["d5k3"] = x1
    datasets["d8k5"] = x2
    cases = []
    for name, x in datasets.items():
        k = int(name.split("k")[1])
        labels = KMeans(n_clusters=k, n_init=1, random_state=7).fit(x).labels_
        resp = np.zeros((x.shape[0], k))
        resp[np.arange(x.shape[0]), labels] = 1
        for cov_type in ("full", "diag", "spherical", "tied"):
            for tol, max_iter in ((1e-3, 100), (1e-8, 300), (0.0, 4)):
                nk, means, cov = _estimate_gaussian_parameters(x, resp, 1e-6, cov_type)
                weights = nk / nk.sum()
                prec = precisions_of(cov, cov_type)
                gm = GaussianMixture(n_components=k, covariance_type=cov_type, tol=tol, max_iter=max_iter,
                                     reg_covar=1e-6, weights_init=weights, means_init=means,
                                     precisions_init=prec, init_params="random_from_data", random_state=0)
                import warnings
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    gm.fit(x)
                cases.append({
                    "name": f"{name}-{cov_type}-tol{tol:g}-it{max_iter}",
                    "dataset": name, "k": k, "covariance": cov_type, "tol": tol, "max_iter": max_iter,
                    "reg_covar": 1e-6,
                    "start": {"weights": lst(weights), "means": lst(means), "precisions": lst(prec)},
                    "expected": {
                        "lower_bound": float(gm.lower_bound_), "n_iter": int(gm.n_iter_),
                        "converged": bool(gm.converged_), "labels": gm.predict(x).tolist(),
                        "weights": lst(gm.weights_), "means": lst(gm.means_), "covariances": lst(gm.covariances_),
                        "score": float(gm.score(x)), "bic": float(gm.bic(x)), "aic": float(gm.aic(x)),
                        "max_prob": lst(gm.predict_proba(x).max(axis=1)),
                        "loglik": lst(gm.score_samples(x)),
                    },
                })
    return {"datasets": {k: {"rows": v.shape[0], "cols": v.shape[1], "x": lst(v)} for k, v in datasets.items()},
            "cases": cases}


def gen_kmeans(rng):
    x, _ = blobs(rng, 500, 6, 4, spread=1.5, sep=3.0)
    cases = []
    for k in (3, 4, 6):
        init = x[rng.choice(x.shape[0], size=k, replace=False)]
        km = KMeans(n_clusters=k, init=init, n_init=1, algorithm="lloyd", tol=1e-4, max_iter=300).fit(x)
        cases.append({"k": k, "init": lst(init), "labels": km.labels_.tolist(), "inertia": float(km.inertia_),
                      "centers": lst(km.cluster_centers_), "n_iter": int(km.n_iter_)})
    return {"rows": x.shape[0], "cols": x.shape[1], "x": lst(x), "cases": cases}


def gen_metrics(rng):
    cases = []
    for n, nd, nk, agree in ((500, 5, 7, 0.7), (300, 3, 3, 0.95), (1000, 7, 14, 0.5), (200, 4, 2, 0.0)):
        truth = rng.integers(0, nd, size=n)
        pred = np.where(rng.random(n) < agree, truth % nk, rng.integers(0, nk, size=n))
        cm = contingency_matrix(truth, pred)  # rows: sorted truth values, cols: sorted pred values
        purity = cm.max(axis=0).sum() / n
        cases.append({"domains": nd, "clusters": nk, "truth": truth.tolist(), "pred": pred.tolist(),
                      "purity": float(purity), "nmi": float(normalized_mutual_info_score(truth, pred)),
                      "ari": float(adjusted_rand_score(truth, pred))})
    return {"cases": cases}


def gen_representation(_rng):
    """Post-processing of `cluster` (issue 10): L2 rows, StandardScaler, PCA(whiten=True), the
    combined pipeline (l2 -> standardise -> PCA whiten) and silhouette_score, on anisotropic
    float32 data with a constant column, a zero row and one dominant ("rogue") dimension."""
    rng = np.random.default_rng(20261122)
    n, d = 240, 10
    x, y = blobs(rng, n, d, 3, spread=1.2, sep=2.0)
    x[:, 3] *= 25.0          # rogue dimension
    x[:, 7] = 1.5            # near-constant column (the zero row below breaks the constant)
    x[5, :] = 0.0            # zero row: normalize leaves it zero
    x = x.astype(np.float32).astype(np.float64)  # the C++ side holds float32 vectors
    l2 = normalize(x)
    std = StandardScaler().fit_transform(x)
    pca = PCA(n_components=4, whiten=True, svd_solver="full").fit(x)
    pipe_in = StandardScaler().fit_transform(normalize(x))
    pipe = PCA(n_components=4, whiten=True, svd_solver="full").fit(pipe_in)
    sil = []
    for k, labels in ((3, y), (3, rng.integers(0, 3, size=n)), (2, (x[:, 0] > np.median(x[:, 0])).astype(int))):
        sil.append({"k": int(k), "labels": np.asarray(labels).tolist(), "silhouette": float(silhouette_score(x, labels))})
    return {"rows": n, "cols": d, "x": lst(x), "l2": lst(l2), "standardized": lst(std),
            "pca_components": 4, "whitened": lst(pca.transform(x)),
            "explained_variance": lst(pca.explained_variance_),
            "pipeline": lst(pipe.transform(pipe_in)), "silhouette": sil}


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20240611)
    meta = {"generator": "scripts/gen_analysis_fixtures.py", "sklearn": sklearn.__version__, "numpy": np.__version__}
    only = set(sys.argv[1:])
    for name, fn in (("pca", gen_pca), ("gmm", gen_gmm), ("kmeans", gen_kmeans), ("metrics", gen_metrics),
                     ("representation", gen_representation)):
        data = fn(rng)  # always run: the shared rng stream stays the same for the older files
        if only and name not in only:
            continue
        data["meta"] = meta
        path = os.path.join(OUT, f"{name}.json")
        with open(path, "w") as f:
            json.dump(data, f, separators=(",", ":"))
        print(f"wrote {path} ({os.path.getsize(path)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
