"""Files holding text too long for Dear ImGui to draw whole open in the real
editor, which draws every such text elided and exits 0.

Dear ImGui 1.86 (16-bit indices) aborts in ImGui::Render when one text draw
needs 65,536 vertices or more: ~16,400 characters. The files, generated here
rather than stored (each is tens of kilobytes): a scene with a 17 KB unknown
component name, one with a 32,000-digit number, one whose entity has a
17,000-character name. The last is also edited the way a user would: a
position typed out of float range makes the save fail with an error that
quotes the name, then the name is replaced through the Inspector. Each step
leaves a screenshot in the work folder.
"""

import json
import os

from editor_e2e import Session, Xvfb, check, entity_named, load_scene, parse_args

UNKNOWN_KEY = "W" * 17000
DIGITS = "9" * 32000
LONG_NAME = "N" * 17000


def write_scene(path, name, components_json):
    with open(path, "w") as f:
        f.write('{"format": "cairn.scene", "version": 1, "entities": [{"id": "1000000000000001", "name": %s, '
                '"parent": null, "order": 0, "components": {%s}}]}' % (json.dumps(name), components_json))


def transform_json(x="0"):
    return '"Transform": {"position": [%s, 0, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]}' % x


def main():
    args = parse_args()
    seed = os.path.join(args.work, "scene")
    os.makedirs(seed)
    write_scene(os.path.join(seed, "unknown_key.json"), "Crate",
                transform_json() + ', %s: {"strength": 1}' % json.dumps(UNKNOWN_KEY))
    write_scene(os.path.join(seed, "long_number.json"), "Crate", transform_json(DIGITS))
    write_scene(os.path.join(seed, "long_name.json"), LONG_NAME, transform_json())

    with Xvfb(args.work) as xvfb:
        # 1. The unknown component is kept; the Console's warning quotes its
        #    17 KB name, elided; so does the Inspector's raw JSON.
        s = Session(args.editor, xvfb, seed, ["unknown_key.json"])
        s.wait(2)
        s.expect("expect-dialog")
        s.expect("expect-log", "/entities/0/components/" + UNKNOWN_KEY[:200])
        s.click("hierarchy/entity/Crate")
        s.click("inspector/unknown_components")
        s.screenshot("unknown_key.png")
        s.run()

        # 2. The 32,000-digit number is refused; the report quotes it elided.
        t = Session(args.editor, xvfb, seed, ["long_number.json"])
        t.wait(2)
        t.expect("expect-dialog", "Cannot open 'long_number.json'")
        t.expect("expect-log", DIGITS[:200])
        t.screenshot("long_number.png")
        t.click("modal/report/OK")
        t.expect("expect-dialog")
        t.run()

        # 3. The 17,000-character name in the Hierarchy and the Inspector
        #    (read-only there, with Copy and Replace...).
        u = Session(args.editor, xvfb, seed, ["long_name.json"])
        u.wait(2)
        u.click("hierarchy/entity/" + LONG_NAME)
        u.expect("expect-selection", LONG_NAME)
        u.screenshot("long_name.png")
        #    A position typed past the float range is refused where it is
        #    typed (it could never be saved), and the Console says why.
        x, y, w, h = u.where("inspector/field/Transform/position")
        u.add("doubleclick %.1f %.1f" % (x + w / 6.0, y + h / 2.0))
        u.wait(2)
        u.key("ctrl+a")
        u.type("1e39")
        u.key("enter")
        u.wait(2)
        u.expect("expect-log", "expected a number in the range of a 32-bit float")
        u.screenshot("refused_value.png")
        #    Replace the name, save.
        u.click("text/long_value/replace")
        u.screenshot("replace_popup.png")
        u.type("Renamed")
        u.key("enter")
        u.expect("expect-selection", "Renamed")
        u.key("ctrl+s")
        u.wait(3)
        u.expect("expect-dialog")
        u.expect("expect-title", "long_name.json")
        u.screenshot("renamed.png")
        u.run(os.path.join(args.work, "script.txt"))

    scene = load_scene(os.path.join(seed, "long_name.json"))
    renamed = entity_named(scene, "Renamed")
    check(renamed["components"]["Transform"]["position"] == [0, 0, 0], "a refused position was saved: %s" % renamed)
    for shot in ["unknown_key.png", "long_number.png", "long_name.png", "refused_value.png", "replace_popup.png",
                 "renamed.png"]:
        check(os.path.getsize(os.path.join(seed, shot)) > 0, "%s was not written" % shot)
    print("long_text: ok")


if __name__ == "__main__":
    main()
