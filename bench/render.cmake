# cairn_render_bench: the Viewport's frame (ECS -> RenderScene translation
# beside a plain-array baseline, CPU submit, wall time with glFinish) for a
# demo-like scene and 10,000 and 100,000 cubes in one run, and picking at
# 100,000, and 10,000 instances of an imported glTF cube beside 10,000
# built-in cubes; the program prints the ratios (docs/PERFORMANCE.md, "Viewport").
# Needs a display: run it under xvfb-run -a -s "-screen 0 1280x720x24".
# Included from bench/CMakeLists.txt; only with the editor libraries.
if(NOT TARGET cairn_render OR NOT TARGET cairn_editor_viewport_model)
  return()
endif()
if(NOT TARGET benchmark::benchmark)
  find_package(benchmark REQUIRED)
endif()

add_executable(cairn_render_bench "${CMAKE_CURRENT_LIST_DIR}/render_bench.cpp")
target_link_libraries(cairn_render_bench PRIVATE
  cairn::editor_viewport_model cairn::render cairn::assets cairn::glad glfw benchmark::benchmark)
target_compile_definitions(cairn_render_bench PRIVATE CAIRN_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
target_compile_options(cairn_render_bench PRIVATE -O2)
cairn_set_warnings(cairn_render_bench)
