# CAIRN_SANITIZE applies AddressSanitizer and UndefinedBehaviorSanitizer to
# every target in the build, so libraries and tests agree on the runtime.
if(CAIRN_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
