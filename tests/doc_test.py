#!/usr/bin/env python3
"""Runs the shell examples of Markdown files and compares what they print with what the file shows.

usage: doc_test.py [--cli PATH] [--build DIR] [--root DIR] [--timeout S] [--require] [--have FEATURE]...
                   [--links] FILE_OR_DIR...

A fenced block whose info string is `console` is a test; every other block (```text, ```sh, ```c,
...) is left alone. Inside a console block:
  - a line starting with "$ " is a command; when it ends in a backslash the next line continues
    it, as in a shell;
  - the lines after a command, up to the next "$ " line or the closing fence, are its expected
    output: stdout and stderr together (the command runs as `bash -c 'CMD' 2>&1`), compared line
    by line and exactly, trailing spaces included;
  - "{{any}}" in an expected line matches any text within that one line (use it only for what
    depends on time or the machine, such as seconds).
The exit status is not compared; to show it, write `CMD; echo "exit $?"`. An expected line cannot
start with "$ ".

A console block may name what it needs after the word console: ```console ilp runs only when the
build has the ILP (lp_solve), declared with --have ilp (CTest passes it when the build links lp_solve).
A block whose needs are not all declared is skipped, and the skipped commands are counted in the summary
line, so a build without lp_solve passes while saying what it did not check.

A block of any other kind whose info string has a word file=PATH (```c file=examples/api_voronoi.c)
is a copy of that file (relative to --root): its lines must be the file's lines exactly, so that a
listing in a document cannot drift from the source that the build compiles. Each such block counts
as one command.

--links checks every relative Markdown link [text](target) of the files: the file or folder it names
must exist (relative to the linking file; "#anchor" parts and absolute http(s) or mailto links are
not checked). A broken link is reported as FILE:LINE and counts as a failure.

Every command runs in its own bash from the root (--root, default: the repository that holds
this script), with stdin from /dev/null, LC_ALL=C and at most --timeout seconds (default 60).
Commands that write files should write under /tmp, not into the repository.

--cli PATH replaces the word `build/warpspan` in every command (at the start of the command or
after a space, tab, `|`, `;`, `&` or `(`) with PATH, shell-quoted. The CTest test `docs`
passes the CLI that the build just made, so the documents are checked against that binary and
never against a stale copy at build/warpspan (where `make` puts one). Expected output is never
rewritten: the CLI names itself "warpspan", not by its path.

--build DIR likewise replaces the word `build/host/` (the folder `make` builds into) at the start of
a path in a command with DIR/, so that examples such as build/host/example_api run from the build
that CTest is testing.

A directory argument stands for the *.md files directly in it, in name order. --require makes a
file without any console block an error. Each mismatch is reported as FILE:LINE (the line of the
command) with a unified diff of the expected and the actual output. Exit status: 0 when every
command printed what its file shows, 1 when any did not (or a file is malformed, or --require
found no block), 2 for a usage error.
"""

import argparse
import difflib
import os
import re
import shlex
import signal
import subprocess
import sys

ANY = "{{any}}"
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
CLI_WORD = re.compile(r"(^|[\s|;&(])build/warpspan(?=$|[\s|;&)<>])")
BUILD_WORD = re.compile(r"(^|[\s|;&(])build/host/")


class Example:
    """One command of a console block and the output its file expects."""

    def __init__(self, path, line, command):
        self.path = path
        self.line = line  # 1-based line of the "$ " line
        self.command = command
        self.expected = []
        self.continued = command.endswith("\\")
        self.copy_of = None  # a file=PATH block: the file whose lines the block must hold


def parse(path, text, have=()):
    """Returns (examples, console block count, error or None, skipped commands)."""
    examples = []
    blocks = 0
    skipped = 0
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    k = 0
    while k < len(lines):
        m = FENCE.match(lines[k])
        if not m:
            k += 1
            continue
        indent, fence = m.group("indent"), m.group("fence")
        info = m.group("info").strip()
        if fence[0] == "`" and "`" in info:
            k += 1  # not a fence: an inline code span at the start of a line
            continue
        start = k
        k += 1
        body = []
        closed = False
        while k < len(lines):
            c = FENCE.match(lines[k])
            if c and c.group("fence")[0] == fence[0] and len(c.group("fence")) >= len(fence) \
                    and c.group("info").strip() == "":
                closed = True
                break
            line = lines[k]
            body.append((k + 1, line[len(indent):] if line.startswith(indent) else line.lstrip(" \t")))
            k += 1
        if not closed:
            return examples, blocks, "%s:%d: the fence opened here is never closed" % (path, start + 1), skipped
        k += 1
        copies = [w[len("file="):] for w in info.split() if w.startswith("file=")]
        if info.split()[:1] != ["console"] and copies:
            example = Example(path, start + 1, "cat " + shlex.quote(copies[0]))
            example.copy_of = copies[0]
            example.expected = [line for _, line in body]
            examples.append(example)
            continue
        if info.split()[:1] != ["console"]:
            continue
        blocks += 1
        needs = info.split()[1:]
        runs = all(n in have for n in needs)
        first = len(examples)
        current = None
        for number, line in body:
            if current is not None and current.continued:
                current.command += "\n" + line
                current.continued = line.endswith("\\")
            elif line.startswith("$ "):
                current = Example(path, number, line[2:])
                examples.append(current)
            elif current is None:
                if line.strip():
                    return examples, blocks, "%s:%d: output before any \"$ \" command" % (path, number), skipped
            else:
                current.expected.append(line)
        if current is not None and current.continued:
            return examples, blocks, "%s:%d: the command ends in a backslash at the fence" % (path, current.line), \
                skipped
        if not runs:
            skipped += len(examples) - first
            del examples[first:]
    return examples, blocks, None, skipped


