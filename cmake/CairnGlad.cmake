# Generates the OpenGL 3.3 core loader with Debian's glad at build time and
# exposes it as cairn::glad. Debian's own Python is used on purpose: another
# python3 earlier on PATH may lack the glad module, and --reproducible keeps
# glad from reaching for the network.
find_program(CAIRN_SYSTEM_PYTHON NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT CAIRN_SYSTEM_PYTHON)
  message(FATAL_ERROR "Debian's /usr/bin/python3 (with python3-glad) is required to generate the GL loader")
endif()

set(CAIRN_GLAD_DIR "${CMAKE_BINARY_DIR}/generated/glad")
add_custom_command(
  OUTPUT "${CAIRN_GLAD_DIR}/src/gl.c" "${CAIRN_GLAD_DIR}/include/glad/gl.h"
  COMMAND "${CAIRN_SYSTEM_PYTHON}" -m glad --api gl:core=3.3 --out-path "${CAIRN_GLAD_DIR}" --reproducible c
  COMMENT "Generating the OpenGL 3.3 core loader with glad"
  VERBATIM)

add_library(cairn_glad STATIC "${CAIRN_GLAD_DIR}/src/gl.c")
add_library(cairn::glad ALIAS cairn_glad)
target_include_directories(cairn_glad SYSTEM PUBLIC "$<BUILD_INTERFACE:${CAIRN_GLAD_DIR}/include>")
target_link_libraries(cairn_glad PUBLIC ${CMAKE_DL_LIBS})
set_target_properties(cairn_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
