#!/usr/bin/env python3
"""finetune-head variants on stored vectors, in numpy (issue #26's selection figure; the fast
exploration beside bench/selection/seed2000.sh, which measures through the CLI).

Protocol "p10k": for each domain and draw, a seed of SEEDN (2,000) sentences of the domain drawn
from `train`; a pool of POOLN (10,000) sentences: every other sentence of the domain in the
given corpora (the rest of train, test, enfr: ~1,480) plus a random draw of the other domains'
sentences; pool sentences whose text is in the seed are not candidates. Protocol CORPUS: the
pool is that corpus (train: the rest of train). Figure: precision at the true size (the top K of
the ranking, K = the in-domain candidates), as `evaluate`'s at_true_size.

Methods (comma list): cos (Domain-Cosine); head (finetune-head as core/select/DomainClassifier.cpp:
MLP 128, Adam 1e-3, batch 64, 30 epochs, 10% held out, as many negatives as seeds from the bottom
two thirds of Domain-Cosine); head-puR: R rounds, rounds 2.. take the negatives from the bottom
of the previous classifier's ranking (-fF: that bottom fraction, -nX: X negatives per seed in
those rounds; -stX: round 2.. also take the top X x the seed's size of the previous
ranking as positives, self-training; -ensN: the mean probability of N such classifiers, member m
trained with the generator seed 7 + draw + 1000 m, as `select --classifiers N`; -nbK[-wW]: then each
pool sentence's score (1 - W) x its own + W x the mean of its K nearest candidates' (cosine; W 0.5,
cross-lingual's --pool-neighbours rule); -z: every dimension standardised by the candidates' mean and
sd first; -lrC: a logistic regression with L2 weight C instead of the MLP; -hN: N hidden
units); bagK: K classifiers vs random pool draws, out-of-bag mean; knnK: mean cosine to the K
nearest seed sentences. Lexical: lex-puR (a logistic regression on hashed word 1-2 grams and
character 3-5 grams, tf-idf, in the same PU rounds), fuse-puR[-wW] (each round the MLP and the
lexical model on the same negatives, ranked by (1 - W) z(MLP) + W z(lexical)).
Ceilings (the labels used, protocol p10k): labneg (the seed against as many labelled
other-domain train sentences outside the pool); cv5[-hN|-lr] (every label: 5 folds over the
candidates, each scored by a classifier trained on the seed and the other folds' labelled
candidates); lexcv5 (the same with the lexical model). ERRORS=N prints each run's mistakes at the
true size (how many, how many short, how many texts occur under a second domain; N of each).

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=build/python python3 seed2000_numpy.py PROJECT SET[+SET][,SET...] PROTOCOL DRAWS
       METHODS [CORPORA [DOMAINS|x]]   (SIDE=tgt for a target-side set; SEEDN, POOLN, TRAIN; DRAW0 = first draw)
"""
import os
import sys
import time

import numpy as np
import domainlens as dl

proj, protocol, draws = sys.argv[1], sys.argv[3], int(sys.argv[4])
# 7+9: the mean of two sets' vectors (a layer mean); 7+9,1+2: those two means side by side
set_groups = [[int(x) for x in g.split("+")] for g in sys.argv[2].split(",")]
methods = sys.argv[5].split(",")
corpora = sys.argv[6].split(",") if len(sys.argv) > 6 else ["train", "test", "enfr"]
side = os.environ.get("SIDE", "src")
SEEDN = int(os.environ.get("SEEDN", 2000))
POOLN = int(os.environ.get("POOLN", 10000))
TRAIN = os.environ.get("TRAIN", "train")
p = dl.open(proj)


def load(c):
    X = np.concatenate([sum(p.vectors(c, embedding_set=i).astype(np.float32) for i in g) / len(g)
                        for g in set_groups], axis=1)
    lab = p.labels(c)
    s = p.sentences(c, frame=False)
    return X, lab, s


data = {c: load(c) for c in corpora}
if TRAIN != "train":
    data["train"] = data.pop(TRAIN); corpora = ["train"] + [c for c in corpora if c != TRAIN]


def dom_of(c):
    return np.asarray(data[c][2]["domain"])


def text_of(c):
    s = data[c][2]
    if isinstance(s, dict):
        return list(s[side])
    return [r[side] if isinstance(r, dict) else r for r in s]


D = {c: dom_of(c) for c in corpora}
T = {c: text_of(c) for c in corpora}
domains = sorted(set(D["train"]))


