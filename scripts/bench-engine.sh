#!/bin/sh
# Solver rates per data set next to the peers, in one run: builds the seeds' C++ programs and the
# Rust peer outside the project tree, then runs the engine benchmark with them.
# Usage: sh scripts/bench-engine.sh [extra args for benches/engine.rs, e.g. --repeat 5]
set -eu
cd "$(dirname "$0")/.."
shared=../shared
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
cargo bench --quiet --bench engine -- --peers "$peers" --rust-peer "$rust_peer" \
  --jigsaw "$shared/data/hdu4069_mixed_300.in" --jigsaw target/bench-data/hdu4069_gen_2500.in "$@"
