#include "reports/Report.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

#include "analysis/Metrics.h"
#include "common/JsonText.h"
#include "reports/OutlierAnalysis.h"
#include "runs/ClusterRunChecks.h"
#include "runs/ClusterSummary.h"
#include "select/RunParams.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

using json = nlohmann::json;

namespace {

const std::set<std::string>& pronouns() {
    static const std::set<std::string> p = {
        // English personal pronouns (dialogue markers; "it" left out: common in IT/law text)
        "i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "he", "him", "his", "himself", "she",
        "her", "hers", "herself", "we", "us", "our", "ours", "ourselves", "they", "them", "their", "theirs", "i'm",
        "you're", "he's", "she's", "we're", "they're", "i've", "you've", "i'll", "you'll", "i'd", "you'd",
        // German
        "ich", "du", "er", "wir", "ihr", "mich", "dich", "mir", "dir", "uns", "euch", "mein", "dein", "meine", "deine",
        // French
        "je", "tu", "il", "elle", "nous", "vous", "ils", "elles", "moi", "toi", "j'ai", "c'est"};
    return p;
}

double mean(double sum, std::int64_t n) { return n ? sum / double(n) : 0.0; }

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string fmt(double v, int prec = 4) {
    if (!std::isfinite(v)) return "nan";
    char b[64];
    std::snprintf(b, sizeof b, "%.*f", prec, v);
    return b;
}

}  // namespace

SentenceFeatures sentenceFeatures(std::string_view text) {
    SentenceFeatures f;
    std::string tok;
    auto flush = [&] {
        if (tok.empty()) return;
        std::string low;
        for (char c : tok) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        // strip surrounding punctuation (keep inner apostrophes)
        while (!low.empty() && std::ispunct(static_cast<unsigned char>(low.back())) && low.back() != '\'')
            low.pop_back();
        while (!low.empty() && std::ispunct(static_cast<unsigned char>(low.front()))) low.erase(low.begin());
        if (pronouns().count(low)) f.pronounOrQuestion = true;
        ++f.tokens;
        tok.clear();
    };
    for (char c : text) {
        if (std::isdigit(static_cast<unsigned char>(c))) f.digit = true;
        if (c == '?') f.pronounOrQuestion = true;
        if (std::isspace(static_cast<unsigned char>(c))) flush();
        else tok += c;
    }
    flush();
    return f;
}

