# cairn_editor_bench: CPU time of one editor frame (input to ImGui draw data,
# no GPU work or buffer swap) with 10 and with 100,000 entities in an expanded
# Hierarchy, and the edits at 100,000 and 1,000,000 entities (select all,
# delete all, undo, the first frame after it, duplicate 100,000, a Hierarchy
# search, save) with their ratios (docs/PERFORMANCE.md, "Editor"). The
# editor's panels run headless: an ImGui context with no window, the same
# harness as the panel tests. Included from bench/CMakeLists.txt; needs the
# editor (CAIRN_BUILD_EDITOR).
if(NOT TARGET cairn_editor_panels)
  return()
endif()
if(NOT TARGET benchmark::benchmark)
  find_package(benchmark REQUIRED)
endif()

add_executable(cairn_editor_bench
  "${CMAKE_CURRENT_LIST_DIR}/editor_frame_bench.cpp"
  "${CMAKE_CURRENT_LIST_DIR}/bench_summary.cpp"
  "${PROJECT_SOURCE_DIR}/tests/editor_e2e/headless_editor.cpp")
target_include_directories(cairn_editor_bench PRIVATE "${PROJECT_SOURCE_DIR}/tests/editor_e2e" "${CMAKE_CURRENT_LIST_DIR}")
target_link_libraries(cairn_editor_bench PRIVATE cairn::editor_panels benchmark::benchmark)
target_compile_options(cairn_editor_bench PRIVATE -O2)
cairn_set_warnings(cairn_editor_bench)
