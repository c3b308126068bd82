"""Play mode end to end: open a scene whose beacon has a Rotator, press Play,
let it run, screenshot (the beacon has turned), try an edit (refused), Stop,
save: the saved file is the one from before Play, byte for byte."""

import os
import shutil

from editor_e2e import Session, Xvfb, check, parse_args, read_png, transform, write_scene


def differing_pixels(a, b, box):
    x0, y0, x1, y1 = [int(v) for v in box]
    count = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            if sum(abs(p - q) for p, q in zip(a[2][y][x], b[2][y][x])) > 60:
                count += 1
    return count


def main():
    args = parse_args()
    seed = os.path.join(args.work, "seed")
    os.makedirs(seed)
    beacon = {"Transform": transform(0, 1, 0), "MeshRenderer": {"mesh": "cube", "color": [0.9, 0.3, 0.25, 1]},
              "Rotator": {"axis": [0, 1, 0], "degrees_per_second": 90}}
    beacon["Transform"]["scale"] = [3, 1, 0.6]
    ground = {"Transform": transform(), "MeshRenderer": {"mesh": "plane", "color": [0.35, 0.4, 0.35, 1]}}
    ground["Transform"]["scale"] = [12, 1, 12]
    sun = {"Transform": {"position": [0, 5, 0], "rotation": [-0.38, 0, 0, 0.92], "scale": [1, 1, 1]},
           "Light": {"type": "directional", "color": [1, 1, 1], "intensity": 1, "range": 10, "cone_angle": 30}}
    write_scene(os.path.join(seed, "spin.scene"),
                [("1000000000000001", "Ground", None, 0, ground), ("2000000000000002", "Beacon", None, 1, beacon),
                 ("3000000000000003", "Sun", None, 2, sun)],
                editor={"camera": {"position": [0, 9, 0.01], "target": [0, 0, 0]}})
    with Xvfb(args.work) as xvfb:
        # First the file as the editor writes it: the reference for "unchanged".
        first = Session(args.editor, xvfb, seed, ["spin.scene"])
        first.wait(3)
        first.key("ctrl+s")
        first.wait(3)
        first.run()
        reference = open(os.path.join(seed, "spin.scene"), "rb").read()

        s = Session(args.editor, xvfb, seed, ["spin.scene"])
        s.map_with_viewport = True
        s.wait(3)
        s.click("hierarchy/entity/Beacon")
        s.wait(3)
        s.screenshot("before.png")
        s.click("toolbar/play")
        s.expect("expect-log", "Playing (Ctrl+P stops")
        s.wait(40)
        s.screenshot("playing.png")
        s.key("delete")  # an edit while playing: refused
        s.wait(2)
        s.expect("expect-log", "is not possible while the scene plays")
        s.expect("expect-entity-count", "3")
        s.click("toolbar/pause")
        s.click("toolbar/step")
        s.screenshot("paused.png")
        s.click("toolbar/stop")
        s.expect("expect-log", "Stopped after")
        s.expect("expect-title", "spin.scene")
        s.expect("expect-selection", "Beacon")
        s.wait(3)
        s.screenshot("stopped.png")
        s.key("ctrl+s")
        s.wait(3)
        viewport = s.where("panel/Viewport")
        s.run(os.path.join(args.work, "script.txt"))
    for name in ("before.png", "playing.png", "paused.png", "stopped.png"):
        if os.path.exists(os.path.join(seed, name)):
            shutil.copy(os.path.join(seed, name), os.path.join(args.work, name))

    saved = open(os.path.join(seed, "spin.scene"), "rb").read()
    check(saved == reference, "the file saved after Stop differs from the one before Play")
    box = (viewport[0] + 20, viewport[1] + 30, viewport[0] + viewport[2] - 20, viewport[1] + viewport[3] - 20)
    before = read_png(os.path.join(seed, "before.png"))
    playing = read_png(os.path.join(seed, "playing.png"))
    stopped = read_png(os.path.join(seed, "stopped.png"))
    turned = differing_pixels(before, playing, box)
    check(turned > 500, "the beacon did not turn while playing (%d pixels changed)" % turned)
    back = differing_pixels(before, stopped, box)
    check(back < 50, "after Stop the viewport differs from before Play in %d pixels" % back)
    print("play_mode: ok (%d pixels turned, %d differ after Stop; %d scratch runs)" % (turned, back, s.scratch_runs))


if __name__ == "__main__":
    main()
