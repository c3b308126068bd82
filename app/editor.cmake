# cairn-editor [options] [SCENE]: the level editor. A thin main() over
# cairn::editor_panels (the UI) and cairn::platform (window, frame loop,
# replay). Included from app/CMakeLists.txt.
add_executable(cairn-editor "${CMAKE_CURRENT_LIST_DIR}/editor_main.cpp")
target_link_libraries(cairn-editor PRIVATE cairn::editor_panels cairn::platform)
cairn_set_warnings(cairn-editor)
