"""Random and periodic soundness checks of the pair-LP bound against the library's exact solver (and, for
small cases, against oracle.py).  usage: check_random.py N SEED"""
import sys, random, subprocess, re, time
from pair_bound_s0 import pair_lp_bound
import oracle

import os
WS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "build", "host", "warpspan")
CUTS = ("tp", "dd", "dd2")
import os
MAXLEN = int(os.environ.get("MAXLEN", "12"))

def exact_T(kernel, W, sig, S=0, timeout=20):
    units = ",".join("%s=%d" % (t, 32 * sig[t]) for t in "LCSD")
    p = subprocess.run([WS, "--kernel", kernel, "--units", units, "--warps", str(W), "--schedulers", str(S),
                        "--method", "exact", "--timeout", str(timeout)], capture_output=True, text=True)
    m = re.search(r"^T\(\d+\) = (\d+) exactly", p.stdout, re.M)
    return int(m.group(1)) if m else None

def check(kernel, W, sig, log, use_oracle=False):
    T = oracle.makespan(kernel, W, sig, 0) if use_oracle else exact_T(kernel, W, sig)
    if T is None:
        return None
    lpv, cert = pair_lp_bound(kernel, W, sig, cuts=CUTS)
    b = cert.numerator // cert.denominator
    ok = b >= T
    if not ok:
        print("FAIL", kernel, sig, W, T, b, flush=True)
    log.append((kernel, W, dict(sig), T, b))
    return ok

if __name__ == "__main__":
    N = int(sys.argv[1]); seed = int(sys.argv[2]); mode = sys.argv[3] if len(sys.argv) > 3 else "random"
    rng = random.Random(seed)
    log = []; fails = 0; unsettled = 0; t0 = time.time()
    if mode == "random":
        for i in range(N):
            n = rng.randint(6, MAXLEN)
            ntypes = rng.randint(2, 4)
            types = rng.sample("LCSD", ntypes)
            # run-structured half of the time
            if rng.random() < 0.5:
                k = ""
                while len(k) < n:
                    k += rng.choice(types) * rng.randint(1, 3)
                k = k[:n]
            else:
                k = "".join(rng.choice(types) for _ in range(n))
            sig = {t: rng.choice([1, 1, 2, 4]) if rng.random() < 0.9 else 3 for t in "LCSD"}
            W = rng.randint(2, 6)
            r = check(k, W, sig, log, use_oracle=(len(k) <= 8 and W <= 4))
            if r is None: unsettled += 1
            elif not r: fails += 1
    else:  # periodic: bodies repeated
        bodies = ["LDDCCCC", "LCC", "LC", "LDC", "LLCC", "LDDC", "CLCCD", "LSC", "DDC", "LCLCC"]
        for body in bodies:
            for reps in (2, 3, 4):
                for pre in ("", "L", "LL", "CC"):
                    k = pre + body * reps
                    if len(k) > 16: continue
                    for sig in ({'L': 1, 'C': 2, 'S': 1, 'D': 1}, {'L': 1, 'C': 1, 'S': 1, 'D': 1},
                                {'L': 2, 'C': 4, 'S': 1, 'D': 1}):
                        for W in range(2, 7):
                            r = check(k, W, sig, log)
                            if r is None: unsettled += 1
                            elif not r: fails += 1
    tight = sum(1 for (_, _, _, T, b) in log if T == b)
    print("mode", mode, "checked", len(log), "failures", fails, "unsettled", unsettled, "bound==T", tight,
          "time %.0fs" % (time.time() - t0))
    with open("random_%s_%d.log" % (mode, seed), "w") as f:
        for r in log: f.write(repr(r) + "\n")
