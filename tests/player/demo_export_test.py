"""The demo scene, exported and played: the editor opens its built-in demo and
saves it (Save As, beside a copy of the demo's meshes), `cairn export` writes
its runtime export, and cairn-player renders that under Xvfb from the demo's
Main Camera: the blue ball, the orange crate and the green trees (imported
glTF) are on screen."""

import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "editor_e2e"))
from editor_e2e import Session, Xvfb, check, read_png, run_program  # noqa: E402

DEMO_MESHES = os.path.join(HERE, "..", "..", "examples", "demo", "meshes")


def count(image, test):
    width, height, rows = image
    return sum(1 for y in range(height) for x in range(width) if test(rows[y][x]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--editor", required=True)
    parser.add_argument("--player", required=True)
    parser.add_argument("--cairn", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    if shutil.which("Xvfb") is None or shutil.which("xvfb-run") is None:
        print("SKIP: Xvfb is not installed", file=sys.stderr)
        sys.exit(77)
    shutil.rmtree(args.work, ignore_errors=True)
    seed = os.path.join(args.work, "demo")
    os.makedirs(seed)
    shutil.copytree(DEMO_MESHES, os.path.join(seed, "meshes"))
    with Xvfb(args.work) as xvfb:
        s = Session(args.editor, xvfb, seed, [])
        s.wait(3)
        s.key("ctrl+shift+s")
        s.wait(3)
        s.expect("expect-dialog", "Save Scene As")
        s.type("demo.scene")
        s.key("enter")
        s.wait(3)
        # Away from its built-in project: Copy Files brings its definitions along.
        s.expect("expect-dialog", "Save Away From the Project")
        s.click("modal/relocation/Copy_Files")
        s.wait(2)
        s.expect("expect-dialog")
        s.expect("expect-title", "demo.scene")
        s.run()
    scene = os.path.join(seed, "demo.scene")
    runtime = os.path.join(seed, "demo.runtime.json")
    exported = subprocess.run([args.cairn, "export", scene, "-o", runtime], capture_output=True, text=True)
    check(exported.returncode == 0, "cairn export failed: %s" % exported.stderr)

    shot = os.path.join(args.work, "demo_player.png")
    played = run_program(["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", args.player, "--size", "960x540",
                          runtime, "--frames", "20", "--screenshot", shot], timeout=120)
    check(played.returncode == 0, "the player failed (%d): %s" % (played.returncode, played.stderr))
    check("is missing" not in played.stderr, "a demo mesh is missing: %s" % played.stderr)
    image = read_png(shot)
    blue = count(image, lambda p: p[2] > 140 and p[2] > p[0] + 60 and p[2] > p[1] + 20)
    orange = count(image, lambda p: p[0] > 150 and 60 < p[1] < 140 and p[2] < 60)
    green = count(image, lambda p: p[1] > 90 and p[1] > p[0] + 20 and p[1] > p[2] + 30)
    magenta = count(image, lambda p: p[0] > 200 and p[2] > 200 and p[1] < 60)
    check(blue > 500, "the blue ball is not in the picture (%d pixels)" % blue)
    check(orange > 300, "the orange crate is not in the picture (%d pixels)" % orange)
    check(green > 1000, "the glTF trees are not in the picture (%d pixels)" % green)
    check(magenta == 0, "%d pixels of missing-mesh placeholder" % magenta)
    print("demo_export: ok (ball %d, crate %d, trees %d pixels)" % (blue, orange, green))


if __name__ == "__main__":
    main()
