#!/usr/bin/env python3
"""PWS fixtures from real compiler output: the CFG of every kernel of the PTX fixtures (nvcc output,
tests/fixtures/ptx), exported by `warpspan ptx --write-cfg` in both PWS formats, each block's WCET the
proven upper bound on T(1) of its own instruction string on sm_80, loops bounded by the kernels'
annotation files. Writes tests/fixtures/pws/ptx/<kernel>-<entry>.{pws,csv} and INDEX (one name per line).

  tools/pws_fixtures/make.py [--cli build/warpspan]            regenerate the committed fixtures
  tools/pws_fixtures/make.py --cli CLI --check                 regenerate into a temporary folder and
                                                               compare byte for byte (a CTest test)
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PTX = os.path.join("tests", "fixtures", "ptx")
OUT = os.path.join("tests", "fixtures", "pws", "ptx")
ARCH = "sm_80"


def kernels():
    """(name, ptx file, entry, bounds file or None) for every .entry of the sm_80 (else sm_75) PTX."""
    out = []
    files = sorted(f for f in os.listdir(os.path.join(ROOT, PTX)) if re.fullmatch(r"[a-z0-9_]+\.sm80\.ptx", f))
    have = {f.split(".")[0] for f in files}
    files += sorted(f for f in os.listdir(os.path.join(ROOT, PTX))
                    if re.fullmatch(r"[a-z0-9_]+\.sm75\.ptx", f) and f.split(".")[0] not in have)
    for f in files:
        base = f.split(".")[0]
        text = open(os.path.join(ROOT, PTX, f)).read()
        bounds = os.path.join(PTX, base + ".bounds")
        for entry in re.findall(r"\.entry\s+([A-Za-z_][A-Za-z0-9_]*)", text):
            out.append((base + "-" + entry, os.path.join(PTX, f), entry,
                        bounds if os.path.exists(os.path.join(ROOT, bounds)) else None))
    return out


def generate(cli, folder):
    names = []
    for name, ptx, entry, bounds in kernels():
        cmd = [cli, "ptx", ptx, "--entry", entry, "--warps", "1", "--arch", ARCH,
               "--write-cfg", os.path.join(folder, name)]
        if bounds:
            cmd += ["--loop-bounds", bounds]
        r = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            sys.exit("make.py: %s: %s" % (" ".join(cmd), r.stderr.strip()))
        names.append(name)
    with open(os.path.join(folder, "INDEX"), "w") as f:
        f.write("".join(n + "\n" for n in names))
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "warpspan"))
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    cli = os.path.abspath(a.cli)
    if not a.check:
        os.makedirs(os.path.join(ROOT, OUT), exist_ok=True)
        names = generate(cli, os.path.join(ROOT, OUT))
        print("wrote %d kernels to %s" % (len(names), OUT))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        names = generate(cli, tmp)
        stale = []
        for f in ["INDEX"] + [n + s for n in names for s in (".pws", ".csv")]:
            committed = os.path.join(ROOT, OUT, f)
            new = open(os.path.join(tmp, f), "rb").read()
            if not os.path.exists(committed) or open(committed, "rb").read() != new:
                stale.append(f)
        if stale:
            print("stale PWS fixtures (run tools/pws_fixtures/make.py): " + ", ".join(stale))
            return 1
        print("%d kernels: the committed fixtures are what warpspan ptx --write-cfg writes" % len(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
