#pragma once
// Streaming line reader over plain or gzip-compressed files, constant memory.
// Normalises line endings (LF, CRLF, lone CR), enforces a maximum line length and reports
// errors with file and line. A `.gz` file that is not gzip is an error, not plain text.
#include <cstdint>
#include <memory>
#include <string>

#include "common/Error.h"

namespace dl {

class LineReader {
public:
    static constexpr std::size_t kDefaultMaxLineBytes = 1 << 20;  // 1 MiB

    static Expected<std::unique_ptr<LineReader>> open(const std::string& path,
                                                      std::size_t maxLineBytes = kDefaultMaxLineBytes);
    ~LineReader();

    // Reads the next line without its terminator. false at end of file.
    Expected<bool> next(std::string& line);
    std::int64_t lineNumber() const { return lineNumber_; }  // 1-based number of the last line read
    const std::string& path() const { return path_; }
    // Bytes consumed of the file on disk (compressed bytes for gzip) and its size, for progress.
    std::int64_t bytesRead() const;
    std::int64_t fileSize() const { return fileSize_; }
    bool compressed() const;

private:
    LineReader() = default;
    Expected<bool> refill();
    std::size_t findTerminator(std::size_t from) const;  // first LF or CR at or after `from`, npos if none
    struct Source;
    std::unique_ptr<Source> source_;
    std::string path_;
    std::string buffer_;
    std::size_t pos_ = 0;
    bool eof_ = false;
    bool pendingCr_ = false;
    std::size_t maxLineBytes_ = kDefaultMaxLineBytes;
    std::int64_t lineNumber_ = 0;
    std::int64_t fileSize_ = 0;
};

}  // namespace dl
