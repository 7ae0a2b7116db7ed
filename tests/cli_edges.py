#!/usr/bin/env python3
"""The CLI at its edges (issue 18): every "Why" bullet of the hostile-input review as a row, run
against the built tool. A row gives the arguments, where stdout goes (a pipe or /dev/full), the exit
status, a text the error must contain, and optional checks of the JSON, the output size and the time
(time only with --full: a figure of a loaded machine is no test). No row may crash (exit >= 128 or a
sanitizer report) or print nothing on failure.

usage: cli_edges.py [--warpspan PATH] [--full]
The default rows take a few seconds (make check); --full adds the slow ones (make stress).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
VORONOI = ["--kernel", "L5 C9 L2 C9", "--units", "L=32,C=128", "--schedulers", "4"]
# With three schedulers: with four, the run-entry bound (docs/bounds.md 5c) settles T(16) in a moment.
VORONOI3 = ["--kernel", "L5 C9 L2 C9", "--units", "L=32,C=128", "--schedulers", "3"]


def rows(tmp, full):
    ptx = os.path.join(ROOT, "tests", "fixtures", "ptx", "axpby.sm80.ptx")
    ipet = os.path.join(ROOT, "tests", "fixtures", "loop.ipet")
    pws_dir = os.path.join(ROOT, "tests", "fixtures", "pws")
    pws = [os.path.join(pws_dir, "diamond.pws")]
    svg = os.path.join(tmp, "x.svg")
    # (name, args, stdout, exit, error text, extra checks)
    yield ("restarts 2^64-1", ["--kernel", "LLC", "--warps", "4", "--method", "anneal", "--restarts",
                               "18446744073709551615", "--iterations", "10"], None, 64, "out of range 1..65536", {})
    yield ("restarts 10^8", ["--kernel", "LLC", "--warps", "4", "--method", "anneal", "--restarts", "100000000"],
           None, 64, "--restarts: '100000000' is out of range 1..65536", {})
    yield ("budget 8e17 is no memory stop", VORONOI + ["--warps", "16", "--method", "exact", "--budget",
                                                        "807045053224792896", "--timeout", "0.3", "--json"],
           None, 0, None, {"exact_status": ("time", "optimal"), "min_stored": 1000})
    yield ("memory beyond the machine", ["--kernel", "LLC", "--warps", "4", "--method", "exact", "--memory",
                                         "16777216"], None, 71, "--memory: the workspace could not be allocated", {})
    yield ("memory beyond the machine json", ["--kernel", "LLC", "--warps", "4", "--method", "exact", "--memory",
                                              "16777216", "--json"], None, 71, None, {"json_error": "allocation"})
    yield ("svg to /dev/full", ["--kernel", "LLC", "--warps", "2", "--witness", "1,2,1,2,1,2", "--svg", "/dev/full"],
           None, 74, "--svg: cannot write '/dev/full'", {})
    yield ("plot to /dev/full", ["--kernel", "LLC", "--warps", "2", "--method", "anneal", "--iterations", "50",
                                 "--plot", "/dev/full"], None, 74, "cannot write '/dev/full'", {})
    yield ("convergence to /dev/full", ["--kernel", "LLC", "--warps", "2", "--method", "anneal", "--iterations",
                                        "50", "--convergence", "/dev/full"], None, 74, "cannot write '/dev/full'", {})
    yield ("svg without a witness method", ["--kernel", "LLC", "--warps", "2", "--svg", svg], None, 64,
           "--svg: draws a witness schedule", {})
    yield ("report to /dev/full", ["--kernel", "LLC", "--warps", "2"], "/dev/full", 74, "cannot write stdout", {})
    yield ("help to /dev/full", ["--help"], "/dev/full", 74, "cannot write stdout", {})
    yield ("version to /dev/full", ["--version"], "/dev/full", 74, "cannot write stdout", {})
    yield ("ptx to /dev/full", ["ptx", ptx, "--entry", "axpby"], "/dev/full", 74, "cannot write stdout", {})
    yield ("ipet to /dev/full", ["ipet", ipet], "/dev/full", 74, "cannot write stdout", {})
    yield ("pws to /dev/full", ["pws", pws[0]], "/dev/full", 74, "cannot write stdout", {})
    yield ("units twice", ["--kernel", "LLC", "--warps", "4", "--units", "L=32,L=64"], None, 64,
           "--units: L given twice", {})
    yield ("threads 2^32", ["--kernel", "L", "--warps", "1", "--threads", "4294967296"], None, 64,
           "'4294967296' is out of range 1..4096", {})
    yield ("threads 2^32+1", ["--kernel", "L", "--warps", "1", "--threads", "4294967297"], None, 64,
           "'4294967297' is out of range 1..4096", {})
    yield ("threads 0", ["--kernel", "L", "--warps", "1", "--threads", "0"], None, 64, "out of range 1..4096", {})
    yield ("timeout in hex", ["--kernel", "L", "--warps", "1", "--method", "exact", "--timeout", "0x10"], None, 64,
           "'0x10' is not a decimal number", {})
    yield ("timeout with exponent", ["--kernel", "L", "--warps", "1", "--method", "exact", "--timeout", "1e3"], None,
           64, "is not a decimal number", {})
    yield ("warps in hex", ["--kernel", "L", "--warps", "0x10"], None, 64, "not a decimal integer", {})
    yield ("witness trailing comma", ["--kernel", "LLC", "--warps", "1", "--witness", "1,1,1,"], None, 64,
           "empty item 4", {})
    yield ("witness empty item", ["--kernel", "LLC", "--warps", "1", "--witness", "1,,1,1"], None, 64,
           "empty item 2", {})
    yield ("witness 2^32+1", ["--kernel", "LL", "--warps", "2", "--witness", "1,2,1,4294967297"], None, 64,
           "item 4: '4294967297' is out of range 1..65536", {})
    yield ("pws workgroups 0", ["pws", "--workgroups", "0"] + pws[:1], None, 64,
           "--workgroups: '0' is out of range (at least 1)", {})
    yield ("config is a directory", [tmp], None, 1, "it is a directory, not a file", {})
    yield ("ptx is a directory", ["ptx", tmp], None, 1, "it is a directory, not a file", {})
    yield ("pws is a directory", ["pws", tmp], None, 1, "it is a directory, not a file", {})
    yield ("ipet is a directory", ["ipet", tmp], None, 1, "it is a directory, not a file", {})
    yield ("config is /dev/zero", ["/dev/zero"], None, 1, "never ends", {})
    yield ("ptx is /dev/zero", ["ptx", "/dev/zero"], None, 1, "never ends", {})
    yield ("long kernel summarised", ["--kernel", "L20", "--units", "L=1", "--warp-size", "1024", "--latency",
                                      "L=1024", "--warps", "2", "--json"], None, 0, None, {"max_bytes": 4096})
    yield ("exact json says time", VORONOI3 + ["--warps", "16", "--method", "exact", "--timeout", "0.2", "--json"],
           None, 0, None, {"exact_status": ("time",)})
    yield ("exact json says budget", VORONOI + ["--warps", "16", "--method", "exact", "--budget", "100", "--json"],
           None, 0, None, {"exact_status": ("budget",)})
    yield ("exact json says memory", VORONOI3 + ["--warps", "16", "--method", "exact", "--memory", "1", "--json"],
           None, 0, None, {"exact_status": ("memory",)})
    if full:
        long_kernel = "LC" * 10000
        yield ("anneal on 20000 segments in 1 s", ["--kernel", long_kernel, "--warps", "4", "--method", "anneal",
                                                   "--timeout", "1", "--threads", "1", "--json"],
               None, 0, None, {"max_seconds": 1.0 * 1.1 + 0.05 + 1.0})
        yield ("exact at W = 65536 in 1 s", ["--kernel", "LLL", "--warps", "65536", "--method", "exact",
                                             "--timeout", "1", "--json"], None, 0, None,
               {"max_seconds": 1.0 * 1.1 + 0.05 + 1.0})
        yield ("1 GB kernel summarised", ["--kernel", "L1000", "--units", "L=1", "--warp-size", "1024", "--latency",
                                          "L=1024", "--warps", "2", "--json"], None, 0, None, {"max_bytes": 4096})


def run_row(warpspan, row):
    name, args, stdout, want_exit, want_text, extra = row
    out_file = open(stdout, "w") if stdout else subprocess.PIPE
    start = time.monotonic()
    try:
        p = subprocess.run([warpspan] + args, stdout=out_file, stderr=subprocess.PIPE, timeout=300)
    finally:
        if stdout:
            out_file.close()
    taken = time.monotonic() - start
    err = p.stderr.decode(errors="replace")
    out = p.stdout if p.stdout is not None else b""
    problems = []
    if p.returncode != want_exit:
        problems.append("exit %d, expected %d" % (p.returncode, want_exit))
    if p.returncode < 0 or p.returncode >= 128 or "runtime error" in err or "ERROR: AddressSanitizer" in err \
            or "ERROR: LeakSanitizer" in err:
        problems.append("crashed: %s" % err.strip()[:300])
    if want_text is not None and want_text not in err:
        problems.append("stderr lacks %r" % want_text)
    if p.returncode != 0 and not err.strip() and "json_error" not in extra:
        problems.append("failed without a message")
    if "max_bytes" in extra and len(out) > extra["max_bytes"]:
        problems.append("%d bytes of output, at most %d" % (len(out), extra["max_bytes"]))
    if "max_seconds" in extra and taken > extra["max_seconds"]:
        problems.append("took %.2f s, at most %.2f" % (taken, extra["max_seconds"]))
    if "exact_status" in extra or "min_stored" in extra:
        ex = json.loads(out)["results"]["exact"]
        if ex["status"] not in extra.get("exact_status", (ex["status"],)):
            problems.append("exact status %r, expected one of %r" % (ex["status"], extra["exact_status"]))
        if ex["stored"] < extra.get("min_stored", 0) and ex["status"] != "optimal":
            problems.append("exact stored only %d states (stopped by %s)" % (ex["stored"], ex["stopped_by"]))
    if "json_error" in extra:
        e = json.loads(out)
        if e["error"]["status"] != extra["json_error"] or e["exit"] != want_exit:
            problems.append("JSON error %r" % e["error"])
    return name, taken, problems


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--warpspan", default=os.path.join(ROOT, "build", "host", "warpspan"))
    ap.add_argument("--full", action="store_true")
    a = ap.parse_args(argv)
    failures = 0
    count = 0
    with tempfile.TemporaryDirectory() as tmp:
        for row in rows(tmp, a.full):
            name, taken, problems = run_row(a.warpspan, row)
            count += 1
            print("%-4s %-36s %6.2f s%s" % ("ok" if not problems else "FAIL", name, taken,
                                            "" if not problems else "   " + "; ".join(problems)))
            failures += bool(problems)
    print("cli_edges: %d rows, %d failures" % (count, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
