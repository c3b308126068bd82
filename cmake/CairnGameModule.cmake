# cairn_add_game_module(<name> PROJECT <cairn.project.json or its folder>
#                       SOURCES <file>... [NAMESPACE <namespace>]
#                       [OUTPUT_DIRECTORY <folder>])
#
# A game module (docs/game-modules.md): a shared library lib<name>.so with the
# game's systems, which the editor's Play and cairn-player load. The
# project's components header is generated at build time by `cairn codegen`
# (again whenever the project file changes) as <game_components.h>, in
# NAMESPACE (default "game"); the sources include it and end with
# CAIRN_GAME_MODULE(game::ModuleDescriptor("name", &RegisterSystems)).
# The library links cairn::ecs; the program that loads it provides the rest.
# cairn_generate_components(<project> <namespace> <folder> <header variable>)
# A build rule running `cairn codegen` on the project (a cairn.project.json or
# its folder) into <folder>/game_components.h, again whenever the project
# file changes; sets <header variable> to the header's path.
function(cairn_generate_components project namespace folder header_variable)
  get_filename_component(project "${project}" ABSOLUTE)
  if(IS_DIRECTORY "${project}")
    set(project "${project}/cairn.project.json")
  endif()
  set(header "${folder}/game_components.h")
  file(MAKE_DIRECTORY "${folder}")
  add_custom_command(
    OUTPUT "${header}"
    COMMAND cairn::cairn codegen "${project}" -o "${header}" --namespace "${namespace}"
    DEPENDS "${project}" cairn::cairn
    COMMENT "Generating the components of ${project}"
    VERBATIM)
  set(${header_variable} "${header}" PARENT_SCOPE)
endfunction()

function(cairn_add_game_module name)
  cmake_parse_arguments(ARG "" "PROJECT;NAMESPACE;OUTPUT_DIRECTORY" "SOURCES" ${ARGN})
  if(NOT ARG_PROJECT)
    message(FATAL_ERROR "cairn_add_game_module(${name}): PROJECT names the game's cairn.project.json")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "cairn_add_game_module(${name}): SOURCES names the files of the game's systems")
  endif()
  if(NOT ARG_NAMESPACE)
    set(ARG_NAMESPACE game)
  endif()
  cairn_generate_components("${ARG_PROJECT}" "${ARG_NAMESPACE}" "${CMAKE_CURRENT_BINARY_DIR}/${name}_generated"
    header)
  get_filename_component(header_dir "${header}" DIRECTORY)
  add_library(${name} MODULE ${ARG_SOURCES} "${header}")
  target_include_directories(${name} PRIVATE "${header_dir}")
  target_link_libraries(${name} PRIVATE cairn::ecs)
  target_compile_features(${name} PRIVATE cxx_std_20)
  # g++ makes inline variables and the statics of inline functions "unique"
  # symbols, which the dynamic loader shares across every library it loads,
  # even RTLD_LOCAL ones: a rebuilt module would then read the first copy's
  # fingerprints. Plain weak symbols stay each module's own (or the
  # program's, for the ECS's own types).
  target_compile_options(${name} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-fno-gnu-unique>)
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_OUTPUT_DIRECTORY)
    set_target_properties(${name} PROPERTIES LIBRARY_OUTPUT_DIRECTORY "${ARG_OUTPUT_DIRECTORY}")
  endif()
endfunction()
