"""The Gatehouse example's game module end to end under Xvfb, in the editor
and in cairn-player. The example is copied with its module built where its
project names it (build/libgatehouse.so).

Editor (--trust-module, a replay script): Play, and after 2.5 s the door has
slid to its target, the spawner's three crates stand beside it and the alarm
is red; the Console says the module loaded; Stop shows the scene as it was
(no crates, the alarm green, the title without '*') and the scene file is the
same bytes. Player: the same picture after 120 frames with nothing on stderr
about unplayed components; without the module file it names the three
components no system plays; with --module naming a module built for other
definitions it refuses with the difference."""

import argparse
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "editor_e2e"))
from editor_e2e import check, read_png, run_program  # noqa: E402

EXAMPLE = os.path.join(HERE, "..", "..", "examples", "gatehouse")
XVFB = ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24"]


def count(image, test, box):
    width, height, rows = image
    x0, y0, x1, y1 = box
    return sum(1 for y in range(y0, min(y1, height)) for x in range(x0, min(x1, width)) if test(rows[y][x]))


def wood(p):  # a crate's lit faces
    return p[0] > 110 and 70 < p[1] < p[0] and p[2] < p[1] - 20


def red(p):  # the ringing alarm, lit or in shade
    return p[0] > 90 and p[0] > 2 * p[1] and p[0] > 2 * p[2]


def green(p):  # the quiet alarm (the ground's green is far greyer)
    return p[1] > 90 and p[1] > 1.8 * p[0] and p[1] > 1.8 * p[2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--editor", required=True)
    parser.add_argument("--player", required=True)
    parser.add_argument("--module", required=True)
    parser.add_argument("--changed-module", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    if shutil.which("xvfb-run") is None:
        print("game_module: skipped (no xvfb-run)")
        sys.exit(77)
    shutil.rmtree(args.work, ignore_errors=True)
    root = os.path.join(args.work, "gatehouse")
    os.makedirs(os.path.join(root, "build"))
    shutil.copy(os.path.join(EXAMPLE, "cairn.project.json"), root)
    shutil.copytree(os.path.join(EXAMPLE, "levels"), os.path.join(root, "levels"))
    shutil.copy(args.module, os.path.join(root, "build", "libgatehouse.so"))
    scene = os.path.join(root, "levels", "gatehouse.scene")
    with open(scene, "rb") as f:
        scene_bytes = f.read()
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(args.work, "config"),
               XDG_STATE_HOME=os.path.join(args.work, "state"))

    # ---- The editor ----
    playing = os.path.join(args.work, "playing.png")
    stopped = os.path.join(args.work, "stopped.png")
    script = os.path.join(args.work, "play.txt")
    with open(script, "w") as f:
        f.write("wait 10\nexpect-log \"Loaded the module 'gatehouse'\"\nkey ctrl+p\nwait 150\n"
                "expect-log \"Playing\"\nscreenshot %s\nkey ctrl+p\nwait 5\nexpect-title \"gatehouse.scene\"\n"
                "screenshot %s\n" % (playing, stopped))
    result = run_program(XVFB + [args.editor, "--trust-module", "--replay", script, scene], timeout=180, env=env,
                         cwd=root)
    check(result.returncode == 0, "the editor failed (%d): %s" % (result.returncode, result.stderr))
    during, after = read_png(playing), read_png(stopped)
    crates = (380, 320, 620, 400)  # where the three crates stand, left of the centre
    alarm = (690, 250, 740, 295)
    check(count(during, wood, crates) > 1500, "no crates while playing (%d wood pixels)" % count(during, wood, crates))
    check(count(during, red, alarm) > 120, "the alarm is not red while playing (%d)" % count(during, red, alarm))
    check(count(after, wood, crates) < 100, "crates are left after Stop (%d)" % count(after, wood, crates))
    check(count(after, green, alarm) > 120, "the alarm is not green after Stop (%d)" % count(after, green, alarm))
    with open(scene, "rb") as f:
        check(f.read() == scene_bytes, "the scene file changed")

    # ---- The player ----
    shot = os.path.join(args.work, "player.png")
    result = run_program(XVFB + [args.player, "--frames", "150", "--screenshot", shot, scene], timeout=120, env=env)
    check(result.returncode == 0, "the player failed (%d): %s" % (result.returncode, result.stderr))
    check("no system plays" not in result.stderr, "the player names unplayed components: %r" % result.stderr)
    image = read_png(shot)
    check(count(image, wood, (350, 300, 660, 400)) > 1500, "no crates in the player (%d)" %
          count(image, wood, (350, 300, 660, 400)))
    check(count(image, red, (780, 195, 830, 240)) > 120, "the alarm is not red in the player (%d)" %
          count(image, red, (780, 195, 830, 240)))

    os.remove(os.path.join(root, "build", "libgatehouse.so"))
    result = run_program(XVFB + [args.player, "--frames", "2", scene], timeout=120, env=env)
    check(result.returncode == 0, "the player failed without its module: %s" % result.stderr)
    for name in ("Alarm", "Door", "Spawner"):
        check("no system plays component %s" % name in result.stderr, "%s is not named: %r" % (name, result.stderr))
    check("there is no such file (build the module first)" in result.stderr, "no reason: %r" % result.stderr)

    result = run_program(XVFB + [args.player, "--module", args.changed_module, "--frames", "2", scene], timeout=120,
                         env=env)
    check(result.returncode == 1 and "Door.speed: int in the module, float in the project" in result.stderr,
          "a module for other definitions: exit %d, %r" % (result.returncode, result.stderr))
    print("game_module: ok")


if __name__ == "__main__":
    main()
