#!/usr/bin/env python3
"""stack-report.py DIR [--limit BYTES] [--entry NAME]... [--internal NAME]...: worst-case stack depth of
each public entry point (wsp_*) of the core, from the GCC call-graph files (-fcallgraph-info=su, one .ci
per object) under DIR. Each --entry NAME adds the internal functions whose name contains NAME to the
public calls (internal calls shaped as public ones, e.g. a call proposed for the API before it is
public: the limit applies to them). Each --internal NAME adds a second table with the
internal functions whose name contains NAME (tools/bounds-cost.sh: the bound calls); the limit does
not apply to those.

The depth of a function is its own frame (the "N bytes" GCC measured, which includes what it pushes)
plus the deepest of its callees, over the whole call graph of the archive. A function GCC could not
bound (dynamic stack), recursion, or a call to an unknown function makes the figure unbounded and is
reported as such, never hidden. Two kinds of call are not part of the core and are listed per row:
- calls through a pointer ("__indirect_call"): the caller's progress callback; its own stack comes on
  top of the figure;
- C library and libgcc leaves (memcpy, 64-bit division), counted with the allowance below, read off
  the disassembly of GCC 12.2's libgcc and newlib for thumb/v7e-m+fp/hard (the firmware's port
  replaces memcpy and memset with loops that push nothing).
Exit status 1 when a row is unbounded or, with --limit, above the limit.
"""
import glob
import os
import re
import subprocess
import sys

LIBRARY_LEAVES = {
    "memcpy": 16,             # newlib: pushes nothing; 16 B of slack for other C libraries
    "memset": 16,             # newlib: push {r4, r5, lr} = 12 B
    "__aeabi_uldivmod": 48,   # strd ip, lr, [sp, #-16]! then __udivmoddi4: 8 registers = 32 B
    "__aeabi_ldivmod": 48,    # the same frame around __udivmoddi4
    "__ctzdi2": 0,
}
INDIRECT = "__indirect_call"

NODE = re.compile(r'^node: \{ title: "([^"]*)" label: "([^"]*)"')
EDGE = re.compile(r'^edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')
FRAME = re.compile(r'\\n(\d+) bytes \(([a-z,]+)\)$')


def read_graph(folder):
    frames, names, calls = {}, {}, {}
    for path in sorted(glob.glob(os.path.join(folder, "**", "*.ci"), recursive=True)):
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = NODE.match(line)
                if m:
                    frame = FRAME.search(m.group(2))
                    if frame:
                        frames[m.group(1)] = (int(frame.group(1)), frame.group(2))
                        names[m.group(1)] = m.group(2).split("\\n")[0]
                    continue
                m = EDGE.match(line)
                if m:
                    calls.setdefault(m.group(1), set()).add(m.group(2))
    return frames, names, calls


def resolve(target, frames):
    """The defined node a call lands on: itself, or its constructor/destructor alias (GCC emits C2/D2
    and calls C1/D1, which the assembler makes the same symbol)."""
    if target in frames:
        return target
    for a, b in (("C1E", "C2E"), ("C2E", "C1E"), ("D1E", "D2E"), ("D2E", "D1E")):
        alias = target.replace(a, b)
        if alias != target and alias in frames:
            return alias
    return None


class Analysis:
    def __init__(self, frames, calls):
        self.frames, self.calls = frames, calls
        self.memo = {}

    def depth(self, fn, active=()):
        """(bytes, path, notes): the worst depth from fn, the path that reaches it, and what is not
        counted or not bounded on any path from fn."""
        if fn in self.memo:
            return self.memo[fn]
        own, kind = self.frames[fn]
        notes = set()
        if kind != "static" and kind != "dynamic,bounded":
            notes.add("UNBOUNDED: dynamic stack in " + fn)
        best, best_path = 0, []
        for target in sorted(self.calls.get(fn, ())):
            if target == INDIRECT:
                notes.add("callback")
                continue
            if target in LIBRARY_LEAVES:
                extra, path, sub = LIBRARY_LEAVES[target], [target], set()
            else:
                callee = resolve(target, self.frames)
                if callee is None:
                    notes.add("UNBOUNDED: unknown callee " + target)
                    continue
                if callee in active or callee == fn:
                    notes.add("UNBOUNDED: recursion through " + callee)
                    continue
                extra, path, sub = self.depth(callee, active + (fn,))
            notes |= sub
            if extra > best:
                best, best_path = extra, path
        result = (own + best, [fn] + best_path, notes)
        self.memo[fn] = result
        return result


