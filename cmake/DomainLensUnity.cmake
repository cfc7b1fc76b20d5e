# Unity builds: a cold build of domainlens_core spent most of its time instantiating the same
# templates (nlohmann/json above all) once per unit; 15 units of core/runs and core/reports take
# 78 s compiled one by one and 24 s as one unit (docs/build-time.md, "Unity build of core").
#
# domainlens_unity_groups(<target> [MAX n] [EXCLUDE regex]): compiles the target's sources in
# groups of at most n (default 8) units of the same folder, and within a folder the units on the
# target's PCH apart from those without it (SKIP_PRECOMPILE_HEADERS: domainlens_torch_pch puts
# only the libtorch units of core on the ATen PCH, so a torch-free unit never pays for ATen).
# Sources matching EXCLUDE stay units of their own.
# Call it after domainlens_torch_pch. Units with their own compile options, definitions or
# include folders are left out by CMake itself. Two units of a folder that define the same name
# in their anonymous namespaces no longer compile together: give one a more precise name (as
# filter/ did: kScoreBlock, kDetectBlock, one common/UnionFind.h), or pass it in EXCLUDE.
# -DDOMAINLENS_UNITY=OFF compiles every unit on its own (what an IDE's per-file tools prefer;
# scripts/tidy.sh reads either kind of compile_commands.json).
option(DOMAINLENS_UNITY "Compile the units of core, the app, the widgets and the GUI in per-folder groups (unity build)" ON)

function(domainlens_unity_groups target)
  cmake_parse_arguments(U "" "MAX;EXCLUDE" "" ${ARGN})
  if(NOT DOMAINLENS_UNITY)
    return()
  endif()
  if(NOT U_MAX)
    set(U_MAX 8)
  endif()
  get_target_property(_srcs ${target} SOURCES)
  get_target_property(_dir ${target} SOURCE_DIR)
  # Sort so that the groups (and so ccache's keys) do not depend on the glob's order.
  list(SORT _srcs)
  set(_groups "")
  foreach(_src ${_srcs})
    if(NOT _src MATCHES "\\.cpp$")
      continue()
    endif()
    if(U_EXCLUDE AND _src MATCHES "${U_EXCLUDE}")
      set_source_files_properties(${_src} TARGET_DIRECTORY ${target} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
      continue()
    endif()
    get_filename_component(_abs ${_src} ABSOLUTE BASE_DIR ${_dir})
    cmake_path(IS_PREFIX CMAKE_BINARY_DIR "${_abs}" _generated)
    if(_generated)  # moc, rcc, translations: compiled on its own
      continue()
    endif()
    # The folder, relative to the target's folder (core's units: "filter") or, for a target that
    # compiles another folder's units (the sanitizer build's copy of core), to the checkout.
    cmake_path(IS_PREFIX _dir "${_abs}" _inside)
    if(_inside)
      file(RELATIVE_PATH _rel ${_dir} ${_abs})
    else()
      file(RELATIVE_PATH _rel ${CMAKE_SOURCE_DIR} ${_abs})
    endif()
    get_filename_component(_folder ${_rel} DIRECTORY)
    string(MAKE_C_IDENTIFIER "${_folder}" _bucket)
    get_source_file_property(_no_pch ${_src} TARGET_DIRECTORY ${target} SKIP_PRECOMPILE_HEADERS)
    if(NOT _no_pch)
      string(APPEND _bucket "_pch")
    endif()
    if(NOT DEFINED _count_${_bucket})
      set(_count_${_bucket} 0)
    endif()
    math(EXPR _chunk "${_count_${_bucket}} / ${U_MAX}")
    math(EXPR _count_${_bucket} "${_count_${_bucket}} + 1")
    set_source_files_properties(${_src} TARGET_DIRECTORY ${target} PROPERTIES UNITY_GROUP "${_bucket}_${_chunk}")
    list(APPEND _groups "${_bucket}_${_chunk}")
  endforeach()
  # A unity source takes the target's PCH whatever its members say: the torch-free groups'
  # generated sources are marked to go without it (CMake names them Unity/unity_<group>_cxx.cxx).
  get_target_property(_bin ${target} BINARY_DIR)
  list(REMOVE_DUPLICATES _groups)
  foreach(_group ${_groups})
    if(NOT _group MATCHES "_pch_[0-9]+$")
      set_source_files_properties(${_bin}/CMakeFiles/${target}.dir/Unity/unity_${_group}_cxx.cxx
                                  TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endforeach()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  # GCC warns when a class of one unit holds a type of that unit's anonymous namespace once the
  # unit is #included by the unity source (NgramLm::Impl); each unit still has its own namespace.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
  endif()
endfunction()
