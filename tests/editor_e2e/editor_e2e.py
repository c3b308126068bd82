"""Shared helpers for the cairn-editor end-to-end tests.

Each test drives the real editor binary under Xvfb with replay scripts (or,
in the smoke test, with real X input from xdotool) and checks the scene files
it saves. Positions are never guessed: a script is built step by step, and
when it needs to know where a widget is, the script so far is replayed (in the
test's starting folder, restored afterwards) with CAIRN_EDITOR_WIDGET_MAP set,
and the widget's box is read from the map the editor wrote at the end. Replays
are deterministic (fixed window size, fixed frame time, no saved layout), so
the final run finds every widget where the scratch run saw it. Scratch runs
leave the Viewport out (CAIRN_EDITOR_VIEWPORT=off): it draws nothing the
scripts aim at and is the slowest part of a frame under a software renderer;
the final run has it. They also draw nothing (--no-draw: each frame is
built, so its widgets are laid out, but never rasterised, which is most of a
frame's time under llvmpipe; a screenshot line becomes the one idle frame it
takes). Scratch runs may also use another build of the same editor
(--map-editor): the sanitizer build's tests find their widgets with the
plain build's editor, and only their final runs, which replay every step,
run under the sanitizers.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

SKIP = 77

# The editor scratch runs use (parse_args' --map-editor); None: the one under test.
MAP_EDITOR = None


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--editor", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--cairn", help="the cairn command, for tests that check their files with it")
    parser.add_argument("--map-editor", help="a build of the same editor for the scratch runs that find widgets")
    args = parser.parse_args()
    global MAP_EDITOR
    MAP_EDITOR = args.map_editor
    if shutil.which("Xvfb") is None:
        print("SKIP: Xvfb is not installed", file=sys.stderr)
        sys.exit(SKIP)
    if os.path.exists(args.work):
        shutil.rmtree(args.work)
    os.makedirs(args.work)
    return args


class Xvfb:
    """An X server on a display it picks itself (-displayfd), for one test."""

    def __init__(self, work, size="1920x1080x24"):
        self.read_fd, write_fd = os.pipe()
        self.log = open(os.path.join(work, "xvfb.log"), "w")
        self.process = subprocess.Popen(
            # -noreset: the editor runs one after another on this server, and
            # one connecting while the server resets after the last client
            # left could not open the display.
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", size, "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_fd,), stdout=self.log, stderr=self.log)
        os.close(write_fd)
        number = b""
        deadline = time.time() + 20
        while not number.endswith(b"\n"):
            if time.time() > deadline:
                fail("Xvfb did not report its display")
            chunk = os.read(self.read_fd, 16)
            if not chunk:
                fail("Xvfb exited before reporting its display")
            number += chunk
        self.display = ":" + number.decode().strip()

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self.read_fd)
        self.log.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def editor_env(display, folder, widget_map=None, viewport=True):
    env = dict(os.environ)
    env["CAIRN_EDITOR_VIEWPORT"] = "on" if viewport else "off"
    env["DISPLAY"] = display
    env["XDG_CONFIG_HOME"] = os.path.join(folder, "config")
    env["XDG_STATE_HOME"] = os.path.join(folder, "state")
    # No shader disk cache: it writes from a thread of Mesa's own, which
    # LeakSanitizer's stop-the-world at exit can catch half-way (a crash of
    # the sanitizer, not of the editor), and tests must not fill ~/.cache.
    env["MESA_SHADER_CACHE_DISABLE"] = "true"
    env.pop("CAIRN_EDITOR_WIDGET_MAP", None)
    if widget_map:
        env["CAIRN_EDITOR_WIDGET_MAP"] = widget_map
        # A scratch run plays a prefix of the script the final run plays
        # whole, so its exit leak check finds nothing the final run's would
        # not; skipping it spares a long test dozens of LeakSanitizer
        # stop-the-world passes over Mesa's threads at exit, which now and
        # then crash the sanitizer itself ("Tracer caught signal 11").
        if "ASAN_OPTIONS" in env:
            skip_exit_leak_check(env)
    return env


def skip_exit_leak_check(env):
    """Turns off LeakSanitizer's check at exit in `env` (AddressSanitizer and
    UBSan still check the run)."""
    env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"


# LeakSanitizer's own crash at exit, when its stop-the-world pass catches a
# thread of Mesa's or X's half-way: a fault of the sanitizer, not of the
# program, which prints this instead of any leak report.
SANITIZER_TRACER_CRASH = ("Tracer caught signal", "LeakSanitizer has encountered a fatal error")


def run_program(command, **kwargs):
    """subprocess.run(command, capture_output=True, text=True, **kwargs),
    run once more when the first run ended in LeakSanitizer's own crash at
    exit (and only then: a leak report, or any other failure, stands). On a
    loaded machine the crash repeats, so the second run skips the exit leak
    check; AddressSanitizer and UBSan still check it throughout."""
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0 and all(marker in result.stderr for marker in SANITIZER_TRACER_CRASH):
        print("note: LeakSanitizer crashed at exit; running once more without the exit leak check")
        env = dict(kwargs.pop("env", None) or os.environ)
        skip_exit_leak_check(env)
        result = subprocess.run(command, capture_output=True, text=True, env=env, **kwargs)
    return result


def read_widget_map(path):
    boxes = {}
    with open(path) as f:
        for line in f:
            name, x, y, w, h = line.split()
            boxes[name] = (float(x), float(y), float(w), float(h))
    return boxes


def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Session:
    """A replay script being written, run against a starting folder.

    `seed` is the folder the editor starts in: scratch runs happen in it and
    restore it afterwards, the final run leaves its results there. `args` are
    the editor's positional arguments, relative to that folder.
    """

    def __init__(self, editor, xvfb, seed, args=(), size=(1280, 720)):
        self.editor = editor
        self.xvfb = xvfb
        self.seed = seed
        self.args = list(args)
        self.size = size
        self.lines = []
        self.map = None
        self.map_lines = -1
        self.scratch_runs = 0
        # Scratch runs for the widget map skip the Viewport (faster), unless
        # the script so far needs it (for example it picks in the viewport).
        self.map_with_viewport = False

    # ---- Writing the script --------------------------------------------------

    def add(self, line):
        self.lines.append(line)

    def wait(self, frames=1):
        self.add("wait %d" % frames)

    def key(self, chord):
        self.add("key " + chord)

    def type(self, text):
        self.add("type " + quote(text))

    def click_at(self, x, y, button="left"):
        self.add("click %.1f %.1f %s" % (x, y, button))

    def click(self, name, button="left"):
        x, y = self.centre(name)
        self.click_at(x, y, button)
        self.wait(2)

    def doubleclick(self, name, dx=0.0):
        x, y = self.centre(name)
        self.add("doubleclick %.1f %.1f" % (x + dx, y))
        self.wait(2)

    def drag(self, start, end, steps=12):
        self.add("drag %.1f %.1f %.1f %.1f left %d" % (start[0], start[1], end[0], end[1], steps))
        self.wait(2)

    def expect(self, verb, *words):
        self.wait(1)
        self.add(" ".join([verb] + [quote(w) for w in words]))

    def screenshot(self, name):
        self.add("screenshot " + name)

    # ---- Finding widgets -------------------------------------------------------

    def boxes(self):
        """The widget map after the script so far (one scratch run, cached).

        The scratch run happens in the seed folder itself — journals name
        their scene by absolute path — which is restored afterwards.
        """
        if self.map is not None and self.map_lines == len(self.lines):
            return self.map
        scratch = tempfile.mkdtemp(prefix="cairn-e2e-")
        backup = os.path.join(scratch, "seed")
        shutil.copytree(self.seed, backup, symlinks=True)
        try:
            widget_map = os.path.join(scratch, "widgets.txt")
            lines = ["wait 1" if line.startswith("screenshot ") else line for line in self.lines]
            result = self._run(self.seed, lines + ["wait 2"], widget_map, viewport=self.map_with_viewport,
                               editor=MAP_EDITOR or self.editor, draw=False)
            if result.returncode != 0:
                fail("scratch run %d failed (%d):\n%s\nscript:\n%s" % (
                    self.scratch_runs, result.returncode, result.stderr, "\n".join(self.lines)))
            self.map = read_widget_map(widget_map)
            self.map_lines = len(self.lines)
            self.scratch_runs += 1
            return self.map
        finally:
            shutil.rmtree(self.seed, ignore_errors=True)
            shutil.copytree(backup, self.seed, symlinks=True)
            shutil.rmtree(scratch, ignore_errors=True)

    def where(self, name):
        boxes = self.boxes()
        if name not in boxes:
            prefix = name.split("/")[0]
            near = sorted(n for n in boxes if n.startswith(prefix))
            fail("no widget '%s' after:\n%s\nwidgets under '%s': %s" % (
                name, "\n".join(self.lines[-8:]), prefix, ", ".join(near)))
        return boxes[name]

    def centre(self, name):
        x, y, w, h = self.where(name)
        return (x + w / 2.0, y + h / 2.0)

    def point(self, name, fx, fy):
        x, y, w, h = self.where(name)
        return (x + w * fx, y + h * fy)

    # ---- Running ---------------------------------------------------------------

    def _run(self, folder, lines, widget_map=None, viewport=True, timeout=240, editor=None, draw=True):
        script = os.path.join(folder, "script.txt")
        with open(script, "w") as f:
            f.write("\n".join(lines) + "\n")
        command = [editor or self.editor, "--size", "%dx%d" % self.size, "--replay", script]
        if not draw:
            command.append("--no-draw")
        command += self.args
        return subprocess.run(command, cwd=folder, env=editor_env(self.xvfb.display, folder, widget_map, viewport),
                              capture_output=True, text=True, timeout=timeout)

    def spawn(self):
        """Starts the whole script in the seed folder and returns the process (for tests that kill it)."""
        script = os.path.join(self.seed, "script.txt")
        with open(script, "w") as f:
            f.write("\n".join(self.lines) + "\n")
        command = [self.editor, "--size", "%dx%d" % self.size, "--replay", script] + self.args
        return subprocess.Popen(command, cwd=self.seed, env=editor_env(self.xvfb.display, self.seed),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def run(self, save_script_as=None):
        """Runs the whole script in the seed folder itself; fails the test on a non-zero exit."""
        result = self._run(self.seed, self.lines)
        if save_script_as and os.path.abspath(save_script_as) != os.path.join(os.path.abspath(self.seed), "script.txt"):
            shutil.copy(os.path.join(self.seed, "script.txt"), save_script_as)
        if result.returncode != 0:
            fail("the editor exited with %d:\n%s\nscript:\n%s" % (result.returncode, result.stderr, "\n".join(self.lines)))
        return result


# ---- Scene files ----------------------------------------------------------------


def read_png(path):
    """(width, height, rows) of an 8-bit RGB or RGBA PNG without interlacing (the
    editor's screenshots); rows[y][x] is an (r, g, b) tuple."""
    import struct
    import zlib
    data = open(path, "rb").read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "%s is not a PNG" % path)
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    check(depth == 8 and colour in (2, 6) and interlace == 0, "%s: unsupported PNG %s" % (path, header))
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def load_scene(path):
    check(os.path.exists(path), "%s was not written" % path)
    with open(path) as f:
        scene = json.load(f)
    check(scene.get("format") == "cairn.scene", "%s is not a scene file" % path)
    return scene


