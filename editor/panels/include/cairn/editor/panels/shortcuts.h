#pragma once
// The editor's keyboard shortcuts, read once per frame before the panels
// draw. None fires while a dialog or menu is open; editing shortcuts (undo,
// delete, tools, ...) also wait while a text field has the keyboard
// (io.WantTextInput), so typing never deletes an entity.
//
//   Ctrl+N / Ctrl+O / Ctrl+S / Ctrl+Shift+S / Ctrl+Q    file commands
//   Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z                        undo, redo
//   Ctrl+C, Ctrl+V, Ctrl+D, Delete, Ctrl+A, F2          entity commands
//   F                                                    frame the selection
//   W, E, R                                              move, rotate, scale tool

namespace cairn::editor {

class EditorCommands;
class SceneFiles;
class ViewportPanel;

void HandleShortcuts(EditorCommands& commands, SceneFiles& files, ViewportPanel* viewport);

}  // namespace cairn::editor
