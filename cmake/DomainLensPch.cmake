# Precompiled headers: the cold build spends most of its time parsing the same big headers
# (ATen ~7 s per unit, <QtCore> ~4 s, <QtWidgets> + qcustomplot.h ~6 s) in every translation
# unit. Figures and how they were taken: docs/build-time.md.
#
# Two shared PCH hosts, each compiled once per build and reused by the targets below:
#   domainlens_pch_qtcore  QtCore, nlohmann/json and the standard library: domainlens-cli and
#                          every Qt Test suite that does not link the widgets
#   domainlens_pch_qtgui   the above plus QtGui, QtWidgets and QCustomPlot: domainlens_widgets,
#                          domainlens_app, the GUI and the suites that link the widgets or the app
# and one of its own for domainlens_core's libtorch units (domainlens_torch_pch()).
# A PCH only adds declarations in front of a unit (GCC: -include cmake_pch.hxx); each source
# still includes what it uses, and a PCH that GCC finds stale or built with other flags is
# skipped with a -Winvalid-pch warning (the unit then parses its headers as before).
# Set -DDOMAINLENS_PCH=OFF to build without them.
option(DOMAINLENS_PCH "Precompiled headers for the Qt, json and libtorch heavy units" ON)

# Clang writes the modification times of the headers into a PCH, so every fresh build makes a
# different .pch and ccache (which hashes it) misses on every unit that uses it: the sanitizer
# build of scripts/test.sh missed 86 of its 112 units on each CI run (276 s of 884).
# -fno-pch-timestamp is what ccache's manual asks for ("Precompiled headers"); GCC needs nothing.
if(DOMAINLENS_PCH AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  add_compile_options("SHELL:-Xclang -fno-pch-timestamp")
endif()

set(_dl_pch_std <algorithm> <cmath> <cstdint> <expected> <filesystem> <functional> <map>
                <memory> <optional> <span> <string> <string_view> <unordered_map> <vector>)
set(_dl_pch_qtcore <QtCore/QtCore> <nlohmann/json.hpp> ${_dl_pch_std})

# The hosts are object libraries around one empty generated unit (CMake wants a source to
# attach the PCH to): CMake compiles the header list into the .gch; the targets that reuse
# it depend on the host.
function(_dl_pch_host name)
  cmake_parse_arguments(H "" "" "HEADERS;LIBS;OPTIONS" ${ARGN})
  set(_unit ${CMAKE_CURRENT_BINARY_DIR}/${name}.cpp)
  file(CONFIGURE OUTPUT ${_unit} CONTENT "// Host of the shared precompiled header ${name}.\n")
  add_library(${name} OBJECT EXCLUDE_FROM_ALL ${_unit})
  target_link_libraries(${name} PRIVATE ${H_LIBS})
  target_compile_options(${name} PRIVATE ${DOMAINLENS_WARNINGS} ${H_OPTIONS})
  target_precompile_headers(${name} PRIVATE ${H_HEADERS})
endfunction()

# The Qt Test suites' own units compile at -Og (tests/CMakeLists.txt): they are a third of a cold
# build's unit-seconds, and -O2's code generation is most of their cost (tst_filter.cpp: 20.4 s
# at -O2, 9.4 s at -Og, CPU time of one compile; docs/build-time.md). The code under test (core,
# services, widgets) stays at the build type's level. GCC refuses a PCH built at another -O
# level (__OPTIMIZE__ differs), so the suites reuse hosts of their own, built at the same level.
# Not in a Debug build, whose -O0 is there for a debugger. Empty: the suites at the build type's
# level, on the shared hosts.
set(DOMAINLENS_SUITE_OPTIMIZE "-Og" CACHE STRING
    "Optimisation flag of the Qt Test suites' own units (empty: the build type's)")
if(DOMAINLENS_SUITE_OPTIMIZE)
  set(DOMAINLENS_SUITE_OPTIONS "$<$<NOT:$<CONFIG:Debug>>:${DOMAINLENS_SUITE_OPTIMIZE}>")
else()
  set(DOMAINLENS_SUITE_OPTIONS "")
endif()

if(DOMAINLENS_PCH AND NOT DOMAINLENS_CORE_ONLY)  # core only: no Qt, the torch PCH only
  _dl_pch_host(domainlens_pch_qtcore HEADERS ${_dl_pch_qtcore} LIBS Qt6::Core nlohmann_json::nlohmann_json)
  _dl_pch_host(domainlens_pch_qtgui
    HEADERS ${_dl_pch_qtcore} <QtGui/QtGui> <QtWidgets/QtWidgets> <qcustomplot.h>
    LIBS Qt6::Core Qt6::Gui Qt6::Widgets Qt6::PrintSupport QCustomPlotQt6::QCustomPlotQt6
         nlohmann_json::nlohmann_json)
  if(DOMAINLENS_SUITE_OPTIONS)  # the suites' copies (QTCORE_SUITE, QTGUI_SUITE), at their level
    _dl_pch_host(domainlens_pch_qtcore_suite HEADERS ${_dl_pch_qtcore}
      LIBS Qt6::Core nlohmann_json::nlohmann_json OPTIONS ${DOMAINLENS_SUITE_OPTIONS})
    _dl_pch_host(domainlens_pch_qtgui_suite
      HEADERS ${_dl_pch_qtcore} <QtGui/QtGui> <QtWidgets/QtWidgets> <qcustomplot.h>
      LIBS Qt6::Core Qt6::Gui Qt6::Widgets Qt6::PrintSupport QCustomPlotQt6::QCustomPlotQt6
           nlohmann_json::nlohmann_json
      OPTIONS ${DOMAINLENS_SUITE_OPTIONS})
  endif()
endif()

# domainlens_reuse_pch(<target> QTCORE|QTGUI|QTCORE_SUITE|QTGUI_SUITE): the target's units start
# from that host's PCH (the _SUITE hosts: for targets compiled with ${DOMAINLENS_SUITE_OPTIONS}).
function(domainlens_reuse_pch target kind)
  if(NOT DOMAINLENS_PCH)
    return()
  endif()
  string(TOLOWER ${kind} _kind)
  if(_kind MATCHES "_suite$" AND NOT DOMAINLENS_SUITE_OPTIONS)
    string(REGEX REPLACE "_suite$" "" _kind ${_kind})
  endif()
  target_precompile_headers(${target} REUSE_FROM domainlens_pch_${_kind})
endfunction()

# domainlens_torch_pch(<target>): a PCH of ATen (+ Eigen) for those sources of <target> that
# include libtorch, directly or through a private *Impl.h header of core; the other sources
# are compiled without it. Decided at configure time from the #include lines.
function(domainlens_torch_pch target)
  if(NOT DOMAINLENS_PCH)
    return()
  endif()
  get_target_property(_srcs ${target} SOURCES)
  get_target_property(_dir ${target} SOURCE_DIR)
  set(_torch_re "#include[ \t]*<(torch|ATen|c10)/")
  # Private headers that pull in ATen (analysis/TensorImpl.h, ...), by file name.
  file(GLOB_RECURSE _headers ${_dir}/*Impl.h)
  set(_impl_names "")
  foreach(_h ${_headers})
    file(STRINGS ${_h} _hit REGEX "${_torch_re}")
    if(_hit)
      get_filename_component(_n ${_h} NAME)
      string(REPLACE "." "\\." _n ${_n})
      list(APPEND _impl_names ${_n})
    endif()
  endforeach()
  list(JOIN _impl_names "|" _impl_alt)
  set(_any 0)
  foreach(_src ${_srcs})
    file(STRINGS ${_src} _hit REGEX "${_torch_re}")
    if(NOT _hit AND _impl_alt)
      file(STRINGS ${_src} _hit REGEX "#include[ \t]*\"([A-Za-z0-9_]+/)?(${_impl_alt})\"")
    endif()
    if(_hit)
      set(_any 1)
    else()
      set_source_files_properties(${_src} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endforeach()
  if(_any)
    target_precompile_headers(${target} PRIVATE <ATen/ATen.h> <ATen/Parallel.h>
                              <c10/core/InferenceMode.h> <Eigen/Dense> ${_dl_pch_std})
  endif()
endfunction()
