#!/usr/bin/env python3
"""Validates real JSON outputs of every warpspan command against the JSON Schemas in docs/schema/.

Usage: validate_json.py --cli build/warpspan --root SOURCE_DIR

Each case runs the CLI (from the source tree, output files into a temporary folder), parses its stdout
as one JSON object and validates it with the schema of its command (draft 2020-12); the schemas
themselves are checked first. Cases that need lp_solve run only where `warpspan --version` says the ILP
is built. Prints every failure and exits 1 if there was one. Needs the Debian package
python3-jsonschema (make check installs it).
"""
import argparse
import glob
import json
import os
import shlex
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    sys.exit("validate_json.py: the Python module jsonschema is missing: apt-get install python3-jsonschema "
             "(make check does this)")

# (schema, expected exit status, arguments; {tmp} is the temporary folder, needs lp_solve)
CASES = [
    ("warpspan", 0, "--kernel LLL --units L=64 --warps 4 --json", False),
    ("warpspan", 0, "--kernel LCL --warps 4 --witness 1,1,2,2,3,3,1,2,3,4,4,4 --json", False),
    # a long normalised kernel: problem.kernel is its summary (issue 18)
    ("warpspan", 0, "--kernel L20 --units L=1 --warp-size 1024 --latency L=2 --warps 2 --method exact --json", False),
    ("error", 71, "--kernel LLC --warps 4 --method exact --memory 16777216 --json", False),
    ("warpspan", 0, "--kernel LCL --warps 4 --method anneal,exact,estimate --iterations 2000 --restarts 2 --x 2 "
                    "--json --convergence {tmp}/c.csv --svg {tmp}/g.svg", False),
    ("warpspan", 3, "--kernel 'L5 C9 L2 C9' --units L=32,C=128 --schedulers 4 --warps 6 --method exact --budget 5 "
                    "--require-exact --json", False),
    ("warpspan", 0, "--kernel LCL --warps 4 --method lower,exact --json --svg {tmp}/l.svg", False),
    ("warpspan", 0, "examples/voronoi.cfg --warps 9 --method lower --work 2000 --threads 1 --json", False),
    ("warpspan", 0, "examples/voronoi.cfg --warps 9 --method bracket --work 20000 --threads 1 --json", False),
    ("warpspan", 0, "--kernel LCL --warps 4 --method bracket --json", False),
    ("warpspan", 0, "--arch sm_86 --kernel CL --warps 4 --method exact --json", False),
    ("warpspan", 0, "examples/voronoi.cfg --latency S=4 --units L=16 --json", False),
    ("warpspan", 0, "--kernel LCL --warps 4 --method ilp --write-lp {tmp}/m.mps --json", True),
    ("warpspan", 0, "--kernel LLCLL --warps 4 --method ilp --constraints strong --json", True),
    ("ptx", 0, "ptx tests/fixtures/ptx/saxpy.sm75.ptx --json", False),
    ("ptx", 0, "ptx tests/fixtures/ptx/stencil.sm80.ptx --warps 4 --arch sm_80 --method anneal --iterations 500 "
               "--json", False),
    ("ptx", 0, "ptx tests/fixtures/ptx/voronoi.sm90.ptx --path not-taken --warps 2 --json", False),
    ("ptx", 0, "ptx tests/fixtures/ptx/voronoi.sm75.ptx --prefix --write-cfg {tmp}/cfg --json", False),
    ("ptx", 0, "ptx tests/fixtures/ptx/histogram.sm80.ptx --loop-bounds tests/fixtures/ptx/histogram.bounds --json",
     False),
    ("pws", 0, "pws examples/fig8.pws --spsimds 2 --delay 1 --split-cost 1 --merge-cost 1 --json", False),
    ("pws", 0, "pws tests/fixtures/pws/if_no_else.csv --explain --split optimal --contexts count --json", False),
    ("pws", 0, "pws tests/fixtures/pws/mixed.pws --ipet --json", True),
    ("ipet", 0, "ipet tests/fixtures/loop.ipet --json", True),
    ("table", 0, "table --kernel LCL --warps 3 --columns bound,exact,anneal --iterations 500 --format json", False),
    ("table", 0, "table --kernel LCL --warps 3 --columns exact,anneal --iterations 500 --timing --format json", False),
    ("table", 0, "table --kernel LCL --warps 3 --columns bound,lower,exact --work 1000 --format json", False),
    ("table", 0, "table --kernel LCL --warps 3 --columns bound,exact --shard 2/2 -o {tmp}/p2.json && cat {tmp}/p2.json",
     False),
    ("table", 0, "table --kernel LCL --warps 3 --columns bound,exact --shard 1/2 -o {tmp}/p1.json && {cli} table merge "
                 "{tmp}/p1.json {tmp}/p2.json --format json", False),
    ("error", 64, "--kernel L --wraps 2 --json", False),
    ("error", 64, "tabel --json", False),
    ("error", 1, "--kernel LXC --warps 2 --json", False),
    ("error", 1, "pws tests/fixtures/pws/bad_crossing.pws --json", False),
    ("error", 74, "--kernel L --warps 1 --witness 1 --svg /nonexistent/x.svg --json", False),
]


def validator_for(schemas, name):
    """A draft 2020-12 validator of schema `name` that resolves references to the other schemas by $id."""
    schema = schemas[name]
    try:  # jsonschema 4.18 and later
        from referencing import Registry, Resource
        registry = Registry().with_resources(
            (s["$id"], Resource.from_contents(s)) for s in schemas.values())
        return jsonschema.Draft202012Validator(schema, registry=registry)
    except ImportError:  # earlier (Debian 12 has 4.10)
        store = {s["$id"]: s for s in schemas.values()}
        resolver = jsonschema.RefResolver.from_schema(schema, store=store)
        return jsonschema.Draft202012Validator(schema, resolver=resolver)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--root", required=True)
    args = parser.parse_args(argv)
    schemas = {}
    for path in sorted(glob.glob(os.path.join(args.root, "docs", "schema", "*.schema.json"))):
        with open(path) as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        schemas[os.path.basename(path)[:-len(".schema.json")]] = schema
    version = subprocess.run([args.cli, "--version"], capture_output=True, text=True).stdout
    ilp = "ilp: lp_solve" in version
    failures = 0
    cli = shlex.quote(os.path.abspath(args.cli))
    with tempfile.TemporaryDirectory(prefix="wsp_json_") as tmp:
        for name, status, line, needs_ilp in CASES:
            if needs_ilp and not ilp:
                continue
            command = cli + " " + line.format(tmp=shlex.quote(tmp), cli=cli)
            done = subprocess.run(["bash", "-c", command], cwd=args.root, capture_output=True, text=True)
            problems = []
            if done.returncode != status:
                problems.append("exit status %d, expected %d" % (done.returncode, status))
            try:
                value = json.loads(done.stdout)
                problems += ["%s: %s" % ("/".join(str(p) for p in e.absolute_path) or "(top)", e.message)
                             for e in validator_for(schemas, name).iter_errors(value)]
            except json.JSONDecodeError as e:
                problems.append("stdout is not one JSON object: %s" % e)
            if problems:
                failures += 1
                print("%s (schema %s):" % (line, name))
                for p in problems[:10]:
                    print("  " + p)
                if done.stderr:
                    print("  stderr: " + done.stderr.strip()[:500])
    print("%d of %d outputs valid" % (len(CASES) - failures, len(CASES)) if failures else
          "every output is valid (%d schemas)" % len(schemas))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