namespace {

// A cell of an untrusted file inside a message: at most 40 bytes (not cut inside a UTF-8
// sequence), then "…".
std::string quotedCell(std::string_view cell) {
    constexpr std::size_t kMax = 40;
    if (cell.size() <= kMax) return "'" + std::string(cell) + "'";
    std::size_t n = kMax;
    while (n > 0 && (static_cast<unsigned char>(cell[n]) & 0xC0) == 0x80) --n;
    return "'" + std::string(cell.substr(0, n)) + "…' (" + std::to_string(cell.size()) + " bytes)";
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

struct CsvLine {
    std::size_t number = 0;  // 1-based line in the file
    std::vector<std::string_view> cells;
};

}  // namespace

Expected<ScoreMatrix> parseScoreMatrixCsv(std::string_view text, std::string_view what) {
    const std::string file(what);
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a UTF-8 byte-order mark (Excel writes one)
    std::vector<CsvLine> rows;
    std::size_t lineNo = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t eol = std::min(text.find('\n', pos), text.size());
        std::string_view line = text.substr(pos, eol - pos);
        pos = eol + 1;
        ++lineNo;
        if (line.ends_with('\r')) line.remove_suffix(1);
        if (trimmed(line).empty()) continue;
        CsvLine row{lineNo, {}};
        for (std::size_t c = 0;;) {
            const std::size_t comma = std::min(line.find(',', c), line.size());
            row.cells.push_back(trimmed(line.substr(c, comma - c)));
            if (comma == line.size()) break;
            c = comma + 1;
        }
        rows.push_back(std::move(row));
    }
    if (rows.empty())
        return fail(file + " is empty: a score matrix needs a header line \",dom1,dom2,...\" and a row per domain.");
    const CsvLine& header = rows[0];
    const std::size_t n = header.cells.size() - 1;
    if (n == 0)
        return fail(file + ", line " + std::to_string(header.number) +
                    ": the header names no domain (expected \",dom1,dom2,...\").");
    if (rows.size() < 2) return fail(file + " has a header line but no rows: a score matrix needs a row per domain.");
    ScoreMatrix m;
    for (std::size_t c = 1; c < header.cells.size(); ++c) {
        const std::string name(header.cells[c]);
        if (name.empty())
            return fail(file + ", line " + std::to_string(header.number) + ", field " + std::to_string(c + 1) +
                        ": the column has no domain name.");
        if (std::find(m.domains.begin(), m.domains.end(), name) != m.domains.end())
            return fail(file + ", line " + std::to_string(header.number) + ", field " + std::to_string(c + 1) +
                        ": the domain " + quotedCell(name) + " is named twice.");
        m.domains.push_back(name);
    }
    if (rows.size() != n + 1)
        return fail(file + ": the score matrix must be square: " + std::to_string(n) + " columns but " +
                    std::to_string(rows.size() - 1) + " rows.");
    m.values.assign(n * n, std::nan(""));
    std::vector<std::size_t> rowOf(n, 0);  // the line that gave each domain's row, 0 = none yet
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const CsvLine& row = rows[r];
        const std::string at = file + ", line " + std::to_string(row.number);
        auto it = std::find(m.domains.begin(), m.domains.end(), row.cells[0]);
        if (it == m.domains.end())
            return fail(at + ", field 1: the row " + quotedCell(row.cells[0]) + " is not among the columns.");
        const std::size_t i = std::size_t(it - m.domains.begin());
        if (rowOf[i])
            return fail(at + ", field 1: the row " + quotedCell(row.cells[0]) + " was given already on line " +
                        std::to_string(rowOf[i]) + ".");
        rowOf[i] = row.number;
        if (row.cells.size() != n + 1)
            return fail(at + ": the row " + quotedCell(row.cells[0]) + " has " + std::to_string(row.cells.size() - 1) +
                        " values; the header has " + std::to_string(n) + " domains.");
        for (std::size_t c = 0; c < n; ++c) {
            std::string_view cell = row.cells[c + 1];
            const std::string field = at + ", field " + std::to_string(c + 2) + " (row " + quotedCell(row.cells[0]) +
                                      ", column " + quotedCell(m.domains[c]) + ")";
            if (cell.empty()) return fail(field + ": the value is missing.");
            std::string_view digits = cell.starts_with('+') ? cell.substr(1) : cell;
            double v = 0;
            const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
            if (ec == std::errc::result_out_of_range)
                return fail(field + ": " + quotedCell(cell) + " is out of the range of a number.");
            if (ec != std::errc() || end != digits.data() + digits.size())
                return fail(field + ": " + quotedCell(cell) + " is not a number.");
            if (!std::isfinite(v)) return fail(field + ": " + quotedCell(cell) + " is not a finite number.");
            m.values[i * n + c] = v;
        }
    }
    return m;
}

Expected<ScoreMatrix> readScoreMatrixFile(const std::string& path) {
    auto text = readTextFile(path, kMaxScoreMatrixBytes, "score matrix");
    if (!text) return std::unexpected(text.error());
    return parseScoreMatrixCsv(*text, path);
}

Expected<CentroidCosine> centroidCosineOf(const std::vector<std::string>& domains, const json& stored,
                                          std::int64_t runId) {
    CentroidCosine c;
    c.domains = domains;
    const std::size_t n = domains.size();
    if (!stored.is_array() || stored.size() != n)
        return storedDataInvalid(runId, "centroid_cosine",
                                 "is not a " + std::to_string(n) + " x " + std::to_string(n) + " matrix");
    c.values.reserve(n * n);
    for (const json& row : stored) {
        if (!row.is_array() || row.size() != n)
            return storedDataInvalid(runId, "centroid_cosine",
                                     "has a row that is not " + std::to_string(n) + " values long");
        for (const json& v : row) {
            if (v.is_null()) c.values.push_back(std::nan(""));
            else if (v.is_number()) c.values.push_back(v.get<double>());
            else return storedDataInvalid(runId, "centroid_cosine", "holds a value that is not a number");
        }
    }
    return c;
}