def entity_named(scene, name):
    found = [e for e in scene["entities"] if e.get("name") == name]
    check(len(found) == 1, "expected one entity named %r, found %d: %s" % (
        name, len(found), [e.get("name") for e in scene["entities"]]))
    return found[0]


def names(scene):
    return sorted(e.get("name") for e in scene["entities"])


def children(scene, parent_name):
    """Names of the children of `parent_name` (None: the roots), in order."""
    parent_id = None if parent_name is None else entity_named(scene, parent_name)["id"]
    kids = [e for e in scene["entities"] if e.get("parent") == parent_id]
    kids.sort(key=lambda e: (e["order"], e["id"]))
    return [e.get("name") for e in kids]


def write_scene(path, entities, editor=None):
    """Writes a scene file: `entities` as (id, name, parent_id, order, components)."""
    doc = {"format": "cairn.scene", "version": 1, "entities": []}
    if editor is not None:
        doc["editor"] = editor
    for entity_id, name, parent, order, components in sorted(entities):
        doc["entities"].append({"id": entity_id, "name": name, "parent": parent, "order": order,
                                "components": components})
    with open(path, "w") as f:
        json.dump(doc, f, indent=2)


def transform(x=0.0, y=0.0, z=0.0):
    return {"position": [x, y, z], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]}


