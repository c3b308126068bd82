# CAIRN_SANITIZE applies AddressSanitizer and UndefinedBehaviorSanitizer to
# every target in the build, so libraries and tests agree on the runtime.
# Such builds optimise at -O1, as the sanitizers' documentation recommends,
# and keep only line tables (-g1): reports still have symbolised stacks with
# file and line, and the build is much faster than at -O2 -g.
if(CAIRN_SANITIZE)
  add_compile_options(-O1 -g1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
