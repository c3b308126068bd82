// The stb_image_write implementation, compiled once for the GL tests.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>
