#pragma once
// The checkout's absolute paths for the test suites (fixtures, ../shared/data, the sources and
// the build), compiled into one small unit (TestPaths.cpp) instead of every test unit: a unit
// whose command line holds a per-checkout path never hits ccache from another checkout, and
// these paths were on the command line of every test unit (docs/build-time.md).
namespace dltest {

const char* testDataDir();    // tests/data
const char* sharedDataDir();  // ../shared/data (may not exist)
const char* sourceDir();      // the repository root
const char* binaryDir();      // the build directory (domainlens-cli is in app/ below it)

}  // namespace dltest
