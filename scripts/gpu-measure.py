#!/usr/bin/env python3
"""The GPU path, measured (docs/gpu.md): run ON the GPU machine after scripts/gpu-build.sh built
the Qt-free core, bench_encode, bench_gmm and the Python module there.

Each step runs as its own process under a time limit (a crash or a hang in one leaves the others
their figures) and appends to OUT/gpu-report.txt and OUT/results.json as it goes, so a call cut
short still brings back what finished. Steps, in order of what matters most:
  env          the GPU, driver, torch, compiler
  parity       MiniLM: the same 3,500 held-out sentences through bench_encode on the CPU (fp32)
               and on CUDA (fp32, and the default precision): cosine per sentence, min and mean
  gmm          bench_gmm cluster (fitPca/projectPca/fitGmm) on the CPU's vectors, on the CPU and on
               CUDA, purity/NMI, and scikit-learn's PCA 50 + GMM on the same vectors
  throughput   MiniLM on CUDA per batch: ours (default precision; fp32 at one batch) against
               sentence-transformers (fp16 and fp32 weights) from one process per precision
  map100k      the full map of 100k labelled sentences (bench/pipeline/make_corpus.py) through the
               Python module: import, encode on CUDA, cluster k = 7 (CPU), seconds per stage, purity
  select       the selection figure on CUDA (issue #26): train (seed) and test (pool) encoded with
               MiniLM; seed train:DOMAIN:2000, pool test; cosine, finetune-head, finetune and
               finetune --finetune-rounds 2; precision at the true size (evaluate's rule) and seconds
  mpnet        MPNet-base's architecture with random weights made here by transformers from the real
               model's config and tokenizer (420 MB of weights cannot travel to the machine):
               throughput ours against sentence-transformers, and the cost of select --method
               finetune, which depend on the shapes, not the values. No figure of quality.
With all-mpnet-base-v2's real weights (BUNDLE-mpnet and its parts, scripts/gpu-weights.py; the default
encoder, fp16-rounded to travel), --steps env,mpnet-select,mpnet-parity,mpnet-paper:
  mpnet-select the selection figure of issue #26 as `select` step, with the default encoder: cosine,
               finetune-head, finetune --finetune-rounds 2, finetune
  mpnet-parity the parity step with all-mpnet-base-v2
  mpnet-paper  finetune --preset paper (Aharoni & Goldberg's 5 epochs, Adam 2e-5, batch 256) on the same seeds
Usage: scripts/gpu-measure.py BUNDLE OUT [--build DIR] [--device cuda|cpu] [--steps a,b] [--quick]
       [--deadline SECONDS]
--device cpu --quick: a dry run on a machine without a GPU (small sizes) to check the script.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STEPS = ["env", "parity", "gmm", "throughput", "map100k", "mpnet", "select"]
MINILM = "all-MiniLM-L6-v2"
MPNET = "all-mpnet-base-v2"
MPNET_RANDOM = "mpnet-base-random-weights"


def log(out, text):
    print(text, flush=True)
    with open(out / "gpu-report.txt", "a", encoding="utf-8") as f:
        f.write(text + "\n")


def record(out, step, value):
    path = out / "results.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[step] = value
    path.write_text(json.dumps(data, indent=1))


def run(cmd, timeout, env=None, capture=True):
    """Runs cmd; returns (rc, stdout). rc 124 = the time limit."""
    try:
        p = subprocess.run(cmd, timeout=timeout, env=env, text=True,
                           stdout=subprocess.PIPE if capture else None, stderr=subprocess.PIPE)
    except subprocess.TimeoutExpired as e:
        return 124, (e.stdout or "") if isinstance(e.stdout, str) else ""
    if p.returncode != 0:
        sys.stderr.write(p.stderr[-3000:])
    return p.returncode, p.stdout or ""


class Ctx:
    def __init__(self, a):
        self.bundle = Path(a.bundle).resolve()
        self.out = Path(a.out).resolve()
        self.build = Path(a.build).resolve()
        self.device = a.device
        self.quick = a.quick
        self.work = self.out / "work" if not a.work else Path(a.work)
        self.work.mkdir(parents=True, exist_ok=True)
        self.models = self.bundle / "xdg" / "domainlens" / "models"
        self.bench_encode = str(self.build / "bench" / "encode" / "bench_encode")
        self.bench_gmm = str(self.build / "bench" / "gmm" / "bench_gmm")
        self.env = dict(os.environ, XDG_DATA_HOME=str(self.bundle / "xdg"),
                        PYTHONPATH=str(self.build / "python") + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.sentences = self.work / "sentences.txt"
        self.labels = self.work / "labels.txt"
        data = self.bundle / "data" / "llm-dom-ad-deen-test"
        lines, labels = [], []
        for f in sorted(data.glob("*.en")):
            rows = [x.rstrip("\n") for x in f.open(encoding="utf-8")]
            rows = rows[:60] if self.quick else rows
            lines += rows
            labels += [f.stem] * len(rows)
        self.sentences.write_text("\n".join(lines) + "\n", encoding="utf-8")
        self.labels.write_text("\n".join(labels) + "\n", encoding="utf-8")
        self.domains = sorted({f.stem for f in data.glob("*.en")})


def bench_json(text):
    rows = [json.loads(x) for x in text.splitlines() if x.startswith("{")]
    return rows


def step_env(c):
    info = {}
    for key, cmd in {"gpu": ["nvidia-smi", "--query-gpu=name,memory.total,driver_version", "--format=csv,noheader"],
                     "cxx": ["c++", "--version"], "cores": ["nproc"]}.items():
        try:
            info[key] = subprocess.run(cmd, text=True, capture_output=True, timeout=30).stdout.splitlines()[0]
        except Exception as e:  # noqa: BLE001 (a missing tool is a fact to record)
            info[key] = f"unavailable: {e}"
    rc, text = run([sys.executable, "-c", "import torch, json; print(json.dumps({'torch': torch.__version__, "
                    "'cuda': torch.version.cuda, 'available': torch.cuda.is_available(), "
                    "'cxx11_abi': torch._C._GLIBCXX_USE_CXX11_ABI}))"], 120)
    info["torch"] = json.loads(text) if rc == 0 else f"rc {rc}"
    return info


def step_parity(c, model_name=MINILM):
    import numpy as np
    res, vecs = {"model": model_name}, {}
    model = str(c.models / model_name)
    for name, dev, prec in (("cpu-fp32", "cpu", "fp32"), (f"{c.device}-fp32", c.device, "fp32"),
                            (f"{c.device}-auto", c.device, None)):
        path = c.work / (f"{name}.f32" if model_name == MINILM else f"{model_name}-{name}.f32")
        cmd = [c.bench_encode, "--sentences", str(c.sentences), "--model", model, "--device", dev, "--vectors", str(path)]
        if prec:
            cmd += ["--precision", prec]
        rc, text = run(cmd, 300, c.env)
        if rc != 0:
            res[name] = f"rc {rc}"
            continue
        j = bench_json(text)[-1]
        res[name] = {k: j[k] for k in ("device", "precision", "sentences_per_second", "seconds", "dim")}
        vecs[name] = np.fromfile(path, dtype="<f4").reshape(-1, j["dim"]).astype(np.float64)
    if "cpu-fp32" in vecs:
        cpu = vecs["cpu-fp32"]
        for name, v in vecs.items():
            if name == "cpu-fp32" or not isinstance(res.get(name), dict):
                continue
            cos = (cpu * v).sum(1) / (np.linalg.norm(cpu, axis=1) * np.linalg.norm(v, axis=1) + 1e-30)
            res[name]["cosine_to_cpu_fp32"] = {"min": float(cos.min()), "mean": float(cos.mean()), "n": len(cos)}
    return res


def purity(labels, truth):
    import collections
    by = collections.defaultdict(collections.Counter)
    for lab, t in zip(labels, truth):
        by[lab][t] += 1
    return sum(max(cnt.values()) for cnt in by.values()) / len(truth)


def step_gmm(c):
    import numpy as np
    res = {}
    vec = c.work / "cpu-fp32.f32"
    if not vec.exists():
        return "no CPU vectors (parity did not run)"
    truth = c.labels.read_text(encoding="utf-8").split()
    dim = vec.stat().st_size // 4 // len(truth)
    k = len(c.domains)
    for dev in ("cpu", c.device):
        rc, text = run([c.bench_gmm, "cluster", str(vec), str(dim), str(c.labels), str(k), "50", dev], 600, c.env)
        res[dev] = bench_json(text)[-1] if rc == 0 and bench_json(text) else f"rc {rc}"
    try:
        from sklearn.decomposition import PCA
        from sklearn.mixture import GaussianMixture
        x = np.fromfile(vec, dtype="<f4").reshape(-1, dim).astype(np.float64)
        t = time.time()
        z = PCA(50, random_state=0).fit_transform(x)
        lab = GaussianMixture(k, covariance_type="full", n_init=3, random_state=0).fit_predict(z)
        res["scikit-learn"] = {"purity": purity(lab, truth), "seconds": time.time() - t}
    except ImportError as e:
        res["scikit-learn"] = f"not installed: {e}"
    return res


def step_throughput(c, model_name=MINILM, batches=(64, 128, 256, 512)):
    res = {"model": model_name, "ours": [], "sentence-transformers": []}
    model = str(c.models / model_name)
    if c.quick:
        batches = batches[:2]
    for b in batches:
        rc, text = run([c.bench_encode, "--sentences", str(c.sentences), "--model", model, "--device", c.device,
                        "--batch", str(b), "--repeat", "3"], 300, c.env)
        res["ours"] += bench_json(text) if rc == 0 else [{"batch": b, "rc": rc}]
    rc, text = run([c.bench_encode, "--sentences", str(c.sentences), "--model", model, "--device", c.device,
                    "--batch", "256", "--repeat", "3", "--precision", "fp32"], 300, c.env)
    res["ours"] += bench_json(text) if rc == 0 else [{"batch": 256, "precision": "fp32", "rc": rc}]
    for prec in ("fp16", "fp32") if c.device == "cuda" else ("fp32",):
        rc, text = run([sys.executable, str(ROOT / "bench/encode/bench_sentence_transformers.py"), "--sentences",
                        str(c.sentences), "--model", model, "--device", c.device, "--precision", prec,
                        "--batches", ",".join(map(str, batches)), "--repeat", "3"], 400, c.env)
        res["sentence-transformers"] += bench_json(text) if rc == 0 else [{"precision": prec, "rc": rc}]
    slim = lambda r: {k: r.get(k) for k in ("batch", "precision", "sentences_per_second", "gflop_per_second",
                                             "layers_run", "rc") if k in r}
    res["ours"] = [slim(r) for r in res["ours"]]
    res["sentence-transformers"] = [slim(r) for r in res["sentence-transformers"]]
    best = lambda rows: max((r["sentences_per_second"] for r in rows if "sentences_per_second" in r), default=0)
    res["best_ours"], res["best_reference"] = best(res["ours"]), best(res["sentence-transformers"])
    if res["best_reference"]:
        res["ratio"] = res["best_ours"] / res["best_reference"]
    return res


def make_project(c, path, files, corpus, domain_from_filename=True):
    import domainlens
    p = domainlens.create(str(path))
    for f in files:
        p.import_(src=str(f), domain_from_filename=domain_from_filename, corpus=corpus)
    return p


def step_map100k(c):
    import domainlens  # noqa: F401 (fails early when the module is missing)
    n = 3000 if c.quick else 100000
    raw = c.work / "corpus100k"
    subprocess.run([sys.executable, str(ROOT / "bench/pipeline/make_corpus.py"), str(c.bundle / "data"), str(raw), str(n)],
                   check=True)
    proj = c.work / "map100k.dlproj"
    for suffix in ("", "-wal", "-shm"):
        Path(str(proj) + suffix).unlink(missing_ok=True)
    t0 = time.time()
    p = make_project(c, proj, sorted(raw.glob("*.en")), "all")
    t1 = time.time()
    enc = p.encode(model=MINILM, device=c.device)
    t2 = time.time()
    cl = p.cluster(k=7)
    t3 = time.time()
    return {"sentences": n, "model": MINILM, "import_seconds": t1 - t0, "encode_seconds": t2 - t1,
            "cluster_seconds": t3 - t2, "total_seconds": t3 - t0, "encode": enc, "cluster": cl}


def precision_at_true_size(p, run, corpus, domain):
    import numpy as np
    r = p.results(run)
    lab = p.labels(corpus)
    dom = dict(zip(lab["sentence_id"].tolist(), lab["domain_index"].tolist()))
    want = lab["domain_names"].index(domain)
    ok = ~np.isnan(r["score"])
    ids, scores = r["sentence_id"][ok], r["score"][ok]
    truth = np.array([dom[int(i)] == want for i in ids])
    k = int(truth.sum())
    top = np.argsort(-scores, kind="stable")[:k]
    return k, float(truth[top].mean()) if k else 0.0


def select_project(c, model):
    proj = c.work / f"select-{model}.dlproj"
    if proj.exists():
        import domainlens
        return domainlens.open(str(proj)), {}
    data = c.bundle / "data"
    lim = 40 if c.quick else None
    files = {}
    for corpus, folder in (("train", "llm-dom-ad-deen-train2500"), ("test", "llm-dom-ad-deen-test")):
        d = c.work / f"sel-{corpus}"
        d.mkdir(exist_ok=True)
        files[corpus] = []
        for f in sorted((data / folder).glob("*.en")):
            rows = f.read_text(encoding="utf-8").splitlines()[:lim]
            (d / f.name).write_text("\n".join(rows) + "\n", encoding="utf-8")
            files[corpus].append(d / f.name)
    import domainlens
    p = domainlens.create(str(proj))
    t0 = time.time()
    for corpus, fs in files.items():
        for f in fs:
            p.import_(src=str(f), domain_from_filename=True, corpus=corpus)
    t1 = time.time()
    p.encode(model=model, device=c.device)
    return p, {"import_seconds": t1 - t0, "encode_seconds": time.time() - t1}


def step_select(c, model=MINILM, domains=("medical", "law", "koran", "it"),
                methods=(("cosine", {}), ("finetune-head", {}), ("finetune", {}), ("finetune", {"finetune_rounds": 2})),
                partial="select-partial"):
    p, setup = select_project(c, model)
    domains = domains[:1] if c.quick else domains
    res = {"model": model, "setup": setup, "runs": []}
    size = 30 if c.quick else 2000
    for method, extra in methods:  # every domain of a method before the next: a cut run keeps whole methods
        for d in domains:
            t0 = time.time()
            s = p.select(method=method, pool="test", seed=f"train:{d}:{size}", seed_sample_seed=1, top=1, **extra)
            sec = time.time() - t0
            k, prec = precision_at_true_size(p, s["run"], "test", d)
            rep = s.get("report", {}) if isinstance(s.get("report"), dict) else {}
            row = {"domain": d, "method": method, **extra, "relevant": k, "precision": prec, "seconds": sec,
                   "device": rep.get("device"), "pool_size": s.get("pool_size")}
            res["runs"].append(row)
            print(json.dumps(row), flush=True)
            record(c.out, partial, res)
    return res


NO_MPNET = "no all-mpnet-base-v2 weights (the .gpu-mpnet parts did not all arrive)"


def have_mpnet(c):
    return (c.models / MPNET / "model.safetensors").exists()


def step_mpnet_select(c):
    """The selection figure of issue #26 with all-mpnet-base-v2's real weights (fp16-rounded to travel:
    scripts/gpu-weights.py): the methods that need no GPU first, then Domain-Finetune with two rounds
    (the candidate for the 0.95 goal), then with one."""
    if not have_mpnet(c):
        return NO_MPNET
    return step_select(c, MPNET, methods=(("cosine", {}), ("finetune-head", {}), ("finetune", {"finetune_rounds": 2}),
                                          ("finetune", {})), partial="mpnet-select-partial")


def step_mpnet_parity(c):
    return step_parity(c, MPNET)


def step_mpnet_paper(c):
    """Domain-Finetune with the paper's settings (--preset paper: 5 epochs, Adam 2e-5, batch 256, one round)."""
    if not have_mpnet(c):
        return NO_MPNET
    return step_select(c, MPNET, methods=(("finetune", {"preset": "paper"}),), partial="mpnet-paper-partial")


