#!/usr/bin/env python3
"""Checks the SVG plots of warpspan as a reader would see them.

usage: svg_check.py [--cases TEST_PLOTS] [--cli WARPSPAN] [--rsvg PATH] [--keep DIR] [SVG...]
       svg_check.py --selftest [--rsvg PATH]

The SVGs checked: every case of `TEST_PLOTS --write-svgs DIR` (tests/test_plots.cpp: Gantt charts,
convergence plots and table bracket plots of many shapes), the --svg and --plot files of one
`WARPSPAN examples/voronoi.cfg --method anneal` run, and any SVG named on the command line.

Each SVG must
  - be well-formed XML (xml.etree) with an <svg> root whose viewBox is "0 0 width height";
  - keep every <text> inside the viewBox, its box estimated with the same conservative widths as
    tools/warpspan/svg_writer.cpp (DejaVu Sans' advance widths rounded up per class of character),
    rotated texts included, and no two texts overlapping;
  - keep every text of a legend (<g class="legend">) inside the legend's frame, and the frame inside
    the viewBox;
  - have tick labels (<g class="ticks-x">, <g class="ticks-y">) that are numbers, equally spaced by a
    step of 1, 2 or 5 times a power of ten, each a multiple of the step.

Rendering with rsvg-convert (librsvg2-bin): one SVG of each kind and the CLI's two become PNGs, which
must have the SVG's size, be neither blank nor filled (between 0.5 % and 85 % of the pixels not
white, at least 4 colours), and have a white border of 2 px (nothing drawn to the edge, so nothing
clipped). The width estimate itself is checked against the renderer: every distinct text of every
SVG is drawn alone in a row of a calibration SVG, and its ink must end within its estimated width.

--keep DIR copies the SVGs and PNGs there (to look at them). --selftest checks the checker: each of
a set of broken SVGs must be reported for its fault, a sound one must pass, and the PNG reader must
read back the colours of a rendered test picture. Exit status 0 when all is well, 1 with
one line per problem otherwise, 2 for a usage error or a missing tool.
"""

import argparse
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

SVG_NS = "{http://www.w3.org/2000/svg}"
# The cases rendered to PNG: one of each kind (small ones: decoding a PNG in Python takes time).
RENDERED_CASES = ("gantt_lcl_w4.svg", "convergence_six.svg", "bracket_w16.svg")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Advance widths in em, the same classes as tools/warpspan/svg_writer.cpp.
NARROW = set(" .,:;'|!iIjl`")
MEDIUM = set('()[]-/\\frt"*')
WIDE = set("mwMW%@=+<>~#&^")


def char_em(c):
    if ord(c) >= 0x80:
        return 1.02
    if c in NARROW:
        return 0.42
    if c in MEDIUM:
        return 0.52
    if c in WIDE:
        return 1.02
    if "A" <= c <= "Z":
        return 0.82
    return 0.66


def text_width(text, size, bold):
    return sum(char_em(c) for c in text) * size * (1.15 if bold else 1.0)


class Text:
    """One <text> element and its estimated box (x0, y0, x1, y1) in SVG coordinates."""

    def __init__(self, element):
        self.content = "".join(element.itertext())
        self.size = float(element.get("font-size", "12"))
        self.bold = element.get("font-weight") == "bold"
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        w = text_width(self.content, self.size, self.bold)
        anchor = element.get("text-anchor", "start")
        a = {"start": 0.0, "middle": -w / 2, "end": -w}[anchor]
        b = a + w
        up, down = 0.8 * self.size, 0.25 * self.size  # DejaVu Sans: ascent 0.76 em, descent 0.24 em
        transform = element.get("transform")
        if transform is None:
            self.box = (x + a, y - up, x + b, y + down)
        else:
            m = re.fullmatch(r"rotate\((-?[\d.]+) (-?[\d.]+) (-?[\d.]+)\)", transform)
            if not m or float(m.group(1)) != -90 or float(m.group(2)) != x or float(m.group(3)) != y:
                raise ValueError("unsupported transform %r" % transform)
            # Rotated by -90 degrees about (x, y): the text runs upwards.
            self.box = (x - up, y - b, x + down, y - a)


def inside(box, frame, pad=0.0):
    return (box[0] >= frame[0] + pad and box[1] >= frame[1] + pad and box[2] <= frame[2] - pad
            and box[3] <= frame[3] - pad)


