"""bounds_bench 400 19 set (BOUNDS_BENCH_DUMP): current minimum vs min(current, pair bound), all 400."""
import sys
from pair_bound import pair_lp_bound
rows = [l.split(None, 9) for l in open(sys.argv[1])]
stats = {"all": [], "S0": [], "Sbind": []}
byW = {}
for r in rows:
    k, sL, sC, sS, sD, eff, W, T, best = r[0], *map(int, r[1:9])
    sig = dict(zip("LCSD", (sL, sC, sS, sD)))
    lpv, cert = pair_lp_bound(k, W, sig, eff)
    b = cert.numerator // cert.denominator
    assert b >= T, r
    m = min(best, b)
    for key in ("all", "S0" if eff == 0 else "Sbind"):
        stats[key].append((T, best, b, m))
    byW.setdefault(W, []).append((T, best, b, m))
def show(name, L):
    n = len(L)
    print("%-6s n=%3d  current: mean %.4f max %.4f =T %3d | pair alone: mean %.4f max %.4f =T %3d | min: mean %.4f max %.4f =T %3d, lower on %d"
          % (name, n, sum(c / t for t, c, b, m in L) / n, max(c / t for t, c, b, m in L), sum(c == t for t, c, b, m in L),
             sum(b / t for t, c, b, m in L) / n, max(b / t for t, c, b, m in L), sum(b == t for t, c, b, m in L),
             sum(m / t for t, c, b, m in L) / n, max(m / t for t, c, b, m in L), sum(m == t for t, c, b, m in L),
             sum(m < c for t, c, b, m in L)))
for key in ("all", "S0", "Sbind"): show(key, stats[key])
for W in sorted(byW): show("W=%d" % W, byW[W])
