#pragma once

namespace cairn::platform::detail {

// Marks every shared library loaded so far (GL driver, X libraries) as never
// to be unloaded. GLFW and Mesa dlclose the GL driver on shutdown although the
// process is about to exit; the driver's globals then vanish while the memory
// they point to stays allocated, which leak checkers (LeakSanitizer in
// CAIRN_SANITIZE builds) report as leaks they cannot attribute. Keeping the
// libraries mapped costs nothing at exit and keeps leak reports meaningful.
void PinLoadedLibraries();

}  // namespace cairn::platform::detail
