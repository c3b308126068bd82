# cairn_prefab_bench: opening a scene of 1,000 instances of a 100-entity
# prefab beside the same scene flattened (no instance), in one binary, and
# saving both; the program prints the ratios (docs/PERFORMANCE.md, "Prefab
# instances"). Included from bench/CMakeLists.txt.
if(NOT TARGET benchmark::benchmark)
  find_package(benchmark REQUIRED)
endif()

add_executable(cairn_prefab_bench
  "${CMAKE_CURRENT_LIST_DIR}/prefab_bench.cpp"
  "${CMAKE_CURRENT_LIST_DIR}/bench_summary.cpp")
target_include_directories(cairn_prefab_bench PRIVATE "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(cairn_prefab_bench PRIVATE cairn::serialization benchmark::benchmark)
target_compile_options(cairn_prefab_bench PRIVATE -O2)
cairn_set_warnings(cairn_prefab_bench)
