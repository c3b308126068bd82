# cairn-editor [options] [SCENE]: the level editor. A thin main() over
# cairn::editor_panels (the UI) and cairn::platform (window, frame loop,
# replay). Included from app/CMakeLists.txt.
add_executable(cairn-editor "${CMAKE_CURRENT_LIST_DIR}/editor_main.cpp")
target_link_libraries(cairn-editor PRIVATE cairn::editor_panels cairn::platform)
# The built-in demo's meshes (examples/demo), read where the sources are.
target_compile_definitions(cairn-editor PRIVATE CAIRN_DEMO_ASSETS_DIR="${PROJECT_SOURCE_DIR}/examples/demo")
cairn_set_warnings(cairn-editor)
# Game modules use the editor's ECS (modules/include/cairn/modules/game_module_host.h).
set_target_properties(cairn-editor PROPERTIES ENABLE_EXPORTS ON)
