"""cairn-player end to end under Xvfb: a game project's scene exported with
`cairn export` and played from its primary camera. After one frame and after
30 frames (half a second at 90 degrees per second) the red beacon is drawn
and has turned; the glTF crate is drawn in its wood colour; a project
component no system plays is named on stderr; the scene file plays too; a
missing file is refused."""

import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "editor_e2e"))
from editor_e2e import check, read_png, run_program  # noqa: E402

PROJECT = os.path.join(HERE, "..", "serialization", "data", "project", "cairn.project.json")
CRATE = os.path.join(HERE, "..", "assets", "data", "crate.glb")


def transform(position, scale=(1, 1, 1), rotation=(0, 0, 0, 1)):
    return {"position": list(position), "rotation": list(rotation), "scale": list(scale)}


def write_project(root):
    os.makedirs(os.path.join(root, "meshes"))
    os.makedirs(os.path.join(root, "levels"))
    shutil.copy(PROJECT, os.path.join(root, "cairn.project.json"))
    shutil.copy(CRATE, os.path.join(root, "meshes", "crate.glb"))
    entities = [
        ("1000000000000001", "Ground", {"Transform": transform((0, 0, 0), (20, 1, 20)),
                                        "MeshRenderer": {"mesh": "plane", "color": [0.3, 0.35, 0.3, 1], "asset": ""}}),
        ("2000000000000002", "Beacon", {"Transform": transform((-1.2, 0.5, 0), (1.6, 0.6, 0.3)),
                                        "MeshRenderer": {"mesh": "cube", "color": [0.9, 0.1, 0.1, 1], "asset": ""},
                                        "Rotator": {"axis": [0, 1, 0], "degrees_per_second": 90}}),
        ("3000000000000003", "Crate", {"Transform": transform((1.2, 0.5, 0)),
                                       "MeshRenderer": {"mesh": "cube", "color": [1, 1, 1, 1],
                                                        "asset": "meshes/crate.glb"},
                                       "Health": {"points": 3}}),
        ("4000000000000004", "Camera", {"Transform": transform((0, 2, 6), rotation=(-0.1305262, 0, 0, 0.9914449)),
                                        "Camera": {"fov": 50, "near": 0.1, "far": 100, "primary": True}}),
        ("5000000000000005", "Sun", {"Transform": transform((0, 5, 0), rotation=(-0.3826834, 0, 0, 0.9238795)),
                                     "Light": {"type": "directional", "color": [1, 1, 1], "intensity": 1,
                                               "range": 10, "cone_angle": 30}}),
    ]
    scene = {"format": "cairn.scene", "version": 2, "entities": [
        {"id": i, "name": n, "parent": None, "order": k, "components": c} for k, (i, n, c) in enumerate(entities)]}
    path = os.path.join(root, "levels", "yard.scene")
    with open(path, "w") as f:
        json.dump(scene, f, indent=1)
    return path


def play(player, args, work, name):
    shot = os.path.join(work, name)
    command = ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", player, "--size", "640x360"] + args + [
        "--screenshot", shot]
    result = run_program(command, timeout=120)
    return result, shot


def red_pixels(image):
    width, height, rows = image
    return {(x, y) for y in range(height) for x in range(width)
            if rows[y][x][0] > 120 and rows[y][x][1] < 60 and rows[y][x][2] < 60}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--player", required=True)
    parser.add_argument("--cairn", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    if shutil.which("xvfb-run") is None:
        print("player: skipped (no xvfb-run)")
        sys.exit(77)
    shutil.rmtree(args.work, ignore_errors=True)
    root = os.path.join(args.work, "yard")
    scene = write_project(root)
    runtime = os.path.join(root, "levels", "yard.runtime.json")
    exported = subprocess.run([args.cairn, "export", scene, "-o", runtime], capture_output=True, text=True)
    check(exported.returncode == 0, "cairn export failed: %s" % exported.stderr)

    first, first_shot = play(args.player, [runtime, "--frames", "1"], args.work, "frame1.png")
    check(first.returncode == 0, "the player failed (%d): %s" % (first.returncode, first.stderr))
    check("no system plays component Health" in first.stderr, "no warning for Health: %r" % first.stderr)
    later, later_shot = play(args.player, [runtime, "--frames", "30"], args.work, "frame30.png")
    check(later.returncode == 0, "the player failed (%d): %s" % (later.returncode, later.stderr))

    one = read_png(first_shot)
    thirty = read_png(later_shot)
    red_one, red_thirty = red_pixels(one), red_pixels(thirty)
    check(len(red_one) > 300 and len(red_thirty) > 300, "the beacon is not drawn (%d, %d red pixels)" % (
        len(red_one), len(red_thirty)))
    changed = len(red_one ^ red_thirty)
    check(changed > 200, "the beacon did not turn in 30 frames (%d pixels changed)" % changed)
    width, height, rows = thirty
    # The crate stands right of the centre: its front face in wood, not the placeholder's magenta.
    crate = rows[int(height * 0.55)][int(width * 0.62)]
    check(crate[0] > crate[1] > crate[2] and crate[0] > 100 and not (crate[2] > 150 and crate[1] < 60),
          "the crate is drawn as %s, not in its wood colour" % (crate,))

    scene_run, _ = play(args.player, [scene, "--frames", "2"], args.work, "scene.png")
    check(scene_run.returncode == 0, "the scene file does not play: %s" % scene_run.stderr)
    missing, _ = play(args.player, [os.path.join(root, "levels", "gone.runtime.json"), "--frames", "1"], args.work,
                      "missing.png")
    check(missing.returncode == 1 and "gone.runtime.json" in missing.stderr,
          "a missing file: exit %d, %r" % (missing.returncode, missing.stderr))
    print("player: ok (%d red pixels moved between frame 1 and frame 30; crate %s)" % (changed, crate))


if __name__ == "__main__":
    main()
