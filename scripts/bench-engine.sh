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
cargo bench --quiet --bench engine -- --peers "$peers" --rust-peer "$rust_peer" "$@"
