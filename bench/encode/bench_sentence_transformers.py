#!/usr/bin/env python3
"""Reference for bench_encode: sentence-transformers (PyTorch from PyPI) on the same sentences
with the same threads, batch size and max length. Prints one JSON line like bench_encode.

usage: bench_sentence_transformers.py --sentences FILE [--model DIR] [--threads N] [--batch N]
                                      [--max-length N] [--limit N] [--repeat N]
                                      [--device cpu|cuda] [--precision fp32|fp16|bf16] [--batches N,N,...]
--batches: one JSON line per batch size from one process (one model load, one import);
--precision fp16/bf16: the model's weights in that type (model.half() / .to(bfloat16)), what
sentence-transformers users do on a GPU.
Python: $PYTHON or .venv-ref/bin/python (scripts/setup-pyref.sh).
"""
import argparse
import json
import os
import resource
import time
from pathlib import Path

import torch

ap = argparse.ArgumentParser()
ap.add_argument("--sentences", required=True)
ap.add_argument("--model", default=str(Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local/share"))
                                         / "domainlens/models/all-MiniLM-L6-v2"))
ap.add_argument("--threads", type=int, default=0)
ap.add_argument("--batch", type=int, default=32)
ap.add_argument("--device", default="cpu", help="cpu or cuda (scripts/gpu-build.sh)")
ap.add_argument("--max-length", type=int, default=512)
ap.add_argument("--limit", type=int, default=20000)
ap.add_argument("--repeat", type=int, default=1)
ap.add_argument("--precision", default="fp32", choices=["fp32", "fp16", "bf16"])
ap.add_argument("--batches", default="", help="comma-separated batch sizes (overrides --batch)")
a = ap.parse_args()
if a.threads > 0:
    torch.set_num_threads(a.threads)
from sentence_transformers import SentenceTransformer  # noqa: E402

with open(a.sentences, encoding="utf-8") as f:
    texts = [line.rstrip("\n") for _, line in zip(range(a.limit), f)]
model = SentenceTransformer(a.model, device=a.device)
model.max_seq_length = a.max_length
if a.precision == "fp16":
    model.half()
elif a.precision == "bf16":
    model.to(torch.bfloat16)
for batch in [int(b) for b in a.batches.split(",") if b] or [a.batch]:
    model.encode(texts[:max(64, batch)], batch_size=batch)  # warm-up
    best = 1e30
    for _ in range(a.repeat):
        if a.device == "cuda":
            torch.cuda.synchronize()
        t0 = time.perf_counter()
        model.encode(texts, batch_size=batch, convert_to_numpy=True, normalize_embeddings=False)
        best = min(best, time.perf_counter() - t0)
    print(json.dumps({"impl": "sentence-transformers", "torch": torch.__version__, "sentences": len(texts),
                      "threads": torch.get_num_threads(), "batch": batch, "max_length": a.max_length,
                      "device": a.device, "precision": a.precision,
                      "seconds": best, "sentences_per_second": len(texts) / best,
                      "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0}), flush=True)
