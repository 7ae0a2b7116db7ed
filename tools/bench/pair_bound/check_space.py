"""Exhaustive soundness check of pairlp3 (any scheduler limit): every canonical kernel of 1..5 instructions,
sigma in {1/2,1,2,4} per used type, S = 0..4, W = 1..6, against oracle.py."""
import sys, time, itertools
from multiprocessing import Pool
import oracle
from pair_bound import pair_lp_bound, effective_S
from check_space_s0 import canon_kernels, normalise

def job(args):
    kernel, units = args
    nk, sig = normalise(kernel, units)
    res = []
    done = {}
    for W in range(1, 7):
        for S in range(5):
            e = effective_S(nk, W, sig, S)
            if (W, e) not in done:
                lpv, cert = pair_lp_bound(nk, W, sig, e)
                done[(W, e)] = None if cert is None else cert.numerator // cert.denominator
            b = done[(W, e)]
            T = oracle.makespan(nk, W, sig, S)
            if b is None: res.append(("NOCERT", kernel, units, W, S)); continue
            res.append(("OK" if b >= T else "FAIL", kernel, units, W, S, T, b, e))
    return res

if __name__ == "__main__":
    tasks = []
    for k in canon_kernels(5):
        used = sorted(set(k), key="LCSD".index)
        for combo in itertools.product([16, 32, 64, 128], repeat=len(used)):
            tasks.append((k, dict(zip(used, combo))))
    stride = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    tasks = tasks[::stride]
    t0 = time.time(); n = fail = nocert = tight = binding = 0
    with Pool(2) as pool:
        for res in pool.imap_unordered(job, tasks, chunksize=4):
            for r in res:
                if r[0] == "NOCERT": nocert += 1; print(r, flush=True); continue
                n += 1; binding += r[7] != 0
                if r[0] == "FAIL": fail += 1; print(r, flush=True)
                elif r[5] == r[6]: tight += 1
    print("kernels+sigma", len(tasks), "instances", n, "(binding S: %d)" % binding, "failures", fail, "nocert", nocert,
          "bound==T", tight, "time %.0fs" % (time.time() - t0))
