#!/usr/bin/env python3
"""Runs two builds of crates/cli/benches/engine.rs alternately (A B, B A, ...) for R rounds and prints, per
data set and mode, each one's median rate and the median of the per-round ratios B/A: the
solver-only effect of a change, with drifts in a shared machine's load hitting both alike.

Usage: python3 scripts/compare_engines.py ROUNDS ENGINE_A ENGINE_B [engine args...]
  ENGINE_*: target/release/deps/engine-<hash> (`cargo bench --no-run --bench engine`), e.g.
  python3 scripts/compare_engines.py 5 /tmp/engine-old target/release/deps/engine-<hash> \\
      --solvers bitmask --jigsaw none --clock cpu --repeat 3
"""
import re
import statistics
import subprocess
import sys

ROW = re.compile(r"^(\S+)\s+\d+\s+bitmask\s+(count2|first)\s+([0-9.]+)/s")


def rates(engine, args):
    out = subprocess.run([engine, *args], check=True, capture_output=True, text=True).stdout
    return {(m[1], m[2]): float(m[3]) for m in map(ROW.match, out.splitlines()) if m}


def main():
    rounds, a, b, args = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
    got = {0: [], 1: []}
    for i in range(rounds):
        for k in (0, 1) if i % 2 == 0 else (1, 0):
            got[k].append(rates((a, b)[k], args))
    print(f"{'set':<34} {'mode':<7} {'A /s':>10} {'B /s':>10} {'B/A':>6}  (median of {rounds})")
    for key in got[0][0]:
        ra = [r[key] for r in got[0]]
        rb = [r[key] for r in got[1]]
        ratio = statistics.median(y / x for x, y in zip(ra, rb))
        print(
            f"{key[0]:<34} {key[1]:<7} {statistics.median(ra):>10.0f} "
            f"{statistics.median(rb):>10.0f} {ratio:>6.3f}"
        )


if __name__ == "__main__":
    main()
