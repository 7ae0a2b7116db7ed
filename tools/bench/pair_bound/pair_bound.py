"""Pair-walk LP bound on T(W), with or without a binding scheduler limit (prototype).

Stats of an ordered pair (x, y), per class K in {L, C, S, D, B} (B = waits in cycles whose scheduler is full,
kind B of docs/bounds.md section 3; U = waits at U with U saturated and sigma_U < S or S = 0):
  a^K: x waits (kind K) and y issues (an instruction of type K; for B: any instruction)
  c^K: x waits (kind K) and y does not (issue type K / issue at all)
  b^K, d^K: the same with x and y exchanged
  z^K: both wait, both of kind K (for a type: at the same type)
  e^K: both issue (for a type: instructions of type K; for B: any instructions)
"""
import sys
from fractions import Fraction as Fr
from math import comb
import numpy as np
from scipy.optimize import linprog

TYPES = "LCSD"
CLASSES = "LCSDB"
KINDS = "abcdze"
BIGM = 1000.0


def effective_S(kernel, W, sigma, S):
    if S == 0 or S >= W:
        return 0
    return 0 if S >= sum(sigma[t] for t in set(kernel)) else S


class Walk:
    """The pair walks of an instance: moves of one cycle of two warps x, y at positions p, q."""

    def __init__(self, kernel, W, sigma, S):
        self.k, self.W, self.sig, self.S = kernel, W, sigma, S
        self.I = len(kernel)

    def wait_labels(self, u):
        S, s = self.S, self.sig[u]
        out = []
        if s <= self.W - 1 and (S == 0 or s < S):
            out.append(u)
        if S > 0:
            out.append('B')
        return out

    def feasible(self, acts):
        """acts: list of (type, act) for the unfinished warps among x, y; act in 'I' or a wait label.
        Returns True if some cycle of W warps realises it (third parties: W - 2 warps)."""
        S, W, sig = self.S, self.W, self.sig
        iss = {}
        n = 0
        for (u, a) in acts:
            if a == 'I':
                iss[u] = iss.get(u, 0) + 1; n += 1
        for u, c in iss.items():
            if c > sig[u]: return False
        if S > 0 and n > S: return False
        need = 0; needB = 0
        seen = set()
        for (u, a) in acts:
            if a == 'I': continue
            if a == 'B':
                needB = S - n
            elif u not in seen:
                seen.add(u); need += sig[u] - iss.get(u, 0)
        if any(a == 'B' for (_, a) in acts) and needB < 0: return False
        t = max(need, needB)
        cap = W - 2
        if S > 0: cap = min(cap, S - n)
        return t <= cap

    def stats(self, acts):
        """acts = ((ux, ax), (uy, ay)) with None for a finished warp; returns stat dict."""
        st = {}
        (xs, ys) = acts
        def inc(k, c):
            st[(k, c)] = st.get((k, c), 0) + 1
        for (me, other, wk, ck) in ((xs, ys, 'a', 'c'), (ys, xs, 'b', 'd')):
            if me is None or me[1] == 'I': continue
            u, lab = me
            if lab == 'B':
                inc(wk if (other is not None and other[1] == 'I') else ck, 'B')
            else:
                inc(wk if (other is not None and other[1] == 'I' and other[0] == u) else ck, u)
        if xs is not None and ys is not None:
            if xs[1] != 'I' and ys[1] != 'I':
                if xs[1] == 'B' and ys[1] == 'B': inc('z', 'B')
                elif xs[1] != 'B' and xs[1] == ys[1]: inc('z', xs[1])
            if xs[1] == 'I' and ys[1] == 'I':
                inc('e', 'B')
                if xs[0] == ys[0]: inc('e', xs[0])
        return st

    def moves(self, p, q):
        key = (self.k[p] if p < self.I else None, self.k[q] if q < self.I else None)
        if not hasattr(self, "_memo"): self._memo = {}
        if key not in self._memo: self._memo[key] = self._moves(p, q)
        return self._memo[key]

    def _moves(self, p, q):
        """list of (dp, dq, stats) of the non-loop moves and list of loop stats at (p, q)."""
        I, k = self.I, self.k
        ox = [('I',)] if p < I else [None]
        optsx = []; optsy = []
        if p < I:
            optsx = [(k[p], 'I')] + [(k[p], l) for l in self.wait_labels(k[p])]
        else:
            optsx = [None]
        if q < I:
            optsy = [(k[q], 'I')] + [(k[q], l) for l in self.wait_labels(k[q])]
        else:
            optsy = [None]
        mv = []; loops = []
        for ax in optsx:
            for ay in optsy:
                if ax is None and ay is None: continue
                acts = [a for a in (ax, ay) if a is not None]
                if not self.feasible(acts): continue
                st = self.stats((ax, ay))
                dp = 1 if (ax is not None and ax[1] == 'I') else 0
                dq = 1 if (ay is not None and ay[1] == 'I') else 0
                if dp == 0 and dq == 0: loops.append(st)
                else: mv.append((dp, dq, st))
        return mv, loops


