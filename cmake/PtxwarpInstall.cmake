# Install rules and the CMake/pkg-config packages of the embeddable library
# (README.md, "Install and link"): `cmake --install` puts the facade library,
# its headers, the two tools, ptxwarpConfig.cmake (find_package(ptxwarp
# CONFIG) gives the target ptxwarp::ptxwarp) and ptxwarp.pc into the prefix.
# Included by the top-level CMakeLists.txt after every target is declared.

include(CMakePackageConfigHelpers)

set(PTXWARP_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ptxwarp)

# The facade library and the interface targets its link interface names
# (LLVM Support; the warning flags appear as $<LINK_ONLY:...> of the static
# layer archives and carry no link items).
set_target_properties(ptxwarp_llvm PROPERTIES EXPORT_NAME LLVMSupportDeps)
set_target_properties(ptxwarp_flags PROPERTIES EXPORT_NAME BuildFlags)
install(TARGETS ptxwarp ptxwarp_llvm ptxwarp_flags
  EXPORT ptxwarpTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# Only the facade headers are installed: they are the stable API and never
# name an ANTLR (or other internal) type.
install(FILES ${PROJECT_SOURCE_DIR}/include/ptxwarp/ptxwarp.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ptxwarp)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ptxwarp/API
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ptxwarp
  FILES_MATCHING PATTERN "*.h")

install(TARGETS ptx-lint ptx-run RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(EXPORT ptxwarpTargets
  NAMESPACE ptxwarp::
  FILE ptxwarpTargets.cmake
  DESTINATION ${PTXWARP_CMAKE_DIR})

if(BUILD_SHARED_LIBS)
  set(PTXWARP_SHARED ON)
else()
  set(PTXWARP_SHARED OFF)
endif()
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/ptxwarpConfig.cmake.in
  ${PROJECT_BINARY_DIR}/ptxwarpConfig.cmake
  INSTALL_DESTINATION ${PTXWARP_CMAKE_DIR})
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/ptxwarpConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/ptxwarpConfig.cmake
  ${PROJECT_BINARY_DIR}/ptxwarpConfigVersion.cmake
  DESTINATION ${PTXWARP_CMAKE_DIR})

# pkg-config: as the CMake package, LLVM Support is linked too (the headers'
# inline code refers to parts of it the shared library does not contain);
# the static build also needs every layer archive and the ANTLR runtime, in
# link order.
get_target_property(_antlr_lib antlr4_shared IMPORTED_LOCATION_NONE)
if(NOT _antlr_lib)
  get_target_property(_antlr_lib antlr4_shared IMPORTED_LOCATION)
endif()
set(PTXWARP_PC_LLVM_CFLAGS "")
foreach(_dir ${LLVM_INCLUDE_DIRS})
  string(APPEND PTXWARP_PC_LLVM_CFLAGS " -isystem ${_dir}")
endforeach()
string(APPEND PTXWARP_PC_LLVM_CFLAGS " ${LLVM_DEFINITIONS}")
set(PTXWARP_PC_LLVM_LIBS "-L${LLVM_LIBRARY_DIR} -lLLVMSupport -lLLVMDemangle")
if(BUILD_SHARED_LIBS)
  set(PTXWARP_PC_LIBS "-lptxwarp ${PTXWARP_PC_LLVM_LIBS} -lz3 -lz -ltinfo -lrt -ldl -lm -lpthread")
else()
  set(PTXWARP_PC_LIBS "-lptxwarp -lptxwarpParse -lptxwarpSema -lptxwarpLower -lptxwarpInterp -lptxwarpIR -lptxwarpISA -lptxwarpAST -lptxwarpDiagnostics ${_antlr_lib} ${PTXWARP_PC_LLVM_LIBS} -lz3 -lz -ltinfo -lrt -ldl -lm -lpthread")
endif()
file(RELATIVE_PATH PTXWARP_PC_TO_PREFIX
  /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${PROJECT_SOURCE_DIR}/cmake/ptxwarp.pc.in
  ${PROJECT_BINARY_DIR}/ptxwarp.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/ptxwarp.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# Optional API reference from the public headers (Debian: doxygen).
find_package(Doxygen QUIET)
if(DOXYGEN_FOUND)
  configure_file(${PROJECT_SOURCE_DIR}/docs/Doxyfile.in
    ${PROJECT_BINARY_DIR}/docs/Doxyfile @ONLY)
  add_custom_target(ptxwarp-docs
    COMMAND ${DOXYGEN_EXECUTABLE} ${PROJECT_BINARY_DIR}/docs/Doxyfile
    WORKING_DIRECTORY ${PROJECT_BINARY_DIR}/docs
    COMMENT "API reference from include/ptxwarp/ptxwarp.h and API/"
    VERBATIM)
endif()