ScoreCorrelation correlateScores(const CentroidCosine& centroids, const ScoreMatrix& scores) {
    // Pearson over the (train, test) domain pairs present in both matrices, twice: with the
    // same-domain points (the diagonal), as the paper's Fig. 4 plots them, and without
    // (off-diagonal only: the diagonal's high cosine and high score alone can carry r).
    ScoreCorrelation out;
    const auto& domains = centroids.domains;
    const std::size_t nd = domains.size();
    const std::size_t n = scores.domains.size();
    std::vector<std::ptrdiff_t> at(nd, -1);  // each run domain's index in the score matrix
    for (std::size_t i = 0; i < nd; ++i) {
        auto it = std::find(scores.domains.begin(), scores.domains.end(), domains[i]);
        if (it == scores.domains.end()) out.runDomainsNotScored.push_back(domains[i]);
        else at[i] = it - scores.domains.begin();
    }
    for (const auto& d : scores.domains)
        if (std::find(domains.begin(), domains.end(), d) == domains.end()) out.scoreDomainsNotInRun.push_back(d);
    std::vector<double> a, b, aAll, bAll;
    for (std::size_t i = 0; i < nd; ++i)
        for (std::size_t j = 0; j < nd; ++j) {
            if (at[i] < 0 || at[j] < 0 || i * nd + j >= centroids.values.size()) continue;
            const double cv = centroids.values[i * nd + j];
            const double sv = scores.values[std::size_t(at[i]) * n + std::size_t(at[j])];
            if (std::isnan(cv) || !std::isfinite(sv)) continue;
            out.points.push_back({i, j, cv, sv});
            aAll.push_back(cv);
            bAll.push_back(sv);
            if (i == j) continue;
            a.push_back(cv);
            b.push_back(sv);
        }
    out.pearson = pearson(a, b);
    out.pearsonWithSameDomain = pearson(aAll, bAll);
    out.pairs = a.size();
    out.pairsWithSameDomain = aAll.size();
    return out;
}

