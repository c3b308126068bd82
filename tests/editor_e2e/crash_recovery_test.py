"""Crash recovery: a scripted session applies actions and is killed with
SIGKILL once its journal holds them all; the editor restarted on the same
scene offers recovery, Recover (clicked in the dialog) replays the journal,
and the saved scene holds every action."""

import os
import signal
import time

from editor_e2e import (Session, Xvfb, check, children, cube, entity_named, fail, load_scene, names, parse_args,
                        transform, write_scene)

ACTIONS = 7  # create, rename, add Light, create, rename, move, delete


def journal_actions(path):
    if not os.path.exists(path):
        return 0
    with open(path) as f:
        lines = [line for line in f.read().split("\n") if line.strip()]
    return max(len(lines) - 1, 0)  # the first line is the header


def main():
    args = parse_args()
    seed = os.path.join(args.work, "scene")
    os.makedirs(seed)
    write_scene(os.path.join(seed, "level.json"), [
        ("4000000000000001", "Base", None, 0, {"Transform": transform(), "MeshRenderer": cube()})])
    journal = os.path.join(seed, "level.json.journal")

    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["level.json"])
        s.wait(2)
        s.click("hierarchy/space", "right")
        s.click("hierarchy/space_menu/Cube")
        s.key("f2")
        s.wait(2)
        s.type("Alpha")
        s.key("enter")
        s.wait(2)
        s.click("inspector/add_component")
        s.type("light")
        s.key("enter")
        s.wait(2)
        s.click("hierarchy/space", "right")
        s.click("hierarchy/space_menu/Sphere")
        s.key("f2")
        s.wait(2)
        s.type("Beta")
        s.key("enter")
        s.wait(2)
        s.drag(s.centre("hierarchy/entity/Beta"), s.centre("hierarchy/entity/Alpha"))
        s.click("hierarchy/entity/Base")
        s.key("delete")
        s.wait(2)
        s.add("wait 1000000")  # stays up until killed
        editor = s.spawn()
        deadline = time.time() + 120
        while journal_actions(journal) < ACTIONS:
            if editor.poll() is not None:
                fail("the editor exited (%d) before the kill:\n%s" % (editor.returncode, editor.stderr.read()))
            if time.time() > deadline:
                editor.kill()
                fail("the journal holds %d of %d actions after 120 s" % (journal_actions(journal), ACTIONS))
            time.sleep(0.1)
        time.sleep(0.5)  # nothing else should arrive
        check(journal_actions(journal) == ACTIONS, "the journal holds %d actions" % journal_actions(journal))
        os.kill(editor.pid, signal.SIGKILL)
        editor.wait(30)
        check(editor.returncode == -signal.SIGKILL, "the editor ended with %s, not SIGKILL" % editor.returncode)
        before = load_scene(os.path.join(seed, "level.json"))
        check(names(before) == ["Base"], "the scene file changed before any save: %s" % names(before))

        r = Session(args.editor, xvfb, seed, ["level.json"])
        r.wait(2)
        r.expect("expect-dialog", "Recover Unsaved Changes")
        r.screenshot("recovery.png")
        r.click("modal/recovery/Recover")
        r.wait(2)
        r.expect("expect-dialog")
        r.expect("expect-log", "recovered 7 of 7 journaled actions")
        r.expect("expect-title", "level.json *")
        r.key("ctrl+s")
        r.wait(3)
        r.expect("expect-title", "level.json")
        r.run(os.path.join(args.work, "recover-script.txt"))

    after = load_scene(os.path.join(seed, "level.json"))
    check(names(after) == ["Alpha", "Beta"], "after recovery: %s" % names(after))
    alpha = entity_named(after, "Alpha")["components"]
    check(sorted(alpha) == ["Light", "MeshRenderer", "Transform"], "Alpha has %s" % sorted(alpha))
    check(children(after, "Alpha") == ["Beta"], "Alpha's children: %s" % children(after, "Alpha"))
    check(entity_named(after, "Beta")["components"]["MeshRenderer"]["mesh"] == "sphere", "Beta is no sphere")
    check(not os.path.exists(journal), "the journal is still there after saving")
    print("crash_recovery: ok")


if __name__ == "__main__":
    main()
