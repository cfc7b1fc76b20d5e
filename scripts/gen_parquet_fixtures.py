#!/usr/bin/env python3
"""Writes the Parquet / Hugging Face fixtures of tests/core/corpus/tst_parquet with the REAL
pyarrow and datasets libraries (the pinned versions scripts/setup.sh installs into .venv-arrow/),
plus the same sentences as plain text, so the test can compare an import from each.

Usage: .venv-arrow/bin/python scripts/gen_parquet_fixtures.py OUTDIR
"""
import json
import os
import sys

import pyarrow as pa
import pyarrow.parquet as pq

out = sys.argv[1]
os.makedirs(out, exist_ok=True)

# 40 monolingual sentences over two domains; row 5 is null and row 9 empty (both skipped as empty
# lines), row 12 repeats row 11 (a duplicate), rows carry non-ASCII text.
mono, labels = [], []
for i in range(40):
    mono.append(f"Sentence {i} über Ärzte — {'medical' if i % 2 else 'law'} №{i}")
    labels.append("medical" if i % 2 else "law")
mono[5] = None
mono[9] = ""
mono[12] = mono[11]
labels[12] = labels[11]
with open(os.path.join(out, "mono.txt"), "w", encoding="utf-8") as f:
    for s in mono:
        f.write((s or "") + "\n")
# Three row groups of 16 rows at most, string (not large_string) text, a plain label column.
t = pa.table({"text": pa.array(mono, pa.string()), "domain": pa.array(labels, pa.string()),
              "n": pa.array(range(40), pa.int64())})
pq.write_table(t, os.path.join(out, "mono.parquet"), row_group_size=16)
# The same with large_string text (Arrow's 64-bit offsets, as polars and some HF files write).
pq.write_table(t.cast(pa.schema([("text", pa.large_string()), ("domain", pa.string()), ("n", pa.int64())])),
               os.path.join(out, "mono_large.parquet"), row_group_size=7)

# Pairs, as the HF translation datasets store them: translation: struct<de, en>, plus a label.
de = [f"Der Satz Nummer {i} ist kurz." for i in range(30)]
en = [f"Sentence number {i} is short." for i in range(30)]
dom = ["it" if i < 12 else "law" for i in range(30)]
with open(os.path.join(out, "pair.de"), "w", encoding="utf-8") as f:
    f.write("".join(s + "\n" for s in de))
with open(os.path.join(out, "pair.en"), "w", encoding="utf-8") as f:
    f.write("".join(s + "\n" for s in en))
trans = pa.array([{"de": d, "en": e} for d, e in zip(de, en)],
                 pa.struct([("de", pa.string()), ("en", pa.string())]))
pq.write_table(pa.table({"translation": trans, "domain": dom}), os.path.join(out, "pair.parquet"), row_group_size=8)

# datasets.save_to_disk of a DatasetDict (train/test), labels as a ClassLabel (integers + names).
import datasets  # noqa: E402

features = datasets.Features({"translation": datasets.Translation(languages=["de", "en"]),
                              "label": datasets.ClassLabel(names=["it", "law"])})
train = datasets.Dataset.from_dict(
    {"translation": [{"de": d, "en": e} for d, e in zip(de, en)], "label": [0 if x == "it" else 1 for x in dom]},
    features=features)
test = datasets.Dataset.from_dict({"translation": [{"de": "Nur ein Test.", "en": "Only a test."}], "label": [1]},
                                  features=features)
datasets.DatasetDict({"train": train, "test": test}).save_to_disk(os.path.join(out, "hf_saved"), max_shard_size="1KB")
# The Hub's layout: data/<split>-0000i-of-0000n.parquet (what push_to_hub uploads), two shards.
hub = os.path.join(out, "hf_hub", "data")
os.makedirs(hub, exist_ok=True)
train.select(range(0, 17)).to_parquet(os.path.join(hub, "train-00000-of-00002.parquet"))
train.select(range(17, 30)).to_parquet(os.path.join(hub, "train-00001-of-00002.parquet"))
test.to_parquet(os.path.join(hub, "test-00000-of-00001.parquet"))

# Hostile files, each from a good one.
good = open(os.path.join(out, "mono.parquet"), "rb").read()
open(os.path.join(out, "truncated.parquet"), "wb").write(good[: len(good) // 2])
open(os.path.join(out, "badmagic.parquet"), "wb").write(good[:-4] + b"PAR2")
# The footer's declared length (the 4 bytes before the final magic) says 2 GiB.
open(os.path.join(out, "hugefooter.parquet"), "wb").write(good[:-8] + (0x7FFFFFF0).to_bytes(4, "little") + b"PAR1")
pq.write_table(pa.table({"text": pa.array(range(10), pa.int64())}), os.path.join(out, "wrongtype.parquet"))
open(os.path.join(out, "notparquet.parquet"), "wb").write(b"PAR1 this is text, not a Parquet file PAR1")
# A save_to_disk folder whose state.json names a file outside the folder.
evil = os.path.join(out, "hf_evil")
os.makedirs(evil, exist_ok=True)
json.dump({"_data_files": [{"filename": "../mono.parquet"}]}, open(os.path.join(evil, "state.json"), "w"))
# A save_to_disk folder whose Arrow stream is cut in the middle.
import shutil  # noqa: E402

cut = os.path.join(out, "hf_cut")
train.save_to_disk(cut)
arrow = [f for f in os.listdir(cut) if f.endswith(".arrow")][0]
data = open(os.path.join(cut, arrow), "rb").read()
open(os.path.join(cut, arrow), "wb").write(data[: len(data) * 2 // 3])
# A ClassLabel column (names it, law) with an index outside the names: 5 (too large), -1 (HF's
# "no label", a null label) and, in the third file, -1 on a row whose text is empty (skipped).
def class_label_file(name, texts, labels):
    meta = {"info": {"features": {"text": {"dtype": "string", "_type": "Value"},
                                  "label": {"names": ["it", "law"], "_type": "ClassLabel"}}}}
    t = pa.table({"text": pa.array(texts, pa.string()), "label": pa.array(labels, pa.int64())})
    pq.write_table(t.replace_schema_metadata({b"huggingface": json.dumps(meta).encode()}), os.path.join(out, name))


class_label_file("label_too_large.parquet", ["an it text", "a law text", "bad index"], [0, 1, 5])
class_label_file("label_none.parquet", ["an it text", "a law text", "unlabelled text"], [0, 1, -1])
class_label_file("label_none_empty.parquet", ["an it text", "", "a law text"], [0, -1, 1])
# Columns that share a name (Arrow allows it): two top-level "text"; a top-level
# "translation.de" twice beside a struct translation{de}; a struct with two fields "de".
pq.write_table(pa.Table.from_arrays([pa.array(["a", "b"]), pa.array(["x", "y"])], names=["text", "text"]),
               os.path.join(out, "dupname.parquet"))
pq.write_table(pa.Table.from_arrays([pa.array([1, 2]), pa.array([{"de": "Hallo"}, {"de": "Welt"}]), pa.array([3, 4])],
                                    names=["translation.de", "translation", "translation.de"]),
               os.path.join(out, "dupdotted.parquet"))
twin = pa.StructArray.from_arrays([pa.array(["eins", "zwei"]), pa.array(["one", "two"])], names=["de", "de"])
pq.write_table(pa.Table.from_arrays([twin], names=["translation"]), os.path.join(out, "dupfield.parquet"))
print("fixtures written to", out)
