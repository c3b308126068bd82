#pragma once

// Forward declarations of the platform layer, for headers that only pass these
// types around.

struct GLFWwindow;
struct ImGuiIO;

namespace cairn::platform {

class FrameLoop;
class InputQueue;
class LayoutSettings;
class ReplayError;
class ReplayPlayer;
class Window;
struct AppReplayVerb;
struct FrameCallbacks;
struct Image;
struct InputEvent;
struct InputFrame;
struct KeyChord;
struct ReplayCommand;
struct ReplayFrame;
struct ReplayInputState;
struct ReplayScript;
struct ReplayVerbSpec;
struct RunOptions;
struct WindowOptions;

}  // namespace cairn::platform
