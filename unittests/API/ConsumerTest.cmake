# ctest api-consumer-install (cmake -P): the embeddable library as a
# consumer sees it. Installs the build into a fresh prefix, checks the
# installed headers (no ANTLR anywhere; each compiles on its own with only
# the LLVM include path), builds examples/consumer against the installed
# CMake package, runs both programs, and builds one of them again from the
# pkg-config file alone.
#
# With the Python package (PYTHON_PACKAGE), imports the installed package
# from the prefix (not the build tree) and lints an example with it.
#
# Inputs: BUILD_DIR SOURCE_DIR WORK_DIR CXX LLVM_INCLUDE_DIRS GENERATOR
# EXTRA_FLAGS PYTHON_PACKAGE PYTHON.

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc
    OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(LAST_OUTPUT "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

foreach(f bin/ptx-lint bin/ptx-run include/ptxwarp/ptxwarp.h
          lib/cmake/ptxwarp/ptxwarpConfig.cmake lib/pkgconfig/ptxwarp.pc)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()

if(PYTHON_PACKAGE)
  file(GLOB_RECURSE inits ${prefix}/__init__.py)
  list(FILTER inits INCLUDE REGEX "/ptxwarp/__init__.py$")
  list(LENGTH inits n)
  if(NOT n EQUAL 1)
    message(FATAL_ERROR "expected one installed Python package, found: ${inits}")
  endif()
  get_filename_component(pkg ${inits} DIRECTORY)
  get_filename_component(site ${pkg} DIRECTORY)
  run(${CMAKE_COMMAND} -E env PYTHONPATH=${site} ${PYTHON} -c
      "import ptxwarp, sys; assert ptxwarp.__file__.startswith('${site}'), ptxwarp.__file__; d = ptxwarp.lint_file('${SOURCE_DIR}/examples/lint_errors.ptx'); assert len(d.errors) == 3, d; print(ptxwarp.__version__)"
      WORKING_DIRECTORY ${WORK_DIR})
  message(STATUS "the installed Python package imports from ${site}")
endif()

# Every installed header: no ANTLR, and self-contained.
file(GLOB_RECURSE headers RELATIVE ${prefix}/include ${prefix}/include/*.h)
list(LENGTH headers n)
if(n LESS 6)
  message(FATAL_ERROR "expected the API headers, found: ${headers}")
endif()
foreach(h ${headers})
  file(READ ${prefix}/include/${h} text)
  string(TOLOWER "${text}" lower)
  string(FIND "${lower}" "antlr" pos)
  if(NOT pos EQUAL -1)
    message(FATAL_ERROR "installed header ${h} mentions ANTLR")
  endif()
  set(tu ${WORK_DIR}/header_check.cpp)
  file(WRITE ${tu} "#include \"${h}\"\n#include \"${h}\"\nint main() { return 0; }\n")
  set(llvm_flags)
  foreach(d ${LLVM_INCLUDE_DIRS})
    list(APPEND llvm_flags -isystem ${d})
  endforeach()
  run(${CXX} -std=c++17 -fsyntax-only -Wall -Wextra -Werror
      -I${prefix}/include ${llvm_flags} ${tu})
endforeach()
message(STATUS "${n} installed headers compile standalone, none mention ANTLR")

# The shared library exports the API and nothing of the layers or ANTLR.
if(EXISTS ${prefix}/lib/libptxwarp.so)
  run(nm -D --defined-only -C ${prefix}/lib/libptxwarp.so)
  string(REGEX MATCHALL
    "\n[0-9a-f]+ [A-Za-z] (ptxwarp::([B-Zb-z_]|A|a[^p]|ap[^i]|api[^:])|[^\n]*antlr)[^\n]*"
    leaked "\n${LAST_OUTPUT}")
  if(leaked)
    message(FATAL_ERROR "libptxwarp.so exports internal symbols:${leaked}")
  endif()
  string(FIND "${LAST_OUTPUT}" "ptxwarp::api::Session::parseBuffer" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "libptxwarp.so does not export the API")
  endif()
  message(STATUS "libptxwarp.so exports the API and no internal symbol")
endif()

# The consumer project, against the installed package only.
# EXTRA_FLAGS: the sanitizer flags of an ASan/UBSan build, whose instrumented
# libraries the consumer links.
string(REPLACE ";" " " extra_flags "${EXTRA_FLAGS}")
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/consumer -B ${WORK_DIR}/build
    -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix}
    "-DCMAKE_CXX_FLAGS=${extra_flags}" "-DCMAKE_EXE_LINKER_FLAGS=${extra_flags}")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/lint_in_memory)
message(STATUS "lint_in_memory:\n${LAST_OUTPUT}")
run(${WORK_DIR}/build/run_warp_reduce)
message(STATUS "run_warp_reduce:\n${LAST_OUTPUT}")

# The pkg-config file alone is enough to build a consumer too.
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
run(pkg-config --cflags --libs ptxwarp)
string(STRIP "${LAST_OUTPUT}" pc_flags)
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
run(${CXX} -std=c++17 ${EXTRA_FLAGS} ${SOURCE_DIR}/examples/consumer/run_warp_reduce.cpp
    ${pc_flags} -Wl,-rpath,${prefix}/lib -o ${WORK_DIR}/run_warp_reduce_pc)
run(${WORK_DIR}/run_warp_reduce_pc)
message(STATUS "pkg-config build of run_warp_reduce: ok")