def cube(colour=(0.8, 0.8, 0.8, 1)):
    return {"mesh": "cube", "color": list(colour)}


def close_to(a, b, tolerance=1e-4):
    return abs(a - b) <= tolerance


# ---- The editor camera's projection ----------------------------------------------------

EDITOR_FOV_DEGREES = 50.0  # render/src/editor_camera.cpp, kDefaultFovDegrees
GIZMO_HANDLE_PX = 110.0  # render::GizmoMetrics::handle_length_px


def sub(a, b):
    return [a[i] - b[i] for i in range(3)]


def dot(a, b):
    return sum(a[i] * b[i] for i in range(3))


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def normalized(a):
    length = math.sqrt(dot(a, a))
    return [x / length for x in a]


class CameraView:
    """The Viewport's image, a rectangle (x, y, w, h) of the window, seen
    through the editor camera at `position` looking at `target` (perspective,
    world up +Y), as a scene's "editor" object places it."""

    def __init__(self, position, target, canvas):
        self.position = list(position)
        self.x, self.y, self.w, self.h = canvas
        self.forward = normalized(sub(target, position))
        self.right = normalized(cross(self.forward, [0.0, 1.0, 0.0]))
        self.up = cross(self.right, self.forward)
        self.tan_half = math.tan(math.radians(EDITOR_FOV_DEGREES) / 2)

    def depth(self, point):
        return dot(sub(point, self.position), self.forward)

    def screen(self, point):
        """Window coordinates where the world point appears."""
        offset = sub(point, self.position)
        depth = dot(offset, self.forward)
        ndc_x = dot(offset, self.right) / (depth * self.tan_half * self.w / self.h)
        ndc_y = dot(offset, self.up) / (depth * self.tan_half)
        return (self.x + (ndc_x + 1) / 2 * self.w, self.y + (1 - ndc_y) / 2 * self.h)

    def pixel(self, point):
        """The whole window pixel nearest to the projection of `point` (ImGui
        1.86 rounds io.MousePos down to whole pixels each frame, so a script's
        fractions would be dropped anyway)."""
        x, y = self.screen(point)
        return (int(round(x)), int(round(y)))

    def handle_unit(self, point):
        """World length of one gizmo handle at `point` (render::WorldSizeForPixelsAt)."""
        return GIZMO_HANDLE_PX * 2 * self.depth(point) * self.tan_half / self.h


def wait_until(seconds, what, condition, poll=0.05):
    """Polls `condition` until it returns something true (returned), or fails
    naming `what` after `seconds`: for real input, whose effects arrive in
    frames of the editor's own pace."""
    deadline = time.time() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.time() > deadline:
            fail("timed out after %ds waiting for %s" % (seconds, what))
        time.sleep(poll)

