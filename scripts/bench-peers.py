#!/usr/bin/env python3
"""`make bench-peers`: the engine benchmark side by side with tdoku's benchmark driver (tdoku,
fsss2, jsolve and the `sudoku` crate compiled in), as issue 31 measures them.

Usage: python3 scripts/bench-peers.py DRIVER [--rounds N] [--core C] [--repeat R]
       [--sets a,b,...] [--modes count2,first] [--data DIR] [--seconds S] [--cpu-path P]

DRIVER is the `run_benchmark` that `sh ../shared/peers/tdoku-kit/build.sh OUT` builds
(`OUT/run_benchmark`); without one it says so and exits 0, so that `make bench` goes on.

Each round runs, on one core (`taskset -c C`), the driver on every set and mode and then our
engine benchmark (`cargo bench --bench engine -- --solvers bitmask --clock cpu`, built once
before the rounds and run directly), swapping
which goes first every other round, so that both see the same load. Both sides time the
solving thread's CPU time: the driver over at least S seconds per solver (`-t`), ours the
median of R passes over the set. The table gives, per set and mode, the best peer (highest
median rate), its median rate, ours, and the median over rounds of ours / that peer's rate.
The data sets are read from --data, else $SUDOKU_JUDGE_DATA, else ../shared/data.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys

SETS = [
    ("kaggle", "puzzles0_kaggle_10k"),
    ("17-clue", "puzzles2_17_clue"),
    ("magictour", "puzzles3_magictour_top1465"),
    ("forum_1905", "puzzles5_forum_hardest_1905_11+"),
    ("forum_1106", "puzzles6_forum_hardest_1106"),
    ("serg", "puzzles7_serg_benchmark"),
]
MODES = ["count2", "first"]
# The peers issue 31 names, as the driver calls them (fsss2 in both configurations).
PEERS = ["tdoku", "fsss2", "fsss2_locked", "jsolve", "rust_sudoku"]
SHOWN = {"rust_sudoku": "sudoku crate", "fsss2_locked": "fsss2"}
# In the list of every peer, each configuration by its own name.
LISTED = {"rust_sudoku": "sudoku crate", "fsss2_locked": "fsss2 with locked candidates"}


def driver_solvers(driver):
    """The solvers this driver was built with, from its help text."""
    out = subprocess.run([driver, "-h"], capture_output=True, text=True).stdout
    m = re.search(r"solvers:\s*\n(.*)\n", out)
    return m.group(1).split() if m else []


def count_puzzles(path):
    """Puzzles in a file as the driver counts them (lines of 81 characters or more, not #)."""
    with open(path) as f:
        return sum(1 for line in f if len(line.rstrip("\r\n")) >= 81 and not line.startswith("#"))


def run_driver(args, driver, peers, path, n, mode):
    """One run of the driver: {peer: puzzles/s on the thread's CPU time}."""
    cmd = ["taskset", "-c", str(args.core), driver, "-c1", "-r0", f"-n{n}", "-w1",
           f"-t{args.seconds}", "-s", ",".join(peers)]
    if mode == "first":
        cmd.append("-f")
    out = subprocess.run(cmd + [path], capture_output=True, text=True, check=True).stdout
    rates = {}
    for line in out.splitlines():
        f = line.split(",")
        # compiler, version, flags, file, solver, wall rate, usec, %no guess, guesses, CPU rate
        if len(f) >= 10 and f[4] in peers:
            rates[f[4]] = float(f[9])
    return rates


def run_ours(args, names):
    """One run of the engine benchmark on every set: {(file, mode): puzzles/s}."""
    cmd = ["taskset", "-c", str(args.core), args.engine, "--bench", "--data", args.data,
           "--solvers", "bitmask", "--jigsaw", "none", "--clock", "cpu", "--repeat",
           str(args.repeat), "--sets", ",".join(names), "--modes", ",".join(args.modes)]
    if args.cpu_path:
        cmd += ["--cpu-path", args.cpu_path]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    rates = {}
    for line in out.splitlines():
        m = re.match(r"(\S+)\s+\d+\s+bitmask\s+(\w+)\s+([\d.]+)/s", line)
        if m:
            rates[(m.group(1), m.group(2))] = float(m.group(3))
    return rates


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_data = os.environ.get("SUDOKU_JUDGE_DATA") or os.path.join(here, "..", "..", "shared", "data")
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("driver", nargs="?", default="")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--core", type=int, default=1)
    p.add_argument("--repeat", type=int, default=3, help="passes per round for ours (median)")
    p.add_argument("--seconds", type=int, default=2, help="the driver's -t per solver")
    p.add_argument("--sets", default=",".join(s for s, _ in SETS))
    p.add_argument("--modes", default=",".join(MODES))
    p.add_argument("--data", default=default_data)
    p.add_argument("--cpu-path", default="", help="the engine bench's --cpu-path")
    args = p.parse_args()
    args.modes = [m for m in args.modes.split(",") if m in MODES]
    if not args.driver or not os.access(args.driver, os.X_OK):
        print(f"bench-peers: skipped: no tdoku driver at '{args.driver}' (build one with "
              "`sh ../shared/peers/tdoku-kit/build.sh OUT` and pass OUT/run_benchmark, or "
              "TDOKU_DRIVER=... to make)")
        return 0
    os.chdir(os.path.join(here, ".."))
    args.data = os.path.abspath(args.data)
    wanted = args.sets.split(",")
    sets = [(short, name) for short, name in SETS if short in wanted or name in wanted]
    missing = [name for _, name in sets if not os.path.isfile(os.path.join(args.data, name))]
    if missing:
        print(f"bench-peers: no {', '.join(missing)} in {args.data}: set SUDOKU_JUDGE_DATA",
              file=sys.stderr)
        return 2
    have = driver_solvers(args.driver)
    peers = [s for s in PEERS if s in have]
    if not peers:
        print(f"bench-peers: {args.driver} lists none of {', '.join(PEERS)}", file=sys.stderr)
        return 2
    absent = [s for s in PEERS if s not in have]
    # Build first, and run the built benchmark itself in the rounds: no round pays for a
    # build, and a source edited during the run does not change what is measured.
    built = subprocess.run(["cargo", "bench", "--bench", "engine", "--no-run",
                            "--message-format=json"], capture_output=True, text=True, check=True)
    for line in built.stdout.splitlines():
        if '"executable"' in line and '"engine"' in line:
            args.engine = json.loads(line)["executable"] or ""
    if not getattr(args, "engine", ""):
        print("bench-peers: cargo built no engine benchmark", file=sys.stderr)
        return 2
    counts = {name: count_puzzles(os.path.join(args.data, name)) for _, name in sets}
    theirs = {}  # (file, mode, peer) -> [rate per round]
    ours = {}  # (file, mode) -> [rate per round]
    for r in range(args.rounds):
        def peers_round():
            for _, name in sets:
                for mode in args.modes:
                    got = run_driver(args, args.driver, peers, os.path.join(args.data, name),
                                     counts[name], mode)
                    for peer, rate in got.items():
                        theirs.setdefault((name, mode, peer), []).append(rate)

        def ours_round():
            for key, rate in run_ours(args, [name for _, name in sets]).items():
                ours.setdefault(key, []).append(rate)

        steps = [peers_round, ours_round] if r % 2 == 0 else [ours_round, peers_round]
        for step in steps:
            step()
        print(f"bench-peers: round {r + 1} of {args.rounds} done", file=sys.stderr)
    load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else []
    cpu = ""
    if os.path.exists("/proc/cpuinfo"):
        m = re.search(r"model name\s*:\s*(.*)", open("/proc/cpuinfo").read())
        cpu = m.group(1) if m else ""
    print(f"puzzles/s, one thread pinned to core {args.core}, the solving thread's CPU time, "
          f"{args.rounds} interleaved rounds, medians; CPU: {cpu}; load at the end: "
          f"{' '.join(load)}")
    print(f"peers: {', '.join(peers)} ({args.driver})"
          + (f"; not in this driver: {', '.join(absent)}" if absent else ""))
    print(f"ours: cargo bench --bench engine -- --solvers bitmask --clock cpu --repeat "
          f"{args.repeat}" + (f" --cpu-path {args.cpu_path}" if args.cpu_path else ""))
    print()
    print("| set | mode | best peer | its rate | ours | ours / best |")
    print("|---|---|---|---:|---:|---:|")
    for short, name in sets:
        for mode in args.modes:
            mine = ours.get((name, mode))
            rates = {peer: theirs[(name, mode, peer)] for peer in peers
                     if (name, mode, peer) in theirs}
            if not mine or not rates:
                print(f"| {short} | {mode} | - | - | - | - |")
                continue
            best = max(rates, key=lambda peer: statistics.median(rates[peer]))
            ratio = statistics.median(a / b for a, b in zip(mine, rates[best]))
            print(f"| {short} | {mode} | {SHOWN.get(best, best)} | "
                  f"{statistics.median(rates[best]):,.0f} | {statistics.median(mine):,.0f} | "
                  f"{'**' if ratio < 1.10 else ''}{ratio:.2f}{'**' if ratio < 1.10 else ''} |")
    print()
    print("Every peer (median puzzles/s):")
    for short, name in sets:
        for mode in args.modes:
            cells = [f"{LISTED.get(p, p)} {statistics.median(theirs[(name, mode, p)]):,.0f}"
                     for p in peers if (name, mode, p) in theirs]
            print(f"  {short:<11} {mode:<7} " + ", ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
