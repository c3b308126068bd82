find_package(Catch2 2 REQUIRED)
include(Catch)

# One shared Catch2 main for all suites, compiled once.
if(NOT TARGET cairn_test_main)
  add_library(cairn_test_main STATIC "${PROJECT_SOURCE_DIR}/tests/test_main.cpp")
  target_link_libraries(cairn_test_main PUBLIC Catch2::Catch2)
  # Catch2's whole runner is this one file, the slowest compile of the build
  # at -O2 -g (about 50 s alone): its own speed matters to no test, so it is
  # built at -O1 without debug information, in half the time. It is not
  # Cairn's code either, so a sanitized build leaves it uninstrumented (82 s
  # to 21 s); the tests it runs, and Cairn's libraries, keep the sanitizers.
  set(cairn_test_main_options -O1 -g0)
  if(CAIRN_SANITIZE)
    list(APPEND cairn_test_main_options -fno-sanitize=all)
  endif()
  set_source_files_properties("${PROJECT_SOURCE_DIR}/tests/test_main.cpp" PROPERTIES COMPILE_OPTIONS
    "${cairn_test_main_options}")
endif()

set(CAIRN_TEST_PRECOMPILED_HEADERS
  <catch2/catch.hpp> <nlohmann/json.hpp> <glm/glm.hpp>
  <algorithm> <cstdint> <filesystem> <functional> <map> <memory> <optional> <set> <string> <string_view>
  <vector>)

# The editor the end-to-end tests' scratch runs use to find where widgets
# are (tests/editor_e2e/editor_e2e.py); empty: the editor under test. The
# sanitizer build points it at the plain build's editor of the same sources
# (scripts/test.sh): the places are the same, found several times faster,
# and each test's own run, which replays every step of its script, still
# runs the editor under test.
set(CAIRN_E2E_MAP_EDITOR "" CACHE FILEPATH "Editor for the e2e tests' widget-finding runs (empty: the one under test)")
set(CAIRN_E2E_MAP_ARGS)
if(CAIRN_E2E_MAP_EDITOR)
  set(CAIRN_E2E_MAP_ARGS --map-editor "${CAIRN_E2E_MAP_EDITOR}")
endif()

# cairn_add_test_suite(<name> SOURCES <files...> [ALONE <files...>] LIBS <targets...>)
# Builds one Catch2 executable and registers each of its cases with CTest.
# The ALONE sources are compiled each on its own, not in a batch (below).
function(cairn_add_test_suite name)
  cmake_parse_arguments(ARG "" "" "SOURCES;ALONE;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES} ${ARG_ALONE})
  if(ARG_ALONE)
    set_source_files_properties(${ARG_ALONE} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endif()
  target_link_libraries(${name} PRIVATE cairn_test_main ${ARG_LIBS})
  cairn_set_warnings(${name})
  # Most test files include Catch2 and nlohmann/json, whose parsing is most of
  # an unoptimised test file's compile time: they are parsed once, for every
  # suite (tests/support).
  target_precompile_headers(${name} REUSE_FROM cairn_test_pch)
  # The cases' own code is the rest: compiled in batches, as the libraries
  # are (CAIRN_UNITY_BUILD). A file whose helpers share names with another
  # file's of the same suite (each in its anonymous namespace) is listed
  # ALONE.
  set_target_properties(${name} PROPERTIES UNITY_BUILD ${CAIRN_UNITY_BUILD} UNITY_BUILD_BATCH_SIZE 8)
  catch_discover_tests(${name}
    TEST_PREFIX "${name}:"
    PROPERTIES ENVIRONMENT "CAIRN_SOURCE_DIR=${PROJECT_SOURCE_DIR};CAIRN_BINARY_DIR=${PROJECT_BINARY_DIR}")
endfunction()
