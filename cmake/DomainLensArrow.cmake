# Apache Arrow / Parquet C++ for `import --parquet/--hf-dataset` and `export --format parquet`
# (docs/parquet.md). Debian 12 has no Arrow packages and Apache's APT repository is not reachable
# from every build machine, so DomainLens links the C++ libraries and headers that the pinned
# pyarrow wheel ships (scripts/setup.sh installs it into .venv-arrow/): the wheel is built for
# manylinux_2_28 with the C++11 ABI and needs GLIBCXX_3.4.22 at most (Debian 12's libstdc++ has 3.4.30).
#
# DOMAINLENS_WITH_ARROW: AUTO (default) uses Arrow when found, ON requires it, OFF builds without
# (the formats then answer with an error that says so). DOMAINLENS_ARROW_PYTHON: the Python whose
# pyarrow is linked. Defines DOMAINLENS_ARROW_FOUND, DOMAINLENS_ARROW_INCLUDE_DIR, _LIBRARIES,
# _LIBDIR and domainlens_use_arrow(target) for the module core/corpus/arrow_module.
set(DOMAINLENS_WITH_ARROW AUTO CACHE STRING "Parquet and Hugging Face datasets through pyarrow's Arrow C++: AUTO, ON or OFF")
set(DOMAINLENS_ARROW_PYTHON "${CMAKE_SOURCE_DIR}/.venv-arrow/bin/python" CACHE FILEPATH
    "The Python whose pyarrow wheel provides Arrow's C++ headers and libraries (scripts/setup.sh)")
set(DOMAINLENS_ARROW_FOUND OFF)
if(NOT DOMAINLENS_WITH_ARROW STREQUAL "OFF")
  if(EXISTS "${DOMAINLENS_ARROW_PYTHON}")
    execute_process(
      COMMAND "${DOMAINLENS_ARROW_PYTHON}" -c
              "import pyarrow as pa; print(pa.get_include()); print(pa.get_library_dirs()[0]); print(pa.__version__)"
      OUTPUT_VARIABLE _pa_out ERROR_QUIET RESULT_VARIABLE _pa_rc OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(_pa_rc EQUAL 0)
      string(REPLACE "\n" ";" _pa_out "${_pa_out}")
      list(GET _pa_out 0 _pa_include)
      list(GET _pa_out 1 _pa_libdir)
      list(GET _pa_out 2 _pa_version)
      string(REGEX MATCH "^[0-9]+" _pa_major "${_pa_version}")
      # The wheel ships libarrow.so.<major>00 without the unversioned link names.
      set(_pa_arrow "${_pa_libdir}/libarrow.so.${_pa_major}00")
      set(_pa_parquet "${_pa_libdir}/libparquet.so.${_pa_major}00")
      if(EXISTS "${_pa_arrow}" AND EXISTS "${_pa_parquet}" AND EXISTS "${_pa_include}/parquet/arrow/reader.h")
        set(DOMAINLENS_ARROW_INCLUDE_DIR "${_pa_include}")
        set(DOMAINLENS_ARROW_LIBRARIES "${_pa_parquet}" "${_pa_arrow}")
        set(DOMAINLENS_ARROW_LIBDIR "${_pa_libdir}")
        # Arrow's licence and notice, installed with the two libraries (core/corpus/arrow_module).
        file(GLOB DOMAINLENS_ARROW_LICENSE_FILES "${_pa_libdir}/../pyarrow-${_pa_version}.dist-info/licenses/*")
        set(DOMAINLENS_ARROW_FOUND ON)
        message(STATUS "Arrow ${_pa_version} (pyarrow wheel, ${_pa_libdir}): Parquet and HF datasets enabled")
      endif()
    endif()
  endif()
  if(NOT DOMAINLENS_ARROW_FOUND)
    if(DOMAINLENS_WITH_ARROW STREQUAL "ON")
      message(FATAL_ERROR "DOMAINLENS_WITH_ARROW=ON but no pyarrow at ${DOMAINLENS_ARROW_PYTHON} (run scripts/setup.sh)")
    endif()
    message(WARNING "Arrow not found (no pyarrow at ${DOMAINLENS_ARROW_PYTHON}): Parquet and HF datasets are "
                    "not built; run scripts/setup.sh and reconfigure (docs/parquet.md)")
  endif()
endif()

# The one target that sees Arrow's headers and links its libraries: the MODULE
# libdomainlens_arrow.so (core/corpus/arrow_module), with an RPATH to the wheel's folder in the
# build and $ORIGIN when installed (the wheel's two libraries are installed beside it).
# Nothing else links libarrow or libparquet: the module is dlopen'ed with RTLD_LOCAL |
# RTLD_DEEPBIND, so the OpenSSL that the wheel's libparquet bundles and exports (~1,400
# symbols) and the system's libcrypto never bind to each other (ARCHITECTURE.md, known traps;
# tests/faults: openssl_after_parquet_*).
function(domainlens_use_arrow target)
  target_include_directories(${target} SYSTEM PRIVATE ${DOMAINLENS_ARROW_INCLUDE_DIR})
  target_link_libraries(${target} PRIVATE ${DOMAINLENS_ARROW_LIBRARIES})
  set_target_properties(${target} PROPERTIES BUILD_RPATH "${DOMAINLENS_ARROW_LIBDIR}"
                                             INSTALL_RPATH "$ORIGIN")
endfunction()
