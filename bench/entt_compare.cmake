# cairn_entt_compare: the six ECS workloads of bench/ecs_bench.cpp through
# Cairn (the default, adaptive storage; packed storage; per-entity storage
# with and without a system watching the components) and through EnTT's
# registry, interleaved in rounds in one process, medians printed
# (docs/PERFORMANCE.md, "Against EnTT, from outside"). EnTT is not a Debian
# package, so the target exists only when CAIRN_ENTT_INCLUDE_DIR names a
# folder holding entt/entt.hpp (EnTT's single_include, version 3.16):
#   cmake -B build -DCAIRN_ENTT_INCLUDE_DIR=/path/to/entt/single_include
#   cmake --build build --target cairn_entt_compare
#   taskset -c 1 build/bench/cairn_entt_compare    # 100,000 then 1,000,000 entities
set(CAIRN_ENTT_INCLUDE_DIR "" CACHE PATH "EnTT's single_include folder, for cairn_entt_compare")
if(NOT CAIRN_ENTT_INCLUDE_DIR OR NOT EXISTS "${CAIRN_ENTT_INCLUDE_DIR}/entt/entt.hpp")
  return()
endif()

get_target_property(cairn_ecs_source_dir cairn_ecs SOURCE_DIR)
get_target_property(cairn_ecs_binary_dir cairn_ecs BINARY_DIR)
add_executable(cairn_entt_compare "${CMAKE_CURRENT_LIST_DIR}/entt_compare.cpp" ${cairn_ecs_sources})
target_include_directories(cairn_entt_compare PRIVATE
  "${cairn_ecs_source_dir}/include" "${cairn_ecs_binary_dir}/include" "${CMAKE_CURRENT_LIST_DIR}")
target_include_directories(cairn_entt_compare SYSTEM PRIVATE "${CAIRN_ENTT_INCLUDE_DIR}")
target_link_libraries(cairn_entt_compare PRIVATE glm::glm)
target_compile_features(cairn_entt_compare PRIVATE cxx_std_20)
target_compile_options(cairn_entt_compare PRIVATE -O2)
target_compile_definitions(cairn_entt_compare PRIVATE NDEBUG)
