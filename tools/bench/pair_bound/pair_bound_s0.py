"""Prototype 2: pair-path LP bound with optional cuts. Generic rows. Float LP (HiGHS) for the multipliers,
exact Lagrangian certificate with Fractions."""
import sys
from fractions import Fraction as Fr
from math import comb
import numpy as np
from scipy.optimize import linprog

TYPES = "LCSD"
BIGM = 1000.0
KINDS = "abcdze"  # a: x waits U, y issues U; b: mirror; c: x waits U, y not issuing U; d: mirror; z: both wait at U; e: both issue U

def pair_dp(kernel, sigma, coef, last_mode, W, tol=0):
    """max over pair paths of coef.stats; returns (value, stats) or (None, None) if a loop is positive."""
    I = len(kernel)
    g = lambda k, u: coef.get((k, u), 0)
    canwait = {u: sigma[u] <= W - 1 for u in TYPES}
    for p in range(I + 1):
        for q in range(I + 1):
            if p == I and q == I: continue
            if last_mode and p == I: continue
            if p < I and q < I:
                up, uq = kernel[p], kernel[q]
                if not (canwait[up] and canwait[uq]): continue
                if (sigma[up] if up == uq else sigma[up] + sigma[uq]) > W - 2: continue
                lv = g('c', up) + g('d', uq) + (g('z', up) if up == uq else 0)
            elif p < I:
                if sigma[kernel[p]] > W - 2: continue
                lv = g('c', kernel[p])
            else:
                if sigma[kernel[q]] > W - 2: continue
                lv = g('d', kernel[q])
            if lv > tol:
                return None, None
    val = [[None] * (I + 1) for _ in range(I + 1)]
    ch = [[None] * (I + 1) for _ in range(I + 1)]
    val[I][I] = 0
    for s in range(2 * I - 1, -1, -1):
        for p in range(max(0, s - I), min(I, s) + 1):
            q = s - p
            if last_mode and p == I and q < I: continue
            best = None; bc = None
            if p < I and q < I:
                up, uq = kernel[p], kernel[q]
                m = up == uq
                if not (m and sigma[up] == 1):
                    v = val[p + 1][q + 1]
                    if v is not None:
                        v = v + (g('e', up) if m else 0)
                        best, bc = v, 'D'
                if canwait[up] and val[p][q + 1] is not None and (m or sigma[up] <= W - 2):
                    v = val[p][q + 1] + (g('a', up) if m else g('c', up))
                    if best is None or v > best: best, bc = v, 'H'
                if canwait[uq] and val[p + 1][q] is not None and (m or sigma[uq] <= W - 2):
                    v = val[p + 1][q] + (g('b', uq) if m else g('d', uq))
                    if best is None or v > best: best, bc = v, 'V'
            elif p < I:
                best, bc = val[p + 1][q], 'V'
            else:
                best, bc = val[p][q + 1], 'H'
            val[p][q] = best; ch[p][q] = bc
    st = {}
    p = q = 0
    def inc(k):
        st[k] = st.get(k, 0) + 1
    while (p, q) != (I, I):
        c = ch[p][q]
        if c == 'D':
            if kernel[p] == kernel[q]: inc(('e', kernel[p]))
            p += 1; q += 1
        elif c == 'H':
            if p < I: inc(('a', kernel[p]) if kernel[p] == kernel[q] else ('c', kernel[p]))
            q += 1
        else:
            if q < I: inc(('b', kernel[q]) if kernel[p] == kernel[q] else ('d', kernel[q]))
            p += 1
    return val[0][0], st


def exits_of(kernel):
    x = {u: 0 for u in TYPES}
    for p in range(len(kernel) - 1):
        if kernel[p] != kernel[p + 1]: x[kernel[p]] += 1
    return x


class LP:
    """rows: dict name -> (sense, rhs); variables: list of (name, cost, lb, ub, {row: coef})"""
    def __init__(self):
        self.rows = {}
        self.vars = []
    def row(self, name, sense, rhs=0.0):
        self.rows[name] = (sense, rhs)
    def var(self, name, cost, lb, ub, coefs):
        self.vars.append((name, cost, lb, ub, coefs))


