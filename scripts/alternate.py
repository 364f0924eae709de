#!/usr/bin/env python3
"""Times commands run alternately (A B, B A, A B, ...; with more than two, each round starts one
further along) for R rounds, so that drifts in the load of a shared machine hit all alike. Prints
each one's median wall time and mean CPU time (user + system, of the command's whole process
tree), and the median of the per-round ratios A/B (A/C, ...), which is steadier than a ratio of
medians. Each command is split into words as a shell would (quotes kept) and run directly, with
no shell: a shell's own fork and start add about a millisecond to each run, which the ratio of
two runs of 40-90 ms must not carry.

A command with ` & ` in it is several run at once (each split and started directly), timed
until the last ends: `'X & X'` against `'X'` is what the machine gives two independent copies of
X, the ceiling for two threads of one process doing X's work.

Usage: python3 scripts/alternate.py [--pause SECONDS] ROUNDS 'COMMAND A' 'COMMAND B' [...]

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
    parts = [shlex.split(part) for part in cmd.split(" & ")]
    start = time.perf_counter()
    procs = [subprocess.Popen(argv, stdout=subprocess.DEVNULL) for argv in parts]
    cpu = 0.0
    for p in procs:
        _, status, usage = os.wait4(p.pid, 0)
        if status != 0:
            sys.exit(f"command failed ({status}): {cmd}")
        cpu += usage.ru_utime + usage.ru_stime
    return time.perf_counter() - start, cpu


def main():
    args = sys.argv[1:]
    pause = 0.0
    if args and args[0] == "--pause":
        pause, args = float(args[1]), args[2:]
    if len(args) < 3:
        sys.exit(__doc__.split("\n\n")[2])
    rounds, cmds = int(args[0]), args[1:]
    for cmd in cmds:
        run(cmd)  # warm the page cache
    walls = {c: [] for c in cmds}
    cpus = {c: [] for c in cmds}
    ratios = {c: [] for c in cmds[1:]}
    for i in range(rounds):
        k = i % len(cmds)
        order = cmds[k:] + cmds[:k]
        got = {}
        for cmd in order:
            time.sleep(pause)
            got[cmd] = run(cmd)
            walls[cmd].append(got[cmd][0])
            cpus[cmd].append(got[cmd][1])
        for cmd in cmds[1:]:
            ratios[cmd].append(got[cmds[0]][0] / got[cmd][0])
    names = [chr(ord("A") + i) for i in range(len(cmds))]
    for name, cmd in zip(names, cmds):
        print(
            f"{name}: median {statistics.median(walls[cmd]) * 1e3:.1f} ms wall, "
            f"mean {statistics.mean(cpus[cmd]) * 1e3:.1f} ms CPU   {cmd}"
        )
    for name, cmd in zip(names[1:], cmds[1:]):
        q = statistics.quantiles(ratios[cmd], n=4)
        print(
            f"A/{name}: median of {rounds} per-round ratios {statistics.median(ratios[cmd]):.2f}x "
            f"(quartiles {q[0]:.2f}-{q[2]:.2f})"
        )


if __name__ == "__main__":
    main()