Expected<json> buildClusterReport(Store& store, const ReportParams& params) {
    auto run = params.runId ? getRun(store, params.runId) : latestRun(store, RunKind::Cluster);
    if (!run) return std::unexpected(run.error());
    if (run->kind != RunKind::Cluster)
        return fail("Run " + std::to_string(run->id) + " is a " + toString(run->kind) + " run, not a cluster run.");
    const json& sum = run->summary;
    auto summary = ClusterSummary::fromJson(sum, run->id);
    if (!summary) return std::unexpected(summary.error());
    // One pass over the corpus: truth, clusters, features, texts (shared with the outlier panel).
    auto pass = readClusteredSentences(store, *run, true);
    if (!pass) return std::unexpected(pass.error());
    const int k = pass->k;
    const std::vector<std::string>& domains = pass->domains;
    const int nd = static_cast<int>(domains.size());
    const std::vector<int>& truth = pass->truth;
    const std::vector<std::int32_t>& pred = pass->cluster;
    const std::vector<SentenceFeatures>& feats = pass->features;
    const std::vector<std::int64_t>& ids = pass->ids;
    const std::vector<std::string>& texts = pass->texts;

    auto cm = confusionMatrix(truth, pred, nd, k);
    auto map = majorityMap(cm);
    json rep;
    rep["run"] = {
        {"id", run->id}, {"kind", toString(run->kind)}, {"created", run->created}, {"params", paramsAsRun(*run)}};
    rep["corpus"] = summary->corpus;
    rep["sentences"] = static_cast<std::int64_t>(truth.size());
    rep["k"] = k;
    rep["domains"] = domains;
    json clusters = json::array();
    for (int c = 0; c < k; ++c) clusters.push_back("c" + std::to_string(c));
    rep["clusters"] = clusters;
    const bool labelled = cm.total() > 0;
    rep["labelled"] = labelled;
    for (const char* key : kClusterReportKeys)  // as stored (an older run may lack some)
        if (sum.contains(key)) rep[key] = sum[key];
    if (!labelled) return rep;
    rep["purity"] = purity(cm);
    rep["nmi"] = normalizedMutualInfo(cm);
    rep["ari"] = adjustedRandIndex(cm);
    json counts = json::array();
    for (int d = 0; d < nd; ++d) {
        json row = json::array();
        for (int c = 0; c < k; ++c) row.push_back(cm.at(d, c));
        counts.push_back(row);
    }
    rep["confusion"] = {{"rows", "true domain"}, {"columns", "cluster"}, {"counts", counts}};
    json maj = json::array();
    for (int c = 0; c < k; ++c) {
        std::int64_t size = 0;
        for (int d = 0; d < nd; ++d) size += cm.at(d, c);
        const int d = map[std::size_t(c)];
        maj.push_back({{"cluster", c},
                       {"domain", d >= 0 ? json(domains[std::size_t(d)]) : json(nullptr)},
                       {"size", size},
                       {"share", size ? double(d >= 0 ? cm.at(d, c) : 0) / double(size) : 0.0}});
    }
    rep["majority"] = maj;
    json perDomain = json::array();
    auto scores = domainScores(cm);
    for (int d = 0; d < nd; ++d) {
        const auto& s = scores[std::size_t(d)];
        perDomain.push_back({{"domain", domains[std::size_t(d)]},
                             {"precision", s.precision},
                             {"recall", s.recall},
                             {"f1", s.f1},
                             {"relevant", s.relevant},
                             {"predicted", s.predicted},
                             {"correct", s.correct}});
    }
    rep["per_domain"] = perDomain;

    // Outliers: labelled sentences whose cluster's majority domain is another domain.
    struct Pair {
        std::int64_t count = 0, digits = 0, pronq = 0;
        double tokens = 0;
        std::vector<std::size_t> samples;
    };
    std::map<std::pair<int, int>, Pair> pairs;
    std::int64_t nAll = 0, nOut = 0, digAll = 0, digOut = 0, pqAll = 0, pqOut = 0;
    double tokAll = 0, tokOut = 0;
    for (std::size_t i = 0; i < truth.size(); ++i) {
        if (truth[i] < 0 || pred[i] < 0 || pred[i] >= k) continue;
        const auto& f = feats[i];
        ++nAll, tokAll += f.tokens, digAll += f.digit, pqAll += f.pronounOrQuestion;
        const int to = map[std::size_t(pred[i])];
        if (to == truth[i] || to < 0) continue;
        ++nOut, tokOut += f.tokens, digOut += f.digit, pqOut += f.pronounOrQuestion;
        auto& p = pairs[{truth[i], to}];
        ++p.count, p.tokens += f.tokens, p.digits += f.digit, p.pronq += f.pronounOrQuestion;
        if (int(p.samples.size()) < params.outlierSamples) p.samples.push_back(i);
    }
    std::vector<std::pair<std::pair<int, int>, Pair>> sorted(pairs.begin(), pairs.end());
    std::sort(sorted.begin(), sorted.end(),
              [](const auto& a, const auto& b) { return a.second.count > b.second.count; });
    json table = json::array(), samples = json::array();
    for (const auto& [key, p] : sorted) {
        table.push_back({{"from", domains[std::size_t(key.first)]},
                         {"to", domains[std::size_t(key.second)]},
                         {"count", p.count},
                         {"with_digits", p.digits},
                         {"with_pronoun_or_question", p.pronq},
                         {"mean_tokens", mean(p.tokens, p.count)}});
        for (std::size_t i : p.samples)
            samples.push_back({{"from", domains[std::size_t(key.first)]},
                               {"to", domains[std::size_t(key.second)]},
                               {"sentence_id", ids[i]},
                               {"cluster", pred[i]},
                               {"tokens", feats[i].tokens},
                               {"text", texts[i]}});
    }
    // Into-domain view (the paper: "340/597 outliers into the IT cluster contain digits").
    json into = json::array();
    std::map<int, std::array<std::int64_t, 3>> intoCount;
    for (const auto& [key, p] : pairs) {
        auto& a = intoCount[key.second];
        a[0] += p.count, a[1] += p.digits, a[2] += p.pronq;
    }
    for (const auto& [to, a] : intoCount)
        into.push_back({{"to", domains[std::size_t(to)]},
                        {"count", a[0]},
                        {"with_digits", a[1]},
                        {"with_pronoun_or_question", a[2]}});
    rep["outliers"] = {{"count", nOut},
                       {"share", nAll ? double(nOut) / double(nAll) : 0.0},
                       {"mean_tokens", mean(tokOut, nOut)},
                       {"mean_tokens_all", mean(tokAll, nAll)},
                       {"with_digits", digOut},
                       {"with_digits_share", nOut ? double(digOut) / double(nOut) : 0.0},
                       {"with_digits_share_all", nAll ? double(digAll) / double(nAll) : 0.0},
                       {"with_pronoun_or_question", pqOut},
                       {"with_pronoun_or_question_share", nOut ? double(pqOut) / double(nOut) : 0.0},
                       {"with_pronoun_or_question_share_all", nAll ? double(pqAll) / double(nAll) : 0.0},
                       {"pairs", table},
                       {"into", into},
                       {"samples", samples},
                       {"tokens_note", "whitespace tokens of the clustered side"}};

    if (sum.contains("centroid_cosine")) {
        auto centroids = centroidCosineOf(domains, sum["centroid_cosine"], run->id);
        if (!centroids) return std::unexpected(centroids.error());
        json cc = {{"domains", domains}, {"matrix", sum["centroid_cosine"]}};
        if (params.scores) {
            const ScoreCorrelation sc = correlateScores(*centroids, *params.scores);
            auto value = [](double v) { return std::isfinite(v) ? json(v) : json(nullptr); };
            cc["score_correlation"] = {{"pearson", value(sc.pearson)},
                                       {"pairs", sc.pairs},
                                       {"pearson_with_same_domain", value(sc.pearsonWithSameDomain)},
                                       {"pairs_with_same_domain", sc.pairsWithSameDomain},
                                       {"run_domains_not_scored", sc.runDomainsNotScored},
                                       {"score_domains_not_in_run", sc.scoreDomainsNotInRun},
                                       {"note",
                                        "pearson: off-diagonal (train, test) domain pairs; pearson_with_same_domain: "
                                        "the diagonal included, as A&G's Fig. 4 plots it"}};
        }
        rep["centroid_cosine"] = cc;
    }
    return rep;
}

