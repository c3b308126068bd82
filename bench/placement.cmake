# cairn_placement_bench: the placement tools' surface query in a scene of
# 100,000 mesh entities beside testing every entity, and the cost of keeping
# the query's tree up to date per moved entity beside building it again;
# prints the ratios (docs/PERFORMANCE.md, "Placement"). GL-free. Included
# from bench/CMakeLists.txt; only with the editor libraries.
if(NOT TARGET cairn_editor_viewport_model)
  return()
endif()
if(NOT TARGET benchmark::benchmark)
  find_package(benchmark REQUIRED)
endif()

add_executable(cairn_placement_bench
  "${CMAKE_CURRENT_LIST_DIR}/placement_bench.cpp"
  "${CMAKE_CURRENT_LIST_DIR}/bench_summary.cpp")
target_include_directories(cairn_placement_bench PRIVATE "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(cairn_placement_bench PRIVATE cairn::editor_viewport_model benchmark::benchmark)
target_compile_options(cairn_placement_bench PRIVATE -O2)
cairn_set_warnings(cairn_placement_bench)
