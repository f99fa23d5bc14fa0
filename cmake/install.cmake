# cmake/install.cmake -- install rules, the exported CMake package, the
# pkg-config file, and the amalgamation (scripts/amalgamate.py). Included at
# the end of the root CMakeLists.txt, after every target exists.
#
# Options:
#   UNILANE_INSTALL      generate install rules (default: ON when unilane is
#                        the top-level project, OFF under add_subdirectory)
#   UNILANE_AMALGAMATED  build the library from the generated amalgamation
#                        <build>/dist/unilane.c instead of src/*/*.c, so that
#                        the whole test suite checks the two-file
#                        distribution (default OFF)
#   UNILANE_AMALGAMATE_DIR  where the `amalgamate` target writes unilane.h
#                        and unilane.c (default <build>/dist)
#
# One build installs one library, the one it built: libunilane.a, or with
# -DBUILD_SHARED_LIBS=ON libunilane.so.MAJOR.MINOR (a DLL and its import
# library on Windows). Consumers, after `cmake --install build --prefix P`:
#   find_package(unilane 0.2 REQUIRED)            # CMAKE_PREFIX_PATH=P
#   target_link_libraries(app PRIVATE unilane::unilane)
# (also named unilane::unilane_static or unilane::unilane_shared after its
# kind, as in 0.1).
#   pkg-config: PKG_CONFIG_PATH=P/lib/pkgconfig cc app.c $(pkg-config --cflags --libs unilane)
# The .pc file finds its prefix from its own location (${pcfiledir}), so the
# installed tree can be moved.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

option(UNILANE_INSTALL "Generate the install rules of unilane" ${UNILANE_TOP_LEVEL})
option(UNILANE_AMALGAMATED "Build the library from the amalgamated unilane.c" OFF)
set(UNILANE_AMALGAMATE_DIR "${PROJECT_BINARY_DIR}/dist" CACHE PATH
    "Output directory of the amalgamate target")

# --------------------------------------------------------------------------
# Amalgamation: `cmake --build B --target amalgamate` writes
# ${UNILANE_AMALGAMATE_DIR}/unilane.{h,c}; regenerated when a source changes.
# (Named unilane_amalgamate when unilane is not the top-level project.)
# --------------------------------------------------------------------------
# Only for unilane's own build: a project that adds unilane with
# add_subdirectory gets no extra target and no Python3 lookup.
if(UNILANE_TOP_LEVEL OR UNILANE_AMALGAMATED)
  find_package(Python3 COMPONENTS Interpreter QUIET)
endif()
if(UNILANE_TOP_LEVEL)
  set(_unilane_amalgamate_target amalgamate)
else()
  set(_unilane_amalgamate_target unilane_amalgamate)
