# cairn_project_bench: a game project's component (defined at run time)
# beside the same component declared in C++, in one binary: add, get,
# iterate and save 100,000 entities; the program prints the ratios
# (docs/PERFORMANCE.md, "Project components"). Included from bench/CMakeLists.txt.
if(NOT TARGET benchmark::benchmark)
  find_package(benchmark REQUIRED)
endif()

add_executable(cairn_project_bench
  "${CMAKE_CURRENT_LIST_DIR}/project_components_bench.cpp"
  "${CMAKE_CURRENT_LIST_DIR}/bench_summary.cpp")
target_include_directories(cairn_project_bench PRIVATE "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(cairn_project_bench PRIVATE cairn::serialization benchmark::benchmark)
target_compile_options(cairn_project_bench PRIVATE -O2)
cairn_set_warnings(cairn_project_bench)
