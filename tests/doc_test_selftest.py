#!/usr/bin/env python3
"""The doc-test runner's own test (CTest `docs_runner`): runs tests/doc_test.py on the fixtures in
tests/fixtures/docs/ and checks that it passes what must pass, fails what must fail, and says where.
Needs no CLI: tests/fixtures/docs/fake_cli.sh stands in for it."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "tests", "doc_test.py")
FIXTURES = os.path.join("tests", "fixtures", "docs")


def runner(*args):
    done = subprocess.run([sys.executable, RUNNER] + list(args), cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=120)
    return done.returncode, done.stdout.decode("utf-8", "replace")


def fixture(name):
    return os.path.join(FIXTURES, name)


def main():
    problems = []

    def expect(what, condition, output):
        if not condition:
            problems.append("%s\n--- runner output:\n%s" % (what, output))

    fake = ["--cli", fixture("fake_cli.sh")]

    rc, out = runner(*fake, fixture("pass.md"))
    expect("pass.md: exit 0", rc == 0, out)
    expect("pass.md: all 9 commands run (none skipped, the text and nested fences not run)",
           "9 command(s) in 1 file(s), 0 failure(s)" in out, out)

    rc, out = runner(fixture("pass.md"))
    expect("pass.md without --cli: build/warpspan is not the fake, so that command fails",
           rc == 1 and "pass.md:40:" in out, out)

    rc, out = runner(fixture("fail.md"))
    expect("fail.md: exit 1", rc == 1, out)
    expect("fail.md: the mismatch of line 9 is reported with a diff",
           "fail.md:9: the output differs" in out and "  -2" in out and "  +two" in out, out)
    expect("fail.md: {{any}} matches within one line only (line 13)",
           "fail.md:13: the output differs" in out and "  +b" in out, out)
    expect("fail.md: the passing command (line 4) is not reported", "fail.md:4:" not in out, out)
    expect("fail.md: 2 failures counted", "3 command(s) in 1 file(s), 2 failure(s)" in out, out)

    rc, out = runner(fixture("none.md"))
    expect("none.md: no console block is fine without --require", rc == 0, out)
    rc, out = runner("--require", fixture("none.md"))
    expect("none.md with --require: exit 1 naming the file",
           rc == 1 and "none.md: no ```console block" in out, out)

    rc, out = runner(fixture("unclosed.md"))
    expect("unclosed.md: exit 1 at the opening fence",
           rc == 1 and "unclosed.md:3: the fence opened here is never closed" in out, out)

    rc, out = runner("--timeout", "0.5", fixture("slow.md"))
    expect("slow.md: a command past --timeout fails", rc == 1 and "slow.md:4: timed out" in out, out)

    rc, out = runner(*fake, fixture("pass.md"), fixture("fail.md"))
    expect("two files: one failure makes the run fail", rc == 1 and "12 command(s) in 2 file(s)" in out, out)

    rc, out = runner("--build", fixture("fakebuild"), fixture("build.md"))
    expect("build.md with --build: build/host/ runs from the given folder", rc == 0, out)
    rc, out = runner(fixture("build.md"))
    expect("build.md without --build: build/host/hello.sh does not exist",
           rc == 1 and "build.md:4:" in out, out)

    rc, out = runner(fixture("needs.md"))
    expect("needs.md: the console ilp block is skipped without --have ilp, and counted",
           rc == 0 and "1 command(s) in 1 file(s), 0 failure(s), 2 skipped" in out, out)
    rc, out = runner("--have", "ilp", fixture("needs.md"))
    expect("needs.md with --have ilp: the block runs (and its wrong output fails at line 13)",
           rc == 1 and "needs.md:13: the output differs" in out and "3 command(s)" in out, out)
    rc, out = runner("--links", fixture("needs.md"))
    expect("needs.md with --links: only missing.md (line 21) is broken",
           rc == 1 and "needs.md:21: broken link: missing.md" in out and out.count("broken link") == 1, out)

    rc, out = runner(fixture("copies.md"))
    expect("copies.md: a file= listing equal to its file passes, a changed one fails at its fence (line 10)",
           rc == 1 and "copies.md:10: the output differs" in out and "copies.md:5:" not in out
           and "2 command(s) in 1 file(s), 1 failure(s)" in out, out)

    rc, out = runner("--cli", fixture("none.md"), fixture("pass.md"))
    expect("--cli that is not executable: usage error", rc == 2, out)

    for p in problems:
        print("FAILED: " + p)
    print("doc_test self-test: %d problem(s)" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
