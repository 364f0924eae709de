#!/bin/sh
# `make verify-wheel`: the `pip install` wheel, built and tried as a user would. maturin (from
# PyPI, in its own virtualenv target/maturin-venv) makes the source distribution; the wheel is
# built from that unpacked sdist (so an sdist that misses a file the build needs fails here),
# with `maturin build --release --locked` (the release profile: fat LTO, a few minutes). Then
# a fresh virtualenv, target/wheel-venv, gets the wheel by `pip install --no-index` (nothing
# fetched for it) and pytest from PyPI, and python/tests/ runs with only that venv and the
# system's directories on PATH: no cargo, no target/, so `sudoku-judge` can only be the
# wheel's. Output: target/wheels/sudoku_judge-VERSION.tar.gz and the .whl.
set -eu
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD_VENV=target/maturin-venv
TEST_VENV=target/wheel-venv
WHEELS=target/wheels
UNPACKED=target/wheel-sdist
# The wheel's own target directory: maturin's flags (strip) differ from `cargo build
# --release`, so sharing target/release would rebuild one or the other every time.
export CARGO_TARGET_DIR="$ROOT/target/wheel-build"

say() { printf '%s\n' "verify-wheel: $*" >&2; }
run() { say "\$ $*"; "$@"; }

command -v python3 >/dev/null || { say "python3 is required"; exit 1; }
# Debian's python3 needs python3-venv for `python3 -m venv`.
new_venv() {
  rm -rf "$1"
  python3 -m venv "$1" 2>/dev/null || {
    say "installing python3-venv from Debian"
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
    else
      sudo sh -c "apt-get update -qq && apt-get install -y -qq python3-venv" >/dev/null
    fi
    rm -rf "$1"
    run python3 -m venv "$1"
  }
}

if ! [ -x "$BUILD_VENV/bin/maturin" ]; then
  new_venv "$BUILD_VENV"
  run "$BUILD_VENV/bin/pip" install -q --disable-pip-version-check 'maturin>=1.5,<2'
fi
run "$BUILD_VENV/bin/maturin" --version

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ -n "$version" ] || { say "no version in Cargo.toml"; exit 1; }
rm -rf "$WHEELS" "$UNPACKED"
mkdir -p "$WHEELS" "$UNPACKED"
run "$BUILD_VENV/bin/maturin" sdist -o "$WHEELS"
sdist=$WHEELS/sudoku_judge-$version.tar.gz
[ -f "$sdist" ] || { say "no $sdist"; ls -l "$WHEELS" >&2; exit 1; }
run tar -xzf "$sdist" -C "$UNPACKED"
start=$(date +%s)
(cd "$UNPACKED/sudoku_judge-$version" &&
  run nice "$ROOT/$BUILD_VENV/bin/maturin" build --release --locked -o "$ROOT/$WHEELS")
say "wheel built in $(($(date +%s) - start)) s"
set -- "$WHEELS"/sudoku_judge-"$version"-*.whl
[ "$#" = 1 ] && [ -f "$1" ] || { say "expected one wheel in $WHEELS"; ls -l "$WHEELS" >&2; exit 1; }
wheel=$1
say "$(ls -l "$sdist" "$wheel")"
run python3 -m zipfile -l "$wheel"

# A fresh environment with the wheel and pytest, and nothing of the Rust toolchain.
new_venv "$TEST_VENV"
run "$TEST_VENV/bin/pip" install -q --disable-pip-version-check --no-index "$wheel"
run "$TEST_VENV/bin/pip" install -q --disable-pip-version-check pytest
# pytest exits 5 when it collects no test: that fails this script too (set -e), as it should.
run env PATH="$ROOT/$TEST_VENV/bin:/usr/local/bin:/usr/bin:/bin" VIRTUAL_ENV="$ROOT/$TEST_VENV" \
  PYTHONDONTWRITEBYTECODE=1 SUDOKU_JUDGE_WHEEL_VENV="$ROOT/$TEST_VENV" \
  "$ROOT/$TEST_VENV/bin/python" -m pytest -p no:cacheprovider -v python/tests
