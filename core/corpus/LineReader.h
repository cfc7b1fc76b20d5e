#pragma once
// Streaming line reader over plain or gzip-compressed files, constant memory.
// A line is what `wc -l`, Moses and Python's bytes.split(b"\n") see: LF ends it, a CR right before
// the LF belongs to the ending (CRLF), any other CR is text (the field rule, common/FieldText.h,
// makes it a space), so a stray CR never shifts one side of a parallel pair. Enforces a maximum
// line length and reports errors with file and line. A `.gz` file that is not gzip, a gzip
// stream that is cut short or corrupt, data after the last gzip member that is neither another
// member nor zero padding, and a UTF-16 file (by its byte-order mark) are errors.
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
    Expected<std::size_t> inflateInto(char* out, std::size_t capacity);  // gzip: up to `capacity` bytes
    struct Source;
    std::unique_ptr<Source> source_;
    std::string path_;
    std::string buffer_;
    std::size_t pos_ = 0;
    bool eof_ = false;
    std::size_t maxLineBytes_ = kDefaultMaxLineBytes;
    std::int64_t lineNumber_ = 0;
    std::int64_t fileSize_ = 0;
};

}  // namespace dl
