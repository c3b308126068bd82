# Install and export rules: `cmake --install` puts the runtime libraries
# (cairn::ecs, cairn::serialization), their headers, the `cairn` tool
# (cairn::cairn) and the JSON Schemas under a prefix, with a package
# configuration so that a game can use
#
#   find_package(cairn CONFIG REQUIRED)
#   target_link_libraries(game PRIVATE cairn::serialization)
#   add_custom_command(... COMMAND cairn::cairn codegen ...)
#
# (examples/runtime). Included once from the top-level CMakeLists.txt, after
# every layer's targets exist.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CAIRN_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/cairn")

# A sanitized build installs instrumented libraries: whoever links them needs
# the sanitizer runtimes too.
if(CAIRN_SANITIZE)
  foreach(target cairn_ecs cairn_serialization)
    target_link_options(${target} INTERFACE "$<INSTALL_INTERFACE:-fsanitize=address,undefined>")
  endforeach()
endif()

install(TARGETS cairn_ecs cairn_serialization
  EXPORT cairnTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
  INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/ecs/include/" "${PROJECT_SOURCE_DIR}/serialization/include/"
  "${PROJECT_BINARY_DIR}/ecs/include/"
  DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(EXPORT cairnTargets
  NAMESPACE cairn::
  FILE cairnTargets.cmake
  DESTINATION "${CAIRN_INSTALL_CMAKEDIR}")

configure_package_config_file("${CMAKE_CURRENT_LIST_DIR}/cairnConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/cairnConfig.cmake"
  INSTALL_DESTINATION "${CAIRN_INSTALL_CMAKEDIR}")
write_basic_package_version_file("${PROJECT_BINARY_DIR}/cairnConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/cairnConfig.cmake" "${PROJECT_BINARY_DIR}/cairnConfigVersion.cmake"
  "${CMAKE_CURRENT_LIST_DIR}/CairnGameModule.cmake"
  DESTINATION "${CAIRN_INSTALL_CMAKEDIR}")

# The `cairn` tool, exported as the imported executable cairn::cairn so that
# a game's build can run `cairn codegen` (examples/runtime/CMakeLists.txt).
if(TARGET cairn)
  install(TARGETS cairn EXPORT cairnTargets RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
endif()
# cairn-player, built with the GUI programs.
if(TARGET cairn-player)
  install(TARGETS cairn-player RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
endif()
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/schema/" DESTINATION "${CMAKE_INSTALL_DATADIR}/cairn/schema")
