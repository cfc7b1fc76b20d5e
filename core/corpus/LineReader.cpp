#include "corpus/LineReader.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "common/RegularFile.h"

namespace dl {

struct LineReader::Source {
    FILE* file = nullptr;
    gzFile gz = nullptr;
    ~Source() {
        if (gz) gzclose(gz);
        else if (file) std::fclose(file);
    }
};

LineReader::~LineReader() = default;

bool LineReader::compressed() const { return source_ && source_->gz; }

std::int64_t LineReader::bytesRead() const {
    if (!source_) return 0;
    if (source_->gz) return static_cast<std::int64_t>(gzoffset(source_->gz));
    return static_cast<std::int64_t>(std::ftell(source_->file));
}

Expected<std::unique_ptr<LineReader>> LineReader::open(const std::string& path, std::size_t maxLineBytes) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::exists(path, ec)) return fail("The file " + path + " does not exist.");
    if (fs::is_directory(path, ec)) return fail(path + " is a folder, not a file.");
    if (auto s = checkRegularFile(path, "The corpus file"); !s)
        return std::unexpected(s.error());  // a FIFO would block
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return fail("Cannot open " + path + ": " + std::strerror(errno) + ".");
    std::unique_ptr<LineReader> r(new LineReader());
    r->path_ = path;
    r->maxLineBytes_ = maxLineBytes;
    r->fileSize_ = static_cast<std::int64_t>(fs::file_size(path, ec));
    r->source_ = std::make_unique<Source>();
    unsigned char magic[2] = {0, 0};
    const std::size_t got = std::fread(magic, 1, 2, f);
    const bool isGzip = got == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    if (got == 2 && ((magic[0] == 0xff && magic[1] == 0xfe) || (magic[0] == 0xfe && magic[1] == 0xff))) {
        std::fclose(f);
        return fail("The file " + path + " is UTF-16 (it starts with a UTF-16 byte-order mark); DomainLens reads " +
                    "UTF-8: convert it first, e.g. iconv -f UTF-16 -t UTF-8.");
    }
    const bool namedGz = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
    if (namedGz && !isGzip) {
        std::fclose(f);
        return fail("The file " + path + " is named .gz but is not gzip-compressed.");
    }
    if (isGzip) {
        std::fclose(f);
        r->source_->gz = gzopen(path.c_str(), "rb");
        if (!r->source_->gz) return fail("Cannot open " + path + " as gzip.");
        gzbuffer(r->source_->gz, 1 << 17);
    } else {
        std::rewind(f);
        r->source_->file = f;
    }
    r->buffer_.reserve(1 << 17);
    return r;
}

Expected<bool> LineReader::refill() {
    // Keep the unread tail, then append a block.
    buffer_.erase(0, pos_);
    pos_ = 0;
    const std::size_t block = 1 << 17;
    const std::size_t old = buffer_.size();
    buffer_.resize(old + block);
    std::size_t got = 0;
    if (source_->gz) {
        const int n = gzread(source_->gz, buffer_.data() + old, static_cast<unsigned>(block));
        if (n < 0) {
            int err = 0;
            const char* msg = gzerror(source_->gz, &err);
            buffer_.resize(old);
            return fail("Cannot read " + path_ + " near line " + std::to_string(lineNumber_ + 1) +
                        ": corrupt gzip data (" + (msg ? msg : "?") + ").");
        }
        got = static_cast<std::size_t>(n);
        int err = Z_OK;
        if (n == 0) gzerror(source_->gz, &err);
        if (err == Z_BUF_ERROR) {  // zlib reports a cut-off stream as a quiet end with Z_BUF_ERROR
            buffer_.resize(old);
            return fail("Cannot read " + path_ + " after line " + std::to_string(lineNumber_) +
                        ": the gzip stream is truncated (unexpected end of file); nothing was imported.");
        }
    } else {
        got = std::fread(buffer_.data() + old, 1, block, source_->file);
        if (got < block && std::ferror(source_->file)) {
            buffer_.resize(old);
            return fail("Cannot read " + path_ + ": " + std::strerror(errno) + ".");
        }
    }
    buffer_.resize(old + got);
    if (got == 0) eof_ = true;
    return got > 0;
}

Expected<bool> LineReader::next(std::string& line) {
    std::size_t scanFrom = pos_;
    while (true) {
        // The next LF in the buffered data ends the line; a CR just before it is the CRLF's.
        const void* lf = scanFrom < buffer_.size()
                             ? std::memchr(buffer_.data() + scanFrom, '\n', buffer_.size() - scanFrom)
                             : nullptr;
        if (lf) {
            const auto end = static_cast<std::size_t>(static_cast<const char*>(lf) - buffer_.data());
            if (end - pos_ > maxLineBytes_) break;
            const std::size_t length = end > pos_ && buffer_[end - 1] == '\r' ? end - 1 - pos_ : end - pos_;
            line.assign(buffer_, pos_, length);
            pos_ = end + 1;
            ++lineNumber_;
            return true;
        }
        if (buffer_.size() - pos_ > maxLineBytes_) break;
        if (eof_) {
            if (pos_ >= buffer_.size()) return false;
            line.assign(buffer_, pos_, buffer_.size() - pos_);
            pos_ = buffer_.size();
            ++lineNumber_;
            return true;
        }
        const std::size_t scanned = buffer_.size() - pos_;
        auto more = refill();
        if (!more) return std::unexpected(more.error());
        scanFrom = scanned;  // pos_ is 0 after refill
    }
    return fail(path_ + ":" + std::to_string(lineNumber_ + 1) + ": the line is longer than " +
                std::to_string(maxLineBytes_) + " bytes (raise the limit with --max-line-bytes if this is intended).");
}

}  // namespace dl
