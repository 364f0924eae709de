#!/bin/sh
# `make verify-package`: problem packages checked by the real tools. Writes packages for
# hdu4069, poj2676 and poj3076 (16x16) with a reference solution and a wrong one from
# testdata/solutions/, runs problemtools' verifyproblem on each (0 errors, 0 warnings, the wrong
# solution rejected), and runs online-judge-tools' `oj test` on a `gen --oj` layout with
# `sudoku-judge check` as the judge. Installs what it needs: problemtools and
# online-judge-tools into a virtualenv under target/, pypy3 (verifyproblem runs Python
# submissions with it) and g++ from Debian.
set -eu
cd "$(dirname "$0")/.."

VENV=target/verify-venv
OUT=target/verify-package
SEED=2026

say() { printf '%s\n' "verify-package: $*" >&2; }

# The validators' binary: statically linked on a glibc target (crt-static), else as built.
host=$(rustc -vV | sed -n 's/^host: //p')
case $host in
*-linux-gnu)
  env "CARGO_TARGET_$(echo "$host" | tr 'a-z-' 'A-Z_')_RUSTFLAGS=-C target-feature=+crt-static" \
    cargo build --profile ci --target "$host" --bin sudoku-judge
  BIN=$PWD/target/$host/ci/sudoku-judge ;;
*)
  cargo build --profile ci --bin sudoku-judge
  BIN=$PWD/target/ci/sudoku-judge ;;
esac

apt_install() {
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq "$@"
  else
    sudo sh -c "apt-get update -qq && apt-get install -y -qq $*"
  fi
}
command -v pypy3 >/dev/null && command -v g++ >/dev/null || apt_install pypy3 g++ >/dev/null
if ! [ -x "$VENV/bin/verifyproblem" ] || ! [ -x "$VENV/bin/oj" ]; then
  command -v python3 >/dev/null || apt_install python3 python3-venv >/dev/null
  python3 -m venv "$VENV" || { apt_install python3-venv >/dev/null && python3 -m venv "$VENV"; }
  # Pinned: a new verifyproblem may add checks; bump on purpose, with its output read.
  "$VENV/bin/pip" install -q problemtools==1.20260907 online-judge-tools==11.5.1
fi

rm -rf "$OUT"
mkdir -p "$OUT"
failed=0
for f in hdu4069 poj2676 poj3076; do
  wrong=$(ls testdata/solutions/$f/wrong_*)
  if ! "$BIN" package --format "$f" -o "$OUT/$f" --seed "$SEED" --count 8 \
    --solution "accepted:testdata/solutions/$f/accepted.cpp" --solution "wrong_answer:$wrong"; then
    say "$f: sudoku-judge package failed"
    failed=1
    continue
  fi
  log=$OUT/$f.log
  "$VENV/bin/verifyproblem" "$OUT/$f" -e -p config data submissions validators >"$log" 2>&1 || true
  tail -n 12 "$log" >&2
  if ! grep -q "^$f tested: 0 errors, 0 warnings" "$log"; then
    say "$f: verifyproblem found errors or warnings (all of it in $log)"
    failed=1
  elif ! grep -q "wrong_answer/$(basename "$wrong") .* OK: WA" "$log"; then
    say "$f: the wrong solution was not rejected with WA ($log)"
    failed=1
  fi
done

# online-judge-tools: each generated case a test, `sudoku-judge check` the judge.
oj=$PWD/$OUT/oj
"$BIN" gen --format poj2676 --count 12 --seed "$SEED" --oj "$oj"
g++ -O2 -o "$oj/accepted" testdata/solutions/poj2676/accepted.cpp
wrong=$PWD/testdata/solutions/poj2676/wrong_no_boxes.py
(cd "$oj" && "../../../$VENV/bin/oj" test -c ./accepted --judge-command "$BIN check") \
  >"$OUT/oj.log" 2>&1 || { tail -n 5 "$OUT/oj.log" >&2; say "oj test: the reference solution failed"; failed=1; }
if (cd "$oj" && "../../../$VENV/bin/oj" test -c "pypy3 $wrong" --judge-command "$BIN check") \
  >"$OUT/oj-wrong.log" 2>&1; then
  say "oj test: the wrong solution passed"
  failed=1
elif ! grep -q '^\[FAILURE\] WA' "$OUT/oj-wrong.log"; then
  # Rejected, but not by the judge (pypy3 missing, a crash): that proves nothing.
  say "oj test: the wrong solution failed without a WA from the judge ($OUT/oj-wrong.log)"
  failed=1
fi
grep -h "test success\|test failed" "$OUT/oj.log" "$OUT/oj-wrong.log" >&2 || true

if [ "$failed" = 0 ]; then
  say "3 packages: 0 errors, 0 warnings, wrong solutions rejected; oj test: reference AC, wrong rejected"
fi
exit "$failed"
