#!/bin/sh
# Whole-process timings of `sudoku-judge solve`, side by side with the peers in one run:
#  1. 17-clue set as a POJ 2676 file: solve --threads 1 vs the seeds' DLX program;
#  2. the same puzzles as 81-character lines: solve --threads 1 vs rust-sudoku-peer;
#  3. --threads 2 vs --threads 1 on the 17-clue and forum-hardest sets (scripts/alternate.py);
#  4. peak memory (max RSS) with about 1 GB streamed through a pipe.
# Medians via hyperfine when installed (apt-get install hyperfine), else median of 3 by hand.
# Usage: sh scripts/bench-solve.sh [--quick]   (--quick: fewer runs, 100 MB instead of 1 GB)
set -eu
cd "$(dirname "$0")/.."
shared=$(cd ../shared && pwd)
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
to_poj "$shared/data/puzzles2_17_clue" > "$work/17.poj"
a=$(timeit "$sj solve --format poj2676 --threads 1 -" "$work/17.poj")
b=$(timeit "$peers/poj2676_dlx" "$work/17.poj")
echo "sudoku-judge solve --threads 1: ${a}s   seeds poj2676_dlx: ${b}s   speed-up $(ratio "$b" "$a")"

echo "== 2. 81-character lines, same puzzles, whole process, median of $runs"
for set in puzzles2_17_clue puzzles5_forum_hardest_1905_11+ puzzles0_kaggle_10k; do
  f="$shared/data/$set"
  a=$(timeit "$sj solve --format line --threads 1 -" "$f")
  b=$(timeit "$rust_peer first" "$f")
  echo "$set: sudoku-judge ${a}s   rust-sudoku-peer first ${b}s   ratio peer/ours $(ratio "$b" "$a")"
done

echo "== 3. threads: --threads 1 (A) vs --threads 2 (B), whole process, mapped file"
# Alternate runs and take the median of per-round ratios: on a shared machine the load drifts
# within a run of a few seconds, which a ratio of two separate medians does not cancel.
for set in puzzles2_17_clue puzzles5_forum_hardest_1905_11+; do
  f="$shared/data/$set"
  rounds=30; [ "$set" = "puzzles2_17_clue" ] || rounds=$runs
  echo "$set:"
  python3 scripts/alternate.py "$rounds" "$sj solve --threads 1 '$f'" "$sj solve --threads 2 '$f'"
done

echo "== 4. peak memory, $copies copies of the kaggle set (~$((copies * 83 / 100)) MB) through a pipe"
i=0
gen() { while [ $i -lt $copies ]; do cat "$shared/data/puzzles0_kaggle_10k"; i=$((i + 1)); done; }
gen | /usr/bin/time -v "$sj" solve --format line - 2> "$work/time.txt" | wc -c | awk '{printf "output bytes: %d\n", $1}'
grep -E "Maximum resident|Elapsed" "$work/time.txt"
