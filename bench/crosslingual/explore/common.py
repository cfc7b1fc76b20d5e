import numpy as np, sys, warnings, json, os
XL = os.environ.get('XL_DIR', '.')  # where all.npz and the cached scores live
from sklearn.neural_network import MLPClassifier
warnings.filterwarnings('ignore')
D = np.load(f'{XL}/all.npz', allow_pickle=True)
LAYERS = {'L12': ['12'], 'L10_11_12': ['10', '11', '12'], 'L11_12': ['11', '12'], 'L10_12': ['10','12']}
def vec(c, side, lay):
    return np.mean([D[f'{c}_{side}{l}'] for l in LAYERS[lay]], 0)
def first_n(y, n):
    return np.concatenate([np.where(y == d)[0][:n] for d in sorted(set(y))])
def splits(lay, names=('small', 'large', 'tr0', 'tr1', 'tr2', 'tr3')):
    ytr, yte = D['train_y'], D['test_y']
    A, B = vec('train', 'src', lay), vec('train', 'tgt', lay)
    TA, TB = vec('test', 'src', lay), vec('test', 'tgt', lay)
    S = {}
    for nm in names:
        if nm == 'small':
            i, j = first_n(ytr, 200), first_n(yte, 200)
            S[nm] = dict(A=A[i], B=B[i], en=TA[j], de=TB[j], y=yte[j])
        elif nm == 'large':
            S[nm] = dict(A=A, B=B, en=TA, de=TB, y=yte)
        else:
            k = int(nm[2:]); rng = np.random.default_rng(7)
            idx_by = {d: rng.permutation(np.where(ytr == d)[0]) for d in sorted(set(ytr))}
            sl = np.concatenate([v[k*500:(k+1)*500] for v in idx_by.values()])
            rest = np.setdiff1d(np.arange(len(ytr)), sl)
            S[nm] = dict(A=A[rest], B=B[rest], en=A[sl], de=B[sl], y=ytr[sl])
    return S
def cells(s):
    for direction in ['de-en', 'en-de']:
        if direction == 'de-en': seedX, poolX, A = s['de'], s['en'], s['B']
        else: seedX, poolX, A = s['en'], s['de'], s['A']
        for dom in ['medical', 'law', 'it']:
            yield direction, dom, seedX[s['y'] == dom], poolX, A, s['y']
def mlp(P, N, seed, hidden=128):
    Xt = np.vstack([P, N]); yt = np.r_[np.ones(len(P)), np.zeros(len(N))]
    rng = np.random.default_rng(seed); perm = rng.permutation(len(yt)); nte = round(0.1*len(yt))
    tr = perm[nte:]
    c = MLPClassifier(hidden_layer_sizes=(hidden,), learning_rate_init=1e-3, batch_size=64, max_iter=30, alpha=0.0, random_state=seed, shuffle=True, n_iter_no_change=1000, tol=0)
    c.fit(Xt[tr], yt[tr]); return c
def cosm(S, Q):
    q = S.mean(0); q /= np.linalg.norm(q)
    return (Q @ q) / np.linalg.norm(Q, axis=1)
def preranked(cos, n, rng, frac=2/3):
    order = np.argsort(cos, kind='stable'); cand = order[:int(len(cos)*frac)]
    return rng.choice(cand, size=min(n, len(cand)), replace=False)
def prec(score, ytrue, dom):
    k = int((ytrue == dom).sum()); top = np.argsort(-score, kind='stable')[:k]
    return float((ytrue[top] == dom).mean())
