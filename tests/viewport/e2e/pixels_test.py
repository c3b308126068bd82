"""Pixel checks on the editor's screenshots: the fixture's crate and barrel
appear where the camera puts them, lit in their colours; selecting the crate
outlines it; and the built-in demo scene's crate and ball appear where
expected."""

import os

import viewport_e2e as v
from editor_e2e import Session, Xvfb, check, parse_args
from fixture import BARREL_POSITION, CAMERA_POSITION, CAMERA_TARGET, CRATE_POSITION, write_fixture

# The demo scene (editor/panels/src/demo_scene.cpp): its camera and two props.
DEMO_CAMERA = ([7, 5.5, 10], [0, 0.75, 0])
DEMO_CRATE = [-2.5, 0.5, 0.5]  # orange-brown cube (0.85, 0.55, 0.25)
DEMO_BALL = [0, 0.75, 1.5]     # blue sphere (0.25, 0.55, 0.95)


def fixture_checks(args, xvfb):
    seed = os.path.join(args.work, "fixture")
    os.makedirs(seed)
    write_fixture(seed)
    s = Session(args.editor, xvfb, seed, ["level.json"])
    s.wait(3)
    s.screenshot("unselected.png")
    shot = v.scratch_screenshot(s)
    canvas = v.viewport_canvas(s, shot)
    view = v.CameraView(CAMERA_POSITION, CAMERA_TARGET, canvas)
    crate = view.to_window(CRATE_POSITION)
    s.click_at(*crate)
    s.wait(3)
    s.screenshot("selected.png")
    s.run(os.path.join(args.work, "fixture_script.txt"))

    unselected = v.read_png(os.path.join(seed, "unselected.png"))
    pixel = unselected.at(*crate)
    check(v.reddish(pixel), "the crate's centre %s shows %s, not the crate's red" % (crate, pixel))
    barrel = view.to_window(BARREL_POSITION)
    r, g, b = unselected.at(*barrel)
    check(b > r + 60 and b > 100, "the barrel's centre %s shows %s, not its blue" % (barrel, (r, g, b)))
    corner = unselected.at(canvas[0] + 12, canvas[1] + 12)
    check(v.near(corner, v.BACKGROUND, 6), "the viewport's corner shows %s, not the background" % (corner,))

    # The outline: along the crate's left edge, at its centre row (clear of the gizmo, which points right and up).
    selected = v.read_png(os.path.join(seed, "selected.png"))
    edge = view.to_window([CRATE_POSITION[0] - 0.5, CRATE_POSITION[1], CRATE_POSITION[2] + 0.5])
    row = int(crate[1])
    band = range(int(edge[0]) - 8, int(edge[0]) + 9)
    check(any(v.outline_orange(selected.at(x, row)) for x in band),
          "no selection outline near the crate's left edge (x %d..%d, y %d): %s" % (
              band[0], band[-1], row, [selected.at(x, row) for x in band]))
    check(not any(v.outline_orange(unselected.at(x, row)) for x in band), "an outline shows before selecting")
    return canvas


def demo_checks(args, xvfb, canvas):
    seed = os.path.join(args.work, "demo")
    os.makedirs(seed)
    s = Session(args.editor, xvfb, seed, [])  # no file: the demo scene
    s.wait(3)
    s.expect("expect-title", "Untitled")
    s.screenshot("demo.png")
    s.run(os.path.join(args.work, "demo_script.txt"))
    shot = v.read_png(os.path.join(seed, "demo.png"))
    view = v.CameraView(DEMO_CAMERA[0], DEMO_CAMERA[1], canvas)
    crate = view.to_window(DEMO_CRATE)
    r, g, b = shot.at(*crate)
    check(r > g > b and r > b + 60, "the demo's crate at %s shows %s, not orange-brown" % (crate, (r, g, b)))
    ball = view.to_window(DEMO_BALL)
    r, g, b = shot.at(*ball)
    check(b > r + 40 and b > 120, "the demo's ball at %s shows %s, not blue" % (ball, (r, g, b)))


def main():
    args = parse_args()
    with Xvfb(args.work) as xvfb:
        canvas = fixture_checks(args, xvfb)
        demo_checks(args, xvfb, canvas)
    print("viewport pixels: ok")


if __name__ == "__main__":
    main()
