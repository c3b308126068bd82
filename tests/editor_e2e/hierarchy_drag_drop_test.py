"""Reparent, reorder and unparent by drag and drop in the Hierarchy, rename
by double-click, multi-select with Ctrl+click and move the selection — then
check parents, sibling order and kept world positions in the saved file."""

import os

from editor_e2e import (Session, Xvfb, check, children, close_to, cube, entity_named, load_scene, parse_args,
                        transform, write_scene)

IDS = {"A": "1000000000000001", "B": "1000000000000002", "C": "1000000000000003", "D": "1000000000000004",
       "E": "1000000000000005"}


def row(name):
    return "hierarchy/entity/" + name


def main():
    args = parse_args()
    seed = os.path.join(args.work, "scene")
    os.makedirs(seed)
    write_scene(os.path.join(seed, "level.json"), [
        (IDS["A"], "A", None, 0, {"Transform": transform(1, 0, 0), "MeshRenderer": cube()}),
        (IDS["B"], "B", None, 1, {"Transform": transform(0, 0, 0), "MeshRenderer": cube()}),
        (IDS["C"], "C", None, 2, {"Transform": transform(5, 0, 0), "MeshRenderer": cube()}),
        (IDS["D"], "D", None, 3, {"Transform": transform(0, 2, 0), "MeshRenderer": cube()}),
        (IDS["E"], "E", IDS["D"], 0, {"Transform": transform(0, 1, 0), "MeshRenderer": cube()}),
    ])
    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["level.json"])
        s.wait(2)
        s.screenshot("before.png")

        # A onto the middle of C: A becomes C's child, its world x (1) kept.
        s.drag(s.centre(row("A")), s.centre(row("C")))
        s.expect("expect-title", "level.json *")

        # D onto B's top edge: D moves before B among the roots.
        s.drag(s.centre(row("D")), s.point(row("B"), 0.6, 0.1))

        # E (D's child) onto the empty space: a root again, world y (3) kept.
        s.drag(s.centre(row("E")), s.centre("hierarchy/space"))

        # Rename B by double-click.
        s.doubleclick(row("B"))
        s.key("ctrl+a")
        s.type("Bee")
        s.key("enter")
        s.wait(2)

        # Ctrl+click E and Bee, then drag both onto D.
        s.click(row("E"))
        s.add("keydown ctrl")
        s.click(row("Bee"))
        s.add("keyup ctrl")
        s.expect("expect-selection", "E", "Bee")
        s.drag(s.centre(row("Bee")), s.centre(row("D")))
        s.screenshot("after.png")
        s.key("ctrl+s")
        s.wait(3)
        s.expect("expect-title", "level.json")
        s.run(os.path.join(args.work, "script.txt"))

    scene = load_scene(os.path.join(seed, "level.json"))
    check(children(scene, None) == ["D", "C"], "roots are %s" % children(scene, None))
    check(children(scene, "C") == ["A"], "C's children are %s" % children(scene, "C"))
    check(children(scene, "D") == ["Bee", "E"], "D's children are %s" % children(scene, "D"))
    a = entity_named(scene, "A")["components"]["Transform"]["position"]
    check(close_to(a[0], -4.0), "A's local x is %s, expected -4 (world x 1 under C at 5)" % a[0])
    e = entity_named(scene, "E")["components"]["Transform"]["position"]
    check(close_to(e[1], 1.0), "E's local y is %s, expected 1 (world y 3 under D at 2)" % e[1])
    check(entity_named(scene, "Bee")["id"] == IDS["B"], "the renamed entity changed its id")
    print("hierarchy_drag_drop: ok (%d scratch runs)" % s.scratch_runs)


if __name__ == "__main__":
    main()
