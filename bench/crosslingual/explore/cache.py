# member scores of the 5-classifier ensemble per (split, layer, dir, dom, seed)
from common import *
import time
lay = sys.argv[1]; names = sys.argv[2].split(','); seeds = [1, 2, 3]
nneg = sys.argv[3] if len(sys.argv) > 3 else 'seed'
S = splits(lay, names)
out = {}
for nm, s in S.items():
    t = time.time()
    for direction, dom, Sd, poolX, A, y in cells(s):
        n = len(Sd); cosA = cosm(Sd, A)
        for seed in seeds:
            ps = []
            for b in range(5):
                ms = seed if b == 0 else seed*1000+b
                if nneg == 'seed': nb = preranked(cosA, n, np.random.default_rng(ms))
                elif nneg.startswith('f'): nb = preranked(cosA, n, np.random.default_rng(ms), frac=float(nneg[1:]))
                elif nneg.startswith('x'): nb = preranked(cosA, int(float(nneg[1:])*n), np.random.default_rng(ms))
                elif nneg.startswith('lowest'): nb = np.argsort(cosA, kind='stable')[:int(nneg[6:])]
                ps.append(mlp(Sd, A[nb], ms).predict_proba(poolX)[:, 1])
            out[f'{nm}|{direction}|{dom}|{seed}'] = np.array(ps, dtype=np.float32)
    print(nm, lay, 'done', round(time.time()-t), 's', flush=True)
    np.savez(f"{XL}/c_{lay}_{nneg}_{nm}.npz", **{k: v for k, v in out.items() if k.startswith(nm + "|")})