def overlap(a, b, tolerance=0.5):
    return (min(a[2], b[2]) - max(a[0], b[0]) > tolerance and min(a[3], b[3]) - max(a[1], b[1]) > tolerance)


def check_ticks(name, group, problems):
    labels = ["".join(t.itertext()) for t in group.iter(SVG_NS + "text")]
    if not labels:
        problems.append("%s: %s has no tick labels" % (name, group.get("class")))
        return
    try:
        values = [float(label) for label in labels]
    except ValueError:
        problems.append("%s: %s: a tick label is not a number: %s" % (name, group.get("class"), labels))
        return
    noisy = [label for label in labels if len(label.lstrip("-").replace(".", "").lstrip("0")) > 9]
    if noisy:
        problems.append("%s: %s: float noise in tick labels %s" % (name, group.get("class"), noisy))
        return
    if len(values) < 2:
        return
    step = values[1] - values[0]
    exponent = math.floor(math.log10(step) + 1e-9) if step > 0 else 0
    mantissa = step / 10 ** exponent if step > 0 else 0
    if not any(abs(mantissa - m) < 1e-6 for m in (1, 2, 5)):
        problems.append("%s: %s: step %g is not 1, 2 or 5 times a power of ten: %s"
                        % (name, group.get("class"), step, labels))
        return
    for k, v in enumerate(values):
        if abs(v - values[0] - k * step) > 1e-6 * step or abs(v / step - round(v / step)) > 1e-6:
            problems.append("%s: %s: ticks not equally spaced multiples of %g: %s"
                            % (name, group.get("class"), step, labels))
            return
    decimals = {len(label.split(".")[1]) if "." in label else 0 for label in labels}
    if len(decimals) != 1:
        problems.append("%s: %s: labels with different decimals: %s" % (name, group.get("class"), labels))


def check_svg(path, problems, texts_seen):
    """The structural checks; returns (width, height) or None."""
    name = os.path.basename(path)
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        problems.append("%s: not well-formed XML: %s" % (name, e))
        return None
    if root.tag != SVG_NS + "svg":
        problems.append("%s: the root is %s, not svg" % (name, root.tag))
        return None
    width, height = float(root.get("width")), float(root.get("height"))
    if root.get("viewBox", "").split() != ["0", "0", root.get("width"), root.get("height")]:
        problems.append("%s: viewBox %r does not match %sx%s" % (name, root.get("viewBox"), width, height))
    view = (0.0, 0.0, width, height)
    texts = []
    for element in root.iter(SVG_NS + "text"):
        try:
            t = Text(element)
        except ValueError as e:
            problems.append("%s: %s" % (name, e))
            continue
        if not t.content.strip():
            problems.append("%s: an empty text at %s" % (name, t.box))
        if not inside(t.box, view):
            problems.append("%s: text %r (box %s) leaves the %gx%g picture"
                            % (name, t.content, tuple(round(v, 1) for v in t.box), width, height))
        texts.append(t)
        texts_seen.add((t.content, t.size, t.bold))
    for i in range(len(texts)):
        for j in range(i + 1, len(texts)):
            if overlap(texts[i].box, texts[j].box):
                problems.append("%s: texts %r and %r overlap" % (name, texts[i].content, texts[j].content))
    legends = [g for g in root.iter(SVG_NS + "g") if g.get("class") == "legend"]
    for g in legends:
        frames = [r for r in g.iter(SVG_NS + "rect") if r.get("class") == "legend-frame"]
        if len(frames) != 1:
            problems.append("%s: a legend without its one frame" % name)
            continue
        r = frames[0]
        frame = (float(r.get("x")), float(r.get("y")), float(r.get("x")) + float(r.get("width")),
                 float(r.get("y")) + float(r.get("height")))
        if not inside(frame, view):
            problems.append("%s: the legend frame %s leaves the picture" % (name, frame))
        for element in g.iter(SVG_NS + "text"):
            t = Text(element)
            if not inside(t.box, frame, pad=2):
                problems.append("%s: legend text %r (box %s) leaves its frame %s"
                                % (name, t.content, tuple(round(v, 1) for v in t.box), frame))
    for g in root.iter(SVG_NS + "g"):
        if g.get("class") in ("ticks-x", "ticks-y"):
            check_ticks(name, g, problems)
    return width, height


