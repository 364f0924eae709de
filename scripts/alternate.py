#!/usr/bin/env python3
"""Times two commands run alternately (A B, B A, A B, ...) for R rounds, so that drifts in
the load of a shared machine hit both alike. Prints each one's median wall time and mean CPU
time (user + system, of the command's whole process tree), and the median of the per-round
ratios A/B, which is steadier than a ratio of medians. Each command is split into words as a
shell would (quotes kept) and run directly, with no shell: a shell's own fork and start add
about a millisecond to each run, which the ratio of two runs of 40-90 ms must not carry.

Usage: python3 scripts/alternate.py [--pause SECONDS] ROUNDS 'COMMAND A' 'COMMAND B'

--pause sleeps between runs: under `chrt -f` (real-time priority, which holds the others' load
off the cores) back-to-back runs would meet the kernel's real-time throttle (95% of each
second), which can stall a run for up to 50 ms.
"""
import os
import shlex
import statistics
import subprocess
import sys
import time


def run(cmd):
    argv = shlex.split(cmd)
    start = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"command failed ({status}): {cmd}")
    return wall, usage.ru_utime + usage.ru_stime


def main():
    args = sys.argv[1:]
    pause = 0.0
    if args[0] == "--pause":
        pause, args = float(args[1]), args[2:]
    rounds, a, b = int(args[0]), args[1], args[2]
    run(a), run(b)  # warm the page cache
    walls = {a: [], b: []}
    cpus = {a: [], b: []}
    ratios = []
    for i in range(rounds):
        order = (a, b) if i % 2 == 0 else (b, a)
        got = {}
        for cmd in order:
            time.sleep(pause)
            got[cmd] = run(cmd)
            walls[cmd].append(got[cmd][0])
            cpus[cmd].append(got[cmd][1])
        ratios.append(got[a][0] / got[b][0])
    for name, cmd in (("A", a), ("B", b)):
        print(
            f"{name}: median {statistics.median(walls[cmd]) * 1e3:.1f} ms wall, "
            f"mean {statistics.mean(cpus[cmd]) * 1e3:.1f} ms CPU   {cmd}"
        )
    q = statistics.quantiles(ratios, n=4)
    print(
        f"A/B: median of {rounds} per-round ratios {statistics.median(ratios):.2f}x "
        f"(quartiles {q[0]:.2f}-{q[2]:.2f})"
    )


if __name__ == "__main__":
    main()
