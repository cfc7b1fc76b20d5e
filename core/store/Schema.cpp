#include "store/Schema.h"

namespace dl {

namespace {

// 0 -> 1: the first schema.
constexpr const char* kFirstSchema = R"sql(
CREATE TABLE corpora(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  src_lang TEXT NOT NULL DEFAULT '',
  tgt_lang TEXT NOT NULL DEFAULT '',
  parallel INTEGER NOT NULL DEFAULT 0,
  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')));
CREATE TABLE imports(
  id INTEGER PRIMARY KEY,
  corpus_id INTEGER NOT NULL REFERENCES corpora(id) ON DELETE CASCADE,
  report TEXT NOT NULL,
  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')));
CREATE TABLE sentences(
  id INTEGER PRIMARY KEY,
  corpus_id INTEGER NOT NULL REFERENCES corpora(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  domain TEXT NOT NULL DEFAULT '',
  src TEXT NOT NULL,
  tgt TEXT,
  src_tokens INTEGER NOT NULL DEFAULT 0,
  tgt_tokens INTEGER NOT NULL DEFAULT 0);
CREATE UNIQUE INDEX sentences_by_position ON sentences(corpus_id, position);
CREATE TABLE embedding_sets(
  id INTEGER PRIMARY KEY,
  model TEXT NOT NULL,
  layer INTEGER NOT NULL,
  pooling TEXT NOT NULL,
  side TEXT NOT NULL,
  normalized INTEGER NOT NULL,
  dim INTEGER NOT NULL,
  storage TEXT NOT NULL CHECK(storage IN ('f16','f32')),
  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  UNIQUE(model, layer, pooling, side, normalized));
CREATE TABLE embedding_chunks(
  set_id INTEGER NOT NULL REFERENCES embedding_sets(id) ON DELETE CASCADE,
  corpus_id INTEGER NOT NULL REFERENCES corpora(id) ON DELETE CASCADE,
  first_position INTEGER NOT NULL,
  rows INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY(set_id, corpus_id, first_position)) WITHOUT ROWID;
CREATE TABLE runs(
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  corpus_id INTEGER NOT NULL REFERENCES corpora(id) ON DELETE CASCADE,
  embedding_set_id INTEGER REFERENCES embedding_sets(id) ON DELETE SET NULL,
  params TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '{}',
  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')));
CREATE INDEX runs_by_kind ON runs(kind, id);
CREATE TABLE run_results(
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  sentence_id INTEGER NOT NULL REFERENCES sentences(id) ON DELETE CASCADE,
  label INTEGER,
  score REAL,
  prob REAL,
  loglik REAL,
  PRIMARY KEY(run_id, sentence_id)) WITHOUT ROWID;
CREATE TABLE run_blobs(
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY(run_id, name)) WITHOUT ROWID;
CREATE TABLE overrides(
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  sentence_id INTEGER NOT NULL REFERENCES sentences(id) ON DELETE CASCADE,
  included INTEGER NOT NULL,
  PRIMARY KEY(run_id, sentence_id)) WITHOUT ROWID;
)sql";

// 1 -> 2: embedding sets identified by the model's content, not its folder name.
// The column `model` now holds the set's identity (EmbeddingKey::identity(): content
// hash, precision, prompt prefix), so the old UNIQUE(model, layer, pooling, side,
// normalized) constraint becomes the content-keyed one without rebuilding the table
// (a rebuild would cascade-delete the chunks under foreign_keys=ON). Sets from
// schema 1 keep their vectors under "name:NAME|unknown": a new encode never reuses
// them (their model's content and precision were not recorded), runs still read them.
constexpr const char* kContentKeyedEmbeddings = R"sql(
ALTER TABLE embedding_sets ADD COLUMN model_name TEXT NOT NULL DEFAULT '';
ALTER TABLE embedding_sets ADD COLUMN model_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE embedding_sets ADD COLUMN model_path TEXT NOT NULL DEFAULT '';
ALTER TABLE embedding_sets ADD COLUMN precision TEXT NOT NULL DEFAULT 'unknown';
ALTER TABLE embedding_sets ADD COLUMN prefix TEXT NOT NULL DEFAULT '';
UPDATE embedding_sets SET model_name = model, model = 'name:' || model || '|unknown';
)sql";

// 2 -> 3: full-text search over the sentences (store/TextSearch.h). An external-content
// FTS5 index (the text stays in `sentences` alone), empty until the first search fills
// it; text_index_state records which sentences it holds (the largest id and how many)
// and is dropped by any deletion of sentences (ids of deleted rows can come back: the
// next search then rebuilds the index instead of trusting it).
constexpr const char* kTextSearch = R"sql(
CREATE VIRTUAL TABLE sentence_text USING fts5(src, tgt, content='sentences', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2');
CREATE TABLE text_index_state(
  id INTEGER PRIMARY KEY CHECK(id = 1),
  max_id INTEGER NOT NULL,
  rows INTEGER NOT NULL);
CREATE TRIGGER sentences_leave_text_index AFTER DELETE ON sentences
BEGIN
  DELETE FROM text_index_state;
END;
)sql";

// 3 -> 4: a corpus's role (import --role, docs/cleaning.md "Decontamination"): dev and
// test corpora are what `filter --kind decontaminate` keeps out of training exports.
constexpr const char* kCorpusRole = R"sql(
ALTER TABLE corpora ADD COLUMN role TEXT NOT NULL DEFAULT 'train' CHECK(role IN ('train','dev','test'));
)sql";

// 4 -> 5: free tags on sentences (store/Tags.h; the GUI's "Tag picked…"), any number per
// sentence; the index lists a tag's sentences.
constexpr const char* kSentenceTags = R"sql(
CREATE TABLE sentence_tags(
  sentence_id INTEGER NOT NULL REFERENCES sentences(id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  PRIMARY KEY(sentence_id, tag)) WITHOUT ROWID;
CREATE INDEX sentence_tags_by_tag ON sentence_tags(tag, sentence_id);
)sql";

// 5 -> 6: listing the corpora (store/Corpora.h listCorpora: sentences per corpus and
// domain) reads this covering index instead of every row of `sentences` with its text:
// 0.3 s instead of 2-4 s on a 1.5M-sentence project (bench/pipeline/RESULTS.md).
constexpr const char* kSentencesByDomain = R"sql(
CREATE INDEX IF NOT EXISTS sentences_by_domain ON sentences(corpus_id, domain);
)sql";

}  // namespace

// One named step per version (readability-function-size: the SQL lives in the constants above).
const std::vector<std::string>& schemaMigrations() {
    static const std::vector<std::string> migrations = {
        kFirstSchema, kContentKeyedEmbeddings, kTextSearch, kCorpusRole, kSentenceTags, kSentencesByDomain,
    };
    return migrations;
}

}  // namespace dl