def pair_lp_bound(kernel, W, sigma, cuts=("tp", "dd", "dd2"), verbose=False, maxit=400):
    """S = 0 (effective) only.  Checked with cuts tp, dd, dd2; exit, union, time are experimental (valid by the
    arguments in README.md but NOT covered by the exhaustive check)."""
    I = len(kernel)
    if W == 1:
        return I, Fr(I)
    used = [u for u in TYPES if u in kernel]
    two = W >= 3
    cnt = {u: kernel.count(u) for u in used}
    caps = {u: Fr((W - 1) * cnt[u], sigma[u]) for u in used}
    # ---- rows
    rows = []  # (name, sense, rhs)
    def R(name, sense, rhs=0):
        rows.append((name, sense, rhs))
    for U in used:
        R(('A', U), '='); R(('B', U), '='); R(('C', U), '='); R(('D', U), '=')
        if two:
            R(('E', U), '='); R(('Fa', U), '='); R(('Fc', U), '=')
    R('conv1', '=', 1)
    if two: R('conv2', '=', 1)
    if "time" in cuts: R('time', '<=', 0)
    ex = exits_of(kernel)
    sat = [u for u in used if sigma[u] <= W - 1]
    if "exit" in cuts:
        # for wt and for wo: sum sigma A <= N ; sum sigma A + sum g_U <= N ; g_U >= A_U - D_U
        N = (W - 1) * I
        for who in ('t', 'o'):
            R(('X1', who), '<=', N); R(('X2', who), '<=', N)
            for U in sat:
                R(('Xg', who, U), '<=', 0)  # A_U - g_U <= D_U  -> written with rhs D_U
    if "dd" in cuts and two:
        for U in used:
            if sigma[U] >= 2 and sigma[U] <= W - 1:
                R(('dd', U), '<=', 0)  # C(s,2) wt - C(W-1,2) e2 <= 0
                if "dd2" in cuts: R(('dd2', U), '<=', 0)  # C(s,2) wo - (W-2) e1 - C(W-2,2) e2 <= 0
    if "union" in cuts:
        for U in used:
            cap = (W * cnt[U]) // sigma[U]
            R(('u1', U), '<=', cap)  # wt + wo - z1 <= cap
            if two:
                R(('u2', U), '<=', cap)  # 2 wo - z2 <= cap
                R(('u3', U), '<=', cap)  # wt + (W-1) wo - (W-1) z1 - C(W-1,2) z2 <= cap
    if "tp" in cuts and two:
        for U in used:
            R(('tp1', U), '<=', (W - 2) * cnt[U])
            R(('tp2', U), '<=', (W - 2) * cnt[U])
    rhs_fix = {}
    if "exit" in cuts:
        for who in ('t', 'o'):
            for U in sat:
                full = Fr(((W - 1) * cnt[U]) // sigma[U])
                D = min(full, Fr((W - 1) * (cnt[U] - ex[U]), sigma[U]) + cnt[U])
                rhs_fix[('Xg', who, U)] = D
    rows = [(n, s, rhs_fix.get(n, r)) for (n, s, r) in rows]
    ridx = {r[0]: i for i, r in enumerate(rows)}
    nR = len(rows)

    # ---- fixed variables
    fixed = []  # (name, cost, lb, ub, coefs)
    for U in used:
        co = {('A', U): sigma[U], ('B', U): 1}
        if "time" in cuts: co['time'] = -1
        if "exit" in cuts and U in sat:
            co[('X1', 't')] = sigma[U]; co[('X2', 't')] = sigma[U]; co[('Xg', 't', U)] = 1
        if "dd" in cuts and two and ('dd', U) in ridx: co[('dd', U)] = comb(sigma[U], 2)
        if "union" in cuts:
            co[('u1', U)] = 1
            if two: co[('u3', U)] = 1
        fixed.append((('wt', U), -1.0, 0, caps[U], co))
    for U in used:
        co = {('C', U): sigma[U], ('D', U): 1}
        if two: co[('E', U)] = 1
        if "time" in cuts: co['time'] = 1
        if "exit" in cuts and U in sat:
            co[('X1', 'o')] = sigma[U]; co[('X2', 'o')] = sigma[U]; co[('Xg', 'o', U)] = 1
        if "dd2" in cuts and ('dd2', U) in ridx: co[('dd2', U)] = comb(sigma[U], 2)
        if "union" in cuts:
            co[('u1', U)] = 1
            if two: co[('u2', U)] = 2; co[('u3', U)] = W - 1
        fixed.append((('wo', U), 0.0, 0, caps[U], co))
    if "exit" in cuts:
        for who in ('t', 'o'):
            for U in sat:
                fixed.append((('g', who, U), 0.0, 0, caps[U], {('X2', who): 1, ('Xg', who, U): -1}))

    def pair_coefs(st, which):
        co = {}
        def add(r, v):
            if r in ridx and v != 0: co[r] = co.get(r, 0) + v
        for U in used:
            a = st.get(('a', U), 0); b = st.get(('b', U), 0); c = st.get(('c', U), 0)
            d = st.get(('d', U), 0); z = st.get(('z', U), 0); e = st.get(('e', U), 0)
            if which == 1:
                add(('A', U), -(W - 1) * a); add(('B', U), -a - c); add(('C', U), -b); add(('D', U), -b - d)
                add(('u1', U), -z); add(('u3', U), -(W - 1) * z)
                add(('tp1', U), (sigma[U] - 1) * (a + b) + sigma[U] * (c + d - z))
                add(('dd2', U), -(W - 2) * e)
            else:
                add(('C', U), -(W - 2) * a); add(('E', U), -a - c); add(('Fa', U), a - b); add(('Fc', U), c - d)
                add(('dd', U), -comb(W - 1, 2) * e)
                add(('dd2', U), -comb(W - 2, 2) * e)
                add(('u2', U), -z); add(('u3', U), -comb(W - 1, 2) * z)
                add(('tp2', U), (sigma[U] - 1) * (a + b) + sigma[U] * (c + d - z))
        return co

    cols = {1: [], 2: []} if two else {1: []}
    rays = {1: [], 2: []}
    for U in used:
        if sigma[U] > W - 1: continue
        if sigma[U] <= W - 2:
            rays[1].append({('c', U): 1})
            rays[2].append({('c', U): 1}); rays[2].append({('d', U): 1})
        for V in used:
            if sigma[V] > W - 1: continue
            if (sigma[U] if U == V else sigma[U] + sigma[V]) > W - 2: continue
            r = {('c', U): 1, ('d', V): 1}
            if U == V: r[('z', U)] = 1
            rays[1].append(r)
            if two: rays[2].append(dict(r))
    for w in ([1, 2] if two else [1]):
        v, st = pair_dp(kernel, sigma, {}, w == 1, W)
        cols[w].append(st)

    def build():
        names, cost, bnds, A = [], [], [], []
        def addv(n, c, lb, ub, co):
            col = np.zeros(nR)
            for r, v in co.items(): col[ridx[r]] += float(v)
            names.append(n); cost.append(c); bnds.append((lb, None if ub is None else float(ub))); A.append(col)
        for (n, c, lb, ub, co) in fixed: addv(n, c, lb, ub, co)
        for w in cols:
            for st in cols[w]:
                co = pair_coefs(st, w); co['conv%d' % w] = 1; addv(('col', w), 0.0, 0, None, co)
            for st in rays[w]:
                addv(('ray', w), 0.0, 0, None, pair_coefs(st, w))
        for i, (rn, s, r) in enumerate(rows):
            if s == '=':
                addv(('art+', rn), BIGM, 0, None, {rn: 1}); addv(('art-', rn), BIGM, 0, None, {rn: -1})
            else:
                addv(('art-', rn), BIGM, 0, None, {rn: -1})
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

    def fcoef(y, which):
        # path functional: y . column(stats)
        cf = {}
        for U in used:
            for k in KINDS:
                co = pair_coefs({(k, U): 1}, which)
                cf[(k, U)] = sum(y[ridx[r]] * v for r, v in co.items())
        return cf

    it = 0
    while True:
        it += 1
        val, y = build()
        added = False
        for w in cols:
            cf = fcoef(y, w)
            v, st = pair_dp(kernel, sigma, cf, w == 1, W, tol=1e-6)
            if v is None:
                raise RuntimeError("pricing unbounded")
            if v + y[ridx['conv%d' % w]] > 1e-7:
                cols[w].append(st); added = True
        if not added or it >= maxit: break
    # ---- exact certificate.  Lagrangian for  max sum wt  s.t. rows:  with mu = y (eq: any sign; <=: y<=0 in
    # scipy's min convention -> penalty).  bound = sum_r mu_r*(-rhs_r)... derive: L = sum wt + sum_r lam_r (rhs_r - row_r(x))
    # with lam_r >= 0 for <= rows, free for = rows; lam = -y.
    lam = {}
    for (rn, s, r) in rows:
        v = Fr(float(-y[ridx[rn]])).limit_denominator(1 << 24)
        if s == '<=' and v < 0: v = Fr(0)
        lam[rn] = v
    def exact_cf(w):
        cf = {}
        for U in used:
            for kk in KINDS:
                co = pair_coefs({(kk, U): 1}, w)
                cf[(kk, U)] = -sum(lam[r] * Fr(v) for r, v in co.items())
        return cf
    def loops(w):
        # (stats dict) of every loop the pair walk allows
        out = []
        for U in used:
            if sigma[U] <= W - 2:
                out.append({('c', U): 1})
                if w == 2: out.append({('d', U): 1})
            for V in used:
                if (sigma[U] if U == V else sigma[U] + sigma[V]) > W - 2: continue
                r = {('c', U): 1, ('d', V): 1}
                if U == V: r[('z', U)] = 1
                out.append(r)
        return out
    def lv(cf, r):
        return sum(cf[k] * v for k, v in r.items())
    # repair: class 2 d-alone loops via Fc, then c-loops via E (class 2) / B (class 1), d-loops class 1 via D
    if two:
        for _ in range(3):
            cf = exact_cf(2)
            for r in loops(2):
                if list(r) == [('d', list(r)[0][1])] and lv(cf, r) > 0:
                    lam[('Fc', list(r)[0][1])] -= lv(cf, r)
            cf = exact_cf(2)
            for U in used:
                worst = max([lv(cf, r) for r in loops(2) if ('c', U) in r] + [Fr(0)])
                if worst > 0: lam[('E', U)] -= worst
            cf = exact_cf(2)
            if all(lv(cf, r) <= 0 for r in loops(2)): break
    cf = exact_cf(1)
    for U in used:
        worst = max([lv(cf, r) for r in loops(1) if ('c', U) in r] + [Fr(0)])
        if worst > 0: lam[('B', U)] -= worst
    total = Fr(0)
    for (rn, s_, r) in rows:
        if rn in ('conv1', 'conv2'): continue
        total += lam[rn] * Fr(r)
    for (n, c, lb, ub, co) in fixed:
        k = Fr(-c).limit_denominator(1) - sum(lam[r] * Fr(v) for r, v in co.items())
        if k > 0:
            total += k * Fr(ub)
    for w in cols:
        v, _ = pair_dp(kernel, sigma, exact_cf(w), w == 1, W)
        if v is None:
            return I + val, None
        total += v
    if verbose:
        print("iterations", it, "LP", val, "cols", len(cols[1]), len(cols.get(2, [])))
    return I + val, I + total


if __name__ == "__main__":
    k = sys.argv[1]; W = int(sys.argv[2])
    sig = {'L': 1, 'C': 1, 'S': 1, 'D': 1}
    cuts = ("tp", "dd", "dd2")
    for a in sys.argv[3:]:
        if a.startswith('cuts='):
            cuts = tuple(x for x in a[5:].split(',') if x); continue
        t, v = a.split('='); sig[t] = int(v)
    lpv, cert = pair_lp_bound(k, W, sig, cuts=cuts, verbose=True)
    print("LP", lpv, "certified", cert, float(cert) if cert is not None else None)
