#!/usr/bin/env python3
"""A model's safetensors weights made small enough to travel to a GPU machine that reaches nothing
outside, in calls of at most 64 MiB (docs/gpu.md), and made whole again there.

  pack   SRC.safetensors DIR PARTS [FIRST_BYTES]
                                     F32 tensors rounded to fp16, the two byte planes of the fp16
                                     values stored apart (high bytes compress well, low bytes
                                     hardly), xz; written as PARTS equal parts DIR-p1/weights.part1
                                     ... DIR-pN/weights.partN (one folder per call) and
                                     DIR/weights-layout.json; FIRST_BYTES makes part 1 that size
                                     (it travels beside the build bundle), the rest equal (names, shapes, the other tensors
                                     as they are, the SHA-256 of the whole stream)
  unpack DIR DST.safetensors         the parts (DIR-p1 ... beside DIR) checked against the layout's
                                     SHA-256 and written as an F32 safetensors file, exclusively
                                     created beside DST and renamed onto it

Why fp16: all-mpnet-base-v2's 438 MB of F32 weights are 187 MB this way, five calls instead of ten.
The rounding is the only change: relative error at most 2^-11 for weights of magnitude >= 6.1e-5
(fp16's normal range), absolute error at most 3e-8 below it; a weight beyond fp16's range is
refused at pack. docs/gpu.md records what it does to the vectors.
Only numpy is needed, on both sides.
"""
import base64
import hashlib
import json
import lzma
import os
import struct
import sys
from pathlib import Path

import numpy as np

MAX_HEADER = 100 * 1024 * 1024


def read_safetensors(path):
    raw = Path(path).read_bytes()
    if len(raw) < 8:
        raise SystemExit(f"{path}: shorter than a safetensors header")
    n = struct.unpack("<Q", raw[:8])[0]
    if n > min(MAX_HEADER, len(raw) - 8):
        raise SystemExit(f"{path}: header length {n} is past the file's end")
    header = json.loads(raw[8:8 + n])
    return raw, 8 + n, header


def pack(src, out_dir, parts, first=0):
    raw, base, header = read_safetensors(src)
    metadata = header.pop("__metadata__", None)
    names = sorted(header, key=lambda k: header[k]["data_offsets"][0])
    halves, layout = [], {"metadata": metadata, "tensors": []}
    for name in names:
        h = header[name]
        begin, end = h["data_offsets"]
        if not 0 <= begin <= end <= len(raw) - base:
            raise SystemExit(f"{src}: tensor {name} lies outside the file")
        if h["dtype"] != "F32":  # position ids and the like: small, kept as they are
            layout["tensors"].append({"name": name, "dtype": h["dtype"], "shape": h["shape"],
                                      "raw": base64.b64encode(raw[base + begin:base + end]).decode()})
            continue
        values = np.frombuffer(raw, "<f4", (end - begin) // 4, base + begin)
        if np.abs(values).max(initial=0) >= 65504:
            raise SystemExit(f"{src}: tensor {name} has a value outside fp16's range")
        halves.append(values.astype("<f2"))
        layout["tensors"].append({"name": name, "dtype": "F32", "shape": h["shape"], "count": int(values.size)})
    flat = np.concatenate(halves).view(np.uint8).reshape(-1, 2)
    stream = lzma.compress(flat[:, 1].tobytes() + flat[:, 0].tobytes(), preset=6)
    layout["sha256"] = hashlib.sha256(stream).hexdigest()
    layout["parts"] = parts
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "weights-layout.json").write_text(json.dumps(layout))
    first = first or (len(stream) + parts - 1) // parts
    step = (len(stream) - first + parts - 2) // max(parts - 1, 1)
    bounds = [0] + [min(first + i * step, len(stream)) for i in range(parts - 1)] + [len(stream)]
    for i in range(parts):
        d = Path(f"{out}-p{i + 1}")
        d.mkdir(parents=True, exist_ok=True)
        (d / f"weights.part{i + 1}").write_bytes(stream[bounds[i]:bounds[i + 1]])
        print(f"{d}/weights.part{i + 1}: {bounds[i + 1] - bounds[i]} bytes")


def unpack(in_dir, dst):
    src = Path(in_dir)
    layout = json.loads((src / "weights-layout.json").read_text())
    paths = [Path(f"{src}-p{i + 1}/weights.part{i + 1}") for i in range(int(layout["parts"]))]
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise SystemExit(f"{src}: part(s) missing: {', '.join(missing)} (each travels in its own call)")
    stream = b"".join(p.read_bytes() for p in paths)
    if hashlib.sha256(stream).hexdigest() != layout["sha256"]:
        raise SystemExit(f"{src}: the parts do not match the layout's SHA-256 (a part missing or damaged)")
    planes = lzma.decompress(stream)
    count = sum(t["count"] for t in layout["tensors"] if t["dtype"] == "F32")
    if len(planes) != 2 * count:
        raise SystemExit(f"{src}: {len(planes)} bytes unpacked where the layout wants {2 * count}")
    pairs = np.empty((count, 2), np.uint8)
    pairs[:, 1] = np.frombuffer(planes, np.uint8, count, 0)
    pairs[:, 0] = np.frombuffer(planes, np.uint8, count, count)
    values = pairs.reshape(-1).view("<f2").astype("<f4")
    header, blobs, offset, at = {}, [], 0, 0
    for t in layout["tensors"]:
        if t["dtype"] == "F32" and int(np.prod(t["shape"], dtype=np.int64)) != t["count"]:
            raise SystemExit(f"{src}: tensor {t['name']} has shape {t['shape']} but {t['count']} values")
        if t["dtype"] == "F32":
            blob = values[at:at + t["count"]].tobytes()
            at += t["count"]
        else:
            blob = base64.b64decode(t["raw"])
        header[t["name"]] = {"dtype": t["dtype"], "shape": t["shape"], "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    if layout.get("metadata") is not None:
        header["__metadata__"] = layout["metadata"]
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    dst = Path(dst)
    tmp = dst.with_name(dst.name + f".tmp{os.getpid()}")
    f = open(tmp, "xb")  # exclusive: never a file somebody else is writing (and never removed below)
    try:
        with f:
            f.write(struct.pack("<Q", len(text)) + text)
            for blob in blobs:
                f.write(blob)
        tmp.replace(dst)
    except BaseException:
        tmp.unlink(missing_ok=True)  # ours, half-written: nothing is left beside DST
        raise


def main():
    if len(sys.argv) in (5, 6) and sys.argv[1] == "pack":
        pack(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]) if len(sys.argv) == 6 else 0)
    elif len(sys.argv) == 4 and sys.argv[1] == "unpack":
        unpack(sys.argv[2], sys.argv[3])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
