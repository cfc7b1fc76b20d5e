// domainlens._core: the Python module's compiled part (pybind11), one unit over the core
// libraries. A project opened read-only for reading (corpora, sentences, labels, vectors as numpy,
// runs and their per-sentence results), and the jobs run with the parameters of their tables
// (core/jobs/ParamTable.h): Python keyword arguments become table values, checked by the same
// specs as the CLI's options (app/cli/ParamOptions.h), then the same job function runs on a worker
// thread with the GIL released while the calling thread polls for Ctrl+C and forwards progress.
// docs/python.md describes the API; python/domainlens/__init__.py wraps this module.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <cstdint>

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "analysis/ClusterJob.h"
#include "corpus/Import.h"
#include "encode/EncodeJob.h"
#include "encode/ModelCatalog.h"
#include "export/Export.h"
#include "filter/FilterJob.h"
#include "jobs/ParamTable.h"
#include "reports/ProjectInfo.h"
#include "runs/ClusterRunChecks.h"
#include "runs/RunBlobs.h"
#include "select/CrossLingual.h"
#include "select/RunParams.h"
#include "select/SelectJob.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/ProjectCopy.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace py = pybind11;

namespace {

// ---- errors: domainlens.Error (.code, .message, .kind, .args) and one subclass per ErrorKind ----

// ErrorCode's names, in the enum's order (common/Error.h; the enum is append-only).
constexpr std::array kErrorCodeNames = {
    "Generic",         "Cancelled",       "OutOfMemory",         "Internal",          "ProjectMissing",
    "ProjectIsFolder", "NotAProject",     "ProjectTooNew",       "ProjectLocked",     "ProjectReadOnly",
    "DiskFull",        "Database",        "UpgradeReadOnly",     "UpgradeFailed",     "UnknownCorpus",
    "UnknownRun",      "UnknownMethod",   "UnknownOption",       "InvalidUtf8",       "FileExists",
    "ModelNotFound",   "ModelUnrecorded", "ModelChanged",        "PrecisionMismatch", "DimensionMismatch",
    "NotClusterRun",   "NothingEncoded",  "DamagedEmbeddings",   "StoredDataInvalid", "NoSuchCluster",
    "EmptyQuery",      "TextIndexStale",  "ClusterModelMissing", "ClusterModelTooNew"};
static_assert(kErrorCodeNames.size() == static_cast<std::size_t>(dl::ErrorCode::ClusterModelTooNew) + 1,
              "a new ErrorCode needs its name here");

struct ErrorClasses {
    py::object base, usage, cancelled;
};
ErrorClasses& errorClasses() {
    static ErrorClasses classes;  // set once at import, under the GIL
    return classes;
}

[[noreturn]] void raise(const dl::Error& e) {
    const auto& c = errorClasses();
    const py::object cls = e.kind == dl::ErrorKind::Usage       ? c.usage
                           : e.kind == dl::ErrorKind::Cancelled ? c.cancelled
                                                                : c.base;
    py::object exc = cls(e.message);
    const auto code = static_cast<std::size_t>(e.code);
    exc.attr("code") = code < kErrorCodeNames.size() ? kErrorCodeNames[code] : "Generic";
    exc.attr("message") = e.message;
    exc.attr("kind") = e.kind == dl::ErrorKind::Usage       ? "usage"
                       : e.kind == dl::ErrorKind::Cancelled ? "cancelled"
                                                            : "failed";
    exc.attr("args_") = e.args;
    PyErr_SetObject(cls.ptr(), exc.ptr());
    throw py::error_already_set();
}

template <class T>
T take(dl::Expected<T> value) {
    if (!value) raise(value.error());
    return std::move(*value);
}
void check(const dl::Status& s) {
    if (!s) raise(s.error());
}

py::object toPython(const nlohmann::json& j) { return py::module_::import("json").attr("loads")(j.dump()); }

// ---- parameters: Python keyword arguments -> the table's values (as ParamOptions.h does) ----

// The keyword a spec is given by: dashes become underscores, a Python keyword gets a trailing
// underscore (from -> from_). Only the spelling differs; names, checks and help are the spec's.
std::string kwargName(const std::string& spec) {
    std::string out = spec;
    for (char& ch : out)
        if (ch == '-') ch = '_';
    static const std::set<std::string> keywords = {"from", "import", "global", "lambda", "class", "in",   "is", "not",
                                                   "and",  "or",     "def",    "del",    "pass",  "with", "as", "if"};
    if (keywords.contains(out)) out += '_';
    return out;
}

// One Python value as the spec's kind: a string is read as the command line reads it, other
// values must already be of the kind (bool for flags, int, float, a sequence of ints).
dl::ParamValue toParamValue(const std::string& job, const dl::ParamSpec& spec, const py::handle& v) {
    const auto bad = [&](const std::string& why) -> dl::ParamValue {
        raise(dl::Error{dl::ErrorKind::Usage,
                        job + ": " + kwargName(spec.name) + " (--" + spec.name + "): " + why,
                        dl::ErrorCode::UnknownOption,
                        {spec.name, py::str(py::repr(v)).cast<std::string>(), ""}});
    };
    // A repeatable parameter (export's tag) also takes a list of strings, as the option given
    // once per item.
    if (spec.repeatable && (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v))) {
        std::vector<std::string> items;
        for (auto item : v) {
            if (!py::isinstance<py::str>(item))
                return bad("expected a string or a list of strings, got " + py::str(py::repr(v)).cast<std::string>());
            const auto text = item.cast<std::string>();
            if (text.find(dl::kRepeatSeparator) != std::string::npos)
                return bad("a value cannot hold a line break: " + py::str(py::repr(item)).cast<std::string>());
            items.push_back(text);
        }
        auto parsed = dl::parseParamText(spec, dl::joinRepeated(items));
        if (!parsed) return bad(parsed.error().message);
        return *parsed;
    }
    if (py::isinstance<py::str>(v)) {
        auto parsed = dl::parseParamText(spec, v.cast<std::string>());
        if (!parsed) return bad(parsed.error().message);
        return *parsed;
    }
    switch (spec.kind) {
    case dl::ParamKind::Flag:
        if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
        return bad("expected True or False, got " + py::str(py::repr(v)).cast<std::string>());
    case dl::ParamKind::Int:
        if (py::isinstance<py::int_>(v) && !py::isinstance<py::bool_>(v)) return v.cast<std::int64_t>();
        return bad("expected an int, got " + py::str(py::repr(v)).cast<std::string>());
    case dl::ParamKind::Double:
        if ((py::isinstance<py::int_>(v) || py::isinstance<py::float_>(v)) && !py::isinstance<py::bool_>(v))
            return v.cast<double>();
        return bad("expected a number, got " + py::str(py::repr(v)).cast<std::string>());
    case dl::ParamKind::IntList:
        if (py::isinstance<py::sequence>(v)) {
            std::vector<int> out;
            for (auto item : v) {
                if (!py::isinstance<py::int_>(item) || py::isinstance<py::bool_>(item))
                    return bad("expected a list of ints, got " + py::str(py::repr(v)).cast<std::string>());
                out.push_back(item.cast<int>());
            }
            return out;
        }
        return bad("expected a list of ints, got " + py::str(py::repr(v)).cast<std::string>());
    case dl::ParamKind::Choice:
    case dl::ParamKind::Text: return bad("expected a string, got " + py::str(py::repr(v)).cast<std::string>());
    }
    return bad("unsupported value");
}

