"""Drag the translate gizmo's X handle in the viewport: the saved position
changes along X only; one undo brings it back exactly (the drag was one undo
step)."""

import os

import viewport_e2e as v
from editor_e2e import Session, Xvfb, check, load_scene, parse_args
from fixture import CAMERA_POSITION, CAMERA_TARGET, CRATE_ID, CRATE_POSITION, entity_with_id, write_fixture

# GizmoMetrics: the X axis handle spans 22 to 110 pixels right of the pivot.
HANDLE_OFFSET = 70.0
GIZMO_RED = (235, 56, 56)  # GizmoStyle::axis_colors[0]
HIGHLIGHT = (255, 217, 26)  # GizmoStyle::highlight_color (hovered)


def save_as(s, name):
    s.key("ctrl+shift+s")
    s.wait(3)
    s.expect("expect-dialog", "Save Scene As")
    s.type(name)
    s.key("enter")
    s.wait(3)
    s.expect("expect-dialog")
    s.expect("expect-title", name + ".json")


def main():
    args = parse_args()
    seed = os.path.join(args.work, "scene")
    os.makedirs(seed)
    write_fixture(seed)
    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["level.json"])
        s.wait(3)
        shot = v.scratch_screenshot(s)
        view = v.CameraView(CAMERA_POSITION, CAMERA_TARGET, v.viewport_canvas(s, shot))
        pivot = view.to_window(CRATE_POSITION)
        s.click_at(*pivot)
        s.wait(2)
        s.expect("expect-selection", "Crate")

        # The X handle is drawn where the test will grab it.
        grab = (pivot[0] + HANDLE_OFFSET, pivot[1])
        shot = v.scratch_screenshot(s)
        column = [shot.at(grab[0], grab[1] + dy) for dy in range(-3, 4)]
        check(any(v.near(p, GIZMO_RED, 30) or v.near(p, HIGHLIGHT, 30) for p in column),
              "no X handle at %s; the pixels there are %s" % (grab, column))

        units = 2.0
        end = (grab[0] + units * view.pixels_per_unit(CRATE_POSITION), grab[1])
        s.drag(grab, end, 20)
        s.expect("expect-title", "level.json *")
        s.screenshot("moved.png")
        save_as(s, "moved")
        s.key("ctrl+z")
        s.wait(2)
        s.screenshot("undone.png")
        save_as(s, "undone")
        s.run(os.path.join(args.work, "script.txt"))

    moved = entity_with_id(load_scene(os.path.join(seed, "moved.json")), CRATE_ID)["components"]["Transform"]
    x, y, z = moved["position"]
    check(abs(x - (CRATE_POSITION[0] + units)) < 0.15, "the crate moved to x=%s, expected about %s" % (x, units))
    check(y == CRATE_POSITION[1] and z == CRATE_POSITION[2],
          "moving along X changed y or z: the position is %s" % moved["position"])
    check(moved["rotation"] == [0, 0, 0, 1] and moved["scale"] == [1, 1, 1],
          "moving changed rotation or scale: %s" % moved)

    undone = entity_with_id(load_scene(os.path.join(seed, "undone.json")), CRATE_ID)["components"]["Transform"]
    check(undone["position"] == CRATE_POSITION,
          "one undo left the crate at %s, expected %s: the drag was not one undo step" % (undone["position"], CRATE_POSITION))
    print("viewport translate_undo: ok (%d scratch runs)" % s.scratch_runs)


if __name__ == "__main__":
    main()
