"""Placement snaps while dragging the Move gizmo, in the real editor: with
Shift held, the unit cube "Mover" dragged by the gizmo's centre onto the
top of a 2 x 4 x 2 "Tower" rests its bottom centre on it (y = 4.5); with V
held, the Mover's grabbed vertex lands exactly on the Tower's top corner
under the cursor; with Ctrl held, a drag of the X arrow lands on a multiple
of the toolbar's move step (0.50) and leaves Y and Z bit for bit; with the
toolbar's Surface and Align toggles on (no key), a drag onto the Tower's
front face turns the Mover's up axis to the face's normal. Each drag is one
undo step: a single Ctrl+Z restores the start exactly, Ctrl+Y redoes it.

Everything happens in one editor run; Save As writes a numbered copy of the
scene after each step, and the checks read those copies. Where to press and
where to let go are the projections of world points through the scene's
editor camera (render/src/editor_camera.cpp: 50 degree vertical field of
view, looking from `position` at `target` with world up), into the
Viewport's image below the panel's title bar."""

import os
import shutil

from editor_e2e import CameraView, Session, Xvfb, check, cross, cube, entity_named, load_scene, parse_args, transform, write_scene

CAMERA_POSITION = (-1.0, 8.0, 10.5)
CAMERA_TARGET = (2.0, 1.5, 0.0)
MOVE_STEP = 0.5  # the toolbar's move snap by default

MOVER_START = (-3.0, 0.5, 0.0)
TOWER_CENTRE, TOWER_SCALE = (6.0, 2.0, 0.0), (2.0, 4.0, 2.0)
TOWER_TOP = TOWER_CENTRE[1] + TOWER_SCALE[1] / 2  # 4
TOWER_CORNER = (7.0, 4.0, 1.0)  # the top corner nearest the camera on the right
GRID_DRAG = 1.62  # world units the X arrow is dragged: -3 + 1.62 = -1.38, snapped to -1.5

SCREENSHOTS = ("0_selected.png", "1_surface.png", "4_vertex.png", "5_grid.png", "6_aligned.png", "8_measured.png")


# ---- The scene --------------------------------------------------------------------------


def box(position, scale):
    return {"position": list(position), "rotation": [0, 0, 0, 1], "scale": list(scale)}


def write_blocks(path):
    write_scene(path,
                [("1000000000000001", "Ground", None, 0,
                  {"Transform": box((0, -0.5, 0), (40, 1, 40)), "MeshRenderer": cube((0.45, 0.5, 0.4, 1))}),
                 ("1000000000000002", "Tower", None, 1,
                  {"Transform": box(TOWER_CENTRE, TOWER_SCALE), "MeshRenderer": cube((0.6, 0.6, 0.75, 1))}),
                 ("1000000000000003", "Mover", None, 2,
                  {"Transform": transform(*MOVER_START), "MeshRenderer": cube((0.85, 0.55, 0.3, 1))})],
                editor={"camera": {"position": list(CAMERA_POSITION), "target": list(CAMERA_TARGET)}})


def mover(folder, name):
    """The Mover's saved Transform in the copy `name`."""
    return entity_named(load_scene(os.path.join(folder, name)), "Mover")["components"]["Transform"]


def rotate(q, v):
    """The quaternion (x, y, z, w) applied to v."""
    x, y, z, w = q
    u = [x, y, z]
    t = [2 * c for c in cross(u, v)]
    return [v[i] + w * t[i] + cross(u, t)[i] for i in range(3)]


def corners(transform_value):
    """The world corners of a unit cube with this Transform."""
    p, q, s = transform_value["position"], transform_value["rotation"], transform_value["scale"]
    found = []
    for dx in (-0.5, 0.5):
        for dy in (-0.5, 0.5):
            for dz in (-0.5, 0.5):
                turned = rotate(q, [dx * s[0], dy * s[1], dz * s[2]])
                found.append([p[i] + turned[i] for i in range(3)])
    return found


# ---- Writing the script -----------------------------------------------------------------


def gizmo_drag(s, start, end, keys=None, steps=16):
    """Presses at `start`, moves to `end` in `steps` frames and lets go there,
    with `keys` held from before the press until after the release."""
    if keys:
        s.add("keydown " + keys)
        s.wait(1)
    s.add("mousedown %.0f %.0f left" % start)
    s.wait(1)
    for step in range(1, steps + 1):
        t = step / float(steps)
        s.add("move %.0f %.0f" % (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t))
    s.wait(2)
    s.add("mouseup %.0f %.0f left" % end)
    s.wait(2)
    if keys:
        s.add("keyup " + keys)
    s.wait(2)


def save_as(s, name):
    s.key("ctrl+shift+s")
    s.wait(3)
    s.expect("expect-dialog", "Save Scene As")
    s.type(name)
    s.key("enter")
    s.wait(3)
    s.expect("expect-dialog")
    s.expect("expect-title", name)


