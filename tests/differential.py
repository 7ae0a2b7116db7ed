#!/usr/bin/env python3
"""Differential test of warpspan against an independent exhaustive oracle (issue 18).

Random small problems (kernels of 1-5 instructions, W = 1..4, sigma 1..3 or 1/2 per type, latency 1
or 2, scheduler limit 0..3) are given to `warpspan --method bound,exact,lower,anneal --json`, and
every answer is checked against code that shares nothing with the solver:

- T(W) from tools/brute_force_makespan.py (every work-conserving choice in every cycle, no bounds,
  no pruning), on a normalisation computed here from docs/model.md, not taken from the tool;
- every proven upper bound (results.bound) >= T(W), the paper's formula only where paper_safe;
- exact: status optimal, lower == upper == T(W);
- lower and anneal: lower <= T(W);
- every witness (exact, lower, anneal when printed) decoded here (paper 003 Fig. 4: each instruction in
  the earliest cycle that precedence, capacity and the scheduler limit allow) and the schedule checked
  here (precedence, capacity, scheduler limit, work conservation); its makespan is the claimed lower;
- the whole command within --timeout S (default 5 s; work budgets bound the methods, so this only
  catches a hang). Time budgets themselves are measured by tools/bench/budget_bench.py.

usage: differential.py [--warpspan PATH] [--cases N] [--seed S] [--jobs J]
The seed is printed; rerun a failure with --seed and --cases. Exit 1 on any mismatch.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import brute_force_makespan as oracle  # noqa: E402  (independent of the solver: plain enumeration)

TYPES = "LCSD"
WARP_SIZE = 32


def random_case(rng):
    n = rng.randint(1, 5)
    kernel = "".join(rng.choice("LLCCSD") for _ in range(n))
    units, latency = {}, {}
    for u in TYPES:
        r = rng.randrange(5)
        units[u] = WARP_SIZE // 2 if r == 4 else WARP_SIZE * (r % 3 + 1)
        latency[u] = 2 if rng.randrange(5) == 0 else 1
    return {"kernel": kernel, "warps": rng.randint(1, 4), "units": units, "latency": latency,
            "schedulers": rng.randrange(4)}


def normalise(case):
    """docs/model.md, "Normalisation": sigma = units / warp size; 1/n becomes n copies of sigma 1."""
    sigma, copies = {}, {}
    for u in TYPES:
        s, ws = case["units"][u], WARP_SIZE
        if s % ws == 0:
            sigma[u], n = s // ws, 1
        else:
            assert ws % s == 0
            sigma[u], n = 1, ws // s
        copies[u] = n * case["latency"][u]
    letters = "".join(c * copies[c] for c in case["kernel"])
    return letters, sigma


def decode(kernel, warps, sigma, schedulers, string):
    """Paper 003 Fig. 4, written here: returns cycles[w][i] (1-based cycles)."""
    length = len(kernel)
    nxt = [0] * warps
    last = [0] * warps
    count = {}
    cycles = [[0] * length for _ in range(warps)]
    for wid in string:
        w = wid - 1
        i = nxt[w]
        u = kernel[i]
        t = last[w] + 1
        while True:
            c = count.get(t, {})
            if c.get(u, 0) < sigma[u] and (schedulers == 0 or c.get("*", 0) < schedulers):
                break
            t += 1
        c = count.setdefault(t, {})
        c[u] = c.get(u, 0) + 1
        c["*"] = c.get("*", 0) + 1
        cycles[w][i] = t
        last[w] = t
        nxt[w] += 1
    return cycles


def check_schedule(kernel, warps, sigma, schedulers, cycles):
    """The model's rules, checked on the schedule matrix; returns (makespan, error or None)."""
    length = len(kernel)
    per = {}
    for w in range(warps):
        for i in range(length):
            t = cycles[w][i]
            if t < 1:
                return 0, "warp %d instruction %d in cycle %d" % (w + 1, i + 1, t)
            if i > 0 and t <= cycles[w][i - 1]:
                return 0, "precedence: warp %d instruction %d" % (w + 1, i + 1)
            per.setdefault(t, []).append(kernel[i])
    end = max(max(row) for row in cycles)
    for t, units in per.items():
        for u in TYPES:
            if units.count(u) > sigma[u]:
                return 0, "capacity of %s in cycle %d" % (u, t)
        if schedulers and len(units) > schedulers:
            return 0, "scheduler limit in cycle %d" % t
    for t in range(1, end + 1):
        units = per.get(t, [])
        full = bool(schedulers) and len(units) >= schedulers
        for w in range(warps):
            for i in range(length):
                ready = i == 0 or cycles[w][i - 1] < t
                if ready and cycles[w][i] > t:
                    u = kernel[i]
                    if not full and units.count(u) < sigma[u]:
                        return 0, "not work-conserving: warp %d waits in cycle %d beside spare %s" % (w + 1, t, u)
                    break
                if cycles[w][i] >= t:
                    break
    return end, None