// Every keyword argument set on `params` through `table`; `extra` names the keywords the caller
// handles itself (export's run). An unknown keyword, a bad value or a required parameter left out
// raises domainlens.UsageError naming it. Returns the spec names given.
template <class P>
std::set<std::string> applyKwargs(const std::string& job, const dl::ParamTable<P>& table, const py::kwargs& kwargs,
                                  P& params, const std::set<std::string>& extra = {}) {
    std::map<std::string, const dl::ParamBinding<P>*> byKwarg;
    for (const auto& b : table.bindings()) byKwarg[kwargName(b.spec.name)] = &b;
    std::set<std::string> given;
    for (const auto& [key, value] : kwargs) {
        const std::string name = py::cast<std::string>(key);
        if (extra.contains(name)) continue;
        const auto it = byKwarg.find(name);
        if (it == byKwarg.end()) {
            std::string known;
            for (const auto& [k, b] : byKwarg) known += (known.empty() ? "" : ", ") + k;
            raise(dl::Error{dl::ErrorKind::Usage,
                            job + ": unknown parameter '" + name + "' (known: " + known + ")",
                            dl::ErrorCode::UnknownOption,
                            {name, "", known}});
        }
        if (value.is_none()) continue;  // None: the default
        const dl::ParamValue v = toParamValue(job, it->second->spec, value);
        if (auto s = dl::checkParamValue(it->second->spec, v); !s) {
            dl::Error e = s.error();
            e.message = job + ": " + name + ": " + e.message;
            raise(e);
        }
        it->second->set(params, v);
        given.insert(it->second->spec.name);
    }
    for (const auto& b : table.bindings())
        if (b.spec.required && !given.contains(b.spec.name))
            raise(dl::Error{dl::ErrorKind::Usage, job + ": the parameter '" + kwargName(b.spec.name) + "' (--" +
                                                      b.spec.name + ") is required"});
    return given;
}

