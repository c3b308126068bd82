"""Smoke test with real X input: the editor runs under Xvfb without a replay
script, and xdotool moves the pointer, clicks and types, so events travel
X server -> GLFW -> ImGui like a person's. It creates a cube through the
Entity menu, saves with Ctrl+S into the file named on the command line,
drags the Hierarchy's split wider, quits with Ctrl+Q, and checks that the
split width persisted into the next run. Widget positions come from the map
the editor keeps (CAIRN_EDITOR_WIDGET_MAP).

Then the editor runs again on deliberately slow frames (--frame-delay-ms
200), and input that starts and ends between two frames must take effect:
a double-click on the Hierarchy row starts renaming it, "Box" and a quick
Return rename it, quick Ctrl+S taps save, a quick Ctrl+Z undoes the rename,
and "2.5" typed into Transform.position x with a quick Return commits 2.5.
ImGui 1.86 reads keys and buttons once per frame; the platform's input queue
hands it every press and release in a frame of its own."""

import json
import os
import shutil
import subprocess
import sys
import time

from editor_e2e import SKIP, Xvfb, check, editor_env, load_scene, names, parse_args, read_widget_map, wait_until




class Driver:
    def __init__(self, display, widget_map):
        self.env = dict(os.environ, DISPLAY=display)
        self.widget_map = widget_map
        self.window = None

    def xdotool(self, *words):
        return subprocess.run(["xdotool"] + [str(w) for w in words], env=self.env, capture_output=True, text=True)

    def find_window(self, title):
        result = self.xdotool("search", "--name", "^%s$" % title)
        ids = result.stdout.split()
        if ids:
            self.window = ids[0]
        return bool(ids)

    def box(self, name):
        if not os.path.exists(self.widget_map):
            return None
        return read_widget_map(self.widget_map).get(name)

    def wait_box(self, name, seconds=20):
        return wait_until(seconds, "widget %s" % name, lambda: self.box(name))

    def centre(self, name):
        x, y, w, h = self.wait_box(name)
        return int(x + w / 2), int(y + h / 2)

    def click(self, name):
        x, y = self.centre(name)
        self.xdotool("mousemove", "--window", self.window, x, y)
        time.sleep(0.2)
        self.xdotool("click", "1")
        time.sleep(0.2)

    def key(self, chord):
        # Held for a while, as a person would (quick taps: slow_frames()).
        # Sent to the focused window, not with --window: a chord that closes
        # the window (ctrl+q) must still be released, or the X server keeps
        # it held and repeating for the next editor.
        self.xdotool("windowfocus", "--sync", self.window)
        self.xdotool("keydown", chord)
        time.sleep(0.15)
        self.xdotool("keyup", chord)
        time.sleep(0.1)


def saved_cube(scene):
    """(name, position x) of the only entity of the saved scene, or None."""
    try:
        with open(scene) as f:
            entities = json.load(f)["entities"]
    except (OSError, ValueError, KeyError):
        return None
    if len(entities) != 1:
        return None
    return entities[0].get("name"), entities[0]["components"]["Transform"]["position"][0]


