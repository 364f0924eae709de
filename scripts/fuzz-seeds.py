#!/usr/bin/env python3
"""Seeds the fuzz corpora (fuzz/corpus/TARGET/) from testdata/, so nothing binary is committed.

usage: python3 scripts/fuzz-seeds.py [TARGET...]   (default: every target in fuzz/Cargo.toml)

- read_NAME: every testdata/NAME/*.in, and the check fixtures of that format.
- read_spec: every testdata/NAME/*.in of every spec format, after a byte that picks the format.
- walls: the 81 cell values of every HDU 4069 case in testdata (values that fit a byte).
- check: `FORMAT [strict] [all] [answer]\\n` + input + 0x1e + output (+ 0x1e + answer file) for
  every check fixture (flags from its .args, its .ans as the answer file) and every solve
  fixture that has no error (its .out is what solve writes, so it is also a strict pass).
- gen_args: the `sudoku-judge gen ...` example lines of README.md and crates/cli/src/cli/, NUL-separated.

Seeds are named by the SHA-1 of their bytes, as libFuzzer names what it adds, so seeding twice
or after a run adds nothing twice. Existing corpus files are kept.
"""

import hashlib
import pathlib
import re
import shlex
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TESTDATA = ROOT / "testdata"
CORPUS = ROOT / "fuzz" / "corpus"
SEP = b"\x1e"
# Edit scripts for the check target's `mutate` mode: none, a digit set, a byte inserted and
# removed, and a case's answer replaced by "none", by "several", by its first solution alone, by
# a grid with two digits swapped.
MUTATIONS = [b"", bytes([0, 3, 0, 0x35]), bytes([1, 9, 0, 0x20]), bytes([2, 9, 0, 0]),
             bytes([3, 0, 0, 0]), bytes([4, 1, 0, 0]), bytes([5, 2, 0, 0]), bytes([6, 0, 0, 3])]
# Prefixes of testdata/check/ file names, to the format names of the command line.
CHECK_PREFIX = {"poj": "poj2676", "hdu": "hdu4069"}


def targets():
    """Target names as fuzz/Cargo.toml lists them."""
    text = (ROOT / "fuzz" / "Cargo.toml").read_text()
    return re.findall(r'^\[\[bin\]\]\nname = "([^"]+)"', text, re.M)


def check_format(path):
    """Format of a testdata/check fixture, from its name's first word."""
    word = path.name.split("_")[0]
    return CHECK_PREFIX.get(word, word)


def check_fixtures():
    """(format, input, output and answer file, flags) of every check fixture."""
    for inp in sorted((TESTDATA / "check").glob("*.in")):
        out = inp.with_suffix(".out")
        if not out.exists():
            continue
        args = inp.with_suffix(".args")
        words = args.read_text().split() if args.exists() else []
        flags = [w.lstrip("-") for w in words if w in ("--strict", "--all")]
        ans = inp.with_suffix(".ans")
        ans = SEP + ans.read_bytes() if ans.exists() else b""
        yield check_format(inp), inp.read_bytes(), out.read_bytes() + ans, flags


def solve_fixtures(fmt):
    """(input, output) of every solve fixture of `fmt` that exits 0."""
    for inp in sorted((TESTDATA / fmt).glob("*.in")):
        out = inp.with_suffix(".out")
        if out.exists() and not inp.with_suffix(".code").exists():
            yield inp.read_bytes(), out.read_bytes()


def spec_formats():
    """The formats `read_spec` picks from, in its order (fuzz/src/lib.rs: spec_formats): the
    format table's order, without the three core formats that only their tuned readers read."""
    table = (ROOT / "crates" / "sudoku-judge" / "src" / "format" / "judges.rs").read_text()
    names = re.findall(r'^        name: "([^"]+)",', table, re.M)
    return [n for n in names if n not in ("poj2676", "hdu4069", "leetcode")]


def seeds(target):
    if target == "read_spec":
        for i, fmt in enumerate(spec_formats()):
            for inp in sorted((TESTDATA / fmt).glob("*.in")):
                yield bytes([i]) + inp.read_bytes()
    elif target.startswith("read_"):
        fmt = target[len("read_"):]
        for inp in sorted((TESTDATA / fmt).glob("*.in")):
            yield inp.read_bytes()
        for f, inp, _, _ in check_fixtures():
            if f == fmt:
                yield inp
    elif target == "walls":
        for inp in sorted(TESTDATA.glob("**/*.in")):
            if "hdu" not in str(inp.relative_to(TESTDATA)):
                continue
            nums = [int(t) for t in re.findall(rb"-?\d+", inp.read_bytes())[1:]]
            for i in range(0, len(nums) - 80, 81):
                case = nums[i:i + 81]
                if all(0 <= v < 256 for v in case):
                    yield bytes(case)
    elif target == "check":
        for fmt, inp, out, flags in check_fixtures():
            for name in (fmt, "auto"):
                yield " ".join([name] + flags).encode() + b"\n" + inp + SEP + out
        for fmt in sorted(p.name for p in TESTDATA.iterdir() if p.is_dir()):
            for inp, out in solve_fixtures(fmt):
                yield f"{fmt} strict".encode() + b"\n" + inp + SEP + out
                yield f"{fmt} answer".encode() + b"\n" + inp + SEP + out
                # solve's answers untouched, then one edit of each kind (see fuzz::mutate).
                for script in MUTATIONS:
                    yield f"{fmt} mutate".encode() + b"\n" + inp + SEP + script
    elif target == "gen_args":
        sources = [ROOT / "README.md", *sorted((ROOT / "crates" / "cli" / "src" / "cli").glob("*.rs"))]
        for src in sources:
            for line in src.read_text().splitlines():
                m = re.search(r'sudoku-judge (gen [^`\\"]*)', line)
                if m:
                    try:
                        args = shlex.split(m.group(1))
                    except ValueError:  # a quote cut by the line's end
                        args = m.group(1).split()
                    yield b"\0".join(a.encode() for a in args)
    else:
        sys.exit(f"fuzz-seeds: no seeds for target {target!r}: add them here")


def main():
    names = sys.argv[1:] or targets()
    for target in names:
        d = CORPUS / target
        d.mkdir(parents=True, exist_ok=True)
        n = 0
        for data in seeds(target):
            path = d / hashlib.sha1(data).hexdigest()
            if not path.exists():
                path.write_bytes(data)
            n += 1
        print(f"fuzz-seeds: {target}: {n} seeds")


if __name__ == "__main__":
    main()
