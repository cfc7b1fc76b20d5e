#!/usr/bin/env python3
"""The Python side of bench/import/parquet.sh, run with the pinned .venv-arrow Python.

  parquet_reference.py write POOL_PREFIX OUT.parquet
      pool.de/pool.en -> one Parquet file in the HF translation layout
      (translation: struct<de: string, en: string>), pyarrow's default row groups.
  parquet_reference.py read-table FILE        pyarrow.parquet.read_table(FILE)
  parquet_reference.py load-dataset FILE CACHE datasets.load_dataset("parquet", data_files=FILE)
  parquet_reference.py write-table FILE OUT   read_table(FILE) then write_table(OUT) (zstd)
Each timed mode prints "rows=N seconds=S" (the work only, interpreter start-up excluded).
"""
import sys
import time

import pyarrow as pa
import pyarrow.parquet as pq

mode = sys.argv[1]
if mode == "write":
    prefix, out = sys.argv[2], sys.argv[3]
    with open(prefix + ".de", encoding="utf-8") as f:
        de = f.read().split("\n")[:-1]
    with open(prefix + ".en", encoding="utf-8") as f:
        en = f.read().split("\n")[:-1]
    trans = pa.StructArray.from_arrays([pa.array(de, pa.string()), pa.array(en, pa.string())], names=["de", "en"])
    pq.write_table(pa.table({"translation": trans}), out)
    meta = pq.ParquetFile(out).metadata
    print(f"wrote rows={meta.num_rows} row_groups={meta.num_row_groups}")
elif mode == "read-table":
    t0 = time.perf_counter()
    t = pq.read_table(sys.argv[2])
    print(f"rows={t.num_rows} seconds={time.perf_counter() - t0:.3f}")
elif mode == "load-dataset":
    import datasets
    datasets.disable_progress_bars()
    t0 = time.perf_counter()
    d = datasets.load_dataset("parquet", data_files=sys.argv[2], split="train", cache_dir=sys.argv[3])
    print(f"rows={d.num_rows} seconds={time.perf_counter() - t0:.3f}")
elif mode == "write-table":
    t = pq.read_table(sys.argv[2])
    t0 = time.perf_counter()
    pq.write_table(t, sys.argv[3], compression="zstd", row_group_size=65536)
    print(f"rows={t.num_rows} seconds={time.perf_counter() - t0:.3f}")
