import numpy as np
def knn(P, K=50):
    Pn = P / np.linalg.norm(P, axis=1, keepdims=True)
    idx = np.empty((len(P), K), int); sims = np.empty((len(P), K), np.float32)
    for i in range(0, len(P), 1000):
        sim = Pn[i:i+1000] @ Pn.T
        for r in range(sim.shape[0]): sim[r, i+r] = -np.inf
        nn = np.argpartition(-sim, K, axis=1)[:, :K]
        ss = np.take_along_axis(sim, nn, 1); o = np.argsort(-ss, 1)
        idx[i:i+1000] = np.take_along_axis(nn, o, 1); sims[i:i+1000] = np.take_along_axis(ss, o, 1)
    return idx, sims
def W_apply(s, idx, sims, K, mode):
    nb = idx[:, :K]
    if mode == 'mean': return s[nb].mean(1)
    if mode == 'sim':
        w = np.maximum(sims[:, :K], 0); return (s[nb] * w).sum(1) / w.sum(1)
    if mode == 'exp':
        w = np.exp((sims[:, :K] - sims[:, :1]) / 0.05); return (s[nb] * w).sum(1) / w.sum(1)
def mutual_apply(idx, K):  # the mutual and the symmetrised K-NN graph
    n = len(idx); nb = idx[:, :K]
    rows = np.repeat(np.arange(n), K); cols = nb.ravel()
    import scipy.sparse as sp
    A = sp.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, n))
    M = A.multiply(A.T)  # mutual
    Sy = ((A + A.T) > 0).astype(float)
    return M, Sy
def lp(s0, idx, sims, K, alpha, T, mode='mean'):
    s = s0.copy()
    for _ in range(T): s = (1 - alpha) * s0 + alpha * W_apply(s, idx, sims, K, mode)
    return s
def lp_sparse(s0, M, alpha, T):
    deg = np.asarray(M.sum(1)).ravel(); s = s0.copy()
    for _ in range(T):
        ms = np.where(deg > 0, (M @ s) / np.maximum(deg, 1), s)
        s = (1 - alpha) * s0 + alpha * ms
    return s