def make_random_mpnet(c):
    """MPNet-base's shapes, random weights: the real config and tokenizer, weights drawn by transformers."""
    dst = c.models / MPNET_RANDOM
    if (dst / "model.safetensors").exists():
        return dst
    import torch
    from transformers import AutoConfig, AutoModel
    src = c.bundle / "mpnet-config"
    dst.mkdir(parents=True, exist_ok=True)
    for f in src.rglob("*"):
        if f.is_file():
            t = dst / f.relative_to(src)
            t.parent.mkdir(parents=True, exist_ok=True)
            t.write_bytes(f.read_bytes())
    torch.manual_seed(0)
    model = AutoModel.from_config(AutoConfig.from_pretrained(str(src)))
    model.save_pretrained(str(dst), safe_serialization=True)
    return dst


def step_mpnet(c):
    make_random_mpnet(c)
    res = {"note": "random weights: speed and cost only"}
    res["throughput"] = step_throughput(c, MPNET_RANDOM, batches=(128, 256))
    record(c.out, "mpnet-partial", res)
    corpus = c.work / "corpus100k"
    if corpus.is_dir():  # map100k's sentences: the encode share of the default model's full map
        all100k = c.work / "all100k.txt"
        all100k.write_text("".join(f.read_text(encoding="utf-8") for f in sorted(corpus.glob("*.en"))), encoding="utf-8")
        rc, text = run([c.bench_encode, "--sentences", str(all100k), "--model", str(c.models / MPNET_RANDOM),
                        "--device", c.device, "--batch", "256", "--limit", "1000000"], 400, c.env)
        res["encode100k"] = bench_json(text)[-1] if rc == 0 and bench_json(text) else f"rc {rc}"
        record(c.out, "mpnet-partial", res)
    res["finetune"] = step_select(c, MPNET_RANDOM, domains=("medical",), methods=(("finetune", {}),),
                                  partial="mpnet-finetune-partial")
    return res


