#!/usr/bin/env python3
"""Budgets as wall-clock promises (issue 18): runs `warpspan ... --timeout S` on inputs from tiny to
the limits (W up to 65536, kernels of up to 100000 segments) for every method that takes a time
budget, and prints the requested budget, the wall-clock time of the whole command (start-up, set-up,
initial schedules, search, decoding and output included) and the overrun against the goal
budget + 10 % + 50 ms. A figure, not a test: it fails only when the tool itself fails.

usage: budget_bench.py [--warpspan PATH] [--quick] [--timeout S]

--quick runs a few rows (for make stress's slice); without it every row (a few minutes).
"""

import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def rows(quick):
    """(label, arguments) from tiny to the limits."""
    long_kernel = lambda n: "LC" * (n // 2)
    out = [
        ("LLC W=4", ["--kernel", "LLC", "--warps", "4"]),
        ("Voronoi W=16", ["--kernel", "L5 C9 L2 C9", "--units", "L=32,C=128", "--schedulers", "4", "--warps", "16"]),
        ("LLL W=8192", ["--kernel", "LLL", "--warps", "8192"]),
        ("LLL W=65536", ["--kernel", "LLL", "--warps", "65536"]),
        ("LC*10000 (20000) W=4", ["--kernel", long_kernel(20000), "--warps", "4"]),
        ("LC*50000 (100000) W=2", ["--kernel", long_kernel(100000), "--warps", "2"]),
    ]
    methods = [["anneal", "--threads", "1"], ["exact"], ["lower", "--threads", "1"]]
    if quick:
        out = [out[0], out[3], out[4]]
        methods = methods[:2]
    for label, args in out:
        for m in methods:
            yield label, m[0], args + ["--method"] + m


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--warpspan", default=os.path.join(ROOT, "build", "host", "warpspan"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--timeout", type=float, default=1.0, help="the budget asked for (seconds)")
    a = ap.parse_args(argv)
    budget = a.timeout
    goal = budget * 1.10 + 0.05
    print("warpspan --timeout %g: wall-clock seconds of the whole command; goal <= %.3f s" % (budget, goal))
    print("%-24s %-7s %8s %8s %9s  %s" % ("input", "method", "budget", "taken", "overrun", "exit"))
    worst = None
    for label, method, args in rows(a.quick):
        cmd = [a.warpspan] + args + ["--timeout", "%g" % budget, "--json"]
        start = time.monotonic()
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
        taken = time.monotonic() - start
        over = taken - goal
        if worst is None or over > worst[0]:
            worst = (over, label, method, taken)
        print("%-24s %-7s %8.3f %8.3f %+9.3f  %d%s" % (label, method, budget, taken, over, p.returncode,
                                                      "" if p.returncode in (0, 3) else
                                                      "  " + p.stderr.decode(errors="replace").strip()[:80]))
        sys.stdout.flush()
    print("worst overrun against the goal: %+.3f s (%s, %s: %.3f s for a %g s budget)" %
          (worst[0], worst[1], worst[2], worst[3], budget))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
