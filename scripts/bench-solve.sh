#!/bin/sh
# Whole-process timings of `sudoku-judge solve`, side by side with the peers in one run:
#  1. 17-clue set as a POJ 2676 file: solve --threads 1 vs the seeds' DLX program;
#  2. the same puzzles as 81-character lines: solve --threads 1 vs rust-sudoku-peer;
#  3. --threads 2 vs --threads 1 (alternate.py): the 17-clue set as a POJ 2676 file and the Kaggle
#     set as lines (issue 31 asks 1.85x of both), then forum-hardest and two 16x16 sets; each
#     after a C loop's own two threads against two processes (what the host gives threads); with the
#     load, beside two one-thread runs at once (what the cores give two independent copies) and
#     two threads without --format, and again at real-time priority where chrt is allowed (a
#     quiet machine's figure);
#  4. peak memory (max RSS) with about 1 GB streamed through a pipe;
#  5. 16x16 and 25x25 sets, both solvers, vs the seeds' DLX generalised to any size (nxn_dlx),
#     first solution and counting to 2; the slowest puzzle of each set for each solver;
#  6. peak memory streaming 16x16 and 25x25 lines through a pipe.
# Medians via hyperfine when installed (apt-get install hyperfine), else median of 3 by hand.
# Usage: sh scripts/bench-solve.sh [--quick]   (--quick: fewer runs, 100 MB instead of 1 GB)
set -eu
cd "$(dirname "$0")/.."
shared=$(cd ../shared 2>/dev/null && pwd) || { echo "error: no ../shared beside the repository: the peers to measure against sit there" >&2; exit 2; }
# The peers come from ../shared/peers; the full puzzle sets from $SUDOKU_JUDGE_DATA, else
# ../shared/data (the repository holds only the tests' slices, testdata/sets).
data=${SUDOKU_JUDGE_DATA:-$shared/data}
[ -d "$shared/peers" ] || { echo "error: no $shared/peers: the peers to measure against sit beside the repository" >&2; exit 2; }
[ -f "$data/puzzles2_17_clue" ] || { echo "error: no puzzle sets in $data: set SUDOKU_JUDGE_DATA to the folder of the public sets" >&2; exit 2; }
quick=${1:-}
runs=5; copies=1300
[ "$quick" = "--quick" ] && { runs=3; copies=130; }
peers=${PEERS_DIR:-/tmp/sudoku-judge-peers}
sh "$shared/peers/seeds/build.sh" "$peers" >/dev/null
CARGO_TARGET_DIR=${PEER_TARGET:-/tmp/peer-target} cargo build --quiet --release \
  --manifest-path "$shared/peers/rust-sudoku/Cargo.toml"
rust_peer=${PEER_TARGET:-/tmp/peer-target}/release/rust-sudoku-peer
cargo build --quiet --release
sj=$(pwd)/target/release/sudoku-judge
work=$(pwd)/target/bench-data
mkdir -p "$work"

# 81-char lines -> POJ 2676 judge file.
to_poj() {
  grep -v '^#' "$1" | awk 'length($0) >= 81 { n++; p[n] = substr($0, 1, 81) }
    END { print n; for (i = 1; i <= n; i++) { s = p[i]; gsub(/\./, "0", s);
          for (r = 0; r < 9; r++) print substr(s, r * 9 + 1, 9) } }'
}

# median seconds of a shell command run $runs times (stdin from $2, stdout discarded)
timeit() {
  if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N --style none --runs "$runs" --input "$2" --output null --export-json "$work/h.json" "$1" >/dev/null 2>&1 || \
    hyperfine --style none --runs "$runs" --export-json "$work/h.json" "$1 < $2 > /dev/null" >/dev/null
    python3 -c "import json;print('%.3f' % json.load(open('$work/h.json'))['results'][0]['median'])"
  else
    for _ in 1 2 3; do
      s=$(date +%s.%N); sh -c "$1 < $2 > /dev/null"; e=$(date +%s.%N)
      echo "$e - $s" | bc
    done | sort -n | sed -n 2p
  fi
}

ratio() { python3 -c "print('%.2fx' % ($1 / $2))"; }

