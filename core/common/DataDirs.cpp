#include "common/DataDirs.h"

#include <cstdlib>

namespace dl {
namespace {
std::string envOr(const char* name, const std::string& fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::string(v) : fallback;
}
}  // namespace

std::string dataHomeDir() { return envOr("XDG_DATA_HOME", envOr("HOME", "/tmp") + "/.local/share"); }

std::string modelsDataDir() { return dataHomeDir() + "/domainlens/models"; }

}  // namespace dl
