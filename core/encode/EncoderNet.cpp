#include "encode/EncoderNet.h"

#include <cstdint>

namespace dl {

Expected<std::unique_ptr<EncoderNet>> loadEncoderNet(const ModelConfig& cfg, const std::string& modelDir, int layers,
                                                     std::int64_t vocabNeeded, NetPlacement where) {
    switch (cfg.arch) {
    case Architecture::Gpt2: return loadGpt2Net(cfg, modelDir, layers, vocabNeeded, where);
    case Architecture::Bert:
    case Architecture::DistilBert:
    case Architecture::Roberta:
    case Architecture::MPNet: return loadBertNet(cfg, modelDir, layers, vocabNeeded, where);
    }
    return fail("Unknown architecture for the model in " + modelDir + ".");
}

}  // namespace dl
