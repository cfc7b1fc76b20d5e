#include "TestPaths.h"

namespace dltest {

const char* testDataDir() { return DOMAINLENS_TEST_DATA_DIR; }
const char* sharedDataDir() { return DOMAINLENS_SHARED_DATA_DIR; }
const char* sourceDir() { return DOMAINLENS_SOURCE_DIR; }
const char* binaryDir() { return DOMAINLENS_BINARY_DIR; }

}  // namespace dltest
