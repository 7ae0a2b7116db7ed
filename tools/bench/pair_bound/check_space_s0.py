"""Exhaustive soundness check of the pair-LP bound: every canonical kernel of 1..5 instructions over the four
types, sigma in {1/2,1,2,4} per used type, S = 0..4, W = 1..6.  T(W) from oracle.py (independent)."""
import sys, time, itertools
from fractions import Fraction as Fr
from multiprocessing import Pool
import oracle
from pair_bound_s0 import pair_lp_bound

CUTS = ("tp", "dd", "dd2")
LET = "LCSD"

def canon_kernels(maxlen):
    for n in range(1, maxlen + 1):
        def rec(prefix, k):
            if len(prefix) == n:
                yield prefix; return
            for t in range(min(k + 1, 4)):
                yield from rec(prefix + [t], max(k, t + 1))
        for ks in rec([], 0):
            yield "".join(LET[t] for t in ks)

def normalise(kernel, units):
    # units: dict type -> 16/32/64/128 ; returns normalised kernel and integer sigma
    out = ""; sig = {}
    for t in LET:
        u = units.get(t, 32)
        sig[t] = max(1, u // 32)
    for ch in kernel:
        out += ch * (2 if units.get(ch, 32) == 16 else 1)
    return out, sig

def s_eff_zero(S, W, sig, kern):
    if S == 0 or S >= W: return True
    return S >= sum(sig[t] for t in set(kern))

def job(args):
    kernel, units = args
    nk, sig = normalise(kernel, units)
    res = []
    Tcache = {}
    for W in range(1, 7):
        effS = [S for S in range(5) if s_eff_zero(S, W, sig, nk)]
        if not effS: continue
        lpv, cert = pair_lp_bound(nk, W, sig, cuts=CUTS)
        if cert is None:
            res.append(("NOCERT", kernel, units, W)); continue
        b = cert.numerator // cert.denominator
        for S in effS:
            T = oracle.makespan(nk, W, sig, S)
            res.append(("OK" if b >= T else "FAIL", kernel, units, W, S, T, b, float(lpv)))
    return res

if __name__ == "__main__":
    tasks = []
    for k in canon_kernels(5):
        used = sorted(set(k), key=LET.index)
        for combo in itertools.product([16, 32, 64, 128], repeat=len(used)):
            tasks.append((k, dict(zip(used, combo))))
    stride = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    tasks = tasks[::stride]
    t0 = time.time()
    n = fail = nocert = tight = 0
    with Pool(2) as pool:
        for res in pool.imap_unordered(job, tasks, chunksize=8):
            for r in res:
                if r[0] == "NOCERT": nocert += 1; print(r, flush=True); continue
                n += 1
                if r[0] == "FAIL":
                    fail += 1; print(r, flush=True)
                elif r[5] == r[6]: tight += 1
    print("kernels+sigma", len(tasks), "instances", n, "failures", fail, "nocert", nocert, "bound==T", tight,
          "time %.0fs" % (time.time() - t0))