py::dict specToDict(const dl::ParamSpec& s) {
    static const std::map<dl::ParamKind, const char*> kinds = {
        {dl::ParamKind::Int, "int"},       {dl::ParamKind::Double, "float"}, {dl::ParamKind::Flag, "bool"},
        {dl::ParamKind::Choice, "choice"}, {dl::ParamKind::Text, "str"},     {dl::ParamKind::IntList, "list[int]"}};
    py::dict d;
    d["name"] = s.name;
    d["kwarg"] = kwargName(s.name);
    d["kind"] = kinds.at(s.kind);
    d["default"] = toPython(dl::paramValueToJson(s.defaultValue));
    d["default_text"] = s.defaultNote.empty() ? dl::formatParamValue(s.defaultValue) : s.defaultNote;
    d["min"] = s.min ? py::object(py::float_(*s.min)) : py::object(py::none());
    d["max"] = s.max ? py::object(py::float_(*s.max)) : py::object(py::none());
    d["choices"] = s.choices;
    d["help"] = s.help;
    d["help_line"] = dl::paramHelpLine(s);
    d["required"] = s.required;
    d["repeatable"] = s.repeatable;
    d["stored_at"] = s.jsonKey;
    return d;
}

// The parameter declarations of each job the module runs (the stub generator and the docstrings).
std::vector<dl::ParamSpec> jobSpecs(const std::string& job) {
    if (job == "import") return dl::importParamTable().specs();
    if (job == "encode") return dl::encodeParamTable().specs();
    if (job == "cluster") return dl::clusterParamTable().specs();
    if (job == "select") return dl::selectCommandSpecs();
    if (job == "filter") return dl::filterParamTable().specs();
    if (job == "export") return dl::exportParamTable().specs();
    raise(
        dl::Error{dl::ErrorKind::Usage, "unknown job '" + job + "' (import, encode, cluster, select, filter, export)"});
}

// ---- running a job: a worker thread without the GIL; the caller polls signals and progress ----

class PolledProgress final : public dl::ProgressSink {
public:
    void stage(std::string_view name) override {
        std::lock_guard lock(mutex_);
        message_ = std::string(name), done_ = 0, total_ = 0, ++version_;
    }
    void progress(std::int64_t done, std::int64_t total) override {
        std::lock_guard lock(mutex_);
        done_ = done, total_ = total, ++version_;
    }
    void info(std::string_view message) override {
        std::lock_guard lock(mutex_);
        infos_.emplace_back(message);
    }
    // The state when it changed since the last call: (fraction or None, message), infos.
    bool poll(std::uint64_t& seen, py::object& fraction, std::string& message, std::vector<std::string>& infos) {
        std::lock_guard lock(mutex_);
        infos.swap(infos_);
        infos_.clear();
        if (version_ == seen) return false;
        seen = version_;
        fraction = total_ > 0 ? py::object(py::float_(double(done_) / double(total_))) : py::object(py::none());
        message = message_;
        return true;
    }

private:
    std::mutex mutex_;
    std::string message_;
    std::int64_t done_ = 0, total_ = 0;
    std::uint64_t version_ = 0;
    std::vector<std::string> infos_;
};

// Runs `job` on a worker thread. The calling thread, every 50 ms: PyErr_CheckSignals (Ctrl+C
// raises KeyboardInterrupt there), then the progress callback (fraction, message) when the job
// reported something. A signal or an exception from the callback sets the job's CancelToken; the
// job stops at its next poll and rolls back its transaction (a job writes its run in one), then
// that exception propagates. Info lines go to the callback with fraction None.
template <class R>
R runWithPython(const py::object& onProgress,
                const std::function<dl::Expected<R>(dl::ProgressSink&, const dl::CancelToken&)>& job) {
    PolledProgress sink;
    dl::CancelToken cancel;
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
    std::optional<dl::Expected<R>> result;
    std::thread worker([&] {
        dl::Expected<R> r = [&]() -> dl::Expected<R> {
            try {
                return job(sink, cancel);
            } catch (const std::exception& e) {  // core's jobs catch at their boundary; this is the last net
                return std::unexpected(dl::Error{dl::ErrorKind::Failed, e.what(), dl::ErrorCode::Internal, {e.what()}});
            } catch (...) {
                return std::unexpected(
                    dl::Error{dl::ErrorKind::Failed, "unknown exception", dl::ErrorCode::Internal, {}});
            }
        }();
        std::lock_guard lock(mutex);
        result.emplace(std::move(r));
        done = true;
        cv.notify_all();
    });
    std::optional<py::error_already_set> pending;
    std::uint64_t seen = 0;
    for (;;) {
        bool finished = false;
        {
            py::gil_scoped_release release;
            std::unique_lock lock(mutex);
            finished = cv.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; });
        }
        if (!pending) {
            try {
                if (PyErr_CheckSignals() != 0) throw py::error_already_set();
                py::object fraction = py::none();
                std::string message;
                std::vector<std::string> infos;
                const bool changed = sink.poll(seen, fraction, message, infos);
                if (!onProgress.is_none()) {
                    for (const auto& line : infos) onProgress(py::none(), line);
                    if (changed) onProgress(fraction, message);
                }
            } catch (py::error_already_set& e) {
                pending.emplace(std::move(e));
                cancel.cancel();
            }
        }
        if (finished) break;
    }
    worker.join();
    if (pending) throw std::move(*pending);
    return take(std::move(*result));
}