endif()
if(Python3_Interpreter_FOUND AND (UNILANE_TOP_LEVEL OR UNILANE_AMALGAMATED))
  file(GLOB _unilane_internal_headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/*/*.h)
  set(_unilane_amalgam_c ${UNILANE_AMALGAMATE_DIR}/unilane.c)
  set(_unilane_amalgam_h ${UNILANE_AMALGAMATE_DIR}/unilane.h)
  add_custom_command(
    OUTPUT ${_unilane_amalgam_c} ${_unilane_amalgam_h}
    COMMAND Python3::Interpreter ${PROJECT_SOURCE_DIR}/scripts/amalgamate.py
            --out ${UNILANE_AMALGAMATE_DIR}
    DEPENDS ${PROJECT_SOURCE_DIR}/scripts/amalgamate.py
            ${PROJECT_SOURCE_DIR}/include/unilane.h
            ${UNILANE_SOURCES} ${_unilane_internal_headers}
    COMMENT "Amalgamating unilane into ${UNILANE_AMALGAMATE_DIR}"
    VERBATIM)
  add_custom_target(${_unilane_amalgamate_target}
    DEPENDS ${_unilane_amalgam_c} ${_unilane_amalgam_h})

  if(UNILANE_AMALGAMATED)
    # Target sources are read at generate time, so replacing them here, after
    # the root file created unilane_objects, takes effect. unilane.c includes
    # "unilane.h" from its own directory.
    set_property(TARGET unilane_objects PROPERTY SOURCES ${_unilane_amalgam_c})
    # The rule's output must not be built by two independent targets at once.
    add_dependencies(unilane_objects ${_unilane_amalgamate_target})
    if(TARGET unilane_testlib)
      set_property(TARGET unilane_testlib PROPERTY SOURCES ${_unilane_amalgam_c})
      add_dependencies(unilane_testlib ${_unilane_amalgamate_target})
    endif()
    message(STATUS "unilane: building the library from ${_unilane_amalgam_c}")
  endif()
elseif(UNILANE_AMALGAMATED)
  message(FATAL_ERROR "UNILANE_AMALGAMATED=ON needs python3 (scripts/amalgamate.py)")
endif()

if(NOT UNILANE_INSTALL)
  return()
endif()

# --------------------------------------------------------------------------
# Header, libraries, exported targets
# --------------------------------------------------------------------------
set(UNILANE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/unilane CACHE STRING
    "Install directory of unilaneConfig.cmake, relative to the prefix")

install(FILES ${PROJECT_SOURCE_DIR}/include/unilane.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT unilane_development)

install(TARGETS unilane
  EXPORT unilaneTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT unilane_development
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT unilane_runtime
          NAMELINK_COMPONENT unilane_development
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT unilane_runtime
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

install(EXPORT unilaneTargets
  NAMESPACE unilane::
  FILE unilaneTargets.cmake
  DESTINATION ${UNILANE_CMAKE_DIR}
  COMPONENT unilane_development)

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/unilaneConfig.cmake.in
  ${PROJECT_BINARY_DIR}/unilaneConfig.cmake
  INSTALL_DESTINATION ${UNILANE_CMAKE_DIR})

# Semantic versioning: before 1.0 a minor release may break the API, so a
# request for 0.1 accepts 0.1.x only; from 1.0 on, any 1.y >= the request.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(_unilane_compat SameMinorVersion)
else()
  set(_unilane_compat SameMajorVersion)
endif()
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/unilaneConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY ${_unilane_compat})

install(FILES ${PROJECT_BINARY_DIR}/unilaneConfig.cmake
              ${PROJECT_BINARY_DIR}/unilaneConfigVersion.cmake
        DESTINATION ${UNILANE_CMAKE_DIR} COMPONENT unilane_development)

# --------------------------------------------------------------------------
# pkg-config: relocatable. prefix is the path from the .pc file's directory
# (libdir/pkgconfig) back to the prefix, so the tree works wherever it is
# moved; an absolute CMAKE_INSTALL_LIBDIR or INCLUDEDIR is kept as it is.
# --------------------------------------------------------------------------
set(UNILANE_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${UNILANE_PC_DIR}")
  set(UNILANE_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  # e.g. lib/pkgconfig -> ../.., lib/x86_64-linux-gnu/pkgconfig -> ../../..
  file(RELATIVE_PATH _unilane_up "/unilane-prefix/${UNILANE_PC_DIR}" "/unilane-prefix")
  string(REGEX REPLACE "/$" "" _unilane_up "${_unilane_up}")
  set(UNILANE_PC_PREFIX "\${pcfiledir}/${_unilane_up}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(UNILANE_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  set(UNILANE_PC_LIBDIR "\${exec_prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(UNILANE_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(UNILANE_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
# A DLL's users need UNILANE_SHARED (dllimport); harmless elsewhere.
if(UNILANE_KIND STREQUAL "shared")
  set(UNILANE_PC_CFLAGS " -DUNILANE_SHARED")
else()
  set(UNILANE_PC_CFLAGS "")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/unilane.pc.in ${PROJECT_BINARY_DIR}/unilane.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/unilane.pc
        DESTINATION ${UNILANE_PC_DIR} COMPONENT unilane_development)