echo "== 1. POJ 2676 file, 17-clue set (49,158 cases), whole process, median of $runs"
to_poj "$data/puzzles2_17_clue" > "$work/17.poj"
a=$(timeit "$sj solve --format poj2676 --threads 1 -" "$work/17.poj")
b=$(timeit "$peers/poj2676_dlx" "$work/17.poj")
echo "sudoku-judge solve --threads 1: ${a}s   seeds poj2676_dlx: ${b}s   speed-up $(ratio "$b" "$a")"

echo "== 2. 81-character lines, same puzzles, whole process, median of $runs"
for set in puzzles2_17_clue puzzles5_forum_hardest_1905_11+ puzzles0_kaggle_10k; do
  f="$data/$set"
  a=$(timeit "$sj solve --format line --threads 1 -" "$f")
  b=$(timeit "$rust_peer first" "$f")
  echo "$set: sudoku-judge ${a}s   rust-sudoku-peer first ${b}s   ratio peer/ours $(ratio "$b" "$a")"
done

echo "== 3. threads: --threads 1 (A) vs --threads 2 (B), whole process, file argument"
# Alternate runs and take the median of per-round ratios: on a shared machine the load drifts
# within a run of a few seconds, which a ratio of two separate medians does not cancel. A
# two-thread run on a loaded 2-core machine gets less than two cores, so each set is timed
# again at real-time priority where allowed (chrt -f: the others' processes wait meanwhile).
# The Kaggle stand-in is 10,000 puzzles (a 15 ms run, 3 ms of it starting the process, which
# bounds the ratio near 1.6x); ten copies are the size of tdoku's puzzles0_kaggle (100,000).
grep -v '^#' "$data/puzzles0_kaggle_10k" > "$work/kaggle10k"
i=0; while [ $i -lt 10 ]; do cat "$work/kaggle10k"; i=$((i + 1)); done > "$work/kaggle100k"
rt=; chrt -f 10 true 2>/dev/null && rt="chrt -f 10"
# C is two one-thread runs at once: A/C near 1.00 says the two cores give two copies their
# full speed, so a B short of 2x is the process's own (start, sharing); near 0.9, the host's.
# A/C near 1.00 does not rule the host out for B: at some minutes it makes the two cores'
# sharing dear, and two threads of one process take 20-30% more CPU time than one thread
# while two copies lose nothing (2026-11-28, Kaggle x10 lines: B 38.7-39.3 ms wall and
# 70-76 ms CPU against A 58-60 ms, A/C 0.99x; minutes later B 31.6 ms, 61-62 ms CPU). Read
# B's CPU time beside its ratio.
# A file of lines is read in pieces, each by a pool thread at its offset (pipeline.rs), so
# no case crosses from one core to the other; a POJ 2676 file is parsed on one thread.
# D is B without --format: the guess of --format auto (check/guess.rs) runs before any case
# is read, the formats side by side on the pool (1.0-1.1 ms on the 17-clue file's head against
# 1.3-1.4 ms on one thread, 0.24-0.31 ms on the Kaggle lines', `bench formats`).
# E is the set's two halves as two one-thread processes at once: the whole split done by the
# system, each half's start and guess included. B near E says the two threads lose nothing
# that two processes splitting the same work would not (2026-11-28, Kaggle x10 lines, 30
# rounds, twice: A/B 1.72x and 1.80x, A/E 1.70x and 1.79x; but once, 40 rounds, A/B 1.81x
# and A/E 1.86x).
# Before each set, the host's own figure at that minute: a C loop on private memory
# (scripts/two-threads.c) as one thread (A), two threads of one process (B) and two one-thread
# processes doing half each (C). A B short of C is the host's treatment of threads, which
# `solve`'s two threads meet too.
cc -O2 -pthread -o "$work/two-threads" scripts/two-threads.c
tt="$work/two-threads"
halves() { # format file: its cases' first and second halves, as $work/first and $work/second
  if [ "$1" = poj2676 ]; then
    awk -v w="$work" 'NR == 1 { h = int($1 / 2); print h > (w "/first"); print $1 - h > (w "/second"); next }
      { print > (w ((NR - 2) / 9 < h ? "/first" : "/second")) }' "$2"
  else
    n=$(grep -c . "$2")
    head -n $((n / 2)) "$2" > "$work/first"
    tail -n +$((n / 2 + 1)) "$2" > "$work/second"
  fi
}
threads() { # label format file rounds
  echo "$1 (load $(cut -d' ' -f1-3 /proc/loadavg)):"
  echo "  the host now, two-threads.c:"
  python3 scripts/alternate.py "$4" "$tt 1 40000000" "$tt 2 40000000" "$tt 1 20000000 & $tt 1 20000000"
  one="$sj solve --format $2 --threads 1 '$3'"
  two="$sj solve --format $2 --threads 2 '$3'"
  auto="$sj solve -q --threads 2 '$3'"
  halves "$2" "$3"
  first="$sj solve --format $2 --threads 1 '$work/first'"
  second="$sj solve --format $2 --threads 1 '$work/second'"
  python3 scripts/alternate.py "$4" "$one" "$two" "$one & $one" "$auto" "$first & $second"
  if [ -n "$rt" ]; then
    echo "$1 at real-time priority:"
    $rt python3 scripts/alternate.py --pause 0.1 "$4" "$one" "$two"
  fi
}
threads "17-clue set, POJ 2676 file (49,158 cases)" poj2676 "$work/17.poj" 30
threads "Kaggle set x10, lines (100,000 cases)" line "$work/kaggle100k" 30
threads "Kaggle set, lines (10,000 cases)" line "$work/kaggle10k" 30
[ -n "$rt" ] || echo "(no real-time priority here: chrt -f refused, so the figures above carry the load)"
for set in puzzles5_forum_hardest_1905_11+ sudoku16_unique_1000.txt sudoku16_hard_100.txt; do
  threads "$set" line "$data/$set" "$runs"