// ---- the project ----

class Project {
public:
    // The project's own connection is read-only; each job opens a read-write one for its duration.
    explicit Project(std::string path) : path_(std::move(path)) {
        reader_ = take(dl::Store::open(path_, dl::OpenMode::ReadOnly));
    }
    static void create(const std::string& path) { take(dl::Store::create(path)); }

    const std::string& path() const { return path_; }
    void close() { reader_.reset(); }

    py::object info() { return toPython(take(dl::projectInfo(store(), path_))); }

    // domainlens-cli copy: a consistent copy while the project is open (store/ProjectCopy).
    py::object copyTo(const std::string& destination, bool force, const py::object& onProgress) {
        dl::ProjectCopyParams params{path_, destination};
        params.replace = force;
        auto r = runWithPython<dl::ProjectCopyResult>(onProgress,
                                                      [&](dl::ProgressSink& sink, const dl::CancelToken& cancel) {
                                                          return dl::copyProject(params, sink, cancel);
                                                      });
        return toPython(nlohmann::json{{"destination", r.destination},
                                       {"schema_version", r.schemaVersion},
                                       {"pages", r.pages},
                                       {"bytes", r.bytes},
                                       {"sha256", r.sha256},
                                       {"replaced", r.replaced},
                                       {"integrity_check", "ok"}});
    }

    py::list corpora() {
        py::list out;
        for (const auto& c : take(dl::listCorpora(store()))) {
            py::dict d, domains;
            for (const auto& dc : c.domains) domains[py::str(dc.domain)] = dc.sentences;
            d["id"] = c.id, d["name"] = c.name, d["src_lang"] = c.srcLang, d["tgt_lang"] = c.tgtLang;
            d["sentences"] = c.sentences, d["parallel"] = c.parallel, d["domains"] = domains;
            out.append(d);
        }
        return out;
    }

    py::list embeddingSets() {
        py::list out;
        for (const auto& s : take(dl::listEmbeddingSets(store()))) {
            py::dict d;
            d["id"] = s.id, d["model"] = s.key.model, d["layer"] = s.key.layer, d["pooling"] = s.key.pooling;
            d["side"] = dl::sideName(s.key.side), d["normalized"] = s.key.normalized, d["dim"] = s.dim;
            d["storage"] = s.storage == dl::StorageType::Float16 ? "f16" : "f32";
            d["model_hash"] = s.key.modelHash, d["precision"] = s.key.precision, d["prefix"] = s.key.prefix;
            d["layer_mean"] = s.key.layerMean;
            d["model_path"] = s.modelPath;
            out.append(d);
        }
        return out;
    }

    static py::dict runToDict(const dl::RunInfo& r) {
        py::dict d;
        d["id"] = r.id, d["kind"] = dl::toString(r.kind), d["corpus_id"] = r.corpusId;
        d["embedding_set_id"] = r.embeddingSetId ? py::object(py::int_(*r.embeddingSetId)) : py::object(py::none());
        d["created"] = r.created, d["params"] = toPython(dl::paramsAsRun(r)), d["summary"] = toPython(r.summary);
        return d;
    }
    py::list runs(const std::optional<std::string>& kind) {
        py::list out;
        auto runs =
            kind ? take(dl::listRuns(store(), take(dl::runKindFromString(*kind)))) : take(dl::listRuns(store()));
        for (const auto& r : runs) out.append(runToDict(r));
        return out;
    }
    py::dict run(std::int64_t id) { return runToDict(take(dl::getRun(store(), id))); }

    // Columns of a corpus in position order: id, position (int64 arrays), domain, src, tgt (lists).
    py::dict sentences(const std::string& corpus) {
        const auto c = take(dl::resolveCorpus(store(), corpus));
        std::vector<std::int64_t> ids, positions;
        py::list domains, src, tgt;
        ids.reserve(c.sentences), positions.reserve(c.sentences);
        std::optional<py::error_already_set> interrupted;
        check(dl::forEachSentence(store(), c.id, 0, [&](const dl::Sentence& s) {
            if ((ids.size() & 0x3fff) == 0 && PyErr_CheckSignals() != 0) {  // Ctrl+C while reading a large corpus
                interrupted.emplace();
                return false;
            }
            ids.push_back(s.id), positions.push_back(s.position);
            domains.append(py::str(s.domain)), src.append(py::str(s.src)), tgt.append(py::str(s.tgt));
            return true;
        }));
        if (interrupted) throw std::move(*interrupted);
        py::dict d;
        d["id"] = vectorArray(std::move(ids)), d["position"] = vectorArray(std::move(positions));
        d["domain"] = domains, d["src"] = src, d["tgt"] = tgt;
        return d;
    }

