// libFuzzer target: shard data files and manifests of arbitrary bytes, read the way `merge`
// reads them: ShardFileReader::open (the array headers), every array read back whole when the
// reader accepted it, and readShardManifest (JSON, then the data file's checksum). A wrapped
// rows x cols x size made open() loop while memory grew (issue #23, class 1); any error is fine,
// a hang, a read outside the file or an allocation beyond its size is not.
#include <cstdint>
#include <filesystem>

#include "FuzzSupport.h"
#include "shard/ShardFile.h"
#include "shard/ShardManifest.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto bytes = dlfuzz::asView(data, size);
    const auto path = dlfuzz::writeFile("encode-0-of-1.bin", bytes);
    if (auto r = dl::ShardFileReader::open(path)) {
        for (const char* name : {"sentence_ids", "vectors", "labels", "scores", "moment_count"}) {
            for (auto type : {dl::ShardDType::F16, dl::ShardDType::F32, dl::ShardDType::F64, dl::ShardDType::I32,
                              dl::ShardDType::I64}) {
                auto a = r->find(name, type);
                if (!a) continue;
                // open() checked the array fits the file: reading it whole allocates at most that.
                const auto bytesNeeded = static_cast<std::uint64_t>(a->rows) * static_cast<std::uint64_t>(a->cols) *
                                         dl::shardDTypeSize(a->type);
                if (bytesNeeded > size) std::abort();
                std::vector<std::uint8_t> out(static_cast<std::size_t>(bytesNeeded));
                if (!r->read(*a, 0, a->rows, out.data())) std::abort();  // inside the file: must read
            }
        }
    }
    // The same bytes as a manifest next to the data file (its checksum then mismatches or the
    // JSON is refused; a manifest naming itself as its data file is read too).
    const auto manifest = dlfuzz::writeFile("encode-0-of-1.manifest.json", bytes);
    (void)dl::readShardManifest(manifest);
    return 0;
}
