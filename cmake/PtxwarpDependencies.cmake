# Finds the project's dependencies; every one is a Debian package (see README.md).

# LLVM Support: SourceMgr, llvm::cl, raw_ostream, Error, APInt/APFloat, JSON.
find_package(LLVM 14 REQUIRED CONFIG
  HINTS /usr/lib/llvm-14/lib/cmake/llvm /usr/lib/llvm-14/cmake)
message(STATUS "LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")
add_library(ptxwarp_llvm INTERFACE)
llvm_map_components_to_libnames(PTXWARP_LLVM_LIBS support)
target_include_directories(ptxwarp_llvm SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})
target_compile_definitions(ptxwarp_llvm INTERFACE ${LLVM_DEFINITIONS_LIST})
target_link_libraries(ptxwarp_llvm INTERFACE ${PTXWARP_LLVM_LIBS})

# ANTLR: the 4.7.2 tool (Java) generates C++ at build time; the 4.9 runtime runs it.
find_program(ANTLR4_TOOL antlr4 REQUIRED)
find_package(antlr4-runtime REQUIRED CONFIG)

# Tests and benchmarks.
if(PTXWARP_BUILD_TESTS)
  find_package(GTest REQUIRED)
  find_program(LIT_TOOL NAMES lit lit.py
    HINTS /usr/lib/llvm-14/build/utils/lit /usr/lib/llvm-14/bin)
  find_program(FILECHECK_TOOL FileCheck HINTS /usr/lib/llvm-14/bin REQUIRED)
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
endif()
if(PTXWARP_BUILD_BENCH)
  find_package(benchmark QUIET)
  if(NOT benchmark_FOUND)
    message(STATUS "Google Benchmark not found: benchmarks disabled")
    set(PTXWARP_BUILD_BENCH OFF)
  endif()
endif()

# The Python package (python/): pybind11 and the interpreter's headers. Not
# in sanitizer or fuzzing builds: an instrumented extension cannot be loaded
# into an uninstrumented interpreter.
set(PTXWARP_PYTHON_FOUND OFF)
if(PTXWARP_PYTHON AND NOT PTXWARP_SANITIZE AND NOT PTXWARP_FUZZ)
  find_package(Python3 COMPONENTS Interpreter Development.Module)
  find_package(pybind11 2.6 CONFIG QUIET)
  if(Python3_Development.Module_FOUND AND pybind11_FOUND)
    set(PTXWARP_PYTHON_FOUND ON)
    # Every layer ends up in the extension module, a shared object.
    # -fno-semantic-interposition keeps calls within the library as direct
    # (and inlinable) as in the executables.
    set(CMAKE_POSITION_INDEPENDENT_CODE ON)
    add_compile_options(-fno-semantic-interposition)
    message(STATUS "Python package: ${Python3_EXECUTABLE}, pybind11 ${pybind11_VERSION}")
  else()
    message(STATUS "pybind11 or the Python headers not found: the Python package is not built")
  endif()
endif()
