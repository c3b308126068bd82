# cairn_asset_bench: importing a glTF of 100,000 triangles beside TinyGLTF's
# parse of the same bytes alone, time and peak heap (docs/PERFORMANCE.md,
# "Assets"). Included from bench/CMakeLists.txt.
if(NOT TARGET cairn::assets)
  return()
endif()
if(NOT TARGET benchmark::benchmark)
  find_package(benchmark REQUIRED)
endif()
find_package(TinyGLTF REQUIRED)  # imported targets are visible per directory

add_executable(cairn_asset_bench
  "${CMAKE_CURRENT_LIST_DIR}/asset_import_bench.cpp"
  "${CMAKE_CURRENT_LIST_DIR}/bench_summary.cpp")
target_include_directories(cairn_asset_bench PRIVATE "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(cairn_asset_bench PRIVATE cairn::assets TinyGLTF::TinyGLTF benchmark::benchmark)
target_compile_options(cairn_asset_bench PRIVATE -O2)
cairn_set_warnings(cairn_asset_bench)
