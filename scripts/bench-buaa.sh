#!/bin/sh
# Whole-process timings of the BUAA/BIT course assignment (`sudoku-judge buaa`, VARIANTS.md E5),
# side by side with a plain C implementation built here (scripts/buaa-plain.c: the students'
# usual construction with fprintf per digit, and a row-major backtracking solver):
#  1. -c 1000000: one million distinct grids (163 MB), written to a file and to /dev/null;
#     the plain program's -c, whose output must be the same bytes;
#  2. -s on 1,000,000 puzzles (the grids of -c with 30 to 60 cells emptied at random, made by
#     the plain program's -p), on 2 threads and on 1, the answers checked by `check`; the
#     plain program's -s on the first 10,000 (it takes about 0.15 ms a puzzle on these).
# Each figure is the median of 3 runs, with the CPU time (user + sys) of the median run: on a
# shared machine the wall-clock time is the other jobs' as much as ours. A baseline, `dd` of
# 163 MB to a file, says what the disk costs here.
# Usage: sh scripts/bench-buaa.sh
set -eu
cd "$(dirname "$0")/.."
cargo build --quiet --release
sj=${CARGO_TARGET_DIR:-$(pwd)/target}/release/sudoku-judge
work=${CARGO_TARGET_DIR:-$(pwd)/target}/bench-buaa
mkdir -p "$work"
cc -O2 -o "$work/buaa-plain" scripts/buaa-plain.c
cd "$work"

# median of 3 of a command: "wall s (cpu s)".
timeit() {
  for _ in 1 2 3; do
    /usr/bin/env time -f "%e %U %S" sh -c "$1" 2>&1 >/dev/null | tail -1
  done | sort -n | sed -n 2p | awk '{ printf "%.3fs wall (%.3fs cpu)", $1, $2 + $3 }'
}

echo "== baseline: dd of 163 MB to a file: $(timeit "dd if=/dev/zero of=dd.out bs=1M count=163 2>/dev/null")"
rm -f dd.out

echo "== 1. -c 1000000 (163 MB)"
echo "sudoku-judge buaa -c 1000000 -o sudoku.txt: $(timeit "$sj buaa -c 1000000 -o sudoku.txt")"
echo "sudoku-judge buaa -c 1000000 -o /dev/null:  $(timeit "$sj buaa -c 1000000 -o /dev/null")"
mv sudoku.txt ours.txt
echo "plain C buaa-plain -c 1000000:              $(timeit "./buaa-plain -c 1000000")"
cmp -s ours.txt sudoku.txt && echo "same bytes as the plain program's" || { echo "error: the outputs differ" >&2; exit 1; }
rm -f ours.txt sudoku.txt

echo "== 2. -s on 1,000,000 puzzles (30 to 60 empty cells)"
./buaa-plain -p 1000000 1 && mv sudoku.txt puzzles.txt
echo "sudoku-judge buaa -s, 2 threads: $(timeit "$sj buaa --solve puzzles.txt -j 2 -o answers.txt")"
echo "sudoku-judge buaa -s, 1 thread:  $(timeit "$sj buaa --solve puzzles.txt -j 1 -o answers.txt")"
"$sj" check --format buaa puzzles.txt answers.txt
head -c $((163 * 10000 - 1)) puzzles.txt > p10k.txt
echo "sudoku-judge buaa -s, 10,000 puzzles, 1 thread: $(timeit "$sj buaa --solve p10k.txt -j 1 -o answers.txt")"
echo "plain C buaa-plain -s, 10,000 puzzles:          $(timeit "./buaa-plain -s p10k.txt")"
"$sj" check --format buaa p10k.txt sudoku.txt
rm -f puzzles.txt p10k.txt answers.txt sudoku.txt
