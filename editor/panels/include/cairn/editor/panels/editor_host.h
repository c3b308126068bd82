#pragma once
// What the editor needs from the window it runs in. The application
// implements it over its platform window; tests and benchmarks over nothing.

#include <string>

namespace cairn::editor {

class EditorHost {
 public:
  virtual ~EditorHost() = default;

  virtual void SetTitle(const std::string& title) = 0;
  // The user asked to close the window (title-bar button, window manager).
  virtual bool CloseRequested() const = 0;
  // The editor took the request over (it asks about unsaved changes first).
  virtual void DismissCloseRequest() = 0;
  // Ends the application after this frame.
  virtual void Close() = 0;
};

}  // namespace cairn::editor
