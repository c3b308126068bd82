"""Create entities, rename, add a component through the Add Component
search, drag and type field values, duplicate, delete and Save As through the
file dialog's path field — all through replayed input — then check the saved
scene file."""

import os

from editor_e2e import (Session, Xvfb, check, children, close_to, entity_named, fail, load_scene, names,
                        parse_args)


def main():
    args = parse_args()
    seed = os.path.join(args.work, "scene")
    os.makedirs(seed)
    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["level.json"])  # does not exist yet: an empty scene
        s.wait(2)
        s.expect("expect-title", "level.json")

        # A cube from the Hierarchy's context menu, renamed with F2.
        s.click("hierarchy/space", "right")
        s.click("hierarchy/space_menu/Cube")
        s.expect("expect-selection", "Cube")
        s.key("f2")
        s.wait(2)
        s.type("Crate")
        s.key("enter")
        s.expect("expect-selection", "Crate")

        # Add Component: the search field has the keyboard; Enter adds the match.
        s.click("inspector/add_component")
        s.type("rot")
        s.key("enter")
        s.wait(2)

        # Drag Transform.position x 50 px to the right (0.1 per pixel).
        x, y, w, h = s.where("inspector/field/Transform/position")
        third = (w - 2 * 6.0) / 3.0
        start = (x + third / 2, y + h / 2)
        s.drag(start, (start[0] + 50, start[1]), 10)

        # Type a value: double-click a drag field for text input.
        s.doubleclick("inspector/field/Rotator/degrees_per_second")
        s.key("ctrl+a")
        s.type("90")
        s.key("enter")
        s.wait(2)
        s.screenshot("edited.png")

        # Duplicate, then create and delete a sphere.
        s.key("ctrl+d")
        s.expect("expect-selection", "Crate (1)")
        s.click("hierarchy/space", "right")
        s.click("hierarchy/space_menu/Sphere")
        s.expect("expect-selection", "Sphere")
        s.key("delete")
        s.expect("expect-entity-count", "2")

        # Save As through the dialog's path field.
        s.key("ctrl+shift+s")
        s.wait(3)
        s.expect("expect-dialog", "Save Scene As")
        s.type("saved")
        s.key("enter")
        s.wait(3)
        s.expect("expect-dialog")
        s.expect("expect-title", "saved.json")
        s.screenshot("saved.png")
        s.run(os.path.join(args.work, "script.txt"))

    scene = load_scene(os.path.join(seed, "saved.json"))
    check(names(scene) == ["Crate", "Crate (1)"], "entities are %s" % names(scene))
    check(children(scene, None) == ["Crate", "Crate (1)"], "root order is %s" % children(scene, None))
    for name in ("Crate", "Crate (1)"):
        entity = entity_named(scene, name)
        components = entity["components"]
        check(sorted(components) == ["MeshRenderer", "Rotator", "Transform"], "%s has %s" % (name, sorted(components)))
        check(components["MeshRenderer"]["mesh"] == "cube", "%s is a %s" % (name, components["MeshRenderer"]["mesh"]))
        check(close_to(components["Rotator"]["degrees_per_second"], 90.0),
              "%s turns at %s deg/s" % (name, components["Rotator"]["degrees_per_second"]))
        px = components["Transform"]["position"][0]
        check(4.0 <= px <= 5.5, "%s was dragged to x=%s, expected about 5" % (name, px))
    check(not os.path.exists(os.path.join(seed, "level.json")), "level.json was written though the scene was saved as saved.json")
    print("create_edit_save: ok (%d scratch runs)" % s.scratch_runs)


if __name__ == "__main__":
    main()
