#!/usr/bin/env python3
"""Prints the README's table of formats from the binary's own `formats` listing, so the table and
the format table of the library say the same (crates/cli/tests/fixtures.rs checks every format is listed).

usage: python3 scripts/formats-table.py [BINARY]   (default target/release/sudoku-judge)
"""
import re
import subprocess
import sys

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/sudoku-judge"


def run(*args):
    return subprocess.run([BIN, *args], capture_output=True, text=True, check=True).stdout


rows = []
for line in run("formats").splitlines():
    m = re.match(r"^(\S+)\s{2,}(.*)$", line)
    if not m:
        continue
    name, summary = m.groups()
    show = run("formats", name)
    judge = show.split("\n")[0].split(" — ", 1)[1]
    sample = show.split("Sample input:\n", 1)[1].split("\nSample output:\n")[0]
    lines = [l.strip() for l in sample.split("\n") if l.strip()][:3]
    example = " / ".join(lines)
    if len(example) > 40:
        example = example[:38] + "…"
    cell = lambda t: t.replace("|", "\\|")
    rows.append(f"| `{name}` | {cell(judge)} | {cell(summary)} | `{cell(example)}` |")
print("| `--format` | problem | a case, and its answer | input starts |")
print("|---|---|---|---|")
print("\n".join(rows))
