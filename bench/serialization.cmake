# cairn_serialization_bench: saving, loading and scanning a 100,000-entity
# scene, each beside nlohmann::json's own dump, parse and SAX parse of the
# same bytes in the same binary; the program prints the ratios
# (docs/PERFORMANCE.md, "Scenes").
# Included from bench/CMakeLists.txt.
if(NOT TARGET benchmark::benchmark)
  find_package(benchmark REQUIRED)
endif()

add_executable(cairn_serialization_bench "${CMAKE_CURRENT_LIST_DIR}/serialization_bench.cpp")
target_link_libraries(cairn_serialization_bench PRIVATE cairn::serialization benchmark::benchmark)
# ScanScene times the streamed load's scanner, a private header.
target_include_directories(cairn_serialization_bench PRIVATE "${PROJECT_SOURCE_DIR}/serialization/src")
target_compile_options(cairn_serialization_bench PRIVATE -O2)
cairn_set_warnings(cairn_serialization_bench)