def sigmoid(z):
    return 1 / (1 + np.exp(-np.clip(z, -30, 30)))


class MLP:
    def __init__(self, dim, hidden, rng):
        b1 = 1 / np.sqrt(dim)
        b2 = 1 / np.sqrt(hidden)
        self.W1 = rng.uniform(-b1, b1, (dim, hidden)).astype(np.float32)
        self.b1 = rng.uniform(-b1, b1, hidden).astype(np.float32)
        self.W2 = rng.uniform(-b2, b2, hidden).astype(np.float32)
        self.b2 = np.float32(rng.uniform(-b2, b2))

    def params(self):
        return [self.W1, self.b1, self.W2]

    def forward(self, x):
        h = np.maximum(x @ self.W1 + self.b1, 0)
        return h @ self.W2 + self.b2, h

    def fit(self, x, y, w, rng, epochs=30, batch=64, lr=1e-3):
        ps = [self.W1, self.b1, self.W2, np.array([self.b2], np.float32)]
        m = [np.zeros_like(q) for q in ps]
        v = [np.zeros_like(q) for q in ps]
        t = 0
        n = len(x)
        for _ in range(epochs):
            order = rng.permutation(n)
            for b in range(0, n, batch):
                idx = order[b:b + batch]
                xb, yb, wb = x[idx], y[idx], w[idx]
                z, h = self.forward(xb)
                g = (sigmoid(z) - yb) * wb / wb.sum()
                gW2 = h.T @ g
                gb2 = np.array([g.sum()], np.float32)
                gh = np.outer(g, self.W2) * (h > 0)
                gW1 = xb.T @ gh
                gb1 = gh.sum(0)
                t += 1
                for i, (q, gq) in enumerate(zip(ps, [gW1, gb1, gW2, gb2])):
                    m[i] = 0.9 * m[i] + 0.1 * gq
                    v[i] = 0.999 * v[i] + 0.001 * gq * gq
                    mh = m[i] / (1 - 0.9 ** t)
                    vh = v[i] / (1 - 0.999 ** t)
                    q -= (lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
                self.b2 = ps[3][0]
        return self

    def predict(self, x):
        return self.forward(x)[0]  # logits: a float32 sigmoid saturates at 1.0 and ties


def cosine(seed, pool):
    q = seed.astype(np.float64).mean(0)
    q /= np.linalg.norm(q)
    return (pool @ q) / np.maximum(np.linalg.norm(pool, axis=1), 1e-12)


def train_head(seed, negs, rng, epochs=30, heldout=0.1, hidden=128):
    # as trainDomainHead: 10% of each class held out (not trained on)
    def keep(n):
        r = rng.permutation(n)
        return r[int(round(n * heldout)):]
    s = seed[keep(len(seed))]
    ng = negs[keep(len(negs))]
    x = np.concatenate([s, ng])
    y = np.concatenate([np.ones(len(s)), np.zeros(len(ng))]).astype(np.float32)
    w = np.ones(len(x), np.float32)
    return MLP(x.shape[1], hidden, rng).fit(x, y, w, rng, epochs=epochs)


def bottom(scores, cand, frac):
    order = cand[np.argsort(-scores[cand], kind="stable")]
    return order[int(round(len(order) * (1 - frac))):]


def prob(z):
    return 1 / (1 + np.exp(-np.clip(z.astype(np.float64), -700, 700)))


def neighbour_mean(pool, cand, scores, k):
    """The mean score of each candidate's k nearest other candidates (cosine), NaN elsewhere."""
    X = pool[cand] / np.linalg.norm(pool[cand], axis=1, keepdims=True)
    out = np.full(len(pool), np.nan)
    sc = scores[cand]
    for a in range(0, len(cand), 1024):
        s = X[a:a + 1024] @ X.T
        s[np.arange(s.shape[0]), a + np.arange(s.shape[0])] = -np.inf
        nb = np.argpartition(-s, k, axis=1)[:, :k]
        out[cand[a:a + 1024]] = sc[nb].mean(1)
    return out


def method_scores(name, seed, pool, cand, rng, base_seed=None):
    parts = name.split("-")
    ens = [int(q[3:]) for q in parts if q.startswith("ens")]
    nbk = [int(q[2:]) for q in parts if q.startswith("nb")]
    if ens or nbk:  # ensemble / pool neighbours on top of the named classifier
        rest = "-".join(q for q in parts if not q.startswith(("ens", "nb", "w0", "w1")))
        n = ens[0] if ens else 1
        sc = np.mean([prob(method_scores(rest, seed, pool, cand, np.random.default_rng(base_seed + 1000 * m)))
                      for m in range(n)], 0)
        if nbk:
            w = ([float(q[1:]) for q in parts if q.startswith(("w0", "w1"))] or [0.5])[0]
            sc = (1 - w) * sc + w * neighbour_mean(pool, cand, sc, nbk[0])
        return sc
    if "z" in parts:  # per-dimension standardisation by the candidates' statistics
        mu, sd = pool[cand].mean(0), pool[cand].std(0) + 1e-6
        seed, pool = (seed - mu) / sd, (pool - mu) / sd
        name = "-".join(q for q in parts if q != "z")
    cos = cosine(seed, pool)
    if name == "cos":
        return cos
    if name.startswith("head"):  # head or head-puR[-fF] : R rounds, own-ranking negatives
        rounds, frac, nper, selftrain, lr_c, hidden = 1, 2 / 3, 1.0, 0.0, 0.0, 128
        for part in name.split("-")[1:]:
            if part.startswith("lr"):
                lr_c = float(part[2:])
            elif part.startswith("h") and part[1:].isdigit():
                hidden = int(part[1:])
            elif part.startswith("pu"):
                rounds = int(part[2:])
            elif part.startswith("f"):
                frac = float(part[1:])
            elif part.startswith("st"):
                selftrain = float(part[2:])
            elif part == "nall":
                nper = 1e9
            elif part.startswith("n"):
                nper = float(part[1:])
        sc = cos
        for r in range(rounds):
            b = bottom(sc, cand, 2 / 3 if r == 0 else frac)
            k = min(len(b), int(round(len(seed) * (1.0 if r == 0 else nper))))
            negs = pool[rng.choice(b, k, replace=False)]
            pos = seed
            if r > 0 and selftrain:
                order = cand[np.argsort(-sc[cand], kind="stable")]
                pos = np.concatenate([seed, pool[order[:int(selftrain * len(seed))]]])
            if lr_c:  # -lrC: a logistic regression (scikit-learn, L2, C) instead of the MLP
                from sklearn.linear_model import LogisticRegression
                sc = LogisticRegression(C=lr_c, max_iter=3000).fit(
                    np.concatenate([pos, negs]), np.r_[np.ones(len(pos)), np.zeros(len(negs))]).decision_function(pool)
            else:
                sc = train_head(pos, negs, rng, hidden=hidden).predict(pool)
        return sc
    if name.startswith("bag"):  # bagK: K classifiers vs random pool draws, out-of-bag mean
        K = int(name[3:])
        acc = np.zeros(len(pool))
        cnt = np.zeros(len(pool))
        for _ in range(K):
            draw = rng.choice(cand, min(len(cand), len(seed)), replace=False)
            m = train_head(seed, pool[draw], rng, heldout=0.0)
            oob = np.ones(len(pool), bool)
            oob[draw] = False
            acc[oob] += m.predict(pool[oob])
            cnt[oob] += 1
        return acc / np.maximum(cnt, 1)
    if name.startswith("knn"):
        k = int(name[3:])
        sn = seed / np.linalg.norm(seed, axis=1, keepdims=True)
        pn = pool / np.linalg.norm(pool, axis=1, keepdims=True)
        sims = pn @ sn.T
        part = -np.partition(-sims, k - 1, axis=1)[:, :k]
        return part.mean(1)
    if name == "labneg":  # ceiling 1: the seed vs as many labelled other-domain train sentences
        negs = CASE["train_out"][rng.choice(len(CASE["train_out"]), len(seed), replace=False)]
        return train_head(seed, negs, rng).predict(pool)
    if name.startswith("cv5"):  # ceiling 2: every label known; 5-fold over the pool, the seed in
        # every fold (cv5-hN: N hidden units; cv5-lr: a logistic regression, scikit-learn, C 1)
        rel = CASE["rel"]
        hidden = int(name[5:]) if name.startswith("cv5-h") else 128
        out = np.full(len(pool), -np.inf)
        perm = rng.permutation(cand)
        for f in range(5):
            test = perm[f::5]
            train = np.setdiff1d(cand, test)
            pos, neg = np.concatenate([seed, pool[train[rel[train]]]]), pool[train[~rel[train]]]
            if name == "cv5-lr":
                from sklearn.linear_model import LogisticRegression
                lr = LogisticRegression(C=1.0, max_iter=3000).fit(
                    np.concatenate([pos, neg]), np.r_[np.ones(len(pos)), np.zeros(len(neg))])
                out[test] = lr.decision_function(pool[test])
            else:
                out[test] = train_head(pos, neg, rng, hidden=hidden).predict(pool[test])
        return out
    if name.startswith("lex") or name.startswith("fuse"):
        return lexical_scores(name, seed, pool, cand, rng)
    raise SystemExit("unknown method " + name)


def lexical_features(texts_seed, texts_pool):
    """Hashed word 1-2 grams and character 3-5 grams, tf-idf weighted (idf from the pool)."""
    from scipy.sparse import hstack
    from sklearn.feature_extraction.text import HashingVectorizer, TfidfTransformer
    w = HashingVectorizer(ngram_range=(1, 2), n_features=1 << 20, alternate_sign=False, norm=None, lowercase=True)
    ch = HashingVectorizer(analyzer="char_wb", ngram_range=(3, 5), n_features=1 << 20, alternate_sign=False,
                           norm=None, lowercase=True)
    fs = hstack([w.transform(texts_seed), ch.transform(texts_seed)]).tocsr()
    fp = hstack([w.transform(texts_pool), ch.transform(texts_pool)]).tocsr()
    tf = TfidfTransformer(sublinear_tf=True).fit(fp)
    return tf.transform(fs), tf.transform(fp)


def lr_fit_predict(fs, fneg, fp, C):
    from scipy.sparse import vstack
    from sklearn.linear_model import LogisticRegression
    x = vstack([fs, fneg])
    y = np.r_[np.ones(fs.shape[0]), np.zeros(fneg.shape[0])]
    return LogisticRegression(C=C, max_iter=2000, solver="liblinear").fit(x, y).decision_function(fp)


def zs(v, cand):
    return (v - v[cand].mean()) / (v[cand].std() + 1e-12)


def lexical_scores(name, seed, pool, cand, rng):
    """lex-puR[-cC]: a logistic regression on lexical features with finetune-head's PU rounds;
    fuse-puR[-cC][-wW]: each round trains the MLP head and the lexical model on the same negatives
    and ranks by (1 - W) z(head) + W z(lexical) (W 0.5); lexcv5: the supervised lexical ceiling."""
    parts = name.split("-")
    rounds = ([int(q[2:]) for q in parts if q.startswith("pu")] or [2])[0]
    C = ([float(q[1:]) for q in parts if q.startswith("c")] or [4.0])[0]
    W = ([float(q[1:]) for q in parts if q.startswith("w")] or [0.5])[0]
    if "fs" not in CASE:
        CASE["fs"], CASE["fp"] = lexical_features(CASE["seed_texts"], CASE["texts"])
    fs, fp = CASE["fs"], CASE["fp"]
    if parts[0] == "lexcv5":
        rel = CASE["rel"]
        out = np.full(len(pool), -np.inf)
        perm = rng.permutation(cand)
        from scipy.sparse import vstack
        for f in range(5):
            test = perm[f::5]
            train = np.setdiff1d(cand, test)
            out[test] = lr_fit_predict(vstack([fs, fp[train[rel[train]]]]), fp[train[~rel[train]]], fp[test], C)
        return out
    sc = cosine(seed, pool)
    for r in range(rounds):
        b = bottom(sc, cand, 2 / 3)
        negs = rng.choice(b, min(len(b), len(seed)), replace=False)
        lex = lr_fit_predict(fs, fp[negs], fp, C)
        if parts[0] == "lex":
            sc = lex
        else:
            head = train_head(seed, pool[negs], rng).predict(pool)
            sc = (1 - W) * zs(head, cand) + W * zs(lex, cand)
    return sc


def rprec(scores, rel, cand):
    k = int(rel[cand].sum())
    order = cand[np.argsort(-scores[cand], kind="stable")]
    return rel[order[:k]].mean(), k


def make_case(d, draw):
    rng = np.random.default_rng(1000 + draw + int(os.environ.get("DRAW0", 0)))
    tr = np.where(D["train"] == d)[0]
    seed_idx = rng.choice(tr, SEEDN, replace=False)
    seed = data["train"][0][seed_idx]
    seed_texts = set(T["train"][i] for i in seed_idx)
    rows, rel, texts = [], [], []
    if protocol == "p10k":
        rest = np.setdiff1d(tr, seed_idx)
        ins = [("train", rest)] + [(c, np.where(D[c] == d)[0]) for c in corpora if c != "train"]
        outs = [(c, np.where(D[c] != d)[0]) for c in corpora]
        n_in = sum(len(i) for _, i in ins)
        allout = [(c, i) for c, ii in outs for i in ii]
        pick = rng.choice(len(allout), min(len(allout), POOLN - n_in), replace=False)
        X = [data[c][0][i] for c, i in ins]
        X.append(np.stack([data[allout[j][0]][0][allout[j][1]] for j in pick]))
        tx = [T[c][k] for c, i in ins for k in i] + [T[allout[j][0]][allout[j][1]] for j in pick]
        r = np.concatenate([np.ones(n_in, bool), np.zeros(len(pick), bool)])
        pool = np.concatenate(X)
    else:  # pool = one corpus (train: the rest of train)
        c = protocol
        idx = np.arange(len(D[c]))
        if c == "train":
            idx = np.setdiff1d(idx, seed_idx)
        pool = data[c][0][idx]
        r = D[c][idx] == d
        tx = [T[c][k] for k in idx]
    cand = np.array([i for i, t in enumerate(tx) if t not in seed_texts])
    if protocol == "p10k":  # for the ceilings: labelled train sentences of other domains not in the pool
        picked = set(pick.tolist())
        CASE["train_out"] = np.stack([data["train"][0][i] for j, (c, i) in enumerate(allout)
                                      if c == "train" and j not in picked])
    CASE["rel"] = r
    CASE["texts"] = tx
    CASE["seed_texts"] = [T["train"][i] for i in seed_idx]
    CASE.pop("fs", None)
    return seed, pool, r, cand


def domains_of_text():
    """Every text with the set of domains it occurs under, over all loaded corpora."""
    out = {}
    for c in corpora:
        for t, d in zip(T[c], D[c]):
            out.setdefault(t, set()).add(d)
    return out


def explain_errors(d, scores, rel, cand, show):
    """ERRORS=N: what the ranking's mistakes at the true size are: texts that also occur under
    another domain (no ranking can place both copies right), short ones (<= 3 tokens), N of each."""
    if "dom_of_text" not in CASE:
        CASE["dom_of_text"] = domains_of_text()
    k = int(rel[cand].sum())
    order = cand[np.argsort(-scores[cand], kind="stable")]
    fp = [i for i in order[:k] if not rel[i]]
    fn = [i for i in order[k:] if rel[i]]
    tx = CASE["texts"]
    for name, errs in (("false positives", fp), ("missed", fn)):
        shared = sum(1 for i in errs if len(CASE["dom_of_text"].get(tx[i], ())) > 1)
        short = sum(1 for i in errs if len(tx[i].split()) <= 3)
        print(f"    {d} {name}: {len(errs)}; text also under another domain {shared}; <= 3 tokens {short}")
        for i in errs[:show]:
            print(f"      [{','.join(sorted(CASE['dom_of_text'].get(tx[i], ())))}] {tx[i][:110]}")


CASE = {}


doms = sys.argv[7].split(",") if len(sys.argv) > 7 and sys.argv[7] != "x" else domains
res = {m: {} for m in methods}
for d in doms:
    for draw in range(draws):
        seed, pool, rel, cand = make_case(d, draw)
        line = f"{d:10s} draw {draw} true {int(rel[cand].sum()):5d} pool {len(cand):6d}"
        for m in methods:
            t0 = time.time()
            sc = method_scores(m, seed, pool, cand, np.random.default_rng(7 + draw), 7 + draw)
            pr, _ = rprec(sc, rel, cand)
            if int(os.environ.get("ERRORS", 0)):
                explain_errors(d, sc, rel, cand, int(os.environ["ERRORS"]))
            res[m].setdefault(d, []).append(pr)
            line += f"  {m} {pr:.3f}"
        print(line, flush=True)
print("method   | " + " ".join(f"{d[:6]:>6s}" for d in doms) + " | mean4  mean  min-of-means worst")
four = [d for d in ["it", "koran", "law", "medical"] if d in doms]
for m in methods:
    means = {d: np.mean(v) for d, v in res[m].items()}
    m4 = np.mean([np.mean(res[m][d]) for d in four]) if four else float("nan")
    # mean of 4 per draw -> spread
    per_draw4 = [np.mean([res[m][d][k] for d in four]) for k in range(draws)] if four else [np.nan]
    worst = min(min(v) for v in res[m].values())
    print(f"{m:8s} | " + " ".join(f"{means[d]:.3f}" for d in doms) +
          f" | {m4:.3f} (sd {np.std(per_draw4):.3f}, worst draw {min(per_draw4):.3f}) all {np.mean(list(means.values())):.3f} worst {worst:.3f}")
