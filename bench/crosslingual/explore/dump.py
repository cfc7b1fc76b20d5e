import os
import domainlens as dl, numpy as np
p = dl.open(os.environ.get('XL_PROJECT', 'all.dlproj'))
d = {}
for c in ['train', 'test']:
    l = p.labels(c); names = np.array(l['domain_names']); d[c+'_y'] = names[l['domain_index']]
    for sid, key in [(1,'src10'),(2,'src11'),(3,'src12'),(4,'tgt10'),(5,'tgt11'),(6,'tgt12')]:
        d[f'{c}_{key}'] = p.vectors(c, embedding_set=sid).astype(np.float32)
        print(c, key, d[f'{c}_{key}'].shape, flush=True)
np.savez(os.path.join(os.environ.get('XL_DIR', '.'), 'all.npz'), **d)
