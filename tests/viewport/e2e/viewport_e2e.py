"""Helpers for the Viewport's end-to-end tests.

They build on the editor's e2e helpers (tests/editor_e2e/editor_e2e.py:
Xvfb, replay Sessions that find widgets through the editor's widget map,
scene files) and add what the viewport needs: where the viewport image is in
the window, where a world point appears in it (the editor camera's
projection, recomputed here from the camera saved in the scene), and reading
the screenshots' pixels.
"""

import math
import os
import shutil
import struct
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "editor_e2e"))

from editor_e2e import check, fail  # noqa: E402  (after the path is set)

# EditorCamera's default vertical field of view (render/src/editor_camera.cpp).
FOV_Y_DEGREES = 50.0
# RenderSettings::clear_color, as 8-bit sRGB: what the viewport shows where nothing is drawn.
BACKGROUND = (48, 51, 56)


# ---- PNG ------------------------------------------------------------------------


class Image:
    def __init__(self, width, height, channels, rows):
        self.width = width
        self.height = height
        self.channels = channels
        self.rows = rows  # bytes per row, no filter byte

    def at(self, x, y):
        x = int(x)
        y = int(y)
        check(0 <= x < self.width and 0 <= y < self.height, "pixel (%d, %d) is outside the %dx%d screenshot" % (
            x, y, self.width, self.height))
        offset = x * self.channels
        return tuple(self.rows[y][offset:offset + 3])


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(path):
    """Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what the editor writes)."""
    check(os.path.exists(path), "screenshot %s was not written" % path)
    with open(path, "rb") as f:
        data = f.read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "%s is not a PNG file" % path)
    position = 8
    idat = b""
    width = height = channels = 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            check(depth == 8 and colour in (2, 6) and interlace == 0, "%s: unsupported PNG layout" % path)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    rows = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                line[i] = (line[i] + _paeth(left, up, up_left)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return Image(width, height, channels, rows)


# ---- Where things are ----------------------------------------------------------------


def near(pixel, colour, tolerance=4):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def viewport_canvas(session, screenshot):
    """The viewport image's rectangle (x, y, w, h) in window pixels.

    The Viewport panel's box comes from the widget map; the image fills the
    panel below its title bar, whose height is read off `screenshot` (the
    first row, down the panel's centre column, that shows the background),
    so a theme change cannot shift every position the test computes.
    """
    x, y, w, h = session.where("panel/Viewport")
    column = x + w / 2.0
    for row in range(int(y) + 1, int(y + h / 2)):
        if near(screenshot.at(column, row), BACKGROUND) and near(screenshot.at(column, row + 3), BACKGROUND):
            return (x, float(row), w, y + h - row)
    fail("the viewport's image was not found below its title bar (no background-coloured rows at x=%d)" % column)


def _sub(a, b):
    return [a[i] - b[i] for i in range(3)]


def _dot(a, b):
    return sum(a[i] * b[i] for i in range(3))


def _cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _normalize(a):
    length = math.sqrt(_dot(a, a))
    return [c / length for c in a]


class CameraView:
    """The editor camera at `position` looking at `target` (perspective, world
    up +Y), seen through a canvas (x, y, w, h) of the window."""

    def __init__(self, position, target, canvas):
        self.position = list(position)
        self.canvas = canvas
        self.forward = _normalize(_sub(target, position))
        self.right = _normalize(_cross(self.forward, [0.0, 1.0, 0.0]))
        self.up = _cross(self.right, self.forward)
        self.tan_half_fov = math.tan(math.radians(FOV_Y_DEGREES) / 2.0)

    def depth(self, point):
        return _dot(_sub(point, self.position), self.forward)

    def to_window(self, point):
        """Window pixel (x, y) where the world point appears."""
        x0, y0, w, h = self.canvas
        d = _sub(point, self.position)
        z = _dot(d, self.forward)
        check(z > 0, "point %s is behind the camera" % (point,))
        ndc_x = _dot(d, self.right) / (z * self.tan_half_fov * (w / h))
        ndc_y = _dot(d, self.up) / (z * self.tan_half_fov)
        return (x0 + (ndc_x + 1.0) * 0.5 * w, y0 + (1.0 - ndc_y) * 0.5 * h)

    def pixels_per_unit(self, point):
        """Screen pixels one world unit spans at the point's depth."""
        return self.canvas[3] / (2.0 * self.depth(point) * self.tan_half_fov)


def scratch_screenshot(session, name="calibrate.png"):
    """The window after the script so far, from a scratch run in a copy of the seed folder."""
    scratch = tempfile.mkdtemp(prefix="cairn-viewport-e2e-")
    try:
        folder = os.path.join(scratch, "run")
        shutil.copytree(session.seed, folder, symlinks=True)
        result = session._run(folder, session.lines + ["wait 2", "screenshot " + name])
        if result.returncode != 0:
            fail("scratch run failed (%d):\n%s" % (result.returncode, result.stderr))
        return read_png(os.path.join(folder, name))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def reddish(pixel, margin=60):
    r, g, b = pixel
    return r > 120 and r > g + margin and r > b + margin


def outline_orange(pixel):
    """RenderSettings::outline_primary_color (1.0, 0.55, 0.10)."""
    r, g, b = pixel
    return r > 200 and 90 < g < 190 and b < 90
