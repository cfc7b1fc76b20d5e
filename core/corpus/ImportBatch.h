#pragma once
// Rows of an import that passed normalisation and dedupe, on their way from the reading
// thread to the SQLite writer: the text of all rows in one arena, so a row costs no
// allocation. Owned by one thread at a time (handed over through BatchQueue).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dl {

struct ImportRow {
    std::size_t src = 0, srcLen = 0, tgt = 0, tgtLen = 0, domain = 0, domainLen = 0;  // offsets into ImportBatch::text
    int srcTokens = 0, tgtTokens = 0;
    bool tgtNull = false;  // monolingual input: the target column is NULL
};

struct ImportBatch {
    std::string text;
    std::vector<ImportRow> rows;
    std::int64_t linesRead = 0;  // input lines behind this batch (kept or not)
    std::int64_t bytesRead = 0;  // of the input once this batch was complete (progress)

    void clear() {
        text.clear();
        rows.clear();
        linesRead = 0;
        bytesRead = 0;
    }
    void add(std::string_view src, std::string_view tgt, bool tgtNull, std::string_view domain, int srcTokens,
             int tgtTokens) {
        ImportRow r;
        r.src = append(src, r.srcLen);
        r.tgt = append(tgt, r.tgtLen);
        r.domain = append(domain, r.domainLen);
        r.srcTokens = srcTokens;
        r.tgtTokens = tgtTokens;
        r.tgtNull = tgtNull;
        rows.push_back(r);
    }
    // Valid while the batch is not modified.
    std::string_view view(std::size_t offset, std::size_t len) const { return {text.data() + offset, len}; }

private:
    std::size_t append(std::string_view s, std::size_t& len) {
        const std::size_t at = text.size();
        text.append(s);
        len = s.size();
        return at;
    }
};

}  // namespace dl
