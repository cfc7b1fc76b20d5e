#!/usr/bin/env python3
"""Cross-check of the quality table: the same protocol (PCA 50, full-covariance GMM with
scikit-learn's default k-means init, 5 seeds, purity = majority mapping) run by
scikit-learn on the embeddings stored in a DomainLens project.

  quality_sklearn.py PROJECT.dlproj K [K ...]
"""
import sqlite3
import sys

import numpy as np
from sklearn.decomposition import PCA
from sklearn.metrics.cluster import contingency_matrix
from sklearn.mixture import GaussianMixture


def load(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    set_id, dim, storage = db.execute("SELECT id, dim, storage FROM embedding_sets ORDER BY id DESC LIMIT 1").fetchone()
    corpus_id = db.execute("SELECT id FROM corpora ORDER BY id LIMIT 1").fetchone()[0]
    dtype = np.float16 if storage == "f16" else np.float32
    rows = db.execute("SELECT first_position, rows, data FROM embedding_chunks WHERE set_id=? AND corpus_id=? "
                      "ORDER BY first_position", (set_id, corpus_id)).fetchall()
    x = np.concatenate([np.frombuffer(d, dtype=dtype).reshape(r, dim) for _, r, d in rows]).astype(np.float64)
    dom = [d for (d,) in db.execute("SELECT domain FROM sentences WHERE corpus_id=? ORDER BY position", (corpus_id,))]
    return x, np.unique(dom, return_inverse=True)[1]


def main():
    x, y = load(sys.argv[1])
    z = PCA(n_components=50, random_state=0).fit_transform(x)
    for k in map(int, sys.argv[2:]):
        pur = []
        for seed in range(5):
            lab = GaussianMixture(n_components=k, covariance_type="full", random_state=seed).fit_predict(z)
            cm = contingency_matrix(y, lab)
            pur.append(cm.max(axis=0).sum() / len(y))
        print(f"sklearn k={k}: purity {100 * np.mean(pur):.2f} ± {100 * np.std(pur):.2f}")


if __name__ == "__main__":
    main()