    py::dict labels(const std::string& corpus) {
        const auto c = take(dl::resolveCorpus(store(), corpus));
        auto l = take(dl::corpusLabels(store(), c.id));
        py::dict d;
        d["sentence_id"] = vectorArray(std::move(l.sentenceIds));
        d["domain_index"] = vectorArray(std::move(l.domainIndex));
        d["domain_names"] = l.domainNames;
        return d;
    }

    // The vectors of a corpus in one embedding set, rows in position order. "float32": the store's
    // decoded matrix handed to numpy without a copy; "stored": the stored values (float16 or
    // float32) copied once from each chunk into the array.
    py::array vectors(const std::string& corpus, std::optional<std::int64_t> setId, const std::string& dtype) {
        const auto c = take(dl::resolveCorpus(store(), corpus));
        const auto set = setId ? take(dl::embeddingSet(store(), *setId)) : take(dl::latestCompleteSet(store(), c.id));
        if (dtype == "float32") {
            auto m = take(dl::loadEmbeddings(store(), set.id, c.id));
            const auto rows = static_cast<py::ssize_t>(m.rows), dim = static_cast<py::ssize_t>(m.dim);
            return vectorArray(std::move(m.data), {rows, dim});
        }
        if (dtype != "stored")
            raise(dl::Error{dl::ErrorKind::Usage, "vectors: dtype must be 'float32' or 'stored', got '" + dtype + "'"});
        const std::int64_t rows = take(dl::checkedEncodedCount(store(), set, c.id));
        const bool half = set.storage == dl::StorageType::Float16;
        py::array out(half ? py::dtype("float16") : py::dtype::of<float>(),
                      {static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(set.dim)});
        auto* dst = static_cast<std::byte*>(out.mutable_data());
        auto cursor = take(dl::EmbeddingChunkCursor::open(store(), set, c.id, 0, rows));
        const std::size_t rowBytes = std::size_t(set.dim) * (half ? 2 : 4);
        for (;;) {
            auto chunk = take(cursor.next());
            if (!chunk) break;
            std::memcpy(dst + std::size_t(chunk->first) * rowBytes, chunk->data.data(), chunk->data.size());
        }
        return out;
    }

    // Per-sentence results of a run, by sentence id: label (cluster or selected flag), score,
    // prob (a cluster run's max responsibility), loglik, and decision (a selection's manual
    // override: 1 include, 0 exclude, -1 none).
    py::dict results(std::int64_t runId) {
        auto r = take(dl::readRunResults(store(), runId));
        const auto o = take(dl::overrides(store(), runId));
        std::vector<std::int8_t> decision(r.sentenceIds.size(), -1);
        for (std::size_t i = 0; i < r.sentenceIds.size(); ++i)
            if (const auto it = o.find(r.sentenceIds[i]); it != o.end()) decision[i] = it->second ? 1 : 0;
        py::dict d;
        d["sentence_id"] = vectorArray(std::move(r.sentenceIds));
        d["label"] = vectorArray(std::move(r.label));
        d["score"] = vectorArray(std::move(r.score));
        d["prob"] = vectorArray(std::move(r.prob));
        d["loglik"] = vectorArray(std::move(r.loglik));
        d["decision"] = vectorArray(std::move(decision));
        return d;
    }

