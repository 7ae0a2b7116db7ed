"""Random small kernels at W = 7, 8 against oracle.py."""
import random, sys, time
import oracle
from pair_bound_s0 import pair_lp_bound
rng = random.Random(int(sys.argv[2])); N = int(sys.argv[1]); fails = 0; n = 0; tight = 0; t0 = time.time()
for i in range(N):
    L = rng.randint(2, 6); types = rng.sample("LCSD", rng.randint(1, 3))
    k = "".join(rng.choice(types) for _ in range(L))
    sig = {t: rng.choice([1, 1, 2, 3, 4]) for t in "LCSD"}
    W = rng.randint(7, 8)
    T = oracle.makespan(k, W, sig, 0)
    lpv, cert = pair_lp_bound(k, W, sig, cuts=("tp", "dd", "dd2"))
    b = cert.numerator // cert.denominator
    n += 1; tight += b == T
    if b < T: fails += 1; print("FAIL", k, sig, W, T, b)
print("W=7..8 checked", n, "failures", fails, "bound==T", tight, "time %.0fs" % (time.time() - t0))
