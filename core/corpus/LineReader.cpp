#include "corpus/LineReader.h"

#include <zlib.h>
#include <cstdint>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "common/RegularFile.h"

namespace dl {

// A plain file, or a gzip file read through zlib's inflate (not gzread: zlib's gz layer ends the
// stream silently at anything after a member that is not another member, so trailing data would
// be dropped without a word). Members follow one another (`cat a.gz b.gz`); after the last one
// only zero bytes may follow (padding, which gzip accepts too).
struct LineReader::Source {
    FILE* file = nullptr;
    bool gz = false;
    z_stream z{};
    bool inflating = false;               // inflateInit2 succeeded: inflateEnd owed
    std::vector<unsigned char> in;        // compressed input; z.next_in points into it
    std::int64_t inStart = 0;             // the file offset of in[0]
    bool memberEnded = false;             // a member's end was reached: what follows is not read yet
    bool ended = false;                   // the last member ended, only zeros (or nothing) after it
    std::int64_t trailingAt = -1;         // where data that is not a gzip member starts
    ~Source() {
        if (inflating) inflateEnd(&z);
        if (file) std::fclose(file);
    }
    std::int64_t offset() const { return inStart + (z.next_in ? static_cast<std::int64_t>(z.next_in - in.data()) : 0); }
    // Reads more compressed input after the unread bytes; false at the end of the file (or on an
    // error: std::ferror tells).
    bool readMore() {
        const std::size_t unread = z.avail_in;
        if (unread > 0 && z.next_in != in.data()) std::memmove(in.data(), z.next_in, unread);
        inStart = offset();
        z.next_in = in.data();
        const std::size_t n = std::fread(in.data() + unread, 1, in.size() - unread, file);
        z.avail_in = static_cast<uInt>(unread + n);
        return n > 0;
    }
    enum class After { Member, End, Trailing };
    // After a member: another member (inflate reset for it), the end (nothing or only zeros
    // left), or trailing data (its offset in trailingAt).
    After afterMember() {
        while (z.avail_in < 2 && readMore()) {
        }
        if (z.avail_in == 0) return After::End;
        if (z.avail_in >= 2 && z.next_in[0] == 0x1f && z.next_in[1] == 0x8b) {
            inflateReset(&z);
            memberEnded = false;
            return After::Member;
        }
        const std::int64_t at = offset();
        do {
            if (std::any_of(z.next_in, z.next_in + z.avail_in, [](unsigned char b) { return b != 0; })) {
                trailingAt = at;
                return After::Trailing;
            }
            z.next_in += z.avail_in;
            z.avail_in = 0;
        } while (readMore());
        return After::End;
    }
};

LineReader::~LineReader() = default;

bool LineReader::compressed() const { return source_ && source_->gz; }

std::int64_t LineReader::bytesRead() const {
    if (!source_) return 0;
    if (source_->gz) return source_->offset();
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
    std::rewind(f);
    r->source_->file = f;
    if (isGzip) {
        Source& s = *r->source_;
        s.gz = true;
        if (inflateInit2(&s.z, 15 + 16) != Z_OK) return fail("Cannot open " + path + " as gzip.");  // gzip only
        s.inflating = true;
        s.in.resize(1 << 17);
        s.z.next_in = s.in.data();
    }
    r->buffer_.reserve(1 << 17);
    return r;
}

Expected<std::size_t> LineReader::inflateInto(char* out, std::size_t capacity) {
    Source& s = *source_;
    z_stream& z = s.z;
    z.next_out = reinterpret_cast<Bytef*>(out);
    z.avail_out = static_cast<uInt>(capacity);
    while (z.avail_out > 0 && !s.ended && s.trailingAt < 0) {
        if (s.memberEnded) {
            if (s.afterMember() == Source::After::End) s.ended = true;
            if (std::ferror(s.file)) return fail("Cannot read " + path_ + ": " + std::strerror(errno) + ".");
            continue;
        }
        if (z.avail_in == 0 && !s.readMore()) {
            if (std::ferror(s.file)) return fail("Cannot read " + path_ + ": " + std::strerror(errno) + ".");
            return fail("Cannot read " + path_ + " after line " + std::to_string(lineNumber_) +
                        ": the gzip stream is truncated (unexpected end of file); nothing was imported.");
        }
        const int rc = inflate(&z, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) s.memberEnded = true;
        else if (rc != Z_OK && rc != Z_BUF_ERROR)  // Z_BUF_ERROR: more input needed, read above
            return fail("Cannot read " + path_ + " near line " + std::to_string(lineNumber_ + 1) +
                        ": corrupt gzip data (" + (z.msg ? z.msg : "error " + std::to_string(rc)) + ").");
    }
    return capacity - z.avail_out;
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
        auto n = inflateInto(buffer_.data() + old, block);
        if (n && *n == 0 && source_->trailingAt >= 0)  // the data before it has been read line by line
            n = fail("Cannot read " + path_ + " after line " + std::to_string(lineNumber_) +
                     ": unexpected data after the gzip stream at byte offset " + std::to_string(source_->trailingAt) +
                     " of " + std::to_string(fileSize_) + " (not another gzip member); nothing was imported.");
        if (!n) {
            buffer_.resize(old);
            return std::unexpected(n.error());
        }
        got = *n;
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