def reassemble_weights(bundle):
    """MiniLM's weights travel xz-compressed in two halves (BUNDLE-m1, BUNDLE-m2: gpu-bundle.sh)."""
    import hashlib
    import lzma
    dst = bundle / "xdg" / "domainlens" / "models" / MINILM / "model.safetensors"
    want = (bundle / "weights.sha256").read_text().split()[0]
    if dst.exists() and hashlib.sha256(dst.read_bytes()).hexdigest() == want:
        return "present"
    parts = [bundle.parent / (bundle.name + "-m1") / "weights.xz.part1", bundle.parent / (bundle.name + "-m2") / "weights.xz.part2"]
    data = lzma.decompress(b"".join(p.read_bytes() for p in parts))
    if hashlib.sha256(data).hexdigest() != want:
        raise SystemExit("gpu-measure: the reassembled weights do not match weights.sha256")
    tmp = dst.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(dst)
    return "reassembled"


def reassemble_mpnet(bundle):
    """all-mpnet-base-v2's real weights: BUNDLE-mpnet/weights-layout.json and the parts BUNDLE-mpnet-p1 ...
    (scripts/gpu-weights.py pack), made an F32 safetensors file beside the model's other files."""
    dst = bundle / "xdg" / "domainlens" / "models" / MPNET
    if (dst / "model.safetensors").exists():
        return "present"
    packed = bundle.parent / (bundle.name + "-mpnet")
    if not (packed / "weights-layout.json").exists():
        return "absent (no " + str(packed) + ")"
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(bundle / "mpnet-config", dst)
    t = time.time()
    rc, _ = run([sys.executable, str(ROOT / "scripts" / "gpu-weights.py"), "unpack", str(packed),
                 str(dst / "model.safetensors")], 300)
    return f"unpacked in {time.time() - t:.1f} s" if rc == 0 else f"unpack failed, rc {rc}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bundle")
    ap.add_argument("out")
    ap.add_argument("--build", default=str(ROOT / "build-gpu"))
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--steps", default=",".join(STEPS))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--deadline", type=float, default=540, help="seconds for all steps together")
    ap.add_argument("--work", default="")
    ap.add_argument("--one", default="", help="(internal) run one step in this process")
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    if a.one:
        c = Ctx(a)
        os.environ["XDG_DATA_HOME"] = c.env["XDG_DATA_HOME"]  # the models, for the module's jobs in this process
        sys.path.insert(0, str(c.build / "python"))
        res = globals()["step_" + a.one.replace("-", "_")](c)
        record(out, a.one, res)
        return
    steps = a.steps.split(",")
    bundle = Path(a.bundle).resolve()
    if set(steps) & {"parity", "gmm", "throughput", "map100k", "select"}:
        log(out, f"gpu-measure: MiniLM weights {reassemble_weights(bundle)}")
    if set(steps) & {"mpnet-select", "mpnet-parity", "mpnet-paper"}:
        log(out, f"gpu-measure: all-mpnet-base-v2 weights {reassemble_mpnet(bundle)}")
    start = time.time()
    for step in steps:
        left = a.deadline - (time.time() - start)
        if left < 20:
            log(out, f"== {step}: skipped, {left:.0f} s left of the deadline")
            continue
        log(out, f"== {step} ({time.strftime('%H:%M:%S')}, {left:.0f} s left)")
        t0 = time.time()
        cmd = [sys.executable, __file__, a.bundle, a.out, "--build", a.build, "--device", a.device, "--one", step,
               "--work", a.work or str(out / "work")] + (["--quick"] if a.quick else [])
        try:
            p = subprocess.run(cmd, timeout=left, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            rc, text = p.returncode, p.stdout
        except subprocess.TimeoutExpired as e:
            rc, text = 124, e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        data = json.loads((out / "results.json").read_text()) if (out / "results.json").exists() else {}
        log(out, text.rstrip()[-4000:] if rc != 0 else "")
        log(out, json.dumps(data.get(step, data.get(step + "-partial", "no result")), indent=1)[:6000])
        log(out, f"== {step}: rc {rc}, {time.time() - t0:.1f} s")


if __name__ == "__main__":
    main()
