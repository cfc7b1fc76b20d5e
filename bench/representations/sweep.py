#!/usr/bin/env python3
"""Layer / layer-mean / post-processing sweep on vectors saved by encode_layers.py, with the
paper's protocol in scikit-learn: PCA 50 -> GaussianMixture(full, kmeans init, reg 1e-6,
100 iterations, tol 1e-3) for seeds 0..S-1; purity and NMI mean ± sd (ddof 0) per k.
Also the unsupervised layer criteria DomainLens's `cluster --layer-sweep` can use without labels:
silhouette (Euclidean, on a seeded 2,000-row sample of the space the GMM sees, GMM labels of
the first seed) and BIC of the first seed.

Usage: sweep.py PREFIX --configs "6;8;10;12;8+10;all" --post raw,std,l2,whiten,l2+std --ks 5,10,15
         [--seeds 5] [--pca 50] [--out results.jsonl]
A config is a layer number (hidden-state index, 0 = embeddings), a '+'-joined list of layers
(their mean), 'all' (mean of layers 1..L) or 'last'. Post-processing steps run in the order
mean of layers -> l2 -> std (per-dimension standardisation) -> PCA (whiten: unit variance
per component), which is also DomainLens's order.
"""
import argparse, json, sys, time
import numpy as np
from sklearn.decomposition import PCA
from sklearn.metrics import normalized_mutual_info_score, silhouette_score
from sklearn.mixture import GaussianMixture
from sklearn.preprocessing import StandardScaler, normalize


def purity(y, c):
    tot = 0
    for k in np.unique(c):
        _, counts = np.unique(y[c == k], return_counts=True)
        tot += counts.max()
    return tot / len(y)


def vectors(H, cfg):
    L = H.shape[0] - 1
    if cfg == "all":
        layers = list(range(1, L + 1))
    elif cfg == "last":
        layers = [L]
    else:
        layers = [int(x) for x in cfg.split("+")]
    return H[layers].mean(0) if len(layers) > 1 else H[layers[0]]


def post(X, steps, pca, seed=0):
    X = X.astype(np.float64)
    if "l2" in steps:
        X = normalize(X)
    if "std" in steps:
        X = StandardScaler().fit_transform(X)
    if pca:
        X = PCA(n_components=pca, whiten="whiten" in steps, svd_solver="full", random_state=seed).fit_transform(X)
    return X


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prefix")
    ap.add_argument("--configs", required=True)
    ap.add_argument("--post", default="raw")
    ap.add_argument("--ks", default="5")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--pca", type=int, default=50)
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    H = np.load(a.prefix + ".layers.npy", mmap_mode="r")
    y = np.array(open(a.prefix + ".labels.txt").read().split())
    ks = [int(k) for k in a.ks.split(",")]
    out = open(a.out, "a") if a.out else None
    for cfg in a.configs.split(";"):
        base = np.asarray(vectors(H, cfg))
        for pp in a.post.split(","):
            steps = set(pp.split("+"))
            X = post(base, steps, a.pca)
            row = dict(prefix=a.prefix, config=cfg, post=pp, pca=a.pca, n=len(y))
            t0 = time.time()
            for k in ks:
                pur, nmi = [], []
                for s in range(a.seeds):
                    g = GaussianMixture(k, covariance_type="full", random_state=s, max_iter=100, tol=1e-3,
                                        reg_covar=1e-6).fit(X)
                    c = g.predict(X)
                    pur.append(purity(y, c)); nmi.append(normalized_mutual_info_score(y, c))
                    if s == 0 and k == ks[0]:
                        rng = np.random.default_rng(0)
                        idx = rng.choice(len(y), size=min(2000, len(y)), replace=False)
                        row["silhouette"] = float(silhouette_score(X[idx], c[idx])) if len(set(c[idx])) > 1 else None
                        row["bic"] = float(g.bic(X))
                row[f"purity{k}"] = [float(np.mean(pur)) * 100, float(np.std(pur)) * 100]
                row[f"nmi{k}"] = [float(np.mean(nmi)), float(np.std(nmi))]
            row["seconds"] = time.time() - t0
            line = json.dumps(row)
            print(" ".join([f"{cfg:>8} {pp:>8}"] + [f"k{k}: {row[f'purity{k}'][0]:5.1f}±{row[f'purity{k}'][1]:4.1f} nmi {row[f'nmi{k}'][0]:.3f}" for k in ks]
                           + [f"sil {row.get('silhouette') or 0:.3f}"]), flush=True)
            if out:
                out.write(line + "\n"); out.flush()


if __name__ == "__main__":
    main()
