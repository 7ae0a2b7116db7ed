#!/usr/bin/env python3
"""The whole-kernel bound of `warpspan ptx` on the nvcc fixtures: the bound proven for every
execution of a kernel (warps on different paths, branches serialised, loops at their bounds,
docs/ptx.md), term by term. A figure, not a test: it fails only when the tool itself fails.

usage: kernel_bound.py [--warpspan PATH] [--arch sm_70,sm_80,sm_90] [--warps 8,32,64]

For each fixture entry, architecture and W it runs `warpspan ptx FIXTURE --entry E --arch A
--warps W --method bound --json` (sm_70 with the sm_80 expansion table, as the fixtures are compiled
for sm_80) and prints the least of the count-only terms without the run-exit term (`before`: the
bound as it was before that term, from the same run), the kernel bound itself (`after`) and their
ratio; the summary gives the mean, median and least ratio. Each case takes milliseconds.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "ptx")

# (file, entry, loop-bound file or None): one compilation of each kernel of tests/fixtures/ptx.
ENTRIES = [
    ("axpby.sm80.ptx", "axpby", None), ("softmax.sm80.ptx", "softmax_row", "softmax.bounds"),
    ("nbody.sm80.ptx", "nbody_step", "nbody.bounds"), ("stencil.sm80.ptx", "stencil5", None),
    ("horner.sm80.ptx", "horner_dp", None), ("warp_reduce.sm80.ptx", "warp_reduce", "warp_reduce.bounds"),
    ("histogram.sm80.ptx", "histogram", "histogram.bounds"), ("mathlib.sm80.ptx", "mathlib_f32", None),
    ("mathlib.sm80.ptx", "mathlib_f64", None), ("intdiv.sm80.ptx", "intdiv", None),
    ("branches.sm80.ptx", "classify", None), ("noinline.sm80.ptx", "smooth2", None),
    ("transpose.sm80.ptx", "transpose", None), ("scan.sm80.ptx", "block_scan", "scan.bounds"),
    ("matmul.sm80.ptx", "matmul", "matmul.bounds"), ("normalize.sm80.ptx", "normalize3", None),
    ("normalize.sm80.ptx", "normalize2_dp", None), ("voronoi.sm75.ptx", "voronoi", "voronoi.bounds"),
    ("saxpy.sm75.ptx", "saxpy", None), ("reduce.sm75.ptx", "reduce", "reduce.bounds"),
    ("sfu.sm75.ptx", "sfu", None), ("dp.sm75.ptx", "dp", None),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--warpspan", default=os.path.join(ROOT, "build", "host", "warpspan"))
    ap.add_argument("--arch", default="sm_70,sm_80,sm_90")
    ap.add_argument("--warps", default="8,32,64")
    a = ap.parse_args()
    print("whole-kernel bound of warpspan ptx: before = least term without the run-exit term, after = the bound")
    print("%-26s %-6s %3s | %9s %9s | %6s" % ("kernel:entry", "arch", "W", "before", "after", "ratio"))
    ratios = []
    for name, entry, bounds in ENTRIES:
        for arch in a.arch.split(","):
            for w in a.warps.split(","):
                cmd = [a.warpspan, "ptx", os.path.join(FIXTURES, name), "--entry", entry, "--arch", arch,
                       "--warps", w, "--method", "bound", "--json", "--quiet"]
                if bounds:
                    cmd += ["--loop-bounds", os.path.join(FIXTURES, bounds)]
                if arch == "sm_70":
                    cmd += ["--expansion-arch", "sm_80"]
                r = subprocess.run(cmd, capture_output=True, text=True)
                j = json.loads(r.stdout)
                if "kernel_bound" not in j:
                    sys.exit("kernel_bound.py: %s: %s" % (" ".join(cmd), j.get("error", {}).get("message", r.stderr)))
                kb = j["kernel_bound"]
                before = min(v for k, v in kb["terms"].items() if k != "exits")
                after = kb["upper"]
                ratios.append(after / before)
                print("%-26s %-6s %3s | %9d %9d | %6.4f" % (name.split(".")[0] + ":" + entry, arch, w, before, after,
                                                           after / before))
    print("%d cases: after/before mean %.4f, median %.4f, least %.4f; lower on %d" %
          (len(ratios), statistics.mean(ratios), statistics.median(ratios), min(ratios),
           sum(1 for x in ratios if x < 1)))


if __name__ == "__main__":
    main()
