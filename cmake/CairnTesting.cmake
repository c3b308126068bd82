find_package(Catch2 2 REQUIRED)
include(Catch)

# One shared Catch2 main for all suites, compiled once.
if(NOT TARGET cairn_test_main)
  add_library(cairn_test_main STATIC "${PROJECT_SOURCE_DIR}/tests/test_main.cpp")
  target_link_libraries(cairn_test_main PUBLIC Catch2::Catch2)
endif()

# cairn_add_test_suite(<name> SOURCES <files...> LIBS <targets...>)
# Builds one Catch2 executable and registers each of its cases with CTest.
function(cairn_add_test_suite name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE cairn_test_main ${ARG_LIBS})
  cairn_set_warnings(${name})
  catch_discover_tests(${name}
    TEST_PREFIX "${name}:"
    PROPERTIES ENVIRONMENT "CAIRN_SOURCE_DIR=${PROJECT_SOURCE_DIR};CAIRN_BINARY_DIR=${PROJECT_BINARY_DIR}")
endfunction()
