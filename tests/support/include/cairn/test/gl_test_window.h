#pragma once
// One hidden GLFW window with an OpenGL 3.3 core context per test process,
// its functions loaded through glad.

namespace cairn::test {

// Makes the process's hidden window's context current, creating the window
// on first use. Throws std::runtime_error naming GLFW's error when there is
// no display or no OpenGL 3.3 core context.
//
// The window is kept until the process exits and GLFW is deliberately never
// terminated: terminating unloads the Mesa driver, whose globals still point
// at its own allocations, and the leak checker of sanitized builds would
// then report those as leaks.
void MakeTestGlContextCurrent();

}  // namespace cairn::test
