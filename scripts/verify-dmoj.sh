#!/bin/sh
# `make verify-dmoj`: DMOJ problem folders (`package --judge dmoj`) judged by the real DMOJ
# judge. Installs `dmoj` from PyPI into a virtualenv under target/ (its sandbox, cptbox, is
# built from source: g++, libseccomp-dev and Python's headers from Debian), writes folders for
# POJ 2676, HDU 4069 and SPOJ SUDOGOB (a count of solutions) and submits to each with
# `dmoj-cli submit` (the judge's own sandbox runs the submissions; checker.py runs
# `sudoku-judge check`):
#   - an accepted solution gets AC on every case: testdata/solutions/*/accepted.cpp, and for
#     POJ 2676 also accepted_any_grid.py, whose grid on the empty grid is not the expected
#     answer (checked here), so its AC shows that any valid grid is taken;
#   - a wrong solution (wrong_*.py) gets WA on a case, and no case is an internal error;
# then runs DMOJ's own test suite (python -m dmoj.testsuite) on the folders, whose tests/ the
# --solution flags wrote. Python submissions run on Debian's /usr/bin/python3 (DMOJ's PY3).
set -eu
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

TARGET=${CARGO_TARGET_DIR:-target}
VENV=target/dmoj-venv
OUT=target/verify-dmoj
SEED=2026
DMOJ=dmoj==4.1.0

say() { printf '%s\n' "verify-dmoj: $*" >&2; }

apt_install() {
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq "$@"
  else
    sudo sh -c "apt-get update -qq && apt-get install -y -qq $*"
  fi
}

# The judge runs on this machine: the binary as built (no static build needed).
cargo build --profile ci --bin sudoku-judge
BIN=$(cd "$TARGET/ci" && pwd)/sudoku-judge

# cptbox links libseccomp; the submissions run on Debian's python3 and g++.
if ! [ -x /usr/bin/python3 ] || ! command -v g++ >/dev/null ||
  ! [ -f /usr/include/seccomp.h ] || ! [ -f /usr/include/python3*/Python.h ] 2>/dev/null; then
  say "installing from Debian: python3, its headers and venv, g++, libseccomp-dev"
  apt_install --no-install-recommends python3 python3-dev python3-venv g++ libseccomp-dev >/dev/null
fi
if ! [ -x "$VENV/bin/dmoj-cli" ]; then
  rm -rf "$VENV"
  python3 -m venv "$VENV" || { apt_install python3-venv >/dev/null && python3 -m venv "$VENV"; }
  # Pinned: a new judge may change its sandbox or its output; bump on purpose.
  say "installing $DMOJ from PyPI (builds its sandbox, a minute or two)"
  "$VENV/bin/pip" install -q "$DMOJ"
fi

rm -rf "$OUT"
mkdir -p "$OUT/problems"
OUT=$(cd "$OUT" && pwd)
sol=testdata/solutions
for f in poj2676 hdu4069 spoj-sudogob; do
  "$BIN" package --format "$f" --judge dmoj -o "$OUT/problems/$f" --seed "$SEED" --count 8 \
    --solution "accepted:$sol/$f/accepted.cpp" --solution "wrong_answer:$(ls $sol/$f/wrong_*)" \
    2>/dev/null
done

# The judge's configuration: the problems, and only the two languages the submissions use.
cat >"$OUT/judge.yml" <<EOF
problem_storage_globs:
  - $OUT/problems/*
runtime:
  python3: /usr/bin/python3
  g++17: $(command -v g++)
EOF

failed=0
# submit PROBLEM LANG FILE: dmoj-cli's submit, its log in $OUT/PROBLEM.FILE.log; prints the
# verdicts of the cases, one a line.
submit() {
  log=$OUT/$1.$(basename "$3").log
  "$VENV/bin/dmoj-cli" -c "$OUT/judge.yml" --no-ansi -e PY3,CPP17 --history "$OUT/history" \
    -- submit "$1" "$2" "$3" -tl 10 -ml 262144 >"$log" 2>&1 || true
  sed -n 's/^ *Test case *[0-9]* \([A-Z-]*\).*/\1/p' "$log"
}

for f in poj2676 hdu4069 spoj-sudogob; do
  # The sample, then a case per line of init.yml's list (a batch's files are one line each).
  cases=$(grep -c '{in: ' "$OUT/problems/$f/init.yml")
  accepted="CPP17:$sol/$f/accepted.cpp"
  [ "$f" = poj2676 ] && accepted="$accepted PY3:$sol/$f/accepted_any_grid.py"
  for s in $accepted; do
    verdicts=$(submit "$f" "${s%%:*}" "${s#*:}")
    log=$OUT/$f.$(basename "${s#*:}").log
    if [ "$(printf '%s\n' "$verdicts" | grep -c '^AC$')" != "$cases" ] ||
      [ "$(printf '%s\n' "$verdicts" | grep -c .)" != "$cases" ]; then
      tail -n 20 "$log" >&2
      say "$f: ${s#*:} is not AC on all $cases cases ($log)"
      failed=1
    else
      say "$f: ${s#*:}: AC on all $cases cases"
    fi
  done
  wrong=$(ls $sol/$f/wrong_*)
  verdicts=$(submit "$f" PY3 "$wrong")
  log=$OUT/$f.$(basename "$wrong").log
  if ! printf '%s\n' "$verdicts" | grep -q '^WA$' || grep -q 'IE\|Internal' "$log"; then
    tail -n 20 "$log" >&2
    say "$f: $(basename "$wrong") got no WA, or an internal error ($log)"
    failed=1
  else
    say "$f: $(basename "$wrong"): $(printf '%s\n' "$verdicts" | sort | uniq -c | tr -s ' \n' ' ')"
  fi
done

# POJ 2676's any-grid solution must really print another grid than the expected answer
# somewhere, or its AC above proves nothing about the checker.
p=$OUT/problems/poj2676
if /usr/bin/python3 "$sol/poj2676/accepted_any_grid.py" <"$p/02-edge-cases.in" |
  cmp -s - "$p/02-edge-cases.out"; then
  say "poj2676: accepted_any_grid.py printed the expected answer itself (not a test of any grid)"
  failed=1
fi

# DMOJ's own test suite over the folders' tests/ (the --solution flags).
if ! "$VENV/bin/python" -m dmoj.testsuite -c "$OUT/judge.yml" --no-ansi -e PY3,CPP17 \
  "$OUT/problems" >"$OUT/testsuite.log" 2>&1; then
  tail -n 30 "$OUT/testsuite.log" >&2
  say "dmoj.testsuite failed ($OUT/testsuite.log)"
  failed=1
fi
grep -h "passed with flying colours\|failed" "$OUT/testsuite.log" >&2 || true

if [ "$failed" = 0 ]; then
  say "the DMOJ judge: accepted solutions AC on every case, wrong ones WA, for poj2676, hdu4069 and spoj-sudogob; dmoj.testsuite passed"
fi
exit "$failed"
