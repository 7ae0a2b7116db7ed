#!/usr/bin/env python3
"""Brute-force T(W): the longest work-conserving schedule, by enumerating every choice of issuing
warps in every cycle. Independent of warpspan's code (no decoder, no bounds, no pruning), for
checking small facts by hand (docs/model.md, docs/errata.md). Exponential: keep W * I small.

usage: brute_force_makespan.py KERNEL --warps W [--sigma L=2,C=1] [--copies L=2,D=4]
                               [--schedulers S] [--consecutive]

KERNEL is a kernel string (L, C, S, D with optional repeat counts, as for warpspan). --copies
gives the normalised instructions per input instruction of each type (n * latency,
docs/model.md "Normalisation"), --sigma the normalised sigma (integers >= 1, default 1), and
--schedulers the limit (0 = none). --consecutive adds a rule the model does not have: the copies
of one instruction issue in consecutive cycles, as on hardware that serves the parts of an
instruction back to back.

The rules are those of docs/model.md: per cycle at most sigma[U] warps issue a U instruction and at
most S warps in all; a warp issues at most one instruction per cycle, in order; a cycle that
leaves a warp waiting beside spare capacity of its type (with the scheduler limit not reached) is
not work-conserving and is not enumerated. Warps are identical, so a state is the sorted tuple of
the warps' positions.
"""

import argparse
import functools
import itertools
import re
import sys


def parse_pairs(text, default):
    out = {u: default for u in "LCSD"}
    for item in filter(None, (text or "").split(",")):
        m = re.fullmatch(r"([LCSDlcsd])=([1-9][0-9]*)", item)
        if not m:
            raise SystemExit("bad TYPE=N pair: %r" % item)
        out[m.group(1).upper()] = int(m.group(2))
    return out


def normalise(kernel, copies):
    """Returns the normalised kernel and, per position, whether it continues the instruction
    before it (a copy other than the first)."""
    letters, cont = [], []
    for m in re.finditer(r"\s*([LCSDlcsd])([0-9]*)", kernel):
        unit = m.group(1).upper()
        for _ in range(int(m.group(2) or 1)):
            for k in range(copies[unit]):
                letters.append(unit)
                cont.append(k > 0)
    if not letters or re.sub(r"\s*[LCSDlcsd][0-9]*", "", kernel).strip():
        raise SystemExit("bad kernel string: %r" % kernel)
    return "".join(letters), cont


def worst_makespan(kernel, cont, warps, sigma, schedulers, consecutive):
    length = len(kernel)
    sys.setrecursionlimit(max(1000, 4 * warps * length + 100))

    @functools.lru_cache(maxsize=None)
    def longest(state):
        live = [w for w in range(warps) if state[w] < length]
        if not live:
            return 0
        forced = [w for w in live if consecutive and state[w] > 0 and cont[state[w]]]
        best = None
        for r in range(1, len(live) + 1):
            if schedulers and r > schedulers:
                break
            for issuing in itertools.combinations(live, r):
                if any(w not in issuing for w in forced):
                    continue
                count = {u: 0 for u in "LCSD"}
                for w in issuing:
                    count[kernel[state[w]]] += 1
                if any(count[u] > sigma[u] for u in "LCSD"):
                    continue
                full = bool(schedulers) and r == schedulers
                if not full and any(w not in issuing and count[kernel[state[w]]] < sigma[kernel[state[w]]]
                                    for w in live):
                    continue  # a waiting warp beside spare capacity: not work-conserving
                nxt = list(state)
                for w in issuing:
                    nxt[w] += 1
                t = 1 + longest(tuple(sorted(nxt)))
                best = t if best is None or t > best else best
        if best is None:
            raise SystemExit("internal: no work-conserving cycle from state %r" % (state,))
        return best

    return longest(tuple([0] * warps))


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("kernel")
    p.add_argument("--warps", type=int, required=True)
    p.add_argument("--sigma", help="normalised sigma per type, e.g. L=2,C=1 (default 1)")
    p.add_argument("--copies", help="normalised instructions per input instruction, e.g. C=2")
    p.add_argument("--schedulers", type=int, default=0)
    p.add_argument("--consecutive", action="store_true",
                   help="the copies of one instruction issue in consecutive cycles")
    a = p.parse_args(argv)
    if a.warps < 1 or a.schedulers < 0:
        raise SystemExit("--warps must be >= 1 and --schedulers >= 0")
    kernel, cont = normalise(a.kernel, parse_pairs(a.copies, 1))
    t = worst_makespan(kernel, cont, a.warps, parse_pairs(a.sigma, 1), a.schedulers, a.consecutive)
    print("T(%d) = %d" % (a.warps, t))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
