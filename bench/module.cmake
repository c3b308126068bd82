# cairn_module_bench: the Gatehouse game module's systems run from the loaded
# module beside the same systems linked into this binary; loading a module
# and reading a world again with it beside reading the world again alone;
# and the memory 200 loads take. Prints the ratios (docs/PERFORMANCE.md,
# "Game modules"). Included from bench/CMakeLists.txt.
if(NOT TARGET benchmark::benchmark)
  find_package(benchmark REQUIRED)
endif()

set(gatehouse "${PROJECT_SOURCE_DIR}/examples/gatehouse")
cairn_add_game_module(bench_gatehouse PROJECT "${gatehouse}/cairn.project.json"
  SOURCES "${gatehouse}/systems.cpp" OUTPUT_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/modules")
target_compile_options(bench_gatehouse PRIVATE -O2)
cairn_generate_components("${gatehouse}/cairn.project.json" game "${CMAKE_CURRENT_BINARY_DIR}/module_bench_generated"
  header)
get_filename_component(header_dir "${header}" DIRECTORY)

add_executable(cairn_module_bench
  "${CMAKE_CURRENT_LIST_DIR}/module_bench.cpp"
  "${CMAKE_CURRENT_LIST_DIR}/bench_summary.cpp"
  "${gatehouse}/systems.cpp"  # the same systems, linked in: the baseline of a step
  "${header}")
target_include_directories(cairn_module_bench PRIVATE "${CMAKE_CURRENT_LIST_DIR}" "${header_dir}")
target_link_libraries(cairn_module_bench PRIVATE cairn::modules benchmark::benchmark)
target_compile_options(cairn_module_bench PRIVATE -O2)
# The game's systems.cpp is written as a file of its own (its usings and
# helpers are the game's): it is not batched with the benchmark's sources.
set_source_files_properties("${gatehouse}/systems.cpp" TARGET_DIRECTORY cairn_module_bench
  PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
target_compile_definitions(cairn_module_bench PRIVATE
  CAIRN_BENCH_MODULE="$<TARGET_FILE:bench_gatehouse>"
  CAIRN_GATEHOUSE_PROJECT="${gatehouse}/cairn.project.json")
set_target_properties(cairn_module_bench PROPERTIES ENABLE_EXPORTS ON)
add_dependencies(cairn_module_bench bench_gatehouse)
cairn_set_warnings(cairn_module_bench)
