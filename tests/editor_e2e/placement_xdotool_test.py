"""The placement tools driven with real X input on slow frames, as a person
would: xdotool moves the pointer, waits until the editor has seen it there,
and then taps, each press and its release sent together, so that both fall
within one 200 ms frame (--frame-delay-ms). Nothing may be lost:

1. a click on the floating cube's Hierarchy row and a quick End drop it onto
   the ground (a 40 x 1 x 40 box whose top is y = 0): saved with a quick
   Ctrl+S, it rests at y = 0.5 exactly;
2. the toolbar's Scatter and one quick click on the ground paint one dab of
   the default brush (builtin:cube, radius 2 m, 1 per square metre:
   round(pi 2^2) = 13 cubes), each resting on the ground within the brush's
   circle around the clicked point; a quick Ctrl+Z takes the whole stroke
   back (each checked in a file saved with a quick Ctrl+S);
3. the toolbar's Measure and two quick clicks on the ground draw the measured
   line in the Viewport. The editor reports its Console to no file, so the
   test checks the Viewport's picture instead (the line is drawn once the
   second point is taken, in the same branch that logs "Measured ..." to the
   Console): a screenshot of the window, taken through Xlib, must show the
   tool's colour at both clicked points and between them.

Screenshots of the window after each step are kept in the work folder
(1_dropped.png, 2_scattered.png, 3_undone.png, 4_measured.png). Where to
click in the Viewport is the projection of world points through the scene's
editor camera, as in placement_drag_test.py."""

import ctypes
import ctypes.util
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import time
import zlib

from editor_e2e import (SKIP, CameraView, Xvfb, check, cube, editor_env, parse_args, read_widget_map, transform,
                        wait_until, write_scene)

SIZE = (1280, 720)
FRAME_DELAY_MS = 200
CAMERA_POSITION = (0.0, 14.0, 16.0)
CAMERA_TARGET = (0.0, 0.0, 0.0)
FLOATING_START = (5.0, 6.0, -4.0)
BRUSH_RADIUS = 2.0
SCATTERED = round(math.pi * BRUSH_RADIUS ** 2 * 1.0)  # the brush's defaults: radius 2 m, 1 per square metre
SCATTER_AT = (-3.0, 0.0, 3.0)  # on the ground, 8 m away from the floating cube
MEASURE_FROM, MEASURE_TO = (-4.0, 0.0, -1.0), (2.0, 0.0, 1.0)
MEASURE_COLOUR = (250, 210, 80)  # IM_COL32(250, 210, 80, 255), editor/viewport/src/viewport_panel.cpp
TITLE = "yard.scene - Yard - Cairn"
DIRTY_TITLE = "yard.scene * - Yard - Cairn"


# ---- Screenshots of the window through Xlib -----------------------------------------------


class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
                ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int),
                ("red_mask", ctypes.c_ulong), ("green_mask", ctypes.c_ulong), ("blue_mask", ctypes.c_ulong)]


class Screen:
    """Reads the editor window's pixels as the X server shows them."""

    def __init__(self, display):
        path = ctypes.util.find_library("X11") or "libX11.so.6"
        self.x11 = ctypes.CDLL(path)
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XGetImage.restype = ctypes.POINTER(XImage)
        self.x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                       ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        self.x11.XFree.argtypes = [ctypes.c_void_p]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.display = self.x11.XOpenDisplay(display.encode())
        check(self.display, "cannot open X display %s for screenshots" % display)

    def close(self):
        self.x11.XCloseDisplay(self.display)

    def grab(self, window, size):
        """(width, height, rgb bytes) of the window."""
        image = self.x11.XGetImage(self.display, int(window), 0, 0, size[0], size[1], 0xFFFFFFFF, 2)  # ZPixmap
        check(bool(image), "XGetImage failed on window %s" % window)
        i = image.contents
        check(i.bits_per_pixel == 32 and i.byte_order == 0 and
              (i.red_mask, i.green_mask, i.blue_mask) == (0xFF0000, 0xFF00, 0xFF),
              "unexpected X image format: %d bpp, byte order %d, masks %x %x %x" % (
                  i.bits_per_pixel, i.byte_order, i.red_mask, i.green_mask, i.blue_mask))
        raw = ctypes.string_at(i.data, i.bytes_per_line * i.height)
        width, height, stride = i.width, i.height, i.bytes_per_line
        self.x11.XFree(ctypes.c_void_p(i.data))
        self.x11.XFree(ctypes.cast(image, ctypes.c_void_p))
        rgb = bytearray(width * height * 3)
        for y in range(height):
            row = raw[y * stride:y * stride + width * 4]
            out = y * width * 3
            rgb[out + 0:out + width * 3:3] = row[2::4]
            rgb[out + 1:out + width * 3:3] = row[1::4]
            rgb[out + 2:out + width * 3:3] = row[0::4]
        return width, height, bytes(rgb)


