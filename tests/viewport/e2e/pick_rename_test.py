"""Click an entity in the viewport, rename it in the Inspector, save, and
check that the saved file shows that entity (by id) renamed."""

import os

import viewport_e2e as v
from editor_e2e import Session, Xvfb, check, load_scene, parse_args
from fixture import BARREL_ID, CAMERA_POSITION, CAMERA_TARGET, CRATE_ID, CRATE_POSITION, entity_with_id, write_fixture


def main():
    args = parse_args()
    seed = os.path.join(args.work, "scene")
    os.makedirs(seed)
    write_fixture(seed)
    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, ["level.json"])
        s.map_with_viewport = True  # the selection comes from a click in the viewport
        s.wait(3)
        s.expect("expect-selection")
        shot = v.scratch_screenshot(s)
        view = v.CameraView(CAMERA_POSITION, CAMERA_TARGET, v.viewport_canvas(s, shot))
        crate = view.to_window(CRATE_POSITION)
        check(v.reddish(shot.at(*crate)), "the crate is not at %s: the pixel there is %s" % (crate, shot.at(*crate)))

        s.click_at(*crate)
        s.wait(2)
        s.expect("expect-selection", "Crate")
        s.click("inspector/name")
        s.key("ctrl+a")
        s.type("Renamed Crate")
        s.key("enter")
        s.wait(2)
        s.expect("expect-selection", "Renamed Crate")
        s.key("ctrl+s")
        s.wait(3)
        s.expect("expect-title", "level.json")
        s.screenshot("renamed.png")
        s.run(os.path.join(args.work, "script.txt"))

    scene = load_scene(os.path.join(seed, "level.json"))
    renamed = entity_with_id(scene, CRATE_ID)
    check(renamed["name"] == "Renamed Crate", "the crate is named %r in the saved file" % renamed["name"])
    check(entity_with_id(scene, BARREL_ID)["name"] == "Barrel", "the barrel was renamed too")
    print("viewport pick_rename: ok (%d scratch runs)" % s.scratch_runs)


if __name__ == "__main__":
    main()
