#include "filter/FilterPipeline.h"

#include <cctype>
#include <cstdint>
#include <map>
#include <unordered_set>

#include "common/JsonText.h"
#include "filter/FilterSteps.h"
#include "runs/RunKind.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {
namespace {

// Where each step and each of its keys is in the (valid) JSON text: a scan of the structure
// that skips strings, for the errors' line numbers.
struct StepLines {
    std::vector<std::int64_t> step;                       // the line of each step's '{'
    std::vector<std::map<std::string, std::int64_t>> key;  // per step: key -> line
};

StepLines scanStepLines(const std::string& t) {
    StepLines out;
    std::vector<char> stack;
    std::int64_t line = 1;
    bool stepsNext = false;  // the last key at depth 1 was "steps": its value is the steps array
    int stepsDepth = -1;     // stack size inside the steps array
    for (std::size_t i = 0; i < t.size(); ++i) {
        const char c = t[i];
        if (c == '\n') ++line;
        else if (c == '"') {
            const std::int64_t at = line;
            std::string s;
            for (++i; i < t.size() && t[i] != '"'; ++i) {
                if (t[i] == '\\' && i + 1 < t.size()) ++i;
                s += t[i];
                if (t[i] == '\n') ++line;
            }
            std::size_t j = i + 1;
            while (j < t.size() && (t[j] == ' ' || t[j] == '\t' || t[j] == '\r' || t[j] == '\n')) ++j;
            if (j >= t.size() || t[j] != ':') continue;  // a value, not a key
            if (stack.size() == 1) stepsNext = s == "steps";
            else if (stepsDepth >= 0 && int(stack.size()) == stepsDepth + 1 && !out.key.empty())
                out.key.back().emplace(s, at);
        } else if (c == '{' || c == '[') {
            if (stepsDepth >= 0 && int(stack.size()) == stepsDepth && c == '{') {
                out.step.push_back(line);
                out.key.emplace_back();
            }
            stack.push_back(c);
            if (c == '[' && stepsNext && stack.size() == 2) stepsDepth = 2;
            stepsNext = false;
        } else if (c == '}' || c == ']') {
            if (int(stack.size()) == stepsDepth && c == ']') stepsDepth = -1;
            if (!stack.empty()) stack.pop_back();
        } else if (c == ',' && stack.size() == 1) stepsNext = false;
    }
    return out;
}

bool validName(const std::string& name) {
    if (name.empty() || name.size() > kMaxPipelineName) return false;
    for (unsigned char c : name)
        if (!(std::isalnum(c) || c == '.' || c == '_' || c == '-')) return false;
    return true;
}

// The JSON value as the option's kind takes it, or a message saying what it should be.
Expected<ParamValue> optionValue(const ParamSpec& spec, const nlohmann::json& v) {
    switch (spec.kind) {
    case ParamKind::Int:
        if (!v.is_number_integer()) return usageError("--" + spec.name + " takes a whole number, not " + v.dump());
        break;
    case ParamKind::Double:
        if (!v.is_number()) return usageError("--" + spec.name + " takes a number, not " + v.dump());
        break;
    case ParamKind::Flag:
        if (!v.is_boolean()) return usageError("--" + spec.name + " takes true or false, not " + v.dump());
        break;
    case ParamKind::Choice:
    case ParamKind::Text:
        if (!v.is_string()) return usageError("--" + spec.name + " takes a string, not " + v.dump());
        break;
    case ParamKind::IntList: return usageError("--" + spec.name + " cannot be given in a pipeline");
    }
    auto value = paramValueFromJson(spec, v);
    if (!value) {  // the range message names the option already
        auto e = value.error();
        if (e.message.rfind("--", 0) != 0) e.message = "--" + spec.name + ": " + e.message;
        return std::unexpected(e);
    }
    return value;
}

Expected<FilterPipeline> pipelineFromJson(const nlohmann::json& j, const std::string& what, const StepLines& lines) {
    auto at = [&](std::int64_t line) { return what + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": "; };
    if (!j.is_object()) return usageError(at(1) + "a pipeline is an object {\"name\": ..., \"steps\": [...]}.");
    for (const auto& [key, value] : j.items())
        if (key != "name" && key != "steps")
            return usageError(at(1) + "unknown key \"" + key + "\" (a pipeline has \"name\" and \"steps\").");
    FilterPipeline out;
    const auto name = j.find("name");
    if (name == j.end() || !name->is_string() || !validName(name->get<std::string>()))
        return usageError(at(1) + "\"name\" must be 1 to " + std::to_string(kMaxPipelineName) +
                          " letters, digits, '.', '_' or '-'.");
    out.name = name->get<std::string>();
    const auto steps = j.find("steps");
    if (steps == j.end() || !steps->is_array() || steps->empty())
        return usageError(at(1) + "\"steps\" must be a non-empty list of filter steps.");
    if (steps->size() > kMaxPipelineSteps)
        return usageError(at(1) + "a pipeline has at most " + std::to_string(kMaxPipelineSteps) + " steps, not " +
                          std::to_string(steps->size()) + ".");
    const auto& table = filterParamTable();
    out.definition = {{"name", out.name}, {"steps", nlohmann::json::array()}};
    for (std::size_t i = 0; i < steps->size(); ++i) {
        const auto& step = (*steps)[i];
        const std::int64_t stepLine = i < lines.step.size() ? lines.step[i] : 0;
        auto keyLine = [&](const std::string& key) {
            if (i < lines.key.size())
                if (auto it = lines.key[i].find(key); it != lines.key[i].end()) return it->second;
            return stepLine;
        };
        const std::string where = "step " + std::to_string(i + 1);
        if (!step.is_object()) return usageError(at(stepLine) + where + " must be an object {\"kind\": ..., ...}.");
        const auto kind = step.find("kind");
        if (kind == step.end()) return usageError(at(stepLine) + where + " has no \"kind\".");
        FilterPipelineStep s;
        s.line = int(stepLine);
        if (!kind->is_string()) return usageError(at(keyLine("kind")) + where + ": \"kind\" must be a string.");
        if (auto st = table.set(s.params, "kind", ParamValue(kind->get<std::string>())); !st)
            return usageError(at(keyLine("kind")) + where + ": unknown kind \"" + kind->get<std::string>() +
                              "\" (near-dup, semantic-dup, langid, bitext or decontaminate).");
        std::vector<std::string> given;
        for (const auto& [key, value] : step.items()) {
            if (key == "kind") continue;
            const std::string here = at(keyLine(key)) + where + " (" + std::string(filterKindName(s.params.kind)) + ")";
            if (key == "corpus")
                return usageError(here + ": \"corpus\" is not a step option (the pipeline runs on --corpus).");
            const auto* binding = table.find(key);
            if (!binding) return usageError(here + ": unknown option \"" + key + "\".");
            given.push_back(key);
            if (auto st = checkFilterOptionsForKind(s.params.kind, std::vector<std::string>{key}); !st)
                return usageError(here + ": " + st.error().message);
            auto v = optionValue(binding->spec, value);
            if (!v) return usageError(here + ": " + v.error().message);
            binding->set(s.params, *v);
        }
        s.params.corpus = "-";  // validated as a step; the corpus comes when it runs
        if (auto st = validateFilterParams(s.params); !st)
            return usageError(at(stepLine) + where + ": " + st.error().message);
        s.params.corpus.clear();
        nlohmann::json stored = {{"kind", std::string(filterKindName(s.params.kind))}};
        for (const auto& key : given) stored[key] = step.at(key);
        out.definition["steps"].push_back(std::move(stored));
        out.steps.push_back(std::move(s));
    }
    return out;
}

}  // namespace

