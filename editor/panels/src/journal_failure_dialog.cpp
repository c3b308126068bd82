#include "cairn/editor/panels/journal_failure_dialog.h"

#include <imgui.h>

#include "cairn/editor/editor_context.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/modal_frame.h"
#include "cairn/editor/panels/theme.h"

namespace cairn::editor {

std::vector<std::string> JournalFailureDialog::Message(const JournalStatus& status) {
  if (!status.failure) {
    return {"The crash journal can be written again: every change is on disk, and crash recovery works again."};
  }
  return {"Cairn cannot write the crash journal, the file that recovers your changes if the editor stops "
          "unexpectedly:",
          *status.failure,
          "The changes that could not be written are kept in memory (" + std::to_string(status.unwritten) +
              " so far). Cairn keeps trying, and writes them all to the journal as soon as it can; until then a "
              "crash would lose them. Free some disk space, or save the scene where there is room."};
}

void JournalFailureDialog::Draw(bool other_dialog_open) {
  const JournalStatus status = context_.GetJournalStatus();
  if (!open_ && status.failure && status.failure_count != answered_failure_) {
    open_ = true;
    shown_ = false;
  }
  if (!open_) return;
  if (!status.failure && !shown_) {  // it passed before the dialog could show: the Console says so
    open_ = false;
    answered_failure_ = status.failure_count;
    return;
  }
  if (other_dialog_open && !ImGui::IsPopupOpen(kTitle)) return;
  if (!BeginModal(kTitle, ImVec2(ModalMetrics::kWidth + 120.0f, ModalMetrics::kHeight + 60.0f))) return;
  shown_ = true;
  shown_message_ = Message(status);
  BeginModalBody();
  ImGui::PushTextWrapPos(0.0f);
  for (std::size_t i = 0; i < shown_message_.size(); ++i) {
    if (i > 0) ImGui::Spacing();
    const bool failure = status.failure && i == 1;
    BoundedTextColored(failure ? theme::kError : ImGui::GetStyleColorVec4(ImGuiCol_Text), shown_message_[i]);
  }
  ImGui::PopTextWrapPos();
  EndModalBody();
  if (ModalButtons("journal", {"OK"}, 0, 0) == 0) {
    open_ = false;
    answered_failure_ = status.failure_count;
    ImGui::CloseCurrentPopup();
  }
  EndModal();
}

}  // namespace cairn::editor