    // The numeric arrays stored with a run (runs/RunBlobs.h), shaped: pca2d (N, 2), means2d (k, 2),
    // covs2d (k, 2, 2), weights (k), confusion (domains, k), sentence_ids, labels, domain_index,
    // maxprob (N), responsibilities (N, k) for assign runs. Only those the run has; a damaged
    // one (cut short, or not agreeing with the others in N or k) raises, as `share` refuses it,
    // instead of coming back shorter or missing.
    py::dict arrays(std::int64_t runId) {
        take(dl::getRun(store(), runId));
        py::dict d;
        std::optional<py::ssize_t> k;
        if (auto w = dl::getRunArray<double>(store(), runId, dl::blobs::kWeights)) k = py::ssize_t(w->size());
        enum class Rows { PerSentence, PerSentenceOrNone, PerComponent, Other };
        std::optional<py::ssize_t> n;  // rows of the first per-sentence array, named nFrom
        std::string nFrom;
        const auto disagree = [&](std::string_view name, py::ssize_t rows, std::string_view other, py::ssize_t want) {
            raise(dl::storedDataInvalid(runId, name,
                                        "has " + std::to_string(rows) + " rows where '" + std::string(other) +
                                            "' has " + std::to_string(want))
                      .error());
        };
        const auto put = [&]<class T>(std::string_view name, std::vector<py::ssize_t> inner, Rows rowsAre) {
            auto values = dl::getRunArray<T>(store(), runId, name);
            if (!values) {
                if (values.error().code == dl::ErrorCode::StoredDataInvalid) raise(values.error());
                return;  // not stored with this run
            }
            py::ssize_t per = 1;
            for (auto v : inner) per *= v;
            if (per == 0 || values->size() % std::size_t(per) != 0)
                raise(dl::storedDataInvalid(runId, name,
                                            "holds " + std::to_string(values->size()) + " values, not whole rows of " +
                                                std::to_string(per))
                          .error());
            const py::ssize_t rows = py::ssize_t(values->size()) / per;
            if (rowsAre == Rows::PerSentence || (rowsAre == Rows::PerSentenceOrNone && rows > 0)) {
                if (n && *n != rows) disagree(name, rows, nFrom, *n);
                n = rows;
                nFrom = name;
            } else if (rowsAre == Rows::PerComponent && k && rows != *k) {
                disagree(name, rows, dl::blobs::kWeights, *k);
            }
            std::vector<py::ssize_t> shape{rows};
            shape.insert(shape.end(), inner.begin(), inner.end());
            d[py::str(std::string(name))] = vectorArray(std::move(*values), shape);
        };
        put.operator()<float>(dl::blobs::kPca2d, {2}, Rows::PerSentence);
        put.operator()<double>(dl::blobs::kMeans2d, {2}, Rows::PerComponent);
        put.operator()<double>(dl::blobs::kCovs2d, {2, 2}, Rows::PerComponent);
        put.operator()<double>(dl::blobs::kWeights, {}, Rows::PerComponent);
        if (k) put.operator()<std::int64_t>(dl::blobs::kConfusion, {*k}, Rows::Other);  // (domains, k)
        put.operator()<std::int64_t>(dl::blobs::kSentenceIds, {}, Rows::PerSentence);
        put.operator()<std::int32_t>(dl::blobs::kLabels, {}, Rows::PerSentence);
        put.operator()<std::int32_t>(dl::blobs::kDomainIndex, {}, Rows::PerSentenceOrNone);  // empty: no labels
        put.operator()<double>(dl::blobs::kMaxProb, {}, Rows::PerSentence);
        if (k) put.operator()<double>(dl::blobs::kResponsibilities, {*k}, Rows::PerSentence);
        return d;
    }

    // A manual decision on a selection run's sentence (the GUI's include/exclude): True, False,
    // or None to clear it. Written through its own read-write connection, as the jobs are;
    // export honours it (export/Export.h).
    void setDecision(std::int64_t runId, std::int64_t sentenceId, std::optional<bool> included) {
        const auto run = take(dl::getRun(store(), runId));
        if (run.kind != dl::RunKind::Select)
            raise(dl::Error{dl::ErrorKind::Usage, "set_decision: run " + std::to_string(runId) + " is a " +
                                                      dl::toString(run.kind) + " run, not a selection"});
        auto writer = take(dl::Store::open(path_, dl::OpenMode::ReadWrite));
        check(dl::setOverride(*writer, runId, sentenceId, included));
    }

    // ---- jobs ----
    py::object runImport(const py::object& onProgress, const py::kwargs& kw) {
        dl::ImportParams params;
        const auto given = applyKwargs("import", dl::importParamTable(), kw, params);
        if (int(given.contains("domain")) + int(given.contains("domain-from-filename")) +
                int(given.contains("domain-from-column")) >
            1)
            raise(dl::Error{dl::ErrorKind::Usage,
                            "import: use only one of domain, domain_from_filename, domain_from_column"});
        if (!given.contains("format")) params.format = dl::corpusFormatFromName(params.srcPath);
        const auto r =
            runJob<dl::ImportReport>(onProgress, [&](dl::Store& s, dl::ProgressSink& p, const dl::CancelToken& c) {
                return dl::runImport(params, s, p, c);
            });
        return toPython(r.toJson());
    }

