"""Open a scene inside a game project folder, add a project component through
the Add Component search by its name, type values into two of its fields,
save, and check the saved file: the component is written with its fields
under the project's names, the typed values and the project's defaults."""

import json
import os
import shutil

from editor_e2e import Session, Xvfb, check, close_to, cube, entity_named, load_scene, parse_args, transform, write_scene

SAMPLE_PROJECT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "serialization", "data", "project",
                              "cairn.project.json")


def main():
    args = parse_args()
    seed = os.path.join(args.work, "game")
    os.makedirs(os.path.join(seed, "levels"))
    shutil.copy(SAMPLE_PROJECT, os.path.join(seed, "cairn.project.json"))
    write_scene(os.path.join(seed, "levels", "level.json"),
                [("1000000000000001", "Crate", None, 0, {"Transform": transform(), "MeshRenderer": cube()})])
    with Xvfb(args.work) as xvfb:
        # Opened from the project's folder by a path below it: the project is found walking up.
        s = Session(args.editor, xvfb, seed, ["levels/level.json"])
        s.wait(2)
        s.expect("expect-title", "level.json")
        s.expect("expect-log", "in the project Beacon")

        s.click("hierarchy/entity/Crate")
        s.expect("expect-selection", "Crate")
        s.click("inspector/add_component")
        s.wait(2)
        s.screenshot("add_component.png")
        s.type("door")
        s.key("enter")
        s.wait(2)

        # A float with a unit: double-click for text input.
        s.doubleclick("inspector/field/Door/speed", dx=-20.0)
        s.key("ctrl+a")
        s.type("7.5")
        s.key("enter")
        s.wait(2)
        # A string field.
        s.click("inspector/field/Door/label")
        s.key("ctrl+a")
        s.type("Back door")
        s.key("enter")
        s.wait(2)
        s.expect("expect-title", "level.json *")
        x, y = s.centre("inspector/component/Door")
        s.add("move %.1f %.1f" % (x - 60.0, y))
        s.wait(3)
        s.screenshot("inspector.png")

        s.key("ctrl+s")
        s.wait(3)
        s.expect("expect-title", "level.json")
        s.run(os.path.join(args.work, "script.txt"))
    for name in ("add_component.png", "inspector.png"):
        if os.path.exists(os.path.join(seed, name)):
            shutil.copy(os.path.join(seed, name), os.path.join(args.work, name))

    scene = load_scene(os.path.join(seed, "levels", "level.json"))
    components = entity_named(scene, "Crate")["components"]
    check(sorted(components) == ["Door", "MeshRenderer", "Transform"], "Crate has %s" % sorted(components))
    door = components["Door"]
    check(list(door) == ["target", "open", "speed", "uses", "label", "mode", "tint", "hinge", "uv", "plane", "turn",
                         "mesh"], "Door is written with the fields %s" % list(door))
    check(close_to(door["speed"], 7.5), "Door.speed is %s, typed 7.5" % door["speed"])
    check(door["label"] == "Back door", "Door.label is %r, typed 'Back door'" % door["label"])
    defaults = {"target": None, "open": False, "uses": 3, "mode": "sliding", "tint": [1, 0.5, 0.25, 1],
                "hinge": [0, 1, 0], "mesh": "meshes/door.glb"}
    for field, value in defaults.items():
        check(door[field] == value, "Door.%s is %s, the project's default is %s" % (field, json.dumps(door[field]),
                                                                                     json.dumps(value)))
    print("project_scene: ok (%d scratch runs)" % s.scratch_runs)


if __name__ == "__main__":
    main()
