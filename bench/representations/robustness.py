#!/usr/bin/env python3
"""How robust is each candidate default representation? The default must hold on corpora we do
not have, so a candidate is judged over many problem instances, not one: random draws of R
sentences per domain from a labelled set (without replacement, seeded), each clustered with the
paper's protocol (PCA 50 -> GaussianMixture(full, kmeans init, reg 1e-6, max_iter 100, tol 1e-3),
seeds 0..S-1, optionally n_init restarts per seed keeping the best lower bound, as
`domainlens-cli cluster --n-init`). Reports mean purity over all draws x seeds, the mean of the
per-draw worst seed, and the overall minimum.

Usage: robustness.py PREFIX [PREFIX...] --candidates "10:raw:1;8+10:raw:1;10:l2:1;10:raw:3"
          [--per-domain 1500] [--draws 6] [--seeds 5] [--k 5] [--out rows.jsonl]
A candidate is LAYERS:POST:N_INIT (LAYERS and POST as in sweep.py). PREFIX as written by
encode_layers.py. Not a tuning loop over a test split: every set given is development data.
"""
import argparse, json, time
import numpy as np
from sklearn.mixture import GaussianMixture

from sweep import purity, vectors, post


def draws(y, per_domain, count):
    """Index sets: per_domain rows of every label, seeded; all rows once when per_domain <= 0."""
    if per_domain <= 0:
        return [np.arange(len(y))]
    out = []
    for d in range(count):
        rng = np.random.default_rng(1000 + d)
        idx = [rng.choice(np.flatnonzero(y == lab), min(per_domain, int((y == lab).sum())), replace=False)
               for lab in np.unique(y)]
        out.append(np.sort(np.concatenate(idx)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prefixes", nargs="+")
    ap.add_argument("--candidates", required=True)
    ap.add_argument("--per-domain", type=int, default=1500)
    ap.add_argument("--draws", type=int, default=6)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--pca", type=int, default=50)
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    out = open(a.out, "a") if a.out else None
    for prefix in a.prefixes:
        H = np.load(prefix + ".layers.npy", mmap_mode="r")
        y = np.array(open(prefix + ".labels.txt").read().split())
        sets = draws(y, a.per_domain, a.draws)
        for cand in a.candidates.split(";"):
            cfg, pp, n_init = cand.split(":")
            base = np.asarray(vectors(H, cfg))
            t0 = time.time()
            per_draw = []
            for idx in sets:
                X = post(base[idx], set(pp.split("+")), a.pca)
                per_draw.append([purity(y[idx], GaussianMixture(a.k, covariance_type="full", random_state=s,
                                                                max_iter=100, tol=1e-3, reg_covar=1e-6,
                                                                n_init=int(n_init)).fit(X).predict(X))
                                 for s in range(a.seeds)])
            P = 100 * np.array(per_draw)
            row = dict(prefix=prefix, layers=cfg, post=pp, n_init=int(n_init), k=a.k, per_domain=a.per_domain,
                       draws=len(sets), seeds=a.seeds, purity_mean=round(float(P.mean()), 2),
                       worst_seed_mean=round(float(P.min(1).mean()), 2), purity_min=round(float(P.min()), 2),
                       draw_means=[round(float(m), 2) for m in P.mean(1)], seconds=round(time.time() - t0, 1))
            print(json.dumps(row), flush=True)
            if out:
                out.write(json.dumps(row) + "\n"); out.flush()


if __name__ == "__main__":
    main()