def write_png(path, width, height, rgb):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    lines = b"".join(b"\x00" + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(lines, 6)) + chunk(b"IEND", b""))


def colour_near(shot, at, colour, reach, tolerance=12):
    """How many pixels within `reach` of `at` have `colour`."""
    width, height, rgb = shot
    found = 0
    for y in range(max(0, at[1] - reach), min(height, at[1] + reach + 1)):
        for x in range(max(0, at[0] - reach), min(width, at[0] + reach + 1)):
            i = (y * width + x) * 3
            if all(abs(rgb[i + c] - colour[c]) <= tolerance for c in range(3)):
                found += 1
    return found


# ---- Real input -----------------------------------------------------------------------------


class Driver:
    def __init__(self, display, widget_map):
        self.env = dict(os.environ, DISPLAY=display)
        self.widget_map = widget_map
        self.window = None

    def xdotool(self, *words):
        result = subprocess.run(["xdotool"] + [str(w) for w in words], env=self.env, capture_output=True, text=True)
        return result

    def find_window(self, title):
        ids = self.xdotool("search", "--name", "^%s$" % title.replace(".", "\\.").replace("*", "\\*")).stdout.split()
        if ids:
            self.window = ids[0]
        return bool(ids)

    def boxes(self):
        try:
            return read_widget_map(self.widget_map)
        except (OSError, ValueError):
            return {}

    def wait_box(self, name, seconds=20):
        return wait_until(seconds, "widget %s" % name, lambda: self.boxes().get(name))

    def centre(self, name):
        x, y, w, h = self.wait_box(name)
        return int(x + w / 2), int(y + h / 2)

    def point_at(self, at):
        """Moves the pointer to `at` and waits until the editor has drawn a few
        frames with it there (hover is decided a frame after the move)."""
        self.xdotool("mousemove", "--window", self.window, at[0], at[1])
        time.sleep(4 * FRAME_DELAY_MS / 1000.0)

    def quick_click(self, at):
        """Press and release in one xdotool command: both within one frame."""
        self.point_at(at)
        self.xdotool("mousedown", "1", "mouseup", "1")

    def tap(self, chord):
        """Key down and up in one xdotool command, without a delay between them."""
        self.xdotool("keydown", "--delay", "0", chord, "keyup", "--delay", "0", chord)


# ---- The scene and its saved copies -------------------------------------------------------------


def box(position, scale):
    return {"position": list(position), "rotation": [0, 0, 0, 1], "scale": list(scale)}


GROUND = box((0, -0.5, 0), (40, 1, 40))


def write_yard(path):
    write_scene(path,
                [("1000000000000001", "Ground", None, 0,
                  {"Transform": GROUND, "MeshRenderer": cube((0.45, 0.5, 0.4, 1))}),
                 ("1000000000000002", "Floating", None, 1,
                  {"Transform": transform(*FLOATING_START), "MeshRenderer": cube((0.85, 0.55, 0.3, 1))})],
                editor={"camera": {"position": list(CAMERA_POSITION), "target": list(CAMERA_TARGET)}})


def read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def by_name(scene, name):
    return [e for e in scene["entities"] if e.get("name") == name]