LINK = re.compile(r"\[[^\]]*\]\(([^()\s]+)\)")


def broken_links(path, text):
    """Returns "FILE:LINE: ..." for each relative link of the file whose target does not exist."""
    problems = []
    inside = None
    for number, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if m and (m.group("fence")[0] != "`" or "`" not in m.group("info")):
            if inside is None:
                inside = m.group("fence")[0]
                continue
            if m.group("fence")[0] == inside and m.group("info").strip() == "":
                inside = None
                continue
        if inside is not None:
            continue
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue
            where = os.path.join(os.path.dirname(path), target.split("#")[0])
            if not os.path.exists(where):
                problems.append("%s:%d: broken link: %s" % (path, number, target))
    return problems


def line_matches(expected, actual):
    if ANY not in expected:
        return expected == actual
    pattern = ".*".join(re.escape(part) for part in expected.split(ANY))
    return re.fullmatch(pattern, actual) is not None


def outputs_match(expected, actual):
    return len(expected) == len(actual) and all(line_matches(e, a) for e, a in zip(expected, actual))


def rewrite_cli(command, cli, build=None):
    if build is not None:
        command = BUILD_WORD.sub(lambda m: m.group(1) + shlex.quote(build) + "/", command)
    if cli is None:
        return command
    return CLI_WORD.sub(lambda m: m.group(1) + shlex.quote(cli), command)


def output_lines(data):
    text = data.decode("utf-8", "replace")
    if text == "":
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def run(example, root, cli, timeout, build=None):
    """Returns (actual output lines, failure note or None)."""
    if example.copy_of is not None:
        try:
            with open(os.path.join(root, example.copy_of), encoding="utf-8") as f:
                return output_lines(f.read().encode("utf-8")), None
        except OSError as e:
            return [], "cannot read %s: %s" % (example.copy_of, e.strerror)
    env = dict(os.environ, LC_ALL="C")
    # A session of its own, so that a timeout ends the command's children too.
    process = subprocess.Popen(["bash", "-c", rewrite_cli(example.command, cli, build)], cwd=root, env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, start_new_session=True)
    try:
        out, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, _ = process.communicate()
        return output_lines(out), "timed out after %g s" % timeout
    return output_lines(out), None


def report(example, actual, note):
    # Lines that {{any}} matched are shown as the actual text, so the diff shows real differences.
    shown = [actual[k] if k < len(actual) and line_matches(e, actual[k]) else e
             for k, e in enumerate(example.expected)]
    print("%s:%d: %s" % (example.path, example.line, note or "the output differs from the file"))
    print("  $ " + example.command.replace("\n", "\n    "))
    for line in difflib.unified_diff(shown, actual, "expected (%s:%d)" % (example.path, example.line),
                                     "actual", lineterm="", n=3):
        print("  " + line)
    print()


def markdown_files(arguments):
    files = []
    for a in arguments:
        if os.path.isdir(a):
            files += sorted(os.path.join(a, f) for f in os.listdir(a)
                            if f.endswith(".md") and os.path.isfile(os.path.join(a, f)))
        else:
            files.append(a)
    return files


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description="Checks the console examples of Markdown files.")
    parser.add_argument("--cli", help="run this CLI wherever a command says build/warpspan")
    parser.add_argument("--build", help="run build/host/... programs from this build folder")
    parser.add_argument("--root", default=os.path.dirname(here),
                        help="directory the commands run in (default: the repository root)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per command (default 60)")
    parser.add_argument("--require", action="store_true",
                        help="a file without a console block is an error")
    parser.add_argument("--have", action="append", default=[], metavar="FEATURE",
                        help="run ```console FEATURE blocks (e.g. ilp); others are skipped and counted")
    parser.add_argument("--links", action="store_true", help="check that relative links name existing files")
    parser.add_argument("files", nargs="+", metavar="FILE_OR_DIR")
    args = parser.parse_args(argv)
    if args.cli is not None and not os.access(args.cli, os.X_OK):
        print("doc_test: --cli %s: not an executable file" % args.cli, file=sys.stderr)
        return 2
    cli = os.path.abspath(args.cli) if args.cli is not None else None
    build = os.path.abspath(args.build) if args.build is not None else None
    files = markdown_files(args.files)
    if not files:
        print("doc_test: no Markdown files in %s" % " ".join(args.files), file=sys.stderr)
        return 2
    failures = 0
    commands = 0
    skipped = 0
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            print("doc_test: %s: %s" % (path, e), file=sys.stderr)
            return 2
        examples, blocks, error, skips = parse(path, text, args.have)
        skipped += skips
        if args.links:
            for problem in broken_links(path, text):
                print(problem)
                failures += 1
        if error is not None:
            print(error)
            failures += 1
            continue
        if blocks == 0 and args.require:
            print("%s: no ```console block (--require)" % path)
            failures += 1
            continue
        for example in examples:
            commands += 1
            actual, note = run(example, args.root, cli, args.timeout, build)
            if note is not None or not outputs_match(example.expected, actual):
                report(example, actual, note)
                failures += 1
    note = ", %d skipped (not in this build: see --have)" % skipped if skipped else ""
    print("doc_test: %d command(s) in %d file(s), %d failure(s)%s" % (commands, len(files), failures, note))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