def run_case(warpspan, case, timeout):
    units = ",".join("%s=%d" % (u, case["units"][u]) for u in TYPES)
    latency = ",".join("%s=%d" % (u, case["latency"][u]) for u in TYPES)
    cmd = [warpspan, "--kernel", case["kernel"], "--warps", str(case["warps"]), "--units", units,
           "--latency", latency, "--schedulers", str(case["schedulers"]), "--method", "bound,exact,lower,anneal",
           "--iterations", "300", "--work", "5000", "--threads", "1", "--json"]
    start = time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    taken = time.monotonic() - start
    return cmd, p, taken


def check(case, cmd, p, taken, timeout):
    """A list of failures (empty when every check holds)."""
    errors = []
    if p.returncode != 0:
        return ["exit %d: %s" % (p.returncode, p.stderr.decode(errors="replace").strip())]
    d = json.loads(p.stdout)
    letters, sigma = normalise(case)
    if d["problem"]["kernel"] != letters:
        errors.append("normalised kernel %s, expected %s" % (d["problem"]["kernel"], letters))
    W, S = case["warps"], case["schedulers"]
    T = oracle.worst_makespan(letters, [False] * len(letters), W, sigma, S, False)
    r = d["results"]
    b = r["bound"]
    for name, value in b.items():
        if name in ("paper", "paper_safe", "upper_from") or not isinstance(value, int):
            continue
        if value < T:
            errors.append("bound %s = %d < T(W) = %d" % (name, value, T))
    if b["paper_safe"] and b["paper"] < T:
        errors.append("paper formula marked safe: %d < T(W) = %d" % (b["paper"], T))
    ex = r["exact"]
    if ex["status"] != "optimal" or ex["lower"] != T or ex["upper"] != T:
        errors.append("exact %s [%d, %d], T(W) = %d" % (ex["status"], ex["lower"], ex["upper"], T))
    for method in ("exact", "lower", "anneal"):
        res = r.get(method, {})
        if res.get("lower", 0) > T:
            errors.append("%s lower %d > T(W) = %d" % (method, res["lower"], T))
        witness = res.get("witness")
        if witness is None:
            continue
        if sorted(witness) != sorted(list(range(1, W + 1)) * len(letters)):
            errors.append("%s witness is not a pseudo-precedence string: %s" % (method, witness))
            continue
        cycles = decode(letters, W, sigma, S, witness)
        makespan, why = check_schedule(letters, W, sigma, S, cycles)
        if why:
            errors.append("%s witness: %s" % (method, why))
        elif makespan != res["lower"]:
            errors.append("%s witness decodes to %d, claimed %d" % (method, makespan, res["lower"]))
    if taken > timeout:
        errors.append("took %.2f s for a %.2f s budget" % (taken, timeout))
    return errors


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--warpspan", default=os.path.join(ROOT, "build", "host", "warpspan"))
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=5.0, help="seconds a run may take (a hang)")
    a = ap.parse_args(argv)
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(1 << 31)
    rng = random.Random(seed)
    cases = [random_case(rng) for _ in range(a.cases)]
    print("differential: %d cases, seed %d (rerun: --seed %d --cases %d)" % (a.cases, seed, seed, a.cases))
    sys.stdout.flush()
    start = time.monotonic()
    failures = 0
    checks = {"bounds": 0, "witnesses": 0}
    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        runs = pool.map(lambda c: run_case(a.warpspan, c, a.timeout), cases)
        for k, (case, (cmd, p, taken)) in enumerate(zip(cases, runs)):
            errors = check(case, cmd, p, taken, a.timeout)
            if p.returncode == 0:
                checks["bounds"] += 1
                checks["witnesses"] += sum(1 for m in ("exact", "lower", "anneal")
                                           if "witness" in json.loads(p.stdout)["results"].get(m, {}))
            if errors:
                failures += 1
                print("FAIL case %d (seed %d): %s" % (k + 1, seed, " ".join("'%s'" % x for x in cmd)))
                for e in errors:
                    print("  " + e)
    print("differential: %d cases, %d failures, %d witnesses checked, %.1f s (seed %d)" %
          (a.cases, failures, checks["witnesses"], time.monotonic() - start, seed))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