def slow_frames(editor_path, xvfb, seed, widget_map, scene):
    """Quick input on 200 ms frames: each xdotool command below presses and
    releases within a few milliseconds, all of it between two frames."""
    os.remove(widget_map)
    env = editor_env(xvfb.display, seed, widget_map)
    editor = subprocess.Popen([editor_path, "--size", "1280x720", "--frame-delay-ms", "200", "smoke.json"], cwd=seed,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        x = Driver(xvfb.display, widget_map)
        wait_until(30, "the slow editor's window", lambda: x.find_window("smoke.json - Cairn"))
        x.xdotool("windowfocus", "--sync", x.window)

        def tap(chord):
            x.xdotool("key", chord)

        def double_click(name, at=None):
            cx, cy = at or x.centre(name)
            x.xdotool("mousemove", "--window", x.window, cx, cy)
            time.sleep(0.5)
            # Both clicks within a millisecond: between two frames even if the
            # editor is slow (a sanitized build) and the frames come later.
            x.xdotool("mousedown", "1", "mouseup", "1", "mousedown", "1", "mouseup", "1")

        # Double-click the row: rename.
        double_click("hierarchy/entity/Cube")
        x.wait_box("hierarchy/rename", 10)
        # The field takes the keyboard in the next frame; a person sees it
        # only then (the map is written before the frame's delay).
        time.sleep(0.6)
        x.xdotool("type", "--delay", "20", "Box")
        tap("Return")
        x.wait_box("hierarchy/entity/Box", 10)
        tap("ctrl+s")
        wait_until(10, "Box to be saved after a quick Ctrl+S", lambda: (saved_cube(scene) or ("",))[0] == "Box")

        # A quick Ctrl+Z takes the name back.
        tap("ctrl+z")
        x.wait_box("hierarchy/entity/Cube", 10)

        # "2.5" and Return into position x (the first of three drag fields;
        # a double-click on one types into it).
        fx, fy, fw, fh = x.wait_box("inspector/field/Transform/position")
        double_click(None, (int(fx + (fw - 12) / 6), int(fy + fh / 2)))
        time.sleep(1.0)
        tap("ctrl+a")
        x.xdotool("type", "--delay", "20", "2.5")
        tap("Return")
        tap("ctrl+s")
        wait_until(10, "Cube at x 2.5 to be saved", lambda: saved_cube(scene) == ("Cube", 2.5))

        tap("ctrl+q")
        editor.wait(30)
    finally:
        if editor.poll() is None:
            editor.kill()
            editor.wait()
    check(editor.returncode == 0, "the slow editor exited with %s:\n%s" % (editor.returncode, editor.stderr.read()))


def main():
    args = parse_args()
    if shutil.which("xdotool") is None:
        print("SKIP: xdotool is not installed", file=sys.stderr)
        sys.exit(SKIP)
    seed = os.path.join(args.work, "scene")
    os.makedirs(seed)
    widget_map = os.path.join(seed, "widgets.txt")
    scene = os.path.join(seed, "smoke.json")
    with Xvfb(args.work, "1280x720x24") as xvfb:
        env = editor_env(xvfb.display, seed, widget_map)
        editor = subprocess.Popen([args.editor, "--size", "1280x720", "smoke.json"], cwd=seed, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            x = Driver(xvfb.display, widget_map)
            wait_until(30, "the editor's window", lambda: x.find_window("smoke.json - Cairn"))
            x.xdotool("windowfocus", "--sync", x.window)
            x.click("menu/Entity")
            x.click("menu/Entity/Cube")
            x.wait_box("hierarchy/entity/Cube")
            x.key("ctrl+s")
            wait_until(20, "smoke.json to be saved", lambda: os.path.exists(scene))
            wait_until(20, "the title without '*'", lambda: x.find_window("smoke.json - Cairn"))

            # Drag the Hierarchy's split 60 px to the right.
            sx, sy = x.centre("split/hierarchy")
            width = x.box("panel/Hierarchy")[2]
            # Each step is held for several frames even of a slow (sanitized)
            # build: ImGui samples the cursor once per frame.
            x.xdotool("mousemove", "--window", x.window, sx, sy)
            time.sleep(0.3)
            x.xdotool("mousedown", "1")
            time.sleep(0.3)
            for step in range(1, 7):
                x.xdotool("mousemove", "--window", x.window, sx + 10 * step, sy)
                time.sleep(0.15)
            time.sleep(0.3)
            x.xdotool("mouseup", "1")
            wait_until(20, "the Hierarchy to widen", lambda: x.box("panel/Hierarchy")[2] == width + 60)

            x.key("ctrl+q")
            editor.wait(30)
        finally:
            if editor.poll() is None:
                editor.kill()
                editor.wait()
        check(editor.returncode == 0, "the editor exited with %s:\n%s" % (editor.returncode, editor.stderr.read()))

        saved = load_scene(scene)
        check(names(saved) == ["Cube"], "smoke.json holds %s" % names(saved))
        check(saved["entities"][0]["components"]["MeshRenderer"]["mesh"] == "cube", "the entity is no cube")
        layout = os.path.join(seed, "config", "cairn", "editor-layout.txt")
        check(os.path.exists(layout), "the split sizes were not saved")
        with open(layout) as f:
            text = f.read()
        check("hierarchy.width %g" % (width + 60) in text, "the saved layout is:\n" + text)

        # The next run starts with the wider split.
        os.remove(widget_map)
        rerun = subprocess.run([args.editor, "--size", "1280x720", "--frames", "5", "smoke.json"], cwd=seed, env=env,
                               capture_output=True, text=True, timeout=120)
        check(rerun.returncode == 0, "the second run failed: " + rerun.stderr)
        check(read_widget_map(widget_map)["panel/Hierarchy"][2] == width + 60, "the split width did not persist")

        slow_frames(args.editor, xvfb, seed, widget_map, scene)
    print("xdotool_smoke: ok")


if __name__ == "__main__":
    main()
