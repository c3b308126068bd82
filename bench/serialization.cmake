# cairn_serialization_bench: saving and loading a 100,000-entity scene, each
# beside nlohmann::json's own parse and dump of the same bytes in the same
# binary; the program prints the ratios (docs/PERFORMANCE.md, "Scenes").
# Included from bench/CMakeLists.txt.
if(NOT TARGET benchmark::benchmark)
  find_package(benchmark REQUIRED)
endif()

add_executable(cairn_serialization_bench "${CMAKE_CURRENT_LIST_DIR}/serialization_bench.cpp")
target_link_libraries(cairn_serialization_bench PRIVATE cairn::serialization benchmark::benchmark)
target_compile_options(cairn_serialization_bench PRIVATE -O2)
cairn_set_warnings(cairn_serialization_bench)
