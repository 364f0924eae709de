#!/bin/sh
# Instructions spent in the band solver (callgrind, repeatable on a loaded machine where wall
# times are not), per data set and mode, for one or two builds of crates/cli/benches/engine.rs side by
# side: the figure to quote for a change to crates/core/src/solve/bands.rs.
# Usage: sh scripts/instructions.sh [-n MAX] ENGINE_BIN [OTHER_ENGINE_BIN]
#   ENGINE_BIN: target/release/deps/engine-<hash> (`cargo bench --no-run --bench engine`);
#   -n: puzzles per set (default 2000). Sets: SETS="a,b" to override the list below.
set -eu
max=2000
if [ "${1:-}" = "-n" ]; then max=$2; shift 2; fi
[ $# -ge 1 ] || { echo "usage: $0 [-n MAX] ENGINE_BIN [OTHER_ENGINE_BIN]" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind is required (apt-get install valgrind)" >&2; exit 1; }
cd "$(dirname "$0")/.."
sets=${SETS:-puzzles0_kaggle_10k,puzzles2_17_clue,puzzles3_magictour_top1465,puzzles5_forum_hardest_1905_11+,puzzles6_forum_hardest_1106,puzzles7_serg_benchmark}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Instructions inside BandSolver::solve only (the bench's parsing and checking left out);
# the bench solves each puzzle three times with --repeat 1 (timed run, slowest-puzzle run,
# guess count), the same for every build.
count() {
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
    --toggle-collect='*BandSolver*as*Solver*solve*' "$1" --sets "$2" --modes "$3" \
    --max "$max" --solvers bitmask --repeat 1 --jigsaw none >"$out/log" 2>&1
  sed -n 's/^==[0-9]*== Collected : //p' "$out/log"
}
printf '%-34s %-7s %15s %15s %7s\n' "set (first $max)" mode A B B/A
for set in $(echo "$sets" | tr ',' ' '); do
  for mode in count2 first; do
    a=$(count "$1" "$set" "$mode")
    if [ $# -ge 2 ]; then
      b=$(count "$2" "$set" "$mode")
      ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }')
    else
      b=-; ratio=-
    fi
    printf '%-34s %-7s %15s %15s %7s\n' "$set" "$mode" "$a" "$b" "$ratio"
  done
done
