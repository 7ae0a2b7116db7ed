"""Random kernels with a scheduler limit that binds: pair_bound.py against the exact solver.
usage: check_random_s.py N SEED"""
import random, sys, time
from pair_bound import pair_lp_bound, effective_S
from check_random import exact_T
rng = random.Random(int(sys.argv[2])); N = int(sys.argv[1])
n = fails = unsettled = tight = 0; t0 = time.time()
while n + unsettled < N:
    L = rng.randint(5, 10); types = rng.sample("LCSD", rng.randint(2, 4))
    k = ""
    while len(k) < L: k += rng.choice(types) * rng.randint(1, 3)
    k = k[:L]
    sig = {t: rng.choice([1, 1, 2, 3, 4]) for t in "LCSD"}
    W = rng.randint(3, 6); S = rng.randint(1, W - 1)
    if effective_S(k, W, sig, S) == 0: continue
    T = exact_T(k, W, sig, S)
    if T is None: unsettled += 1; continue
    lpv, cert = pair_lp_bound(k, W, sig, S)
    b = cert.numerator // cert.denominator
    n += 1; tight += b == T
    if b < T: fails += 1; print("FAIL", k, sig, W, S, T, b, flush=True)
print("binding-S random: checked", n, "failures", fails, "unsettled", unsettled, "bound==T", tight, "time %.0fs" % (time.time() - t0))