def walk_dp(walk, coef, last_mode, tol=0):
    """max over walks of coef.stats: (value, stats) or (None, None) when a loop has positive value."""
    I = walk.I
    val = lambda st: sum(coef.get(key, 0) * v for key, v in st.items())
    valued = {}
    for key, (mv, loops) in [(kk, walk.moves(*kk_pos)) for kk, kk_pos in walk_keys(walk)]:
        if last_mode and key[0] is None: continue   # F1: the partner finishes first
        for st in loops:
            if val(st) > tol: return None, None
        valued[key] = [(dp, dq, val(st), st) for (dp, dq, st) in mv]
    V = [[None] * (I + 1) for _ in range(I + 1)]
    CH = [[None] * (I + 1) for _ in range(I + 1)]
    V[I][I] = 0
    for s in range(2 * I - 1, -1, -1):
        for p in range(max(0, s - I), min(I, s) + 1):
            q = s - p
            if last_mode and p == I: continue
            best = None; bc = None
            for (dp, dq, mval, st) in valued[(walk.k[p] if p < I else None, walk.k[q] if q < I else None)]:
                nxt = V[p + dp][q + dq]
                if nxt is None: continue
                v = nxt + mval
                if best is None or v > best: best, bc = v, (dp, dq, st)
            V[p][q] = best; CH[p][q] = bc
    tot = {}
    p = q = 0
    while (p, q) != (I, I):
        dp, dq, st = CH[p][q]
        for key, v in st.items(): tot[key] = tot.get(key, 0) + v
        p += dp; q += dq
    return V[0][0], tot


def walk_keys(walk):
    """one representative cell per (type at p or None, type at q or None)."""
    I = walk.I
    seen = {}
    for p in range(I + 1):
        for q in range(I + 1):
            if (p, q) == (I, I): continue
            key = (walk.k[p] if p < I else None, walk.k[q] if q < I else None)
            if key not in seen: seen[key] = (p, q)
    return list(seen.items())


def all_loops(walk, last_mode):
    out = []
    for p in range(walk.I + 1):
        for q in range(walk.I + 1):
            if (p, q) == (walk.I, walk.I) or (last_mode and p == walk.I): continue
            for st in walk.moves(p, q)[1]:
                if st not in out: out.append(st)
    return out


