// TinyGLTF and stb_image, compiled into the glTF import fuzzer
// (gltf_import_fuzzer.cpp) from Debian's libtinygltf-dev and libstb-dev
// headers rather than linked from libtinygltf.so: built here with the
// sanitizers and libFuzzer's coverage, the parser the importer relies on is
// checked and explored too. The same header, with the same (default)
// options, that assets/src/gltf_import.cpp includes.

#define TINYGLTF_IMPLEMENTATION
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <tiny_gltf.h>
