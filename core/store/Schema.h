#pragma once
// Project schema, one migration per version step (index i migrates version i -> i+1).
#include <string>
#include <vector>

namespace dl {

// The application id stamped into every project file (PRAGMA application_id): "DLns".
inline constexpr int kApplicationId = 0x444c6e73;

const std::vector<std::string>& schemaMigrations();

}  // namespace dl