std::string clusterReportCsv(const json& r) {
    std::ostringstream o;
    const auto domains = r.value("domains", std::vector<std::string>{});
    o << "# run," << r["run"]["id"] << "\n";
    o << "# purity," << (r.contains("purity") ? fmt(r["purity"].get<double>(), 6) : std::string("nan")) << "\n\n";
    if (!r.contains("confusion")) return o.str();
    o << "domain";
    for (const auto& c : r["clusters"]) o << "," << c.get<std::string>();
    o << "\n";
    for (std::size_t d = 0; d < domains.size(); ++d) {
        o << csvField(domains[d]);
        for (const auto& v : r["confusion"]["counts"][d]) o << "," << v.get<std::int64_t>();
        o << "\n";
    }
    o << "majority_domain";
    for (const auto& m : r["majority"])
        o << "," << (m["domain"].is_null() ? std::string() : csvField(m["domain"].get<std::string>()));
    o << "\n\ndomain,precision,recall,f1,relevant,predicted,correct\n";
    for (const auto& p : r["per_domain"])
        o << csvField(p["domain"].get<std::string>()) << "," << fmt(p["precision"].get<double>(), 6) << ","
          << fmt(p["recall"].get<double>(), 6) << "," << fmt(p["f1"].get<double>(), 6) << "," << p["relevant"] << ","
          << p["predicted"] << "," << p["correct"] << "\n";
    o << "\nfrom,to,count,with_digits,with_pronoun_or_question,mean_tokens\n";
    for (const auto& p : r["outliers"]["pairs"])
        o << csvField(p["from"].get<std::string>()) << "," << csvField(p["to"].get<std::string>()) << "," << p["count"]
          << "," << p["with_digits"] << "," << p["with_pronoun_or_question"] << ","
          << fmt(p["mean_tokens"].get<double>(), 2) << "\n";
    if (r.contains("centroid_cosine")) {
        o << "\ncentroid_cosine";
        for (const auto& d : domains) o << "," << csvField(d);
        o << "\n";
        for (std::size_t d = 0; d < domains.size(); ++d) {
            o << csvField(domains[d]);
            for (const auto& v : r["centroid_cosine"]["matrix"][d])
                o << "," << (v.is_null() ? std::string("nan") : fmt(v.get<double>(), 6));
            o << "\n";
        }
    }
    return o.str();
}

