# post-processing of cached ensemble scores: label propagation, PU rounds
from common import *
import itertools, collections
lay = sys.argv[1]; cachef = sys.argv[2]; variants_arg = sys.argv[3]
names = cachef.split(',')[1:]; tag = cachef.split(',')[0]
C = {}
for nm in names: C.update(dict(np.load(f'{XL}/c_{lay}_{tag}_{nm}.npz')))
S = splits(lay, names)
from post_helpers import knn, lp, lp_sparse, mutual_apply
def pu(poolX, score, n, seed, posfrac=1.0, members=1, negfrac=2/3):
    order = np.argsort(-score, kind='stable'); npos = int(round(n * posfrac))
    pos = poolX[order[:npos]]; bottom = order[len(order) - int(len(order) * negfrac):]
    ps = []
    for b in range(members):
        rng = np.random.default_rng(seed * 7919 + b)
        negi = rng.choice(bottom, size=min(npos, len(bottom)), replace=False)
        ps.append(mlp(pos, poolX[negi], seed * 7919 + b).predict_proba(poolX)[:, 1])
    return np.mean(ps, 0)
V = variants_arg.split(',')
res = []
for nm, s in S.items():
    graphs = {}
    for direction, dom, Sd, poolX, A, y in cells(s):
        if direction not in graphs:
            idx, sims = knn(poolX)
            graphs[direction] = (idx, sims, {K: mutual_apply(idx, K) for K in (10, 20, 30)})
        idx, sims, mut = graphs[direction]
        n = len(Sd)
        for seed in (1, 2, 3):
            ps = C[f'{nm}|{direction}|{dom}|{seed}'].astype(np.float64); bag = ps.mean(0)
            out = {}
            for v in V:
                f = v.split(':')
                if f[0] == 'df': out[v] = ps[0]
                elif f[0] == 'bag': out[v] = bag
                elif f[0] == 'lp':  # lp:K:alpha:T[:mode]
                    out[v] = lp(bag, idx, sims, int(f[1]), float(f[2]), int(f[3]), f[4] if len(f) > 4 else 'mean')
                elif f[0] == 'mlp':  # mutual: mlp:K:alpha:T:mut|sym
                    M = mut[int(f[1])][0 if f[4] == 'mut' else 1]
                    out[v] = lp_sparse(bag, M, float(f[2]), int(f[3]))
                elif f[0] == 'pu':  # pu:base(bag|nb):posfrac:members:combine(avg|rep|rank):post(none|nb)
                    base = bag if f[1] == 'bag' else lp(bag, idx, sims, 10, 0.5, 1)
                    q = pu(poolX, base, n, seed, float(f[2]), int(f[3]))
                    if f[4] == 'avg': sc = 0.5 * base + 0.5 * q
                    elif f[4] == 'rep': sc = q
                    elif f[4] == 'avgbag': sc = 0.5 * bag + 0.5 * q
                    if f[5] == 'nb': sc = lp(sc, idx, sims, 10, 0.5, 1)
                    out[v] = sc
            for v, sc in out.items(): res.append((nm, direction, dom, v, seed, prec(sc, y, dom)))
    print(nm, 'done', flush=True)
json.dump(res, open(sys.argv[4], 'w'))
# summary
cellv = collections.defaultdict(list)
for r in res: cellv[(r[3], r[0], r[1], r[2])].append(r[5])
print('| variant | ' + ' | '.join(names) + ' | mean | worst cell | worst run | de-en med (per split) |')
for v in V:
    per = []
    for nm in names:
        cm = [np.mean(cellv[(v, nm, d, dm)]) for d in ('de-en', 'en-de') for dm in ('medical', 'law', 'it')]
        per.append('%.3f/%.3f' % (np.mean(cm), min(cm)))
    allc = [np.mean(x) for k, x in cellv.items() if k[0] == v]; allr = [y for k, x in cellv.items() if k[0] == v for y in x]
    med = [np.mean(cellv[(v, nm, 'de-en', 'medical')]) for nm in names]
    print('| %s | %s | %.4f | %.3f | %.3f | %s |' % (v, ' | '.join(per), np.mean(allr), min(allc), min(allr), '/'.join('%.3f' % m for m in med)))
