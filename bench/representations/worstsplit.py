#!/usr/bin/env python3
"""Which representation is best at its WORST split (issue #26, the project's rule for defaults).

Reads stored embedding sets of a DomainLens project (read-only: work on a copy), keeps the
paper's five domains (it, koran, law, medical, subtitles) and clusters every split with the
reference stack of robustness.py / selftrain.py: optional post-processing -> PCA 50 (full
SVD) -> GaussianMixture(kmeans init, max_iter 100, tol 1e-3, n_init restarts as `cluster
--n-init`), seeds 0..S-1, purity in %.

Splits of every corpus given with --corpora NAME[:slices]: the whole corpus (5 domains) and,
for NAME:4, four disjoint slices of 500 sentences per domain (the domain's rows in corpus
order, [500 i, 500 i + 500)), so that "worst" is over more than one file set.

A config is LAYERS[:POST[:COV[:REG]]]: LAYERS a '+' list of stored layers (last = the last,
stored as -1) averaged element-wise as `cluster --layers` does; POST none, l2 or std; COV
full or tied; REG the covariance regularisation (default 1e-6, scikit-learn's and DomainLens's).

Usage: worstsplit.py PROJECT --model NAME --side src|tgt --corpora train:4,test,enfr
          --configs 10,8+10,9+10+11,8+9+10+11 [--seeds 5] [--n-init 3]
Prints one JSON line per (config, split) and a summary per config: mean of the split means,
the worst split mean and the worst seed anywhere.
"""
import argparse, json, sqlite3, sys
import numpy as np
from sklearn.decomposition import PCA
from sklearn.mixture import GaussianMixture
from sklearn.preprocessing import StandardScaler, normalize

from selftrain import load
from sweep import purity

DOMAINS = ["it", "koran", "law", "medical", "subtitles"]


class Project:
    def __init__(self, path):
        self.path = path
        self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        self.cache = {}

    def set_id(self, model, side, layer):
        row = self.db.execute("SELECT id FROM embedding_sets WHERE model_name=? AND side=? AND layer=? "
                              "AND model NOT LIKE '%|mean=%'", (model, side, layer)).fetchone()
        if not row:
            raise SystemExit(f"no set {model} {side} layer {layer}")
        return row[0]

    def corpus(self, name):
        y = self.matrix_and_labels(None, name)[1]
        return name, y

    def matrix_and_labels(self, set_id, name):
        if set_id is None:  # the labels only
            cid = self.db.execute("SELECT id FROM corpora WHERE name=?", (name,)).fetchone()[0]
            return None, np.array([d for (d,) in self.db.execute(
                "SELECT domain FROM sentences WHERE corpus_id=? ORDER BY position", (cid,))])
        if (set_id, name) not in self.cache:
            self.cache[(set_id, name)] = load(self.path, set_id, name)  # selftrain.py's reader
        return self.cache[(set_id, name)]

    def matrix(self, set_id, name, n):
        X, _ = self.matrix_and_labels(set_id, name)
        if len(X) != n:
            raise SystemExit(f"set {set_id} covers {len(X)} of {n} sentences")
        return X


def layer_no(text):
    return -1 if text == "last" else int(text)


def run(X, post, cov, reg, seed, n_init, k, pca):
    if post == "l2":
        X = normalize(X)
    elif post == "std":
        X = StandardScaler().fit_transform(X)
    Z = PCA(n_components=pca, svd_solver="full", random_state=seed).fit_transform(X)
    g = GaussianMixture(k, covariance_type=cov, random_state=seed, max_iter=100, tol=1e-3, reg_covar=reg,
                        n_init=n_init).fit(Z)
    return g.predict(Z)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("project")
    ap.add_argument("--model", required=True)
    ap.add_argument("--side", default="src")
    ap.add_argument("--corpora", default="train:4,test,enfr")
    ap.add_argument("--configs", required=True)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--n-init", type=int, default=3)
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--pca", type=int, default=50)
    ap.add_argument("--slice", type=int, default=500)
    a = ap.parse_args()
    P = Project(a.project)
    splits = []  # (name, corpus id, all labels, row indices)
    for spec in a.corpora.split(","):
        name, _, slices = spec.partition(":")
        cid, y = P.corpus(name)
        keep = np.flatnonzero(np.isin(y, DOMAINS))
        splits.append((name, cid, y, keep))
        for i in range(int(slices or 0)):
            idx = np.sort(np.concatenate([np.flatnonzero(y == d)[i * a.slice:(i + 1) * a.slice] for d in DOMAINS]))
            if len(idx) < a.slice * len(DOMAINS):
                raise SystemExit(f"{name} has fewer than {(i + 1) * a.slice} sentences in some domain")
            splits.append((f"{name}/{i}", cid, y, idx))
    for cfg in a.configs.split(","):
        parts = cfg.split(":")
        layers = [layer_no(t) for t in parts[0].split("+")]
        post = parts[1] if len(parts) > 1 else "none"
        cov = parts[2] if len(parts) > 2 else "full"
        reg = float(parts[3]) if len(parts) > 3 else 1e-6
        means, worst_seed, rows = [], 100.0, []
        for name, cid, y, idx in splits:
            X = np.mean([P.matrix(P.set_id(a.model, a.side, l), cid, len(y))[idx] for l in layers], axis=0)
            p = [100 * purity(y[idx], run(X, post, cov, reg, s, a.n_init, a.k, a.pca)) for s in range(a.seeds)]
            rec = {"model": a.model, "side": a.side, "layers": parts[0], "post": post, "cov": cov, "reg": reg,
                   "n_init": a.n_init, "split": name, "rows": int(len(idx)), "purity_mean": round(float(np.mean(p)), 2),
                   "purity_sd": round(float(np.std(p)), 2), "purity_worst": round(float(np.min(p)), 2),
                   "seeds": [round(v, 2) for v in p]}
            print(json.dumps(rec), flush=True)
            means.append(np.mean(p))
            worst_seed = min(worst_seed, min(p))
        print(json.dumps({"summary": cfg, "model": a.model, "side": a.side, "mean_of_splits": round(float(np.mean(means)), 2),
                          "worst_split_mean": round(float(np.min(means)), 2), "worst_seed": round(float(worst_seed), 2)}),
              flush=True)


if __name__ == "__main__":
    sys.exit(main())