def pair_lp_bound(kernel, W, sigma, S=0, verbose=False, maxit=400):
    """Upper bound on T(W): (LP value + I as float, certified bound + I as Fraction or None)."""
    I = len(kernel)
    if W == 1:
        return I, Fr(I)
    S = effective_S(kernel, W, sigma, S)
    walk = Walk(kernel, W, sigma, S)
    used = [u for u in TYPES if u in kernel]
    cls = list(used) + (['B'] if S > 0 else [])
    two = W >= 3
    cnt = {u: kernel.count(u) for u in used}
    cnt['B'] = I
    sg = dict(sigma); sg['B'] = S
    caps = {c: Fr((W - 1) * cnt[c], sg[c]) for c in cls}
    rows = []
    def R(name, sense, rhs=0): rows.append((name, sense, rhs))
    for c in cls:
        R(('A', c), '='); R(('B', c), '='); R(('C', c), '='); R(('D', c), '=')
        if two:
            R(('E', c), '='); R(('Fa', c), '='); R(('Fc', c), '=')
            R(('tp1', c), '<=', (W - 2) * cnt[c]); R(('tp2', c), '<=', (W - 2) * cnt[c])
            if sg[c] >= 2 and sg[c] <= W - 1:
                R(('dd', c), '<=', 0); R(('dd2', c), '<=', 0)
    R('conv1', '=', 1)
    if two: R('conv2', '=', 1)
    ridx = {r[0]: i for i, r in enumerate(rows)}
    nR = len(rows)
    fixed = []
    for c in cls:
        co = {('A', c): sg[c], ('B', c): 1}
        if ('dd', c) in ridx: co[('dd', c)] = comb(sg[c], 2)
        fixed.append((('wt', c), -1, caps[c], co))
    for c in cls:
        co = {('C', c): sg[c], ('D', c): 1}
        if two: co[('E', c)] = 1
        if ('dd2', c) in ridx: co[('dd2', c)] = comb(sg[c], 2)
        fixed.append((('wo', c), 0, caps[c], co))

    def pair_coefs(st, which):
        co = {}
        def add(r, v):
            if r in ridx and v != 0: co[r] = co.get(r, 0) + v
        for c in cls:
            a = st.get(('a', c), 0); b = st.get(('b', c), 0); cc = st.get(('c', c), 0)
            d = st.get(('d', c), 0); z = st.get(('z', c), 0); e = st.get(('e', c), 0)
            s = sg[c]
            if which == 1:
                add(('A', c), -(W - 1) * a); add(('B', c), -a - cc); add(('C', c), -b); add(('D', c), -b - d)
                add(('tp1', c), (s - 1) * (a + b) + s * (cc + d - z))
                add(('dd2', c), -(W - 2) * e)
            else:
                add(('C', c), -(W - 2) * a); add(('E', c), -a - cc); add(('Fa', c), a - b); add(('Fc', c), cc - d)
                add(('tp2', c), (s - 1) * (a + b) + s * (cc + d - z))
                add(('dd', c), -comb(W - 1, 2) * e); add(('dd2', c), -comb(W - 2, 2) * e)
        return co

    unit = {}
    for w_ in (1, 2):
        for c in cls:
            for kk in KINDS:
                unit[(w_, (kk, c))] = pair_coefs({(kk, c): 1}, w_)
    colcache = {}
    def colvec(st, w, conv):
        key = (w, tuple(sorted(st.items())), conv)
        if key not in colcache:
            col = np.zeros(nR)
            for k_, v_ in st.items():
                for r, x in unit.get((w, k_), {}).items(): col[ridx[r]] += float(x) * v_
            if conv: col[ridx['conv%d' % w]] = 1
            colcache[key] = col
        return colcache[key]
    which_list = [1, 2] if two else [1]
    cols = {w: [] for w in which_list}
    rays = {w: all_loops(walk, w == 1) for w in which_list}
    for w in which_list:
        cols[w].append(walk_dp(walk, {}, w == 1)[1])

    def solve():
        cost, bnds, A = [], [], []
        def addv(c, lb, ub, co):
            col = np.zeros(nR)
            for r, v in co.items(): col[ridx[r]] += float(v)
            cost.append(c); bnds.append((lb, None if ub is None else float(ub))); A.append(col)
        for (n, c, ub, co) in fixed: addv(float(c), 0, ub, co)
        for w in cols:
            for st in cols[w]:
                cost.append(0.0); bnds.append((0, None)); A.append(colvec(st, w, True))
            for st in rays[w]:
                cost.append(0.0); bnds.append((0, None)); A.append(colvec(st, w, False))
        for (rn, s, r) in rows:
            addv(BIGM, 0, None, {rn: -1})
            if s == '=': addv(BIGM, 0, None, {rn: 1})
        A = np.array(A).T
        eq = [i for i, r in enumerate(rows) if r[1] == '=']
        ub = [i for i, r in enumerate(rows) if r[1] == '<=']
        res = linprog(cost, A_ub=A[ub] if ub else None, b_ub=np.array([float(rows[i][2]) for i in ub]) if ub else None,
                      A_eq=A[eq], b_eq=np.array([float(rows[i][2]) for i in eq]), bounds=bnds, method='highs')
        assert res.status == 0, res.message
        y = np.zeros(nR)
        y[eq] = res.eqlin.marginals
        if ub: y[ub] = res.ineqlin.marginals
        return -res.fun, y

    def cf_of(lam_or_y, w, sign):
        cf = {}
        for c in cls:
            for kk in KINDS:
                cf[(kk, c)] = sign * sum(lam_or_y[r] * v for r, v in unit[(w, (kk, c))].items())
        return cf

    it = 0
    while True:
        it += 1
        val, y = solve()
        ymap = {rn: y[ridx[rn]] for (rn, _, _) in rows}
        added = False
        for w in which_list:
            v, st = walk_dp(walk, cf_of(ymap, w, 1), w == 1, tol=1e-6)
            if v is None: raise RuntimeError("pricing unbounded")
            if v + ymap['conv%d' % w] > 1e-7:
                cols[w].append(st); added = True
        if not added or it >= maxit: break
    # exact certificate (Lagrangian, multipliers lam = -y, <=-rows clipped at 0, loops repaired)
    lam = {}
    for (rn, s, r) in rows:
        v = Fr(float(-ymap[rn])).limit_denominator(1 << 24)
        if s == '<=' and v < 0: v = Fr(0)
        lam[rn] = v
    def lv(cf, st): return sum(cf.get(k, 0) * v for k, v in st.items())
    if two:
        for _ in range(4):
            cf = cf_of(lam, 2, -1)
            for st in rays[2]:
                if all(k[0] in 'dz' or k[0] == 'd' for k in st) and not any(k[0] == 'c' for k in st) and lv(cf, st) > 0:
                    c = [k for k in st if k[0] == 'd'][0][1]
                    lam[('Fc', c)] -= lv(cf, st)
            cf = cf_of(lam, 2, -1)
            for c in cls:
                worst = max([lv(cf, st) for st in rays[2] if ('c', c) in st] + [Fr(0)])
                if worst > 0: lam[('E', c)] -= worst
            cf = cf_of(lam, 2, -1)
            if all(lv(cf, st) <= 0 for st in rays[2]): break
    cf = cf_of(lam, 1, -1)
    for c in cls:
        worst = max([lv(cf, st) for st in rays[1] if ('c', c) in st] + [Fr(0)])
        if worst > 0: lam[('B', c)] -= worst
    cf = cf_of(lam, 1, -1)
    for st in rays[1]:   # loops of w* alone cannot occur (its partner finishes first); d-only loops: D row
        if lv(cf, st) > 0 and not any(k[0] == 'c' for k in st):
            c = [k for k in st if k[0] == 'd'][0][1]
            lam[('D', c)] -= lv(cf, st)
    total = Fr(0)
    for (rn, s, r) in rows:
        if rn in ('conv1', 'conv2'): continue
        total += lam[rn] * Fr(r)
    for (n, c, ub, co) in fixed:
        k = Fr(-c) - sum(lam[r] * Fr(v) for r, v in co.items())
        if k > 0: total += k * Fr(ub)
    for w in which_list:
        v, _ = walk_dp(walk, cf_of(lam, w, -1), w == 1)
        if v is None:
            return I + val, None
        total += v
    if verbose:
        print("iterations", it, "LP", val, "columns", [len(cols[w]) for w in which_list])
    return I + val, I + total


if __name__ == "__main__":
    k = sys.argv[1]; W = int(sys.argv[2])
    sig = {'L': 1, 'C': 1, 'S': 1, 'D': 1}; S = 0
    for a in sys.argv[3:]:
        t, v = a.split('=')
        if t == 'sched': S = int(v)
        else: sig[t] = int(v)
    lpv, cert = pair_lp_bound(k, W, sig, S, verbose=True)
    print("LP", lpv, "certified", cert, float(cert) if cert is not None else None)