def clone_names(names):
    """GCC labels its clones (.constprop, .part) with the clone's suffix instead of the function's
    name; c++filt recovers it from the mangled symbol."""
    clones = [fn for fn, label in names.items() if re.match(r"^(constprop|isra|part|\d)", label)]
    if not clones:
        return
    symbols = [fn.split(":")[-1] for fn in clones]
    try:
        out = subprocess.run(["c++filt"], input="\n".join(symbols), capture_output=True, text=True,
                             check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return
    for fn, name in zip(clones, out):
        names[fn] = name.replace("(anonymous namespace)", "{anonymous}")


def short(fn, names):
    """A readable name: the label's qualified name without return type and parameters."""
    label = names.get(fn, fn)
    depth, cut = 0, len(label)
    for i, ch in enumerate(label):  # the first "(" outside template brackets opens the parameters
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0 and not label[:i].endswith("operator"):
            cut = i
            break
    head = label[:cut]
    depth, start = 0, 0
    for i, ch in enumerate(head):   # the last space outside template brackets ends the return type
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == " " and depth == 0:
            start = i + 1
    name = head[start:] + ("::<lambda>" if "<lambda" in label[cut:] else "")
    return name.replace("wsp::", "").replace("{anonymous}::", "")


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    limit = int(argv[argv.index("--limit") + 1]) if "--limit" in argv else None
    frames, names, calls = read_graph(argv[1])
    clone_names(names)
    extra_entries = [argv[k + 1] for k, a in enumerate(argv[:-1]) if a == "--entry"]
    entries = sorted(fn for fn in frames if fn.startswith("wsp_") or
                     any(w in names.get(fn, "") for w in extra_entries))
    if not entries:
        print("stack-report: no call graph under " + argv[1], file=sys.stderr)
        return 1
    analysis = Analysis(frames, calls)
    failed = False
    rows = []
    for fn in entries:
        total, path, notes = analysis.depth(fn)
        unbounded = any(n.startswith("UNBOUNDED") for n in notes)
        over = limit is not None and total > limit
        failed |= unbounded or over
        extra = sorted(n for n in notes if n != "callback")
        if "callback" in notes:
            extra.insert(0, "+ the progress callback's own stack")
        if over:
            extra.insert(0, "OVER %d B" % limit)
        rows.append((fn if fn.startswith("wsp_") else short(fn, names), "unbounded" if unbounded else str(total), " > ".join(
            short(p, names) for p in path[1:]), "; ".join(extra)))
    print("| public call | worst stack (B) | deepest chain below it | not counted |")
    print("| --- | ---: | --- | --- |")
    for fn, total, chain, extra in rows:
        print("| `%s` | %s | %s | %s |" % (fn, total, chain or "(leaf)", extra))
    worst = max(rows, key=lambda r: -1 if r[1] == "unbounded" else int(r[1]))
    print("\nworst: %s, %s B%s" % (worst[0], worst[1],
                                   "" if limit is None else " (limit %d B)" % limit))
    wanted = [argv[k + 1] for k, a in enumerate(argv[:-1]) if a == "--internal"]
    internal = sorted(fn for fn in frames if any(w in names.get(fn, "") for w in wanted))
    if wanted:
        print("\n| internal call | worst stack (B) | deepest chain below it | not counted |")
        print("| --- | ---: | --- | --- |")
        for fn in internal:
            total, path, notes = analysis.depth(fn)
            unbounded = any(n.startswith("UNBOUNDED") for n in notes)
            print("| `%s` | %s | %s | %s |" % (short(fn, names), "unbounded" if unbounded else total,
                                               " > ".join(short(p, names) for p in path[1:]) or "(leaf)",
                                               "; ".join(sorted(notes))))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
