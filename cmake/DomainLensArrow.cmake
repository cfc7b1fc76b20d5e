# Apache Arrow / Parquet C++ for `import --parquet/--hf-dataset` and `export --format parquet`
# (docs/parquet.md). Debian 12 has no Arrow packages and Apache's APT repository is not reachable
# from every build machine, so DomainLens links the C++ libraries and headers that the pinned
# pyarrow wheel ships (scripts/setup.sh installs it into .venv-arrow/): the wheel is built for
# manylinux_2_28 with the C++11 ABI and needs GLIBCXX_3.4.22 at most (Debian 12's libstdc++ has 3.4.30).
#
# DOMAINLENS_WITH_ARROW: AUTO (default) uses Arrow when found, ON requires it, OFF builds without
# (the formats then answer with an error that says so). DOMAINLENS_ARROW_PYTHON: the Python whose
# pyarrow is linked. Defines the target domainlens::arrow (headers + libarrow + libparquet) and
# DOMAINLENS_ARROW_FOUND.
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

if(DOMAINLENS_ARROW_FOUND)
  find_library(DOMAINLENS_SYSTEM_CRYPTO NAMES libcrypto.so.3 crypto
               DOC "The system's OpenSSL libcrypto, linked before pyarrow's libparquet (see domainlens_use_arrow)")
endif()

function(domainlens_use_arrow target)
  if(NOT DOMAINLENS_ARROW_FOUND)
    return()
  endif()
  set_source_files_properties(${ARGN} TARGET_DIRECTORY ${target} PROPERTIES
    COMPILE_OPTIONS "-isystem;${DOMAINLENS_ARROW_INCLUDE_DIR}"
    COMPILE_DEFINITIONS DOMAINLENS_WITH_ARROW
    SKIP_PRECOMPILE_HEADERS ON)
  # The wheel's libparquet exports ~1,400 symbols of the OpenSSL it bundles (EVP_*, CRYPTO_*,
  # OPENSSL_LH_*). Loaded before the system libcrypto.so.3 (which libcurl, GDAL, Qt's TLS backend
  # ... bring in), it comes first in the process's global scope and libcrypto's internal calls bind
  # to the bundled copy: the first libcrypto user crashes (SIGSEGV in OPENSSL_LH_doall_arg; Python
  # had it, ARCHITECTURE.md section 8). The system libcrypto is therefore linked (even unused) right
  # before libparquet, so it is loaded first and binds to itself (tests/faults: openssl_after_parquet_*).
  if(DOMAINLENS_SYSTEM_CRYPTO)
    target_link_libraries(${target} PRIVATE "-Wl,--push-state,--no-as-needed" "${DOMAINLENS_SYSTEM_CRYPTO}"
                          "-Wl,--pop-state")
  endif()
  target_link_libraries(${target} PRIVATE ${DOMAINLENS_ARROW_LIBRARIES})
  target_link_options(${target} INTERFACE "LINKER:-rpath,${DOMAINLENS_ARROW_LIBDIR}")
endfunction()
