#!/usr/bin/env python3
"""T(W) of the Voronoi benchmark (paper 003: L5 C9 L2 C9, sigma_L 1, sigma_C 4, 4 schedulers) for
W = 1..N, as docs/voronoi.md publishes it: for each W one run of

    warpspan examples/voronoi.cfg --warps W --method lower,exact --work WORK --timeout S \
        --threads T --memory MIB --json

(the witness search with a work budget, so its schedule is the same on every machine; then the exact
search from that schedule, on T threads, until it settles T(W) or S seconds pass). It prints one
Markdown row per W and writes each lower end's witness to OUT/voronoi-wW-LOWER.txt, which
`warpspan examples/voronoi.cfg --warps W --witness "$(cat FILE)"` checks.

    tools/voronoi_table.py [--warpspan build/warpspan] [--max-warps 16] [--seconds 600]
                           [--threads 2] [--memory 6144] [--work 20000000] [--out docs/witnesses]
                           [--from 1] [--json FILE]
"""
import argparse
import json
import os
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warpspan", default="build/warpspan")
    ap.add_argument("--config", default="examples/voronoi.cfg")
    ap.add_argument("--max-warps", type=int, default=16)
    ap.add_argument("--from", dest="first", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--memory", type=int, default=6144)
    ap.add_argument("--work", type=int, default=20000000)
    ap.add_argument("--out", default="docs/witnesses")
    ap.add_argument("--json", help="append each run's JSON output to this file")
    a = ap.parse_args()
    print("| W | T(W) | lower: witnessed by | upper: proven by | exact search | exact s | total s | witness |")
    print("| ---: | ---: | --- | --- | --- | ---: | ---: | --- |")
    for w in range(a.first, a.max_warps + 1):
        cmd = [a.warpspan, a.config, "--warps", str(w), "--method", "lower,exact", "--work", str(a.work),
               "--timeout", str(a.seconds), "--threads", str(a.threads), "--memory", str(a.memory), "--json"]
        start = time.monotonic()
        run = subprocess.run(cmd, capture_output=True, text=True)
        seconds = time.monotonic() - start
        if run.returncode not in (0, 3):
            sys.exit(f"voronoi_table: W={w}: exit {run.returncode}: {run.stderr.strip()}")
        d = json.loads(run.stdout)
        lower, upper = d["lower"], d["upper"]
        e = d["results"]["exact"]
        lo = d["results"]["lower"]
        by_lower = lo["lower"] == lower  # the witness search's schedule: the same on every machine
        string = lo["witness"] if by_lower else e["witness"]
        lower_from = "lower (witness search)" if by_lower else "exact search"
        upper_from = "exact search" if e["upper"] == upper else "closed-form bound"
        name = f"voronoi-w{w}-{lower}.txt"
        os.makedirs(a.out, exist_ok=True)
        with open(os.path.join(a.out, name), "w") as f:
            f.write(",".join(str(x) for x in string) + "\n")
        value = str(lower) if lower == upper else f"[{lower}, {upper}]"
        probes = f"{e['probes']} probe" + ("" if e["probes"] == 1 else "s")
        search = f"{e['status']}, {probes}, {e['expanded']:,} states"
        print(f"| {w} | {value} | {lower_from} | {upper_from} | {search} | {e['seconds']:.1f} | "
              f"{seconds:.1f} | [{name}](witnesses/{name}) |", flush=True)
        if a.json:
            with open(a.json, "a") as f:
                f.write(run.stdout.strip() + "\n")


if __name__ == "__main__":
    main()