    py::object runEncode(const py::object& onProgress, const py::kwargs& kw) {
        dl::EncodeParams params;
        const auto given = applyKwargs("encode", dl::encodeParamTable(), kw, params);
        check(dl::validateEncodeParams(params));
        if (given.contains("layers") && given.contains("layer"))
            raise(dl::Error{dl::ErrorKind::Usage, "encode: use either layer or layers"});
        if (given.contains("layer-mean") && given.contains("layer"))
            raise(dl::Error{dl::ErrorKind::Usage, "encode: use either layer or layer_mean"});
        if (!given.contains("layer") && !given.contains("layers")) dl::useRecommendedLayer(params);
        if (given.contains("prefix") && params.prefix.empty())
            raise(dl::Error{dl::ErrorKind::Usage, "encode: prefix needs a prompt name (query, passage) or none"});
        std::vector<std::string> corpora;
        if (given.contains("corpus")) corpora.push_back(params.corpus);
        else {
            const auto all = take(dl::listCorpora(store()));
            if (all.empty()) raise(dl::Error{dl::ErrorKind::Failed, "The project has no corpus: import one first."});
            for (const auto& c : all)
                if (params.side == dl::Side::Source || c.parallel) corpora.push_back(c.name);
            if (corpora.empty()) raise(dl::Error{dl::ErrorKind::Usage, "No corpus of the project has a target side."});
        }
        nlohmann::json results = nlohmann::json::array();
        for (const auto& name : corpora) {
            params.corpus = name;
            const auto rs = runJob<std::vector<dl::EncodeResult>>(
                onProgress, [&](dl::Store& s, dl::ProgressSink& p, const dl::CancelToken& c) {
                    return dl::runEncodeLayers(params, s, p, c);
                });
            for (const auto& r : rs) results.push_back(r.toJson());
        }
        return toPython(results.size() == 1 ? results[0] : nlohmann::json{{"corpora", results}});
    }

    py::object runCluster(const py::object& onProgress, const py::kwargs& kw) {
        // Each of cov, n_init and reg_covar not given: the set's model's value (dl::useModelMixture).
        const auto fromModel = dl::ClusterParams::mixtureAutoUnless(
            [&](const char* option) { return kw.contains(kwargName(option).c_str()); });
        const auto [r, params] = tableJob<dl::ClusterResult>(
            "cluster", dl::clusterParamTable(), kw, onProgress, [](auto& p) { return dl::validateClusterParams(p); },
            [fromModel](const auto& p, auto& s, auto& sink, const auto& c) {
                auto q = p;
                q.mixtureAuto = fromModel;
                return dl::runCluster(q, s, sink, c);
            });
        return summaryWithRun(r);
    }

    py::object runSelect(const py::object& onProgress, const py::kwargs& kw) {
        // cross-lingual is its own job with its own table; every other method is runSelect's.
        if (kw.contains("method") && py::isinstance<py::str>(kw["method"]) &&
            kw["method"].cast<std::string>() == "cross-lingual") {
            const auto [r, params] = tableJob<dl::CrossLingualResult>(
                "select", dl::crossLingualParamTable(), kw, onProgress,
                [](auto& p) { return dl::validateCrossLingualParams(p); },
                [](const auto& p, auto& s, auto& sink, const auto& c) { return dl::runCrossLingual(p, s, sink, c); });
            return summaryWithRun(r);
        }
        const auto [r, params] = tableJob<dl::SelectResult>(
            "select", dl::selectParamTable(), kw, onProgress, [](auto& p) { return dl::validateSelectParams(p); },
            [](const auto& p, auto& s, auto& sink, const auto& c) { return dl::runSelect(p, s, sink, c); });
        return summaryWithRun(r);
    }

    py::object runFilter(const py::object& onProgress, const py::kwargs& kw) {
        dl::FilterParams params;
        const auto given = applyKwargs("filter", dl::filterParamTable(), kw, params);
        // An option of another kind is refused, as on the command line (FilterParamsTable.cpp).
        check(dl::checkFilterOptionsForKind(params.kind, std::vector<std::string>(given.begin(), given.end())));
        check(dl::validateFilterParams(params));
        const auto r =
            runJob<dl::FilterResult>(onProgress, [&](dl::Store& s, dl::ProgressSink& p, const dl::CancelToken& c) {
                return dl::runFilter(params, s, p, c);
            });
        return summaryWithRun(r, {{"params", dl::filterParamTable().toJson(params)}});
    }

    // export(run=None, **params): the run is an argument, as the CLI's RUN positional.
    py::object runExport(const py::object& onProgress, const py::kwargs& kw) {
        dl::ExportParams params;
        if (kw.contains("run") && !kw["run"].is_none()) params.run = kw["run"].cast<std::int64_t>();
        const auto given = applyKwargs("export", dl::exportParamTable(), kw, params, {"run"});
        if (given.contains("shards") && given.contains("mixture"))
            raise(dl::Error{dl::ErrorKind::Usage, "export: use shards or mixture, not both"});
        if (params.outPrefix.empty()) raise(dl::Error{dl::ErrorKind::Usage, "export: out (--out PREFIX) is required"});
        const auto r = runJob<dl::ExportResult>(
            onProgress,
            [&](dl::Store& s, dl::ProgressSink& p, const dl::CancelToken& c) { return dl::runExport(params, s, p, c); },
            dl::OpenMode::ReadOnly);
        return toPython(r.manifest);
    }

private:
    // A job whose parameters are all its table's: kwargs -> params, the job's validator across
    // fields, the job. Returns the result and the parameters it ran with.
    template <class R, class P, class Validate, class Run>
    std::pair<R, P> tableJob(const std::string& job, const dl::ParamTable<P>& table, const py::kwargs& kw,
                             const py::object& onProgress, Validate validate, Run run) {
        P params;
        applyKwargs(job, table, kw, params);
        check(validate(params));
        R r = runJob<R>(onProgress, [&](dl::Store& s, dl::ProgressSink& p, const dl::CancelToken& c) {
            return run(params, s, p, c);
        });
        return {std::move(r), std::move(params)};
    }
    // What the CLI's --json prints for a run: the stored summary, its id under "run", and `extra`.
    template <class R>
    static py::object summaryWithRun(const R& r, const nlohmann::json& extra = nlohmann::json::object()) {
        nlohmann::json j = r.summary.toJson();
        j["run"] = r.runId;
        for (const auto& [key, value] : extra.items()) j[key] = value;
        return toPython(j);
    }

