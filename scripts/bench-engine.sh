#!/bin/sh
# Solver rates per data set next to the peers, in one run: builds the seeds' C++ programs and the
# Rust peer outside the project tree, then runs the engine benchmark with them.
# Usage: sh scripts/bench-engine.sh [extra args for crates/cli/benches/engine.rs, e.g. --repeat 5]
set -eu
cd "$(dirname "$0")/.."
shared=../shared
# The peers come from ../shared/peers; the full puzzle sets from $SUDOKU_JUDGE_DATA, else
# ../shared/data (the repository holds only the tests' slices, testdata/sets).
data=${SUDOKU_JUDGE_DATA:-$shared/data}
[ -d "$shared/peers" ] || { echo "error: no $shared/peers: the peers to measure against sit beside the repository" >&2; exit 2; }
[ -f "$data/puzzles2_17_clue" ] || { echo "error: no puzzle sets in $data: set SUDOKU_JUDGE_DATA to the folder of the public sets" >&2; exit 2; }
peers=${PEERS_DIR:-/tmp/sudoku-judge-peers}
sh "$shared/peers/seeds/build.sh" "$peers" >/dev/null
CARGO_TARGET_DIR=${PEER_TARGET:-/tmp/peer-target} cargo build --quiet --release \
  --manifest-path "$shared/peers/rust-sudoku/Cargo.toml"
rust_peer=${PEER_TARGET:-/tmp/peer-target}/release/rust-sudoku-peer
# A few thousand mixed jigsaw cases (unique, none, multiple) with their expected answers, made
# by our own generator: the jigsaw set the issue asks the seeds' hdu4069_dlx to be timed on.
cargo build --quiet --release
mkdir -p target/bench-data
./target/release/sudoku-judge gen --format hdu4069 --count 2500 --seed 4069 \
  -o target/bench-data/hdu4069_gen_2500.in --answers target/bench-data/hdu4069_gen_2500.out
cargo bench --quiet --bench engine -- --data "$data" --peers "$peers" --rust-peer "$rust_peer" \
  --jigsaw "$data/hdu4069_mixed_300.in" --jigsaw target/bench-data/hdu4069_gen_2500.in "$@"
