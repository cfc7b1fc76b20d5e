# pool-language classifier from the parallel corpus: the ensemble's (member 1's) top A-side pairs -> their B sides as positives
from common import *
import collections
lay = sys.argv[1]; names = sys.argv[2].split(','); tag = 'seed'
C = {}
for nm in names: C.update(dict(np.load(f'{XL}/c_{lay}_{tag}_{nm}.npz')))
S = splits(lay, names)
from post_helpers import knn, lp
res = []
for nm, s in S.items():
    g = {}
    for direction, dom, Sd, poolX, A, y in cells(s):
        Bp = s['A'] if direction == 'de-en' else s['B']   # the parallel side in the pool's language
        if direction not in g: g[direction] = knn(poolX)
        idx, sims = g[direction]
        n = len(Sd); cosA = cosm(Sd, A)
        for seed in (1, 2, 3):
            ps = C[f'{nm}|{direction}|{dom}|{seed}'].astype(np.float64); bag = ps.mean(0)
            base = lp(bag, idx, sims, 10, 0.5, 1)
            nb = preranked(cosA, n, np.random.default_rng(seed))
            c = mlp(Sd, A[nb], seed)
            sa = c.predict_proba(A)[:, 1]; sa[nb] = -1
            order = np.argsort(-sa, kind='stable')
            pos = order[:n]
            negc = np.argsort(cosA, kind='stable')[:int(len(A) * 2 / 3)]
            negc = np.setdiff1d(negc, pos)
            negi = np.random.default_rng(seed + 555).choice(negc, size=n, replace=False)
            q = mlp(Bp[pos], Bp[negi], seed + 555).predict_proba(poolX)[:, 1]
            j = mlp(np.vstack([Sd, Bp[pos]]), np.vstack([A[nb], Bp[negi]]), seed + 777).predict_proba(poolX)[:, 1]
            out = {'nb': base, 'parB': q, 'parB+bag:nb': lp(0.5 * bag + 0.5 * q, idx, sims, 10, 0.5, 1),
                   'parB+nb': 0.5 * base + 0.5 * q, 'joint': j, 'joint+bag:nb': lp(0.5 * bag + 0.5 * j, idx, sims, 10, 0.5, 1)}
            for v, sc in out.items(): res.append((nm, direction, dom, v, seed, prec(sc, y, dom)))
        print(nm, direction, dom, {v: round(np.mean([r[5] for r in res if r[:4] == (nm, direction, dom, v)]), 3) for v in out}, flush=True)
json.dump(res, open(sys.argv[3], 'w'))