# ---- PNG ------------------------------------------------------------------------------------------

def read_png(path):
    """(width, height, rows of RGB(A) bytes, bytes per pixel) of an 8-bit, non-interlaced PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width, height, bpp = 8, [], 0, 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError("unsupported PNG layout")
            bpp = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat.append(body)
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    low, high = int.from_bytes(b"\x7f" * stride, "big"), int.from_bytes(b"\x80" * stride, "big")
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 2:  # Up: a byte-wise sum without carries, on whole rows as integers
            a, b = int.from_bytes(line, "big"), int.from_bytes(prev, "big")
            line = bytearray((((a & low) + (b & low)) ^ ((a ^ b) & high)).to_bytes(stride, "big"))
        elif kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 3:
            for i in range(stride):
                line[i] = (line[i] + (((line[i - bpp] if i >= bpp else 0) + prev[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(bpp):
                line[i] = (line[i] + prev[i]) & 255
            for i in range(bpp, stride):
                a, b, c = line[i - bpp], prev[i], prev[i - bpp]
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows, bpp


# A byte below 230 is ink (antialiasing counts from a tenth of the way to black).
INK = bytes(1 if v < 230 else 0 for v in range(256))


def ink_flags(row, bpp):
    """One byte per pixel: 1 where any of its colour channels is ink."""
    flags = row.translate(INK)
    merged = int.from_bytes(flags[0::bpp], "big") | int.from_bytes(flags[1::bpp], "big") \
        | int.from_bytes(flags[2::bpp], "big")
    return merged.to_bytes(len(row) // bpp, "big")


def render(rsvg, svg, png):
    result = subprocess.run([rsvg, "--format=png", "-o", png, svg], capture_output=True, text=True)
    if result.returncode != 0:
        raise ValueError("rsvg-convert failed: %s" % result.stderr.strip())


def check_png(name, png, size, problems):
    width, height, rows, bpp = read_png(png)
    if (width, height) != (math.ceil(size[0]), math.ceil(size[1])):
        problems.append("%s: PNG is %dx%d, the SVG %gx%g" % (name, width, height, size[0], size[1]))
        return
    painted, colours = 0, set()
    for y, row in enumerate(rows):
        flags = ink_flags(row, bpp)
        painted += flags.count(1)
        colours.update(zip(row[0::bpp], row[1::bpp], row[2::bpp]))
        if flags[:2].count(1) or flags[-2:].count(1) or ((y < 2 or y >= height - 2) and flags.count(1)):
            problems.append("%s: ink in row %d on the 2 px border: something is clipped" % (name, y))
            return
    share = painted / float(width * height)
    if not 0.005 <= share <= 0.85 or len(colours) < 4:
        problems.append("%s: PNG looks trivial: %.1f %% painted, %d colours" % (name, 100 * share, len(colours)))


def calibration_set(texts):
    """The texts to draw for the calibration: every one that is not a number, and one number per
    shape (digits are equally wide in DejaVu Sans)."""
    chosen, shapes = [], set()
    for content, size, bold in sorted(texts):
        shape = re.sub(r"[0-9]", "8", content)
        if re.fullmatch(r"[0-9.\-]+", content):
            if (shape, size, bold) in shapes:
                continue
            shapes.add((shape, size, bold))
            content = shape  # 8 is among the widest digits
        chosen.append((content, size, bold))
    return chosen


def check_widths(rsvg, texts, workdir, problems):
    """Draws each text alone in a row and checks that its ink ends within the estimated width."""
    chosen = calibration_set(texts)
    left, rows, y = 10.0, [], 4.0
    for content, size, bold in chosen:
        top = y
        y += 1.1 * size
        rows.append((content, size, bold, top, y, y + 0.45 * size))
        y += 0.45 * size + 6
    width = math.ceil(left + max(text_width(c, s, b) for c, s, b in chosen) + 60)
    height = math.ceil(y + 4)
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
             'font-family="DejaVu Sans, Verdana, sans-serif"><rect width="%d" height="%d" fill="white"/>'
             % (width, height, width, height, width, height)]
    for content, size, bold, top, base, bottom in rows:
        parts.append('<text x="%g" y="%g" font-size="%g"%s>%s</text>'
                     % (left, base, size, ' font-weight="bold"' if bold else "",
                        content.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")))
    parts.append("</svg>\n")
    svg = os.path.join(workdir, "calibration.svg")
    with open(svg, "w", encoding="utf-8") as f:
        f.write("".join(parts))
    png = os.path.join(workdir, "calibration.png")
    render(rsvg, svg, png)
    w, h, pixels, bpp = read_png(png)
    for content, size, bold, top, base, bottom in rows:
        right = -1
        for yy in range(max(0, int(top)), min(h, int(math.ceil(bottom)) + 1)):
            right = max(right, ink_flags(pixels[yy], bpp).rfind(1))
        estimate = left + text_width(content, size, bold)
        if content.strip() and right < 0:
            problems.append("calibration: %r drew no ink (no font?)" % content)
        elif right + 1 > estimate + 0.5:
            problems.append("calibration: %r at %g px%s reaches x = %d, past its estimate %.1f"
                            % (content, size, " bold" if bold else "", right + 1, estimate))
    return len(chosen)


BROKEN = [
    # (what is wrong, SVG body, a word of the expected report)
    ("text past the right edge", '<text x="190" y="50" font-size="12">outside</text>', "leaves the"),
    ("rotated text past the top", '<text x="20" y="30" font-size="12" transform="rotate(-90 20 30)">'
                                  'a long vertical title</text>', "leaves the"),
    ("middle-anchored text past the left edge", '<text x="10" y="50" font-size="12" text-anchor="middle">'
                                                'centred</text>', "leaves the"),
    ("overlapping texts", '<text x="20" y="50" font-size="12">first</text>'
                          '<text x="40" y="52" font-size="12">second</text>', "overlap"),
    ("legend text outside its frame", '<g class="legend"><rect class="legend-frame" x="10" y="10" width="40" '
                                      'height="20" fill="white"/><text x="14" y="24" font-size="11">a long '
                                      'label</text></g>', "leaves its frame"),
    ("ticks 0, 3, 6", '<g class="ticks-x"><text x="20" y="80" font-size="11">0</text><text x="60" y="80" '
                      'font-size="11">3</text><text x="100" y="80" font-size="11">6</text></g>', "step 3"),
    ("ticks not equally spaced", '<g class="ticks-x"><text x="20" y="80" font-size="11">0</text><text x="60" '
                                 'y="80" font-size="11">2</text><text x="100" y="80" font-size="11">6</text></g>',
     "equally spaced"),
    ("ticks with float noise", '<g class="ticks-y"><text x="20" y="20" font-size="11">0.1</text><text x="20" '
                               'y="50" font-size="11">0.30000000000000004</text></g>', "float noise"),
    ("a tick that is no number", '<g class="ticks-y"><text x="20" y="20" font-size="11">ten</text></g>',
     "not a number"),
    ("mixed decimals", '<g class="ticks-x"><text x="20" y="80" font-size="11">0.5</text><text x="60" y="80" '
                       'font-size="11">1</text></g>', "different decimals"),
]


def selftest(rsvg):
    failures = []
    with tempfile.TemporaryDirectory(prefix="wsp_svg_selftest_") as work:
        def document(body, viewbox="0 0 200 100"):
            return ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="%s">%s</svg>'
                    % (viewbox, body))
        cases = [(what, document(body), word) for what, body, word in BROKEN]
        cases.append(("a viewBox that is not the size", document("", "0 0 100 100"), "viewBox"))
        cases.append(("not XML", "<svg xmlns='http://www.w3.org/2000/svg'><text></svg>", "well-formed"))
        cases.append(("sound", document('<text x="20" y="50" font-size="12">fits</text>'
                                        '<g class="ticks-x"><text x="20" y="80" font-size="11">0.0</text>'
                                        '<text x="60" y="80" font-size="11">0.5</text></g>'), None))
        for k, (what, text, word) in enumerate(cases):
            path = os.path.join(work, "case%d.svg" % k)
            with open(path, "w") as f:
                f.write(text)
            problems = []
            check_svg(path, problems, set())
            if word is None and problems:
                failures.append("%s: reported %s" % (what, problems))
            elif word is not None and not any(word in p for p in problems):
                failures.append("%s: not reported (got %s)" % (what, problems))
        # The PNG reader against a picture of known colours.
        path, png = os.path.join(work, "colours.svg"), os.path.join(work, "colours.png")
        with open(path, "w") as f:
            f.write(document('<rect width="200" height="100" fill="white"/>'
                             '<rect x="10" y="10" width="30" height="20" fill="#336699"/>'
                             '<rect x="100" y="40" width="50" height="50" fill="#f28e2b"/>'
                             '<circle cx="170" cy="20" r="8" fill="#222222"/>'))
        render(rsvg, path, png)
        width, height, rows, bpp = read_png(png)
        probes = {(20, 20): (0x33, 0x66, 0x99), (120, 60): (0xf2, 0x8e, 0x2b), (5, 5): (255, 255, 255),
                  (199, 99): (255, 255, 255), (60, 70): (255, 255, 255)}
        if (width, height) != (200, 100):
            failures.append("PNG reader: %dx%d, not 200x100" % (width, height))
        else:
            for (x, y), want in probes.items():
                got = tuple(rows[y][x * bpp:x * bpp + 3])
                if got != want:
                    failures.append("PNG reader: pixel (%d, %d) is %s, not %s" % (x, y, got, want))
            problems = []
            check_png("colours.png", png, (200, 100), problems)
            if problems:
                failures.append("PNG check of a sound picture: %s" % problems)
    for f in failures:
        print("svg_check selftest: " + f)
    print("svg_check selftest: %d broken SVGs, %s" % (len(BROKEN) + 2, "FAILED" if failures else "all reported"))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", help="test_plots, run with --write-svgs")
    parser.add_argument("--cli", help="the warpspan CLI, for one --svg and --plot run")
    parser.add_argument("--rsvg", default=shutil.which("rsvg-convert"), help="rsvg-convert")
    parser.add_argument("--keep", help="copy the SVGs and PNGs here")
    parser.add_argument("--selftest", action="store_true", help="check the checker")
    parser.add_argument("svgs", nargs="*")
    args = parser.parse_args()
    if not args.rsvg or not os.access(args.rsvg, os.X_OK):
        print("svg_check: rsvg-convert not found: apt-get install librsvg2-bin (make check does this)",
              file=sys.stderr)
        return 2
    if args.selftest:
        return selftest(args.rsvg)
    problems = []
    with tempfile.TemporaryDirectory(prefix="wsp_svg_") as work:
        svgs = list(args.svgs)
        rendered = []  # one of each kind, and the CLI's
        if args.cases:
            cases = os.path.join(work, "cases")
            subprocess.run([args.cases, "--write-svgs", cases], check=True)
            names = sorted(os.listdir(cases))
            svgs += [os.path.join(cases, n) for n in names]
            for one in RENDERED_CASES:
                if one not in names:
                    problems.append("no case %s" % one)
                    continue
                rendered.append(os.path.join(cases, one))
        if args.cli:
            cli = os.path.join(work, "cli")
            os.mkdir(cli)
            run = subprocess.run([args.cli, os.path.join(ROOT, "examples", "voronoi.cfg"), "--method", "anneal",
                                  "--iterations", "3000", "--seed", "1", "--quiet",
                                  "--svg", os.path.join(cli, "cli_gantt.svg"),
                                  "--plot", os.path.join(cli, "cli_convergence.svg")],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                problems.append("the CLI failed: %s" % run.stderr.strip())
            else:
                for n in ("cli_gantt.svg", "cli_convergence.svg"):
                    svgs.append(os.path.join(cli, n))
                    rendered.append(os.path.join(cli, n))
        rendered += args.svgs
        texts, sizes = set(), {}
        for svg in svgs:
            size = check_svg(svg, problems, texts)
            if size:
                sizes[svg] = size
        pngs = []
        for svg in rendered:
            if svg not in sizes:
                continue
            png = os.path.join(work, os.path.basename(svg)[:-4] + ".png")
            try:
                render(args.rsvg, svg, png)
                check_png(os.path.basename(png), png, sizes[svg], problems)
                pngs.append(png)
            except ValueError as e:
                problems.append("%s: %s" % (os.path.basename(svg), e))
        calibrated = check_widths(args.rsvg, texts, work, problems) if texts else 0
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            for f in svgs + pngs:
                shutil.copy(f, args.keep)
    for p in problems:
        print("svg_check: " + p)
    print("svg_check: %d SVGs checked, %d rendered, %d texts measured against the renderer: %s"
          % (len(svgs), len(rendered), calibrated, "problems above" if problems else "all well"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
