"""Prefabs, as a level designer makes them: select a lamp, Create Prefab from
Selection, place the prefab from the Assets panel, duplicate it (three
instances), give one its own colour, apply another's colour to the prefab,
save. Then the prefab file changes on disk and the level is read again: the
two instances without their own colour follow it, the third keeps its own."""

import json
import os
import shutil
import subprocess

from editor_e2e import Session, Xvfb, check, load_scene, parse_args, transform, write_scene


def channel_dx(width, height, channel):
    """The offset from a colour field's centre to the middle of one of its
    four drag boxes (r, g, b, a), which share the width left of the swatch."""
    spacing = 4.0
    boxes = width - height - spacing
    box = (boxes - 3 * spacing) / 4.0
    return -width / 2 + channel * (box + spacing) + box / 2


def exported_lamps(cairn, level, exported):
    """(name, colour) of each exported root, sorted."""
    done = subprocess.run([cairn, "export", level, "-o", exported], capture_output=True, text=True)
    check(done.returncode == 0, "cairn export failed: %s" % done.stderr)
    with open(exported) as f:
        runtime = json.load(f)
    return sorted((e["name"], e["components"]["MeshRenderer"]["color"])
                  for e in runtime["entities"] if e["parent"] is None)


def main():
    args = parse_args()
    seed = os.path.join(args.work, "game")
    os.makedirs(os.path.join(seed, "levels"))
    with open(os.path.join(seed, "cairn.project.json"), "w") as f:
        json.dump({"format": "cairn.project", "version": 1, "name": "Street", "components": []}, f)
    lamp = {"Transform": transform(0, 0, 0),
            "MeshRenderer": {"mesh": "cylinder", "color": [1, 1, 1, 1], "asset": ""}}
    bulb = {"Transform": transform(0, 1.5, 0),
            "Light": {"type": "point", "color": [1, 0.9, 0.6], "intensity": 2, "range": 6, "cone_angle": 30}}
    write_scene(os.path.join(seed, "levels", "street.scene"),
                [("1000000000000001", "Lamp", None, 0, lamp),
                 ("1000000000000002", "Bulb", "1000000000000001", 0, bulb)])
    level = os.path.join(seed, "levels", "street.scene")
    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["levels/street.scene"])
        s.map_with_viewport = True
        s.wait(2)
        s.click("hierarchy/entity/Lamp")
        s.expect("expect-selection", "Lamp")
        s.click("hierarchy/entity/Lamp", "right")
        s.click("hierarchy/menu/Create_Prefab_from_Selection")
        s.wait(2)
        s.expect("expect-log", "Created prefab prefabs/Lamp.scene")

        # A second instance from the Assets panel, a third by duplicating it.
        s.doubleclick("assets/file/levels")
        s.wait(1)
        s.click("assets/up")
        s.doubleclick("assets/file/prefabs")
        s.wait(2)
        s.drag(s.centre("assets/file/prefabs/Lamp.scene"), s.point("panel/Viewport", 0.3, 0.6), 24)
        s.wait(2)
        s.expect("expect-selection", "Lamp")
        s.key("ctrl+d")
        s.expect("expect-selection", "Lamp (1)")
        s.expect("expect-entity-count", "6")

        # Lamp (1) gets its own colour: red channel 0 (cyan).
        x, y, w, h = s.where("inspector/field/MeshRenderer/color")
        s.doubleclick("inspector/field/MeshRenderer/color", dx=channel_dx(w, h, 0))
        s.key("ctrl+a")
        s.type("0")
        s.key("enter")
        s.wait(2)
        s.screenshot("overridden.png")

        # The first lamp's colour, green channel 0 (magenta), goes into the prefab.
        s.click("hierarchy/entity/Lamp")
        x, y, w, h = s.where("inspector/field/MeshRenderer/color")
        s.doubleclick("inspector/field/MeshRenderer/color", dx=channel_dx(w, h, 1))
        s.key("ctrl+a")
        s.type("0")
        s.key("enter")
        s.wait(2)
        s.click("inspector/overridden/MeshRenderer/color", "right")
        s.click("inspector/prefab_menu/apply")
        s.wait(2)
        s.expect("expect-log", "Applied MeshRenderer.color to prefabs/Lamp.scene")
        s.key("ctrl+s")
        s.wait(3)
        s.expect("expect-title", "street.scene")
        s.screenshot("saved.png")
        s.run(os.path.join(args.work, "script.txt"))
    for name in ("overridden.png", "saved.png"):
        if os.path.exists(os.path.join(seed, name)):
            shutil.copy(os.path.join(seed, name), os.path.join(args.work, name))

    # The level holds three instances and no copy of the lamp's entities.
    scene = load_scene(level)
    check(scene["entities"] == [], "the level holds plain entities: %s" % [e["name"] for e in scene["entities"]])
    check(len(scene["instances"]) == 3, "the level holds %d instances" % len(scene["instances"]))
    check(all(i["prefab"] == "prefabs/Lamp.scene" for i in scene["instances"]), "an instance names another prefab")
    prefab_path = os.path.join(seed, "prefabs", "Lamp.scene")
    prefab = load_scene(prefab_path)
    root = [e for e in prefab["entities"] if e["parent"] is None]
    check(len(root) == 1 and root[0]["name"] == "Lamp", "the prefab's root is %s" % root)
    check(root[0]["components"]["MeshRenderer"]["color"] == [1, 0, 1, 1],
          "Apply to Prefab wrote %s" % root[0]["components"]["MeshRenderer"]["color"])

    exported = os.path.join(args.work, "street.runtime.json")
    lamps = exported_lamps(args.cairn, level, exported)
    check(lamps == [("Lamp", [1, 0, 1, 1]), ("Lamp", [1, 0, 1, 1]), ("Lamp (1)", [0, 1, 1, 1])],
          "the exported lamps are %s" % lamps)

    # The prefab changes on disk (orange); reading the level again, the two
    # lamps without their own colour follow, Lamp (1) keeps cyan.
    root[0]["components"]["MeshRenderer"]["color"] = [1, 0.5, 0, 1]
    with open(prefab_path, "w") as f:
        json.dump(prefab, f, indent=2)
    lamps = exported_lamps(args.cairn, level, exported)
    check(lamps == [("Lamp", [1, 0.5, 0, 1]), ("Lamp", [1, 0.5, 0, 1]), ("Lamp (1)", [0, 1, 1, 1])],
          "after the prefab changed the lamps are %s" % lamps)
    print("prefabs: three instances, one keeping its own colour through a prefab change")


if __name__ == "__main__":
    main()