def main():
    args = parse_args()
    if shutil.which("xdotool") is None:
        print("SKIP: xdotool is not installed", file=sys.stderr)
        sys.exit(SKIP)
    started = time.time()
    seed = os.path.join(args.work, "game")
    levels = os.path.join(seed, "levels")
    os.makedirs(levels)
    with open(os.path.join(seed, "cairn.project.json"), "w") as f:
        f.write('{"format": "cairn.project", "version": 1, "name": "Yard", "components": []}\n')
    scene_path = os.path.join(levels, "yard.scene")
    write_yard(scene_path)
    widget_map = os.path.join(args.work, "widgets.txt")
    saves = []  # (what, scene) of every save, in order

    with Xvfb(args.work, "%dx%dx24" % SIZE) as xvfb:
        screen = Screen(xvfb.display)
        env = editor_env(xvfb.display, seed, widget_map)
        editor = subprocess.Popen([args.editor, "--size", "%dx%d" % SIZE, "--frame-delay-ms", str(FRAME_DELAY_MS),
                                   "levels/yard.scene"], cwd=seed, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        x = Driver(xvfb.display, widget_map)

        def screenshot(name):
            # The window shows a frame once its delay has passed: the title
            # and the widget map change a frame earlier than the picture.
            time.sleep(3 * FRAME_DELAY_MS / 1000.0)
            shot = screen.grab(x.window, SIZE)
            write_png(os.path.join(args.work, name), *shot)
            return shot

        def save(what):
            """A quick Ctrl+S; waits for the file to change and the title to lose its '*'."""
            before = read_text(scene_path)

            def saved():
                text = read_text(scene_path)
                if text is None or text == before or not x.find_window(TITLE):
                    return None
                try:
                    return json.loads(text)
                except ValueError:
                    return None
            x.tap("ctrl+s")
            scene = wait_until(10, "the scene to be saved after a quick Ctrl+S (%s)" % what, saved)
            saves.append((what, scene))
            return scene

        try:
            wait_until(30, "the editor's window", lambda: x.find_window(TITLE))
            x.xdotool("windowfocus", "--sync", x.window)
            row = x.centre("hierarchy/entity/Floating")
            panel = x.wait_box("panel/Viewport")
            title_bar = x.wait_box("toolbar/move")[3]  # a frame's height: the Viewport's title bar
            view = CameraView(CAMERA_POSITION, CAMERA_TARGET, (panel[0], panel[1] + title_bar, panel[2], panel[3] - title_bar))

            # 1. Select the floating cube, a quick End, a quick Ctrl+S.
            x.quick_click(row)
            time.sleep(3 * FRAME_DELAY_MS / 1000.0)
            x.tap("End")
            wait_until(10, "the title's '*' after a quick End", lambda: x.find_window(DIRTY_TITLE))
            screenshot("1_dropped.png")
            dropped = save("after End")

            # 2. The scatter brush: one quick click on the ground, then a quick Ctrl+Z.
            x.quick_click(x.centre("toolbar/scatter"))
            x.wait_box("scatter/seed", 10)
            brush_window = [b for n, b in x.boxes().items() if n.startswith("scatter/")]
            at = view.pixel(SCATTER_AT)
            for bx, by, bw, bh in brush_window:
                check(not (bx - 30 <= at[0] <= bx + bw + 30 and by - 30 <= at[1] <= by + bh + 30),
                      "the Scatter Brush window (%s) covers the point to paint at %s" % (brush_window, at))
            x.quick_click(at)
            x.wait_box("hierarchy/entity/Cube", 10)
            # The circle follows the pointer; the stroke's cubes are drawn.
            time.sleep(2 * FRAME_DELAY_MS / 1000.0)
            screenshot("2_scattered.png")
            scattered = save("after one scatter click")
            x.tap("ctrl+z")
            wait_until(10, "the painted cubes to leave the Hierarchy after a quick Ctrl+Z",
                       lambda: "hierarchy/entity/Cube" not in x.boxes())
            screenshot("3_undone.png")
            undone = save("after Ctrl+Z")

            # 3. Measure: two quick clicks on the ground.
            x.quick_click(x.centre("toolbar/measure"))
            wait_until(10, "the Scatter Brush window to close", lambda: "scatter/seed" not in x.boxes())
            from_at, to_at = view.pixel(MEASURE_FROM), view.pixel(MEASURE_TO)
            x.quick_click(from_at)
            x.quick_click(to_at)
            x.point_at((to_at[0] + 40, to_at[1] + 60))  # the pointer away from the line
            middle = ((from_at[0] + to_at[0]) // 2, (from_at[1] + to_at[1]) // 2)
            marks = (("the first point", from_at), ("the second point", to_at), ("the line's middle", middle))
            # The line is drawn once the second point is taken, in the same
            # branch that logs "Measured ..." to the Console.
            deadline = time.time() + 10
            while True:
                measured_shot = screenshot("4_measured.png")
                missing = [(what, where) for what, where in marks
                           if colour_near(measured_shot, where, MEASURE_COLOUR, 4) < 3]
                if not missing or time.time() > deadline:
                    break

            x.tap("ctrl+q")
            editor.wait(30)
        finally:
            if editor.poll() is None:
                editor.kill()
                editor.wait()
            screen.close()
        stderr = editor.stderr.read()
        check(editor.returncode == 0, "the editor exited with %s:\n%s" % (editor.returncode, stderr))

    # 1. Dropped onto the ground's top (y = 0): the unit cube's centre at 0.5.
    floating = by_name(dropped, "Floating")
    check(len(floating) == 1, "the first save holds %s" % [e.get("name") for e in dropped["entities"]])
    position = floating[0]["components"]["Transform"]["position"]
    check(position == [FLOATING_START[0], 0.5, FLOATING_START[2]],
          "after a quick End the cube is at %s, not resting on the ground at %s" % (
              position, [FLOATING_START[0], 0.5, FLOATING_START[2]]))
    check(len(dropped["entities"]) == 2, "the first save holds %d entities, not 2" % len(dropped["entities"]))

    # 2. One dab of 13 cubes on the ground around the clicked point; undone, none.
    painted = by_name(scattered, "Cube")
    check(len(painted) == SCATTERED and len(scattered["entities"]) == 2 + SCATTERED,
          "one quick click of the scatter brush left %d cubes (%d entities), not %d" % (
              len(painted), len(scattered["entities"]), SCATTERED))
    for entity in painted:
        t = entity["components"]["Transform"]
        scale = t["scale"][1]
        p = t["position"]
        check(entity["components"].get("MeshRenderer", {}).get("mesh") == "cube", "a painted entity is %s" % entity)
        check(abs(p[1] - 0.5 * scale) < 1e-3, "a painted cube at %s (scale %s) does not rest on the ground" % (p, scale))
        # The clicked pixel is within a few centimetres of SCATTER_AT.
        check(math.hypot(p[0] - SCATTER_AT[0], p[2] - SCATTER_AT[2]) <= BRUSH_RADIUS + 0.1,
              "a painted cube at %s lies outside the brush's circle around %s" % (p, list(SCATTER_AT)))
    check(by_name(scattered, "Floating") == floating, "the stroke moved the dropped cube")
    check(sorted(e.get("name") for e in undone["entities"]) == ["Floating", "Ground"],
          "after a quick Ctrl+Z the scene holds %s" % sorted(e.get("name") for e in undone["entities"]))
    check(undone["entities"] == dropped["entities"], "after Ctrl+Z the entities differ from before the stroke")

    # 3. The measured line: the tool's colour at both points and half-way between them.
    check(not missing, "4_measured.png shows no measure colour %s at %s: the two quick clicks did not measure" % (
        MEASURE_COLOUR, ", ".join("%s %s" % m for m in missing)))

    print("placement_xdotool: ok in %.1f s (%d saves; scatter at pixel %s, measured from %s to %s)" % (
        time.time() - started, len(saves), at, from_at, to_at))


if __name__ == "__main__":
    main()
