#!/usr/bin/env python3
"""Encode a folder of <domain>.<lang> files once with a Hugging Face model and save the
mean-pooled vectors of EVERY hidden state (embeddings = layer 0 ... last layer) to one .npy
(float32, shape [layers+1, N, dim]) plus labels, so layer / layer-mean / post-processing sweeps
(sweep.py) never re-encode. Reference stack only (transformers); DomainLens itself does not use it.

Usage: encode_layers.py MODEL_DIR DATA_DIR LANG OUT_PREFIX [--batch 32] [--max-length 512]
Writes OUT_PREFIX.layers.npy, OUT_PREFIX.labels.txt, OUT_PREFIX.meta.json (sentences/s, threads).
"""
import argparse, json, os, sys, time
import numpy as np
import torch
from transformers import AutoModel, AutoTokenizer

DOMAINS = ["medical", "law", "it", "koran", "subtitles", "qed", "ted"]


def read_corpus(data_dir, lang):
    sents, labels = [], []
    for d in DOMAINS:
        p = os.path.join(data_dir, f"{d}.{lang}")
        if not os.path.exists(p):
            continue
        for line in open(p, encoding="utf-8"):
            s = line.rstrip("\n").strip()
            if s:
                sents.append(s)
                labels.append(d)
    return sents, labels


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model"); ap.add_argument("data"); ap.add_argument("lang"); ap.add_argument("out")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--max-length", type=int, default=512)
    ap.add_argument("--prefix", default="", help='text prepended to every sentence (e5: "query: ")')
    a = ap.parse_args()
    sents, labels = read_corpus(a.data, a.lang)
    tok = AutoTokenizer.from_pretrained(a.model)
    model = AutoModel.from_pretrained(a.model, torch_dtype=torch.float32).eval()
    # Length-sorted batches (as DomainLens's length buckets) keep padding small.
    order = sorted(range(len(sents)), key=lambda i: len(sents[i]))
    out = None
    t0 = time.time()
    with torch.inference_mode():
        for b in range(0, len(order), a.batch):
            idx = order[b:b + a.batch]
            enc = tok([a.prefix + sents[i] for i in idx], padding=True, truncation=True,
                      max_length=a.max_length, return_tensors="pt")
            hs = model(**enc, output_hidden_states=True).hidden_states
            m = enc["attention_mask"].unsqueeze(-1).float()
            pooled = torch.stack([(h * m).sum(1) / m.sum(1) for h in hs])  # [L+1, B, D]
            if out is None:
                out = np.zeros((pooled.shape[0], len(sents), pooled.shape[2]), np.float32)
            out[:, idx, :] = pooled.numpy()
            if (b // a.batch) % 20 == 0:
                print(f"{b + len(idx)}/{len(sents)} {time.time() - t0:.0f}s", file=sys.stderr, flush=True)
    secs = time.time() - t0
    np.save(a.out + ".layers.npy", out)
    open(a.out + ".labels.txt", "w").write("\n".join(labels) + "\n")
    meta = dict(model=a.model, data=a.data, lang=a.lang, n=len(sents), seconds=secs,
                sentences_per_s=len(sents) / secs, threads=torch.get_num_threads(),
                batch=a.batch, max_length=a.max_length, layers=int(out.shape[0]))
    json.dump(meta, open(a.out + ".meta.json", "w"), indent=1)
    print(json.dumps(meta))


if __name__ == "__main__":
    main()
