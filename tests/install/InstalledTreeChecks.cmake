# The installed tree works on its own (cmake -P; tests/install/CMakeLists.txt): installs the build
# into WORK/prefix, then runs the installed domainlens-cli and checks with LD_DEBUG=files that the
# modules came from the installed lib/domainlens, not from the build tree (which the loaders also
# try, last: common/DynamicModule.cpp):
# - the front hands `encode` to libexec/domainlens/domainlens-cli-full, which must find
#   lib/domainlens/libdomainlens_spm.so from there (a SentencePiece model: xlm-roberta-tiny);
# - with Arrow (PYTHON set): a Parquet import loads lib/domainlens/libdomainlens_arrow.so and the
#   wheel's libparquet installed beside it.
# Variables: BUILD, WORK, MODEL, PYTHON (optional).
file(REMOVE_RECURSE ${WORK})
set(prefix ${WORK}/prefix)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc}): ${err}")
endif()
set(cli ${prefix}/bin/domainlens-cli)
set(project ${WORK}/p.dlproj)
file(WRITE ${WORK}/law.en "one sentence about the court\nanother sentence about the law\n")

function(run)
  cmake_parse_arguments(R "" "NEEDS" "COMMAND" ${ARGN})
  execute_process(COMMAND ${CMAKE_COMMAND} -E env LD_DEBUG=files ${R_COMMAND}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  list(JOIN R_COMMAND " " shown)
  if(NOT rc EQUAL 0)
    string(REGEX REPLACE "[^\n]*[0-9]+:\t[^\n]*\n" "" err "${err}")  # the loader's lines
    message(FATAL_ERROR "${shown}: exit ${rc}: ${err}")
  endif()
  if(R_NEEDS)
    string(FIND "${err}" "needed by ${R_NEEDS}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${shown}: ${R_NEEDS} was not loaded (LD_DEBUG=files)")
    endif()
  endif()
  message(STATUS "ok: ${shown}")
endfunction()

run(COMMAND ${cli} init ${project})
run(COMMAND ${cli} import ${project} --src ${WORK}/law.en --domain-from-filename --quiet)
run(COMMAND ${cli} encode ${project} --model ${MODEL} --corpus law --quiet
    NEEDS ${prefix}/lib/domainlens/libdomainlens_spm.so)
if(PYTHON)
  execute_process(COMMAND ${PYTHON} -c "import pyarrow as pa, pyarrow.parquet as pq
pq.write_table(pa.table({'text': ['eine Zeile', 'noch eine Zeile']}), '${WORK}/de.parquet')"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${PYTHON} could not write ${WORK}/de.parquet")
  endif()
  run(COMMAND ${cli} import ${project} --parquet ${WORK}/de.parquet --text-column text --corpus pq --domain law --quiet
      NEEDS ${prefix}/lib/domainlens/libparquet.so)
endif()
file(REMOVE_RECURSE ${WORK})
