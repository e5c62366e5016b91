# Compiler setup of the PTXWARP_FUZZ build, included by the top-level
# CMakeLists.txt before any layer is declared.

# libFuzzer's coverage feedback and the sanitizers in every layer.
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined
  -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
add_link_options(-fsanitize=address,undefined)

# Debian's antlr4-runtime 4.9 headers do not compile with clang:
# misc/InterpreterDataReader.h default-constructs a dfa::Vocabulary whose
# default constructor is deleted (g++ accepts it because nothing calls it).
# Use a copy of the header tree with that one constructor only declared;
# the copy goes first on every include path, and its quoted includes
# resolve inside the copy.
set(_antlr_src /usr/include/antlr4-runtime)
set(_antlr_copy ${CMAKE_BINARY_DIR}/antlr4-runtime-clang)
if(EXISTS ${_antlr_src}/misc/InterpreterDataReader.h AND
   NOT EXISTS ${_antlr_copy}/antlr4-runtime.h)
  file(COPY ${_antlr_src}/ DESTINATION ${_antlr_copy})
  file(READ ${_antlr_copy}/misc/InterpreterDataReader.h _idr)
  string(REPLACE "InterpreterData() {};" "InterpreterData();" _idr "${_idr}")
  file(WRITE ${_antlr_copy}/misc/InterpreterDataReader.h "${_idr}")
endif()
if(EXISTS ${_antlr_copy}/antlr4-runtime.h)
  include_directories(BEFORE SYSTEM ${_antlr_copy})
endif()
