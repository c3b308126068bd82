// cairn-x11-close-request WINDOW_ID
//
// Asks an X11 window to close the way a window manager's close button does:
// a WM_PROTOCOLS client message carrying WM_DELETE_WINDOW. xdotool has no
// such command (its windowclose destroys the window outright), and Xvfb runs
// no window manager, so the e2e tests send the message with this.

#include <X11/Xlib.h>

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: cairn-x11-close-request WINDOW_ID\n");
    return 2;
  }
  char* end = nullptr;
  const unsigned long window = std::strtoul(argv[1], &end, 0);
  if (end == argv[1] || *end != '\0' || window == 0) {
    std::fprintf(stderr, "cairn-x11-close-request: '%s' is not a window id\n", argv[1]);
    return 2;
  }
  Display* display = XOpenDisplay(nullptr);
  if (display == nullptr) {
    std::fprintf(stderr, "cairn-x11-close-request: cannot open display '%s'\n", XDisplayName(nullptr));
    return 1;
  }
  XEvent event{};
  event.xclient.type = ClientMessage;
  event.xclient.window = window;
  event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", False);
  event.xclient.format = 32;
  event.xclient.data.l[0] = static_cast<long>(XInternAtom(display, "WM_DELETE_WINDOW", False));
  event.xclient.data.l[1] = CurrentTime;
  const Status sent = XSendEvent(display, window, False, NoEventMask, &event);
  XSync(display, False);
  XCloseDisplay(display);
  if (sent == 0) {
    std::fprintf(stderr, "cairn-x11-close-request: cannot send to window %s\n", argv[1]);
    return 1;
  }
  return 0;
}
