# With SG_SANITIZE=ON every target is built and linked with ASan and UBSan; UBSan findings abort,
# so a test that triggers undefined behaviour fails instead of printing a warning.
if(SG_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
