#include "launch/SlurmPlan.h"

#include <algorithm>
#include <cctype>

#include "common/Brace.h"
#include "shard/ShardSpec.h"

namespace dl {

using shard_detail::brace;

std::string SlurmPlan::scriptDir() const { return outDir + "/slurm"; }
std::string SlurmPlan::logDir() const { return scriptDir() + "/logs"; }
std::string SlurmPlan::arrayScriptPath() const { return scriptDir() + "/" + stage + "-array.sh"; }
std::string SlurmPlan::mergeScriptPath() const { return scriptDir() + "/" + stage + "-merge.sh"; }

Status validateSlurmPlan(const SlurmPlan& plan) {
    if (plan.stage != "encode" && plan.stage != "score" && plan.stage != "assign")
        return usageError(brace("slurm: the stage must be encode, score or assign (got '{}').", plan.stage));
    if (plan.shards < 1 || plan.shards > kMaxShardCount)
        return usageError(brace("slurm: --shards must be between 1 and {} (got {}).", kMaxShardCount, plan.shards));
    if (plan.arraySize < 1 || plan.arraySize > plan.shards)
        return usageError(
            brace("slurm: --array-size must be between 1 and --shards {} (got {}).", plan.shards, plan.arraySize));
    for (const auto* path : {&plan.cli, &plan.project, &plan.outDir})
        if (path->empty() || path->front() != '/')
            return usageError(brace("slurm: '{}' must be an absolute path (compute nodes start elsewhere).", *path));
    // A script line ends at a line break whatever the quoting: sbatch reads #SBATCH options line
    // by line, so a path or argument holding one cannot be written into the scripts at all.
    std::vector<const std::string*> words{&plan.cli, &plan.project, &plan.outDir};
    for (const auto& a : plan.stageArgs) words.push_back(&a);
    for (const auto* word : words)
        if (word->find_first_of("\n\r") != std::string::npos)
            return usageError(
                brace("slurm: '{}' contains a line break; a Slurm script cannot name it. "
                      "Rename it or move the project.",
                      *word));
    // sbatch reads #SBATCH lines verbatim: no line breaks or spaces may slip into them.
    for (const auto* value : {&plan.partition, &plan.time})
        if (std::ranges::any_of(*value, [](unsigned char c) { return std::isspace(c) != 0; }))
            return usageError(brace("slurm: '{}' must not contain spaces.", *value));
    return {};
}

std::string shellQuote(std::string_view text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string sbatchQuote(std::string_view text) {
    // sbatch splits an #SBATCH line itself (src/sbatch/opt.c, _get_argument): a backslash takes
    // the next byte literally, double quotes keep spaces together, an unescaped '#' ends the line
    // (older releases even inside quotes). Bash never reads these lines: they are comments to it.
    std::string out = "\"";
    for (char c : text) {
        if (c == '\\' || c == '"' || c == '#') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string sbatchLiteralFilename(std::string_view path) {
    // --output is a filename pattern: '%' starts a replacement (%j, %A, %a), "%%" is a '%'.
    std::string out;
    for (char c : path) out += c == '%' ? std::string("%%") : std::string(1, c);
    return out;
}

namespace {

std::string sbatchHeader(const SlurmPlan& plan, const std::string& name, const std::string& logPattern) {
    std::string h = "#!/bin/bash\n";
    h += "#SBATCH --job-name=" + sbatchQuote(name) + "\n";
    h += "#SBATCH --output=" + sbatchQuote(sbatchLiteralFilename(plan.logDir()) + "/" + logPattern) + "\n";
    h += "#SBATCH --ntasks=1\n";
    if (!plan.partition.empty()) h += "#SBATCH --partition=" + sbatchQuote(plan.partition) + "\n";
    if (!plan.time.empty()) h += "#SBATCH --time=" + sbatchQuote(plan.time) + "\n";
    return h;
}

std::string joinQuoted(const std::vector<std::string>& args) {
    std::string s;
    for (const auto& a : args) s += " " + shellQuote(a);
    return s;
}

}  // namespace

std::string slurmArrayScript(const SlurmPlan& plan) {
    std::string s = sbatchHeader(plan, "dl-" + plan.stage, plan.stage + "-%A_%a.out");
    s += brace("#SBATCH --array=0-{}\n", plan.arraySize - 1);
    s += brace("# Written by domainlens-cli slurm: {} shards of '{}', array task t runs shards t, t+{}, ...\n",
               plan.shards, plan.stage, plan.arraySize);
    s += "set -u\n";
    s += brace("N={}\nM={}\n", plan.shards, plan.arraySize);
    s += "t=\"${SLURM_ARRAY_TASK_ID:?run this script with sbatch --array}\"\n";
    s += "status=0\n";
    s += "for ((i = t; i < N; i += M)); do\n";
    s += "  echo \"shard $i/$N on $(hostname) at $(date -Is)\"\n";
    s += "  " + shellQuote(plan.cli) + " " + shellQuote(plan.stage) + " " + shellQuote(plan.project) +
         joinQuoted(plan.stageArgs) + " --shard \"$i/$N\" --out " + shellQuote(plan.outDir) +
         " || { echo \"shard $i/$N failed\" >&2; status=1; }\n";
    s += "done\n";
    s += "exit $status\n";
    return s;
}

std::string slurmMergeScript(const SlurmPlan& plan) {
    std::string s = sbatchHeader(plan, "dl-merge-" + plan.stage, plan.stage + "-merge-%j.out");
    s += "# Written by domainlens-cli slurm: runs after the array (afterany) and checks every manifest.\n";
    s += "set -u\n";
    s += "exec " + shellQuote(plan.cli) + " merge " + shellQuote(plan.project) + " " + shellQuote(plan.outDir) + "\n";
    return s;
}

Expected<std::string> parseSbatchJobId(std::string_view output) {
    // --parsable prints "jobid[;cluster]"; take the last non-empty line (sbatch may warn first).
    std::string_view line;
    std::size_t start = 0;
    while (start < output.size()) {
        std::size_t end = output.find('\n', start);
        if (end == std::string_view::npos) end = output.size();
        std::string_view l = output.substr(start, end - start);
        while (!l.empty() && (l.back() == '\r' || l.back() == ' ')) l.remove_suffix(1);
        if (!l.empty()) line = l;
        start = end + 1;
    }
    const std::string_view id = line.substr(0, line.find(';'));
    if (id.empty() || !std::ranges::all_of(id, [](unsigned char c) { return std::isdigit(c) != 0; }))
        return fail(brace("sbatch did not print a job id (got '{}').", output));
    return std::string(id);
}

}  // namespace dl
