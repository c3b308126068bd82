#include "pinned_libraries.h"

#include <dlfcn.h>
#include <link.h>

#include <cstddef>

namespace cairn::platform::detail {
namespace {

int Pin(dl_phdr_info* info, std::size_t, void*) {
  // The main program has an empty name and the vDSO cannot be opened;
  // RTLD_NOLOAD never loads anything new.
  if (info->dlpi_name == nullptr || info->dlpi_name[0] == '\0') return 0;
  if (void* handle = ::dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE)) ::dlclose(handle);
  return 0;
}

}  // namespace

void PinLoadedLibraries() { ::dl_iterate_phdr(Pin, nullptr); }

}  // namespace cairn::platform::detail