std::string clusterReportText(const json& r) {
    std::ostringstream o;
    o << "Cluster run " << r["run"]["id"] << " on corpus '" << r.value("corpus", "") << "': " << r["sentences"]
      << " sentences, k = " << r["k"] << "\n";
    // Sampling the reader should know about: PCA fitted on a subset of the rows.
    if (r.contains("pca") && r["pca"].is_object() && r["pca"].contains("fit_rows")) {
        const auto fitRows = r["pca"]["fit_rows"].get<std::int64_t>();
        const auto rows = r["sentences"].is_number() ? r["sentences"].get<std::int64_t>() : fitRows;
        o << "PCA to " << r["pca"].value("dims", 0) << " dimensions, fitted on "
          << (fitRows < rows ? "a random sample of " + std::to_string(fitRows) + " of " + std::to_string(rows) + " rows"
                             : "all " + std::to_string(fitRows) + " rows")
          << "\n";
    }
    if (!r.value("labelled", false)) {
        o << "The corpus has no domain labels: no purity or outlier analysis.\n";
        return o.str();
    }
    o << "purity " << fmt(100 * r["purity"].get<double>(), 2) << "%  NMI " << fmt(r["nmi"].get<double>()) << "  ARI "
      << fmt(r["ari"].get<double>());
    if (r.contains("purity_mean") && !r["purity_mean"].is_null())
        o << "   (over seeds: " << fmt(100 * r["purity_mean"].get<double>(), 2) << " ± "
          << fmt(100 * r["purity_std"].get<double>(), 2) << "%, random baseline "
          << fmt(100 * r.value("random_purity_mean", 0.0), 2) << "%"
          << (r.contains("kmeans_purity_mean") && r["kmeans_purity_mean"].is_number()
                  ? ", k-means " + fmt(100 * r["kmeans_purity_mean"].get<double>(), 2) + "%"
                  : std::string())
          << ")";
    o << "\n\nConfusion (rows: true domain, columns: cluster -> majority domain)\n";
    const auto domains = r["domains"].get<std::vector<std::string>>();
    std::size_t w = 8;
    for (const auto& d : domains) w = std::max(w, d.size() + 1);
    char buf[256];
    std::snprintf(buf, sizeof buf, "%-*s", int(w), "");
    o << buf;
    for (const auto& c : r["clusters"]) {
        std::snprintf(buf, sizeof buf, "%7s", c.get<std::string>().c_str());
        o << buf;
    }
    o << "\n";
    for (std::size_t d = 0; d < domains.size(); ++d) {
        std::snprintf(buf, sizeof buf, "%-*s", int(w), domains[d].c_str());
        o << buf;
        for (const auto& v : r["confusion"]["counts"][d]) {
            std::snprintf(buf, sizeof buf, "%7lld", static_cast<long long>(v.get<std::int64_t>()));
            o << buf;
        }
        o << "\n";
    }
    std::snprintf(buf, sizeof buf, "%-*s", int(w), "-> maps to");
    o << buf;
    for (const auto& m : r["majority"]) {
        std::snprintf(buf, sizeof buf, "%7s",
                      m["domain"].is_null() ? "-" : m["domain"].get<std::string>().substr(0, 6).c_str());
        o << buf;
    }
    o << "\n\nPer domain: precision / recall of the clusters mapped to it\n";
    for (const auto& p : r["per_domain"]) {
        std::snprintf(buf, sizeof buf, "  %-*s P %.3f  R %.3f  F1 %.3f\n", int(w),
                      p["domain"].get<std::string>().c_str(), p["precision"].get<double>(), p["recall"].get<double>(),
                      p["f1"].get<double>());
        o << buf;
    }
    const auto& out = r["outliers"];
    o << "\nOutliers (sentences in a cluster of another domain): " << out["count"] << " ("
      << fmt(100 * out["share"].get<double>(), 1) << "%), mean length " << fmt(out["mean_tokens"].get<double>(), 1)
      << " tokens vs " << fmt(out["mean_tokens_all"].get<double>(), 1) << " overall\n";
    o << "  with digits: " << fmt(100 * out["with_digits_share"].get<double>(), 1) << "% of outliers vs "
      << fmt(100 * out["with_digits_share_all"].get<double>(), 1)
      << "% overall; with a pronoun or '?': " << fmt(100 * out["with_pronoun_or_question_share"].get<double>(), 1)
      << "% vs " << fmt(100 * out["with_pronoun_or_question_share_all"].get<double>(), 1) << "%\n";
    o << "  from -> to: count (digits, pronoun/?)\n";
    int shown = 0;
    for (const auto& p : out["pairs"]) {
        if (++shown > 12) break;
        o << "    " << p["from"].get<std::string>() << " -> " << p["to"].get<std::string>() << ": " << p["count"]
          << " (" << p["with_digits"] << ", " << p["with_pronoun_or_question"] << ")\n";
    }
    shown = 0;
    for (const auto& s : out["samples"]) {
        if (++shown > 8) break;
        std::string t = s["text"].get<std::string>();
        if (t.size() > 100) t = t.substr(0, 97) + "...";
        o << "    [" << s["from"].get<std::string>() << " -> " << s["to"].get<std::string>() << "] " << t << "\n";
    }
    if (r.contains("centroid_cosine")) {
        o << "\nDomain centroid cosine similarity\n";
        std::snprintf(buf, sizeof buf, "%-*s", int(w), "");
        o << buf;
        for (const auto& d : domains) {
            std::snprintf(buf, sizeof buf, "%8s", d.substr(0, 7).c_str());
            o << buf;
        }
        o << "\n";
        for (std::size_t d = 0; d < domains.size(); ++d) {
            std::snprintf(buf, sizeof buf, "%-*s", int(w), domains[d].c_str());
            o << buf;
            for (const auto& v : r["centroid_cosine"]["matrix"][d]) {
                std::snprintf(buf, sizeof buf, "%8.3f", v.is_null() ? NAN : v.get<double>());
                o << buf;
            }
            o << "\n";
        }
        if (r["centroid_cosine"].contains("score_correlation")) {
            const auto& sc = r["centroid_cosine"]["score_correlation"];
            auto r = [&](const char* key) {
                return sc.value(key, json()).is_null() ? std::string("undefined") : fmt(sc[key].get<double>(), 3);
            };
            o << "Pearson r with the given score matrix, different-domain pairs only: " << r("pearson") << " over "
              << sc["pairs"] << " domain pairs\n";
            if (sc.contains("pearson_with_same_domain"))
                o << "Pearson r with the same-domain pairs included (as A&G's Fig. 4): "
                  << r("pearson_with_same_domain") << " over " << sc["pairs_with_same_domain"] << " domain pairs\n";
            auto names = [&](const char* key, const char* label) {
                if (!sc.contains(key) || sc[key].empty()) return;
                o << label;
                const char* sep = " ";
                for (const auto& d : sc[key]) o << sep << d.get<std::string>(), sep = ", ";
                o << "\n";
            };
            names("run_domains_not_scored", "Run domains the score matrix lacks (left out):");
            names("score_domains_not_in_run", "Score-matrix domains the run lacks (left out):");
        }
    }
    return o.str();
}

}  // namespace dl