done

echo "== 4. peak memory, $copies copies of the kaggle set (~$((copies * 83 / 100)) MB) through a pipe"
i=0
gen() { while [ $i -lt $copies ]; do cat "$data/puzzles0_kaggle_10k"; i=$((i + 1)); done; }
gen | /usr/bin/time -v "$sj" solve --format line - 2> "$work/time.txt" | wc -c | awk '{printf "output bytes: %d\n", $1}'
grep -E "Maximum resident|Elapsed" "$work/time.txt"

echo "== 5. other sizes, whole process, first solution, one thread, median of $runs, vs nxn_dlx"
# The peer reads POJ 3076 grids (16 lines of A-P, '-' empty) and n, then n² lines of numbers.
to_poj3076() { grep -v '^#' "$1" | tr . - | sed 's/.\{16\}/&\n/g'; }
for set in sudoku16_unique_1000 sudoku16_hard_100; do
  f="$data/$set.txt"
  to_poj3076 "$f" > "$work/$set.poj3076"
  p=$(timeit "$peers/nxn_dlx poj3076" "$work/$set.poj3076")
  for solver in bitmask dlx; do
    a=$(timeit "$sj solve --format line --solver $solver --threads 1 -" "$f")
    echo "$set: sudoku-judge $solver ${a}s   nxn_dlx ${p}s   speed-up $(ratio "$p" "$a")"
  done
done
f="$data/sudoku25_unique_50.txt"
# The 25x25 set as one-line puzzles, letters A-Y.
python3 - "$f" > "$work/25.lines" <<'PY'
import sys
t = open(sys.argv[1]).read().split(); i = 0; a = ".ABCDEFGHIJKLMNOPQRSTUVWXY"
while i < len(t):
    n = int(t[i]); i += 1; c = n ** 4
    print("".join(a[int(v)] for v in t[i:i + c])); i += c
PY
p=$(timeit "$peers/nxn_dlx nums" "$f")
for solver in bitmask dlx; do
  a=$(timeit "$sj solve --format line --solver $solver --threads 1 -" "$work/25.lines")
  echo "sudoku25_unique_50: sudoku-judge $solver ${a}s   nxn_dlx ${p}s   speed-up $(ratio "$p" "$a")"
done
echo "(counting to 2, solver only, and the slowest puzzle of each set: cargo bench --bench sizes)"

echo "== 6. peak memory, 16x16 and 25x25 lines through a pipe (~100 MB each)"
for lines in "$data/sudoku16_unique_1000.txt:400" "$work/25.lines:1600"; do
  file=${lines%:*}; n=${lines##*:}
  i=0
  { while [ $i -lt $n ]; do cat "$file"; i=$((i + 1)); done; } |
    /usr/bin/time -v "$sj" solve --format line - 2> "$work/time.txt" | wc -c |
    awk -v s="$(basename "$file")" '{printf "%s: output bytes: %d\n", s, $1}'
  grep -E "Maximum resident" "$work/time.txt"
done
