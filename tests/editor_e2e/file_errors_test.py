"""Files that cannot be opened or saved: the problem shows in a dialog naming
the file and in the Console, the open scene stays as it was, and nothing
crashes."""

import os

from editor_e2e import Session, Xvfb, check, cube, load_scene, parse_args, transform, write_scene

MALFORMED = """{"format": "cairn.scene", "version": 1, "entities": [
  {"id": "3000000000000001", "name": "A", "parent": null, "order": 0,
   "components": {"Transform": {"position": [1, 2], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]}}},
  {"id": "3000000000000001", "name": "B", "parent": null, "order": 1, "components": {}}]}
"""


def main():
    args = parse_args()
    seed = os.path.join(args.work, "scene")
    os.makedirs(seed)
    with open(os.path.join(seed, "bad.json"), "w") as f:
        f.write(MALFORMED)
    with open(os.path.join(seed, "broken.json"), "w") as f:
        f.write('{"format": "cairn.scene", "version": 1, "entities": [')
    write_scene(os.path.join(seed, "good.json"), [
        ("3000000000000009", "Keep", None, 0, {"Transform": transform(), "MeshRenderer": cube()})])
    unwritable = "/sys/cairn-e2e.json" if os.geteuid() == 0 else os.path.join(seed, "locked", "x.json")
    if os.geteuid() != 0:
        os.makedirs(os.path.join(seed, "locked"))
        os.chmod(os.path.join(seed, "locked"), 0o555)

    with Xvfb(args.work) as xvfb:
        # 1. Started on a malformed file: every problem is listed with its pointer.
        s = Session(args.editor, xvfb, seed, ["bad.json"])
        s.wait(2)
        s.expect("expect-dialog", "Cannot open 'bad.json'")
        s.expect("expect-log", "/entities/0/components/Transform/position")
        s.expect("expect-log", "/entities/1/id")
        s.screenshot("malformed.png")
        s.click("modal/report/OK")
        s.expect("expect-dialog")
        s.expect("expect-title", "Untitled")
        s.run()

        # 2. With a scene open and edited, opening broken JSON keeps it.
        t = Session(args.editor, xvfb, seed, ["good.json"])
        t.wait(2)
        t.click("hierarchy/entity/Keep")
        t.key("ctrl+d")
        t.expect("expect-entity-count", "2")
        t.key("ctrl+o")
        t.wait(2)
        t.expect("expect-dialog", "Unsaved Changes")
        t.click("modal/unsaved/Don't_Save")
        t.expect("expect-dialog", "Open Scene")
        t.type("broken.json")
        t.key("enter")
        t.wait(3)
        t.expect("expect-dialog", "Cannot open 'broken.json'")
        t.expect("expect-log", "not valid JSON")
        t.click("modal/report/OK")
        t.expect("expect-entity-count", "2")
        t.expect("expect-title", "good.json *")

        # 3. A file name that does not exist is refused inside the dialog,
        #    and cancelling the dialog keeps the scene.
        t.key("ctrl+o")
        t.wait(2)
        t.click("modal/unsaved/Don't_Save")
        t.type("missing.json")
        t.key("enter")
        t.wait(2)
        t.expect("expect-dialog", "Open Scene")
        t.screenshot("missing.png")
        t.key("escape")
        t.expect("expect-dialog")
        t.expect("expect-entity-count", "2")

        # 4. Saving where nothing can be written.
        t.key("ctrl+shift+s")
        t.wait(3)
        t.type(unwritable)
        t.key("enter")
        t.wait(3)
        t.expect("expect-dialog", "Cannot save '%s'" % os.path.basename(unwritable))
        t.expect("expect-log", "cannot save")
        t.screenshot("unwritable.png")
        t.click("modal/report/OK")
        t.expect("expect-title", "good.json *")
        t.run(os.path.join(args.work, "script.txt"))

    check(not os.path.exists(unwritable), "%s was written" % unwritable)
    scene = load_scene(os.path.join(seed, "good.json"))
    check(len(scene["entities"]) == 1, "good.json changed on disk")
    print("file_errors: ok")


if __name__ == "__main__":
    main()
