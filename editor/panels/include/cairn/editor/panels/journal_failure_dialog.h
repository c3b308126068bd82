#pragma once
// The dialog that says the crash journal cannot be written (a full disk, a
// folder that cannot be created): which file and the system's reason, how
// many changes wait in memory, and that the editor keeps retrying and writes
// them all as soon as it can (EditorContext::RetryJournal). OK hides it for
// this failure only: retrying goes on, the Console keeps the message, and a
// later failure shows the dialog again. If writing works again while it is
// open, it says so.
//
// ImGui shows one modal dialog at a time at the root: while another dialog is
// showing, this one waits for it to close.

#include <cstddef>
#include <string>
#include <vector>

namespace cairn::editor {

class EditorContext;
struct JournalStatus;

class JournalFailureDialog {
 public:
  static constexpr const char* kTitle = "Crash Journal Not Written";

  explicit JournalFailureDialog(const EditorContext& context) : context_(context) {}

  // What the dialog says for `status`, paragraph by paragraph; while the
  // journal fails, the second paragraph is the failure itself.
  static std::vector<std::string> Message(const JournalStatus& status);

  // Call once a frame, after the other dialogs; `other_dialog_open`: one of
  // them is showing.
  void Draw(bool other_dialog_open);
  // Showing, or waiting to show.
  bool IsOpen() const { return open_; }
  // The message the dialog drew last (for scripted checks).
  const std::vector<std::string>& ShownMessage() const { return shown_message_; }

 private:
  const EditorContext& context_;
  bool open_ = false;
  bool shown_ = false;                // drawn at least once for this failure
  std::size_t answered_failure_ = 0;  // the failure (JournalStatus::failure_count) the user closed it for
  std::vector<std::string> shown_message_;
};

}  // namespace cairn::editor
