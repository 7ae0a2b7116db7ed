"""Independent exhaustive T(W): longest work-conserving schedule, memoised over multisets of positions.
Written from docs/model.md only (no library code). kernel: string over LCSD (normalised, unit cycles),
sigma: dict type->int>=1, S: scheduler limit (0 none)."""
import sys
from functools import lru_cache
from itertools import product

def makespan(kernel, W, sigma, S=0):
    I = len(kernel)
    types = kernel
    sys.setrecursionlimit(100000)
    memo = {}
    def val(state):  # state: sorted tuple of positions < I (unfinished warps)
        if not state:
            return 0
        if state in memo:
            return memo[state]
        groups = {}
        for p in state:
            groups[p] = groups.get(p, 0) + 1
        gp = sorted(groups)
        ready = {}
        for p in gp:
            ready[types[p]] = ready.get(types[p], 0) + groups[p]
        best = 0
        for adv in product(*[range(groups[p] + 1) for p in gp]):
            issued = {}
            total = 0
            for p, a in zip(gp, adv):
                issued[types[p]] = issued.get(types[p], 0) + a
                total += a
            if total == 0 or (S and total > S):
                continue
            ok = True
            for u, r in ready.items():
                t = issued.get(u, 0)
                if t > sigma[u]:
                    ok = False; break
                if t < sigma[u] and t < r and (S == 0 or total < S):
                    ok = False; break
            if not ok:
                continue
            child = []
            for p, a in zip(gp, adv):
                child += [p] * (groups[p] - a)
                if p + 1 < I:
                    child += [p + 1] * a
            v = 1 + val(tuple(sorted(child)))
            if v > best:
                best = v
        memo[state] = best
        return best
    return val(tuple([0] * W))

if __name__ == "__main__":
    k = sys.argv[1]; W = int(sys.argv[2])
    sig = {'L': 1, 'C': 1, 'S': 1, 'D': 1}
    for a in sys.argv[3:]:
        if a.startswith('S='):
            continue
        t, v = a.split('='); sig[t] = int(v)
    S = 0
    for a in sys.argv[3:]:
        if a.startswith('S=') and len(a.split('=')[0]) == 1 and False:
            pass
    print(makespan(k, W, sig, S))