    dl::Store& store() {
        if (!reader_) raise(dl::Error{dl::ErrorKind::Usage, "the project " + path_ + " is closed"});
        return *reader_;
    }

    // A job on its own connection (read-write, as the CLI opens it), so that this Project's
    // reader stays a reader; the connection closes when the job ends.
    template <class R>
    R runJob(const py::object& onProgress,
             const std::function<dl::Expected<R>(dl::Store&, dl::ProgressSink&, const dl::CancelToken&)>& job,
             dl::OpenMode mode = dl::OpenMode::ReadWrite) {
        store();
        auto writer = take(dl::Store::open(path_, mode));
        return runWithPython<R>(onProgress,
                                [&](dl::ProgressSink& p, const dl::CancelToken& c) { return job(*writer, p, c); });
    }

    template <class T>
    static py::array vectorArray(std::vector<T>&& values, std::vector<py::ssize_t> shape = {}) {
        if (shape.empty()) shape = {static_cast<py::ssize_t>(values.size())};
        auto* owned = new std::vector<T>(std::move(values));
        py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
        return py::array_t<T>(shape, owned->data(), owner);  // no copy: numpy views the vector
    }

    std::string path_;
    std::unique_ptr<dl::Store> reader_;
};

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "DomainLens' compiled core (use the package `domainlens`, docs/python.md).";
    auto& classes = errorClasses();
    classes.base = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
        "domainlens.Error", "A DomainLens error: .code (the core's ErrorCode name), .message, .kind, .args_.",
        PyExc_Exception, nullptr));
    py::tuple usageBases = py::make_tuple(classes.base, py::reinterpret_borrow<py::object>(PyExc_ValueError));
    classes.usage = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
        "domainlens.UsageError", "A bad parameter or a request that means nothing (ErrorKind::Usage).",
        usageBases.ptr(), nullptr));
    classes.cancelled = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
        "domainlens.CancelledError", "The job was cancelled; the project is as it was before it.", classes.base.ptr(),
        nullptr));
    m.attr("Error") = classes.base;
    m.attr("UsageError") = classes.usage;
    m.attr("CancelledError") = classes.cancelled;
    m.attr("schema_version") = dl::kSchemaVersion;

    m.def(
        "param_specs",
        [](const std::string& job) {
            py::list out;
            for (const auto& s : jobSpecs(job)) out.append(specToDict(s));
            return out;
        },
        py::arg("job"), "The parameter declarations of a job (the tables the CLI and the GUI use).");

    py::class_<Project>(m, "Project")
        .def(py::init<std::string>(), py::arg("path"))
        .def_static("create", &Project::create, py::arg("path"))
        .def_property_readonly("path", &Project::path)
        .def("close", &Project::close)
        .def("info", &Project::info)
        .def("copy_to", &Project::copyTo, py::arg("path"), py::arg("force") = false, py::arg("progress") = py::none())
        .def("corpora", &Project::corpora)
        .def("embedding_sets", &Project::embeddingSets)
        .def("runs", &Project::runs, py::arg("kind") = py::none())
        .def("run", &Project::run, py::arg("id"))
        .def("sentences", &Project::sentences, py::arg("corpus") = "")
        .def("labels", &Project::labels, py::arg("corpus") = "")
        .def("vectors", &Project::vectors, py::arg("corpus") = "", py::arg("embedding_set") = py::none(),
             py::arg("dtype") = "float32")
        .def("results", &Project::results, py::arg("run"))
        .def("arrays", &Project::arrays, py::arg("run"))
        .def("set_decision", &Project::setDecision, py::arg("run"), py::arg("sentence_id"), py::arg("included"))
        .def("run_import", &Project::runImport, py::arg("progress") = py::none())
        .def("run_encode", &Project::runEncode, py::arg("progress") = py::none())
        .def("run_cluster", &Project::runCluster, py::arg("progress") = py::none())
        .def("run_select", &Project::runSelect, py::arg("progress") = py::none())
        .def("run_filter", &Project::runFilter, py::arg("progress") = py::none())
        .def("run_export", &Project::runExport, py::arg("progress") = py::none());
}
