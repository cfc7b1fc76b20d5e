# The ASan + UBSan suites of scripts/sanitize.sh, registered only when the main build is
# configured with -DDOMAINLENS_SANITIZE=ON (build-asan). They are the torch-free suites of
# tests/core, compiled from the same test sources but linked against a torch-free copy of
# core: rebuilding the libtorch translation units with ASan costs more CI time than the
# whole rest of the test run (docs/reliability.md, "Fuzzing and sanitizers").
# CTest names: asan_<suite>, label "sanitize".
set(_core ${CMAKE_SOURCE_DIR}/core)
file(GLOB _srcs CONFIGURE_DEPENDS
     ${_core}/common/*.cpp ${_core}/corpus/*.cpp ${_core}/store/*.cpp ${_core}/text/*.cpp
     ${_core}/export/*.cpp ${_core}/shard/*.cpp ${_core}/select/Ranking.cpp
     ${_core}/encode/SafeTensors.cpp ${_core}/encode/ModelConfig.cpp)
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
