#ifndef DOMAINLENS_ARROW_MODULE_ABI_H
#define DOMAINLENS_ARROW_MODULE_ABI_H
/* The C ABI of libdomainlens_arrow.so (core/corpus/arrow_module), the module that holds every
 * unit seeing Arrow's or Parquet's headers: the Parquet / Arrow-stream reader behind
 * `import --parquet / --hf-dataset` and the Parquet writer behind `export --format parquet`.
 * It is dlopen'ed with RTLD_LOCAL | RTLD_DEEPBIND (common/ArrowModule, common/DynamicModule; in
 * common so that both corpus/ and export/ may use it) only when one of those is used, so pyarrow's libparquet and the
 * OpenSSL it bundles never join the process's global scope (ARCHITECTURE.md, known traps).
 *
 * Rules of the boundary: plain C types only; no C++ exception crosses it (every entry point
 * catches); an error is a NUL-terminated English message held by the handle, which the caller
 * copies before the next call on that handle. Strings passed in are (pointer, length) or
 * NUL-terminated where said. The ABI version changes whenever a signature or a struct does. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DL_ARROW_ABI_VERSION 1

typedef struct dl_arrow_reader dl_arrow_reader;
typedef struct dl_parquet_writer dl_parquet_writer;

/* A string: `size` bytes at `data` (not NUL-terminated; `data` may be NULL when size is 0). */
typedef struct dl_arrow_text {
    const char* data;
    size_t size;
} dl_arrow_text;

/* DL_ARROW_ABI_VERSION of the module. */
int dl_arrow_abi_version(void);

/* --- Reader ---------------------------------------------------------------------------------
 * `files`: `nfiles` paths read in order (a name ending ".parquet" is Parquet, any other an Arrow
 * IPC stream). `text` names the text column (a dot: a struct field, "translation.de"); `tgt`
 * and `label` may be NULL or "". `name` is what open errors say cannot be read (the --parquet
 * file or the --hf-dataset folder). The first file is opened and every column's type checked
 * before the call returns. Returns NULL only when out of memory; otherwise check
 * dl_arrow_reader_error. */
dl_arrow_reader* dl_arrow_reader_open(const char* name, const char* const* files, int nfiles, const char* text,
                                      const char* tgt, const char* label);

/* One row: the texts point into the module's memory and stay valid until the next call on the
 * reader. A null or absent value has length 0. */
typedef struct dl_arrow_row {
    dl_arrow_text src, tgt, label;
} dl_arrow_row;

/* 1: a row was read into *row; 0: the end of the last file; -1: an error (dl_arrow_reader_error,
 * naming the file and the row). */
int dl_arrow_reader_next(dl_arrow_reader* reader, dl_arrow_row* row);
/* "" when there was no error. */
const char* dl_arrow_reader_error(const dl_arrow_reader* reader);
/* Compressed bytes consumed so far, over all files (progress). */
int64_t dl_arrow_reader_bytes_read(const dl_arrow_reader* reader);
/* The file (index into `files`) and the 1-based row within it of the last row read. */
void dl_arrow_reader_position(const dl_arrow_reader* reader, int* file, int64_t* row);
void dl_arrow_reader_free(dl_arrow_reader* reader);

/* --- Writer ---------------------------------------------------------------------------------
 * The bytes of the Parquet file go to `write(ctx, data, n, err, errlen)`, which returns 0 or
 * writes a message into err and returns non-zero. Columns: id, position (int64), src, [tgt]
 * (string), domain (string, null when empty), score (float64, null when NaN), [cluster]
 * (int32, null without one); zstd, `row_group_rows` rows per row group. `name` is the file
 * the messages name ("Writing NAME failed: ..."). NULL only when out of memory; otherwise
 * check dl_parquet_writer_error. */
typedef int (*dl_parquet_write_fn)(void* ctx, const void* data, int64_t n, char* err, size_t errlen);
dl_parquet_writer* dl_parquet_writer_open(const char* name, int with_tgt, int with_cluster, int64_t row_group_rows,
                                          dl_parquet_write_fn write, void* ctx);

typedef struct dl_parquet_row {
    int64_t id, position;
    dl_arrow_text src, tgt, domain;
    double score;
    int has_cluster;
    int32_t cluster;
} dl_parquet_row;

/* 0 or -1 (dl_parquet_writer_error). */
int dl_parquet_writer_add(dl_parquet_writer* writer, const dl_parquet_row* row);
/* Writes the last row group and the footer: 0 or -1. */
int dl_parquet_writer_finish(dl_parquet_writer* writer);
const char* dl_parquet_writer_error(const dl_parquet_writer* writer);
void dl_parquet_writer_free(dl_parquet_writer* writer);

#ifdef __cplusplus
}
#endif

#endif
