"""The which-end kernels: current least bound, pair-LP bound, T(W) (exact solver, time-limited)."""
import json, subprocess, sys, time
from pair_bound import pair_lp_bound
import os
WS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "build", "host", "warpspan")
FIX = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tests", "fixtures", "ptx") + "/"
CASES = [("saxpy.sm75", "sm_70"), ("sfu.sm75", "sm_80"), ("branches.sm80", "sm_70"), ("stencil.sm80", "sm_70"),
         ("horner.sm80", "sm_70"), ("noinline.sm80", "sm_70"), ("transpose.sm80", "sm_70"), ("intdiv.sm80", "sm_80"),
         ("dp.sm75", "sm_80")]
secs = float(sys.argv[1]) if len(sys.argv) > 1 else 20
Ws = [int(x) for x in sys.argv[2].split(",")] if len(sys.argv) > 2 else [2, 3, 4]
only = sys.argv[3].split(",") if len(sys.argv) > 3 else None
print("%-10s %-6s %4s %2s | %7s %7s | %9s | %s" % ("kernel", "arch", "I", "W", "current", "pair", "T(W)", "pair time"))
for fx, arch in CASES:
    if only and fx.split(".")[0] not in only: continue
    for W in Ws:
        p = subprocess.run([WS, "ptx", FIX + fx + ".ptx", "--arch", arch, "--warps", str(W), "--method", "bound,exact",
                            "--timeout", str(secs), "--threads", "1", "--json"], capture_output=True, text=True)
        d = json.loads(p.stdout)["path_analysis"]["result"]
        pr = d["problem"]; r = d["results"]
        k = pr["kernel"]; sig = pr["sigma"]; S = pr["schedulers"]
        used = set(k)
        eff0 = S == 0 or S >= W or S >= sum(sig[t] for t in used)
        cur = r["bound"]["upper"]
        ex = r["exact"]
        T = str(ex["lower"]) if ex["status"] == "optimal" else "[%d,%d]" % (ex["lower"], ex["upper"])
        if True:
            t0 = time.time()
            lpv, cert = pair_lp_bound(k, W, sig, S)
            b = cert.numerator // cert.denominator; dt = time.time() - t0
            if ex["status"] == "optimal" and b < ex["lower"]: print("UNSAFE!!")
            if b < ex["lower"]: print("UNSAFE vs witness!!")
            pb = str(b)
        else:
            pb = "n/a (S binds)"; dt = 0
        print("%-10s %-6s %4d %2d | %7d %7s | %9s | %.1fs" % (fx.split(".")[0], arch, pr["length"], W, cur, pb, T, dt), flush=True)