Expected<FilterPipeline> parseFilterPipeline(const std::string& text, const std::string& what) {
    if (text.size() > kMaxPipelineBytes)
        return usageError(what + ": a pipeline has at most " + std::to_string(kMaxPipelineBytes) + " bytes.");
    auto j = parseJsonText(text, what);
    if (!j) return std::unexpected(j.error());
    return pipelineFromJson(*j, what, scanStepLines(text));
}

Expected<FilterPipeline> readFilterPipelineFile(const std::string& path) {
    auto text = readTextFile(path, kMaxPipelineBytes, "filter pipeline");
    if (!text) return std::unexpected(text.error());
    return parseFilterPipeline(*text, path);
}

Expected<FilterPipeline> storedFilterPipeline(Store& store, const std::string& name) {
    auto runs = listRuns(store, RunKind::Filter);
    if (!runs) return std::unexpected(runs.error());
    for (auto it = runs->rbegin(); it != runs->rend(); ++it) {
        const auto p = it->params.find("pipeline");
        if (p == it->params.end() || !p->is_object() || p->value("name", std::string()) != name) continue;
        const auto def = p->find("definition");
        if (def == p->end()) continue;
        return pipelineFromJson(*def, "pipeline " + name + " (stored with run " + std::to_string(it->id) + ")", {});
    }
    return usageError("No filter pipeline named '" + name +
                      "' has run in this project (and no such file): give --pipeline FILE.json.");
}

Expected<FilterPipelineResult> runFilterPipeline(const FilterPipeline& pipeline, const std::string& corpus, int threads,
                                                 Store& store, ProgressSink& progress, const CancelToken& cancel) {
    if (pipeline.steps.empty()) return usageError("The pipeline has no steps.");
    std::vector<FilterParams> params;
    std::vector<FilterPass> passes;
    std::unordered_set<std::int64_t> removed;  // by the steps so far
    for (std::size_t i = 0; i < pipeline.steps.size(); ++i) {
        FilterParams p = pipeline.steps[i].params;
        p.corpus = corpus;
        p.threads = threads;
        progress.info("Pipeline " + pipeline.name + ", step " + std::to_string(i + 1) + " of " +
                      std::to_string(pipeline.steps.size()) + ": " + std::string(filterKindName(p.kind)));
        auto pass = computeFilterPass(p, store, removed, progress, cancel);
        if (!pass) {
            auto e = pass.error();
            e.message = "Pipeline " + pipeline.name + ", step " + std::to_string(i + 1) + " (" +
                        std::string(filterKindName(p.kind)) + "): " + e.message;
            return std::unexpected(e);
        }
        for (const auto& r : pass->found.removals) removed.insert(r.sentenceId);
        // Text no later step reads: only the ids go on to persist.
        pass->in.src = {}, pass->in.tgt = {};
        params.push_back(std::move(p));
        passes.push_back(std::move(*pass));
    }
    progress.stage("Storing the pipeline's filter runs");
    if (cancel.isCancelled()) return cancelled();
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    FilterPipelineResult out;
    std::vector<std::int64_t> earlier;
    for (std::size_t i = 0; i < passes.size(); ++i) {
        const nlohmann::json extra = {
            {"pipeline",
             {{"name", pipeline.name}, {"step", i + 1}, {"steps", passes.size()}, {"definition", pipeline.definition}}},
            {"after_runs", earlier}};
        auto runId = persistFilterPass(params[i], store, passes[i], extra);
        if (!runId) return std::unexpected(runId.error());
        earlier.push_back(*runId);
        out.steps.push_back({*runId, passes[i].summary});
    }
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    out.sentences = passes.front().summary.sentences;
    out.kept = passes.back().summary.kept;
    return out;
}

}  // namespace dl
