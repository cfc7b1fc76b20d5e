#!/usr/bin/env python3
"""Cheap post-processings of STORED vectors, judged by k = 5 purity over seeds (issue #26,
"Better than the papers on unseen data"): none, per-dimension standardisation before the PCA,
PCA whitening, and self-training (fit the GMM, keep the members whose posterior is at least
--confident, refit the GMM on them starting from the fitted parameters, reassign every row).
Reads an embedding set of a DomainLens project (read-only; float16 or float32 chunks) and the
corpus's domain labels, optionally keeping only some domains. Reference stack as
robustness.py: PCA 50 -> GaussianMixture(full, kmeans init, reg 1e-6, max_iter 100, tol 1e-3,
n_init restarts as `cluster --n-init`), seeds 0..S-1.

Usage: selftrain.py PROJECT SET CORPUS [--domains medical,law,it,koran,subtitles]
          [--posts none,std,whiten,self,std+self] [--seeds 5] [--n-init 3] [--confident 0.9]
Prints one JSON line per post-processing: purity mean, population sd and worst seed (in %).
"""
import argparse, json, sqlite3
import numpy as np
from sklearn.decomposition import PCA
from sklearn.mixture import GaussianMixture
from sklearn.preprocessing import StandardScaler

from sweep import purity


def load(project, set_id, corpus):
    db = sqlite3.connect(f"file:{project}?mode=ro", uri=True)
    dim, storage = db.execute("SELECT dim, storage FROM embedding_sets WHERE id=?", (set_id,)).fetchone()
    cid = db.execute("SELECT id FROM corpora WHERE name=?", (corpus,)).fetchone()[0]
    dtype = np.float16 if storage == "f16" else np.float32
    rows = []
    for first, n, data in db.execute("SELECT first_position, rows, data FROM embedding_chunks "
                                     "WHERE set_id=? AND corpus_id=? ORDER BY first_position", (set_id, cid)):
        a = np.frombuffer(data, dtype=dtype)
        if a.size != n * dim:
            raise SystemExit(f"damaged chunk at {first}")
        rows.append(a.reshape(n, dim))
    X = np.concatenate(rows).astype(np.float64)
    y = np.array([d for (d,) in db.execute("SELECT domain FROM sentences WHERE corpus_id=? ORDER BY position",
                                          (cid,))])[: len(X)]
    return X, y


def gmm(k, seed, n_init, **kw):
    return GaussianMixture(k, covariance_type="full", random_state=seed, max_iter=100, tol=1e-3, reg_covar=1e-6,
                           n_init=n_init, **kw)


def cluster(X, steps, k, seed, n_init, confident, pca):
    if "std" in steps:
        X = StandardScaler().fit_transform(X)
    X = PCA(n_components=pca, whiten="whiten" in steps, svd_solver="full", random_state=seed).fit_transform(X)
    g = gmm(k, seed, n_init).fit(X)
    if "self" not in steps:
        return g.predict(X)
    keep = g.predict_proba(X).max(1) >= confident
    refit = gmm(k, seed, 1, weights_init=g.weights_, means_init=g.means_,
                precisions_init=g.precisions_).fit(X[keep])
    return refit.predict(X)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("project")
    ap.add_argument("set", type=int)
    ap.add_argument("corpus")
    ap.add_argument("--domains", default="medical,law,it,koran,subtitles")
    ap.add_argument("--posts", default="none,std,whiten,self,std+self")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--n-init", type=int, default=3)
    ap.add_argument("--confident", type=float, default=0.9)
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--pca", type=int, default=50)
    a = ap.parse_args()
    X, y = load(a.project, a.set, a.corpus)
    keep = np.isin(y, a.domains.split(","))
    X, y = X[keep], y[keep]
    for steps in a.posts.split(","):
        p = [100 * purity(y, cluster(X, set(steps.split("+")), a.k, s, a.n_init, a.confident, a.pca))
             for s in range(a.seeds)]
        print(json.dumps({"project": a.project, "set": a.set, "corpus": a.corpus, "rows": int(len(y)),
                          "post": steps, "n_init": a.n_init, "confident": a.confident,
                          "purity_mean": round(float(np.mean(p)), 2), "purity_sd": round(float(np.std(p)), 2),
                          "purity_worst": round(float(np.min(p)), 2)}), flush=True)


if __name__ == "__main__":
    main()