def main():
    args = parse_args()
    seed = os.path.join(args.work, "game")
    levels = os.path.join(seed, "levels")
    os.makedirs(levels)
    with open(os.path.join(seed, "cairn.project.json"), "w") as f:
        f.write('{"format": "cairn.project", "version": 1, "name": "Blocks", "components": []}\n')
    write_blocks(os.path.join(levels, "blocks.scene"))

    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["levels/blocks.scene"])
        s.wait(2)
        # Every widget this script aims at, from one scratch run: the panels
        # and the toolbar keep their places throughout.
        row = s.centre("hierarchy/entity/Mover")
        surface_toggle = s.centre("toolbar/surface_snap")
        align_toggle = s.centre("toolbar/align_to_surface")
        measure_toggle = s.centre("toolbar/measure")
        panel = s.where("panel/Viewport")
        title_bar = s.where("toolbar/move")[3]  # a frame's height: FontSize + 2 FramePadding.y
        view = CameraView(CAMERA_POSITION, CAMERA_TARGET, (panel[0], panel[1] + title_bar, panel[2], panel[3] - title_bar))

        pivot = view.pixel(MOVER_START)  # the gizmo's centre handle
        on_tower_top = view.pixel((TOWER_CENTRE[0] + 0.2, TOWER_TOP, TOWER_CENTRE[2] + 0.3))
        # Inside the top face, 0.2 from the corner: the face's nearest vertex is the corner.
        near_corner = view.pixel((TOWER_CORNER[0] - 0.2, TOWER_TOP, TOWER_CORNER[2] - 0.2))
        unit = view.handle_unit(MOVER_START)
        arrow_from = (MOVER_START[0] + 0.6 * unit, MOVER_START[1], MOVER_START[2])
        arrow_to = (arrow_from[0] + GRID_DRAG, arrow_from[1], arrow_from[2])
        on_front_face = view.pixel((TOWER_CENTRE[0] - 0.3, 2.5, TOWER_CENTRE[2] + TOWER_SCALE[2] / 2))

        s.click_at(*row)
        s.wait(2)
        s.expect("expect-selection", "Mover")
        s.wait(2)
        s.screenshot("0_selected.png")

        # 0. A click on the gizmo with V or Shift held (no movement) moves nothing.
        gizmo_drag(s, pivot, pivot, "v", steps=1)
        gizmo_drag(s, pivot, pivot, "shift", steps=1)
        save_as(s, "0_clicked.scene")

        # 1. Shift: onto the Tower's top; undone and redone as one step.
        gizmo_drag(s, pivot, on_tower_top, "shift")
        s.screenshot("1_surface.png")
        save_as(s, "1_surface.scene")
        s.key("ctrl+z")
        s.wait(2)
        save_as(s, "2_undone.scene")
        s.key("ctrl+y")
        s.wait(2)
        save_as(s, "3_redone.scene")
        s.key("ctrl+z")
        s.wait(2)

        # 2. V: the grabbed vertex onto the Tower's corner.
        gizmo_drag(s, pivot, near_corner, "v")
        s.screenshot("4_vertex.png")
        save_as(s, "4_vertex.scene")
        s.key("ctrl+z")
        s.wait(2)

        # 3. Ctrl: the X arrow onto the absolute grid.
        gizmo_drag(s, view.pixel(arrow_from), view.pixel(arrow_to), "ctrl")
        s.screenshot("5_grid.png")
        save_as(s, "5_grid.scene")
        s.key("ctrl+z")
        s.wait(2)

        # 4. The toolbar's Surface and Align toggles, no key: onto the front face.
        s.click_at(*surface_toggle)
        s.wait(2)
        s.click_at(*align_toggle)
        s.wait(2)
        gizmo_drag(s, pivot, on_front_face)
        s.screenshot("6_aligned.png")
        save_as(s, "6_aligned.scene")
        s.key("ctrl+z")
        s.wait(2)
        save_as(s, "7_undone.scene")

        # 5. Measure, V held: from the Tower's far-left top corner to its near-right one.
        s.click_at(*surface_toggle)
        s.wait(2)
        s.click_at(*align_toggle)
        s.wait(2)
        s.click_at(*measure_toggle)
        s.wait(2)
        far_left = (TOWER_CENTRE[0] - 1.0 + 0.2, TOWER_TOP, TOWER_CENTRE[2] - 1.0 + 0.2)
        near_right = (TOWER_CORNER[0] - 0.2, TOWER_TOP, TOWER_CORNER[2] - 0.2)
        s.add("keydown v")
        s.wait(1)
        s.click_at(*view.pixel(far_left))
        s.wait(2)
        s.click_at(*view.pixel(near_right))
        s.wait(2)
        s.add("keyup v")
        s.wait(2)
        s.screenshot("8_measured.png")
        s.expect("expect-log", "Measured 2.828 m (x 2.000, y 0.000, z 2.000) from (5.000, 4.000, -1.000) "
                 "to (7.000, 4.000, 1.000)")
        s.run(os.path.join(args.work, "script.txt"))

    for name in SCREENSHOTS:
        if os.path.exists(os.path.join(seed, name)):
            shutil.copy(os.path.join(seed, name), os.path.join(args.work, name))

    start = mover(levels, "blocks.scene")  # Save As writes its copies beside it
    pressed = "pressed at (%.1f, %.1f)" % pivot
    clicked = mover(levels, "0_clicked.scene")
    check(clicked == start, "a click on the gizmo with V, then Shift, held should move nothing: expected %s, found %s" % (
        start, clicked))

    # 1. Resting on the Tower's top, inside it; back exactly; forward again.
    surface = mover(levels, "1_surface.scene")
    p = surface["position"]
    check(abs(p[1] - (TOWER_TOP + 0.5)) <= 1e-3 and abs(p[0] - TOWER_CENTRE[0]) <= 1 and abs(p[2] - TOWER_CENTRE[2]) <= 1,
          "Shift+drag of the gizmo (%s) onto the Tower's top at (%.1f, %.1f) should rest the Mover on it: "
          "expected y = %.3f with x in [5, 7] and z in [-1, 1], found position %s" % (
              pressed, on_tower_top[0], on_tower_top[1], TOWER_TOP + 0.5, p))
    check(surface["rotation"] == start["rotation"] and surface["scale"] == start["scale"],
          "Shift+drag (Align off) should only move the Mover: rotation %s, scale %s (were %s, %s)" % (
              surface["rotation"], surface["scale"], start["rotation"], start["scale"]))
    undone = mover(levels, "2_undone.scene")
    check(undone == start, "one Ctrl+Z after the Shift+drag should restore the Mover exactly: expected %s, found %s" % (
        start, undone))
    redone = mover(levels, "3_redone.scene")
    check(redone == surface, "Ctrl+Y should redo the Shift+drag: expected %s, found %s" % (surface, redone))

    # 2. A vertex of the Mover exactly on the Tower's corner.
    vertex = mover(levels, "4_vertex.scene")
    on_corner = [c for c in corners(vertex) if all(abs(c[i] - TOWER_CORNER[i]) <= 1e-4 for i in range(3))]
    check(on_corner, "V+drag (%s) to the Tower's corner %s at (%.1f, %.1f) should put a corner of the Mover on it: "
          "the Mover is at %s, its corners are %s" % (
              pressed, list(TOWER_CORNER), near_corner[0], near_corner[1], vertex["position"],
              ", ".join("(%.4f, %.4f, %.4f)" % tuple(c) for c in corners(vertex))))

    # 3. X on the absolute grid, Y and Z as they were, bit for bit.
    grid = mover(levels, "5_grid.scene")
    x, y, z = grid["position"]
    expected_x = round((MOVER_START[0] + GRID_DRAG) / MOVE_STEP) * MOVE_STEP
    check(abs(x / MOVE_STEP - round(x / MOVE_STEP)) * MOVE_STEP <= 1e-5 and x == expected_x,
          "Ctrl+drag of the X arrow by %.2f from x = %.1f should land on the multiple of %.2f nearest %.2f, %.2f: "
          "found x = %r" % (GRID_DRAG, MOVER_START[0], MOVE_STEP, MOVER_START[0] + GRID_DRAG, expected_x, x))
    check(y == start["position"][1] and z == start["position"][2],
          "Ctrl+drag along X should leave y and z bit for bit: expected %r, %r, found %r, %r" % (
              start["position"][1], start["position"][2], y, z))

    # 4. Turned so that its up axis is the front face's normal (+Z), resting on it.
    aligned = mover(levels, "6_aligned.scene")
    up = rotate(aligned["rotation"], [0.0, 1.0, 0.0])
    p = aligned["position"]
    face_z = TOWER_CENTRE[2] + TOWER_SCALE[2] / 2
    check(all(abs(up[i] - (0.0, 0.0, 1.0)[i]) <= 1e-4 for i in range(3)),
          "Surface + Align: the Mover's up axis should follow the front face's normal (0, 0, 1): found %s "
          "(rotation %s)" % (up, aligned["rotation"]))
    check(abs(p[2] - (face_z + 0.5)) <= 1e-3 and abs(p[0] - TOWER_CENTRE[0]) <= 1 and 0 <= p[1] <= TOWER_TOP,
          "Surface + Align onto the front face (z = %.1f) should rest the Mover against it: expected z = %.3f "
          "with x in [5, 7] and y in [0, 4], found position %s" % (face_z, face_z + 0.5, p))
    final = mover(levels, "7_undone.scene")
    check(final == start, "one Ctrl+Z after the aligned drag should restore the Mover exactly: expected %s, found %s" % (
        start, final))
    print("placement_drag: ok (%d scratch runs); vertex snap put the Mover's corner %s on the Tower's %s" % (
        s.scratch_runs, on_corner[0], list(TOWER_CORNER)))


if __name__ == "__main__":
    main()
