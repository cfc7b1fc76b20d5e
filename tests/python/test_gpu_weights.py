"""scripts/gpu-weights.py (docs/gpu.md): a model's weights packed to travel to a GPU machine and
unpacked there. The round trip gives every F32 tensor rounded to fp16 and back, the other tensors
byte for byte, in a safetensors file the reader takes; a damaged or missing part is refused."""
import importlib.util
import json
import struct
from pathlib import Path

import numpy as np
import pytest

from conftest import SOURCE, TEST_DATA

spec = importlib.util.spec_from_file_location("gpu_weights", SOURCE / "scripts" / "gpu-weights.py")
gpu_weights = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gpu_weights)

MODEL = TEST_DATA / "models" / "mpnet-tiny" / "model.safetensors"


def tensors(path):
    raw, base, header = gpu_weights.read_safetensors(path)
    header.pop("__metadata__", None)
    out = {}
    for name, h in header.items():
        begin, end = h["data_offsets"]
        out[name] = (h["dtype"], h["shape"], raw[base + begin:base + end])
    return out


def write_safetensors(path, named):
    header, blobs, offset = {}, [], 0
    for name, (dtype, shape, blob) in named.items():
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    text = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(text)) + text + b"".join(blobs))


@pytest.mark.parametrize("parts,first", [(1, 0), (3, 0), (3, 1000)])
def test_round_trip_is_the_fp16_rounding(tmp_path, parts, first):
    packed = tmp_path / "w"
    gpu_weights.pack(MODEL, packed, parts, first)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w"] + [f"w-p{i + 1}" for i in range(parts)]
    if first:
        assert (tmp_path / "w-p1" / "weights.part1").stat().st_size == first
    out = tmp_path / "model.safetensors"
    gpu_weights.unpack(packed, out)
    before, after = tensors(MODEL), tensors(out)
    assert before.keys() == after.keys()
    rounded = 0
    for name, (dtype, shape, blob) in before.items():
        assert after[name][:2] == (dtype, shape), name
        if dtype != "F32":
            assert after[name][2] == blob, name
            continue
        x = np.frombuffer(blob, "<f4")
        y = np.frombuffer(after[name][2], "<f4")
        assert np.array_equal(y, x.astype("<f2").astype("<f4")), name
        rounded += int((x != y).sum())
    assert rounded > 0  # the tiny model's weights are not all exact in fp16: the rounding happened
    assert not list(tmp_path.glob("model.safetensors.tmp*"))


def test_damaged_or_missing_part_is_refused(tmp_path):
    packed = tmp_path / "w"
    gpu_weights.pack(MODEL, packed, 2)
    part = tmp_path / "w-p2" / "weights.part2"
    data = bytearray(part.read_bytes())
    data[len(data) // 2] ^= 0xFF
    part.write_bytes(bytes(data))
    out = tmp_path / "model.safetensors"
    with pytest.raises(SystemExit, match="SHA-256"):
        gpu_weights.unpack(packed, out)
    part.unlink()
    with pytest.raises(SystemExit, match="missing.*w-p2"):
        gpu_weights.unpack(packed, out)
    assert not out.exists() and not list(tmp_path.glob("model.safetensors*"))


def test_values_outside_fp16_and_a_header_past_the_end_are_refused(tmp_path):
    big = tmp_path / "big.safetensors"
    write_safetensors(big, {"w": ("F32", [2], np.array([1.0, 1e6], "<f4").tobytes())})
    with pytest.raises(SystemExit, match="outside fp16's range"):
        gpu_weights.pack(big, tmp_path / "w", 1)
    short = tmp_path / "short.safetensors"
    short.write_bytes(struct.pack("<Q", 1 << 40) + b"{}")
    with pytest.raises(SystemExit, match="past the file's end"):
        gpu_weights.pack(short, tmp_path / "w", 1)
