# cairn_set_warnings(<target>)
# Per-target warnings; CAIRN_WERROR turns them into errors.
function(cairn_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  if(CAIRN_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
