# Compiler flags shared by every ptxwarp target, and the helper that declares a library.

include(GNUInstallDirs)

find_program(CCACHE_PROGRAM ccache)
if(CCACHE_PROGRAM)
  set(CMAKE_CXX_COMPILER_LAUNCHER ${CCACHE_PROGRAM})
endif()

add_library(ptxwarp_flags INTERFACE)
target_compile_options(ptxwarp_flags INTERFACE -Wall -Wextra -Wno-unused-parameter)
if(PTXWARP_WERROR)
  target_compile_options(ptxwarp_flags INTERFACE -Werror)
endif()
if(PTXWARP_SANITIZE)
  # Also handed to the out-of-tree consumer test (unittests/API), whose
  # programs link these instrumented libraries.
  set(PTXWARP_SANITIZE_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  add_compile_options(${PTXWARP_SANITIZE_FLAGS})
  add_link_options(${PTXWARP_SANITIZE_FLAGS})
endif()

# ptxwarp_add_library(NAME SOURCES... [DEPENDS libs...] [PRIVATE_DEPENDS libs...])
# Declares library ptxwarp<NAME> with the public include tree and the shared flags.
function(ptxwarp_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;PRIVATE_DEPENDS" ${ARGN})
  set(target ptxwarp${name})
  # Layers are always static archives: BUILD_SHARED_LIBS only decides the
  # kind of the facade library (lib/API), which links them all and exports
  # nothing but the API. PIC so they fit into that shared library.
  add_library(${target} STATIC ${ARG_SOURCES})
  add_library(ptxwarp::${name} ALIAS ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  if(BUILD_SHARED_LIBS)
    set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  else()
    # A static libptxwarp.a needs the layer archives at the consumer's link.
    install(TARGETS ${target} EXPORT ptxwarpTargets
      ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  endif()
  # The build tree's include/ holds the headers ptxwarp-tblgen emits from
  # lib/ISA/td (include/ptxwarp/ISA/Generated/); every layer may read them.
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  add_dependencies(${target} ptxwarp-isa-tables)
  target_link_libraries(${target} PUBLIC ${ARG_DEPENDS} PRIVATE ptxwarp_flags ${ARG_PRIVATE_DEPENDS})
endfunction()
