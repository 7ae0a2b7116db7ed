#!/usr/bin/env python3
"""Which end of the bracket is loose on real kernels: at small W, where the exact search settles
T(W) in most cases within seconds, each nvcc fixture's least proven bound of `--method bound`
(upper/T; the closed forms and, on the host, the slot LP) and the witness search's best schedule
(T/witness) are set against T(W). A figure, not a test: it fails only when the tool itself fails.

usage: which_end.py [--warpspan PATH] [--seconds S] [--warps 2,3,4] [--quick]
                    [--exact-seconds X [--threads N] [--memory MIB]]

The lower method always spends its whole budget, so a case takes about one to two budgets
(27 cases at 10 s: about 6 minutes).

Each case runs `warpspan ptx FIXTURE --arch ARCH --warps W --method bound,lower,exact --timeout S
--threads 1 --json` (the budget applies to each method). With --exact-seconds X the exact search runs
on its own instead, `--method exact --timeout X --threads N --memory MIB` (so that a long exact budget
does not lengthen the lower method's). Where the exact search does not finish, its bracket is shown
and the case is left out of the ratios.
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

# (fixture, arch): the nine kernels of the bracket benchmark, on sm_70 where the fixture's
# instructions have an expansion table there, else sm_80.
CASES = [
    ("saxpy.sm75", "sm_70"), ("sfu.sm75", "sm_80"), ("branches.sm80", "sm_70"),
    ("stencil.sm80", "sm_70"), ("horner.sm80", "sm_70"), ("noinline.sm80", "sm_70"),
    ("transpose.sm80", "sm_70"), ("intdiv.sm80", "sm_80"), ("dp.sm75", "sm_80"),
]


def run_json(warpspan, fixture, arch, warps, methods, seconds, extra):
    cmd = [warpspan, "ptx", os.path.join(FIXTURES, fixture + ".ptx"), "--arch", arch,
           "--warps", str(warps), "--method", methods, "--timeout", "%g" % seconds, "--json"] + extra
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=30 * seconds + 60)
    if p.returncode != 0:
        sys.exit("which_end: %s failed (exit %d): %s" % (" ".join(cmd), p.returncode, p.stderr.strip()))
    return json.loads(p.stdout)["path_analysis"]["result"]


def run_case(warpspan, fixture, arch, warps, seconds, exact=None):
    """exact: None (exact in the same run as bound and lower), else (seconds, threads, MiB)."""
    if exact is None:
        res = run_json(warpspan, fixture, arch, warps, "bound,lower,exact", seconds, ["--threads", "1"])
        r = res["results"]
    else:
        res = run_json(warpspan, fixture, arch, warps, "bound,lower", seconds, ["--threads", "1"])
        r = dict(res["results"])
        r["exact"] = run_json(warpspan, fixture, arch, warps, "exact", exact[0],
                              ["--threads", str(exact[1]), "--memory", str(exact[2])])["results"]["exact"]
    return {
        "I": res["problem"]["length"],
        "bound": r["bound"]["upper"],
        "paper": r["bound"]["paper"],
        "witness": r["lower"]["lower"],
        "exact_lo": r["exact"]["lower"],
        "exact_up": r["exact"]["upper"],
        "settled": r["exact"]["status"] == "optimal",
    }


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--warpspan", default=os.path.join(ROOT, "build", "host", "warpspan"))
    ap.add_argument("--seconds", type=float, default=10.0, help="budget of each method (seconds)")
    ap.add_argument("--warps", default="2,3,4")
    ap.add_argument("--quick", action="store_true", help="three kernels only (with --warps 2: seconds)")
    ap.add_argument("--exact-seconds", type=float, help="run the exact search on its own with this budget")
    ap.add_argument("--threads", type=int, default=1, help="with --exact-seconds: the exact search's threads")
    ap.add_argument("--memory", type=int, default=4096, help="with --exact-seconds: its memory (MiB)")
    a = ap.parse_args(argv)
    exact = None if a.exact_seconds is None else (a.exact_seconds, a.threads, a.memory)
    cases = CASES[:3] if a.quick else CASES
    warps = [int(w) for w in a.warps.split(",")]
    budget = "%g s per method" % a.seconds if exact is None else "%g s for the lower method, %g s on %d thread%s " \
        "for the exact search" % (a.seconds, exact[0], exact[1], "" if exact[1] == 1 else "s")
    print("which end is loose: %s; T(W) from the exact search; upper = least proven "
          "bound (closed forms, slot LP), witness = the lower method's best schedule" % budget)
    print("%-10s %-6s %3s %3s | %6s %6s %6s | %6s %6s | %7s %7s" % (
        "kernel", "arch", "I", "W", "upper", "paper", "wit.", "T(W)", "", "upper/T", "T/wit."))
    up_ratios, wit_ratios, open_cases = [], [], 0
    for fixture, arch in cases:
        for w in warps:
            c = run_case(a.warpspan, fixture, arch, w, a.seconds, exact)
            if c["settled"]:
                t = c["exact_lo"]
                tcol = "%6d %6s" % (t, "")
                u, l = c["bound"] / t, t / c["witness"]
                up_ratios.append(u)
                wit_ratios.append(l)
                ratios = "%7.3f %7.3f" % (u, l)
            else:
                open_cases += 1
                # the witness is a validated lower bound too (the exact search alone may have less)
                tcol = "[%4d,%4d]" % (max(c["exact_lo"], c["witness"]), c["exact_up"])
                ratios = "%7s %7s" % ("-", "-")
            print("%-10s %-6s %3d %3d | %6d %6d %6d | %13s | %s" % (
                fixture.split(".")[0], arch, c["I"], w, c["bound"], c["paper"], c["witness"], tcol, ratios))
    n = len(up_ratios)
    if n:
        print("%d settled of %d: upper/T mean %.3f, max %.3f; T/witness mean %.3f, max %.3f" % (
            n, n + open_cases, statistics.mean(up_ratios), max(up_ratios),
            statistics.mean(wit_ratios), max(wit_ratios)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
