#!/bin/sh
# `make verify-package`: problem packages checked by the real tools. Writes packages for
# hdu4069, poj2676, poj3076 (16x16) and uva10957 with a reference solution and a wrong one from
# testdata/solutions/ and runs on each:
#   - problemtools' verifyproblem, whole (statement to PDF and HTML included): 0 errors,
#     0 warnings, the wrong solution rejected with WA;
#   - BAPCtools on the 2025-09 package (--spec 2025-09): `bt validate` and `bt run` exit 0
#     (bt exits 1 on any warning), the accepted solution AC and the wrong one WA, and
#     `bt generate` remakes data/secret from generators/generators.yaml byte for byte;
# then problem2pdf on a package with a Chinese title (Luogu P1784 "数独"), whose PDF must keep
# the glyphs, and online-judge-tools' `oj test` on a `gen --oj` layout with `sudoku-judge
# check` as the judge. Installs what it needs: problemtools, BAPCtools and
# online-judge-tools into a virtualenv under target/; from Debian pypy3 (verifyproblem runs
# Python submissions with it), g++, LuaLaTeX with the packages problem2pdf's class loads,
# a CJK font, Ghostscript, dvisvgm and tidy (problem2html), poppler-utils (pdftotext).
set -eu
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

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
# problem2pdf runs lualatex on problemtools' class (fontspec, ulem from plain-generic, ...)
# and gs; problem2html needs dvisvgm and tidy; fonts-wqy-zenhei draws Chinese titles.
cjk_font=/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc
for tool in pypy3 g++ lualatex gs dvisvgm tidy pdftotext; do
  if ! command -v "$tool" >/dev/null || ! [ -f "$cjk_font" ] ||
    ! kpsewhich ulem.sty >/dev/null 2>&1; then
    say "installing from Debian: pypy3, g++, LuaLaTeX and its packages, a CJK font, gs, dvisvgm, tidy"
    apt_install --no-install-recommends pypy3 g++ \
      texlive-luatex texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended \
      texlive-plain-generic fonts-wqy-zenhei ghostscript dvisvgm tidy poppler-utils >/dev/null
    break
  fi
done
if ! [ -x "$VENV/bin/verifyproblem" ] || ! [ -x "$VENV/bin/oj" ] || ! [ -x "$VENV/bin/bt" ]; then
  command -v python3 >/dev/null || apt_install python3 python3-venv >/dev/null
  python3 -m venv "$VENV" || { apt_install python3-venv >/dev/null && python3 -m venv "$VENV"; }
  # Pinned: a new verifyproblem or bt may add checks; bump on purpose, with its output read.
  "$VENV/bin/pip" install -q problemtools==1.20260907 online-judge-tools==11.5.1 \
    bapctools==2026.10.0
fi

rm -rf "$OUT"
mkdir -p "$OUT"
failed=0
# uva10957: its each-way group has a clash only a box shows, which fails a solution that
# checks rows and columns only (wrong_no_box_check.py passed every other group).
for f in hdu4069 poj2676 poj3076 uva10957; do
  wrong=$(ls testdata/solutions/$f/wrong_*)
  accepted=$(ls testdata/solutions/$f/accepted.*)
  if ! "$BIN" package --format "$f" -o "$OUT/$f" --seed "$SEED" --count 8 \
    --solution "accepted:$accepted" --solution "wrong_answer:$wrong"; then
    say "$f: sudoku-judge package failed"
    failed=1
    continue
  fi
  log=$OUT/$f.log
  # Whole: the statement (problem2pdf, problem2html) too.
  "$VENV/bin/verifyproblem" "$OUT/$f" -e >"$log" 2>&1 || true
  tail -n 12 "$log" >&2
  if ! grep -q "^$f tested: 0 errors, 0 warnings" "$log"; then
    say "$f: verifyproblem found errors or warnings (all of it in $log)"
    failed=1
  elif ! grep -q "wrong_answer/$(basename "$wrong") .* OK: WA" "$log"; then
    say "$f: the wrong solution was not rejected with WA ($log)"
    failed=1
  fi
  # (verifyproblem names the slowest case, not the failing one: run it on each file here.)
  if [ "$f" = uva10957 ]; then
    for input in "$OUT/$f"/data/secret/*.in; do
      if pypy3 "$wrong" <"$input" | cmp -s - "${input%.in}.ans"; then
        case $input in *each-way.in)
          say "$f: the wrong solution passed $input"; failed=1 ;; esac
      else
        case $input in *each-way.in) ;; *)
          say "$f: the wrong solution fails $input too (the each-way group is not what catches it)" ;; esac
      fi
    done
  fi
done

# BAPCtools on the 2025-09 packages, each in its own folder (bt takes the problem from the
# working directory).
bt=$PWD/$VENV/bin/bt
# bt remembers every problem's uuid in the user's config folder and warns (so exits 1) when
# another folder has the same one: the same package made by another checkout of this project
# (the uuid is drawn from the command, so it is the same). This run's bt gets a folder of its
# own, made anew each time, so that only this run's packages are compared.
export XDG_CONFIG_HOME="$PWD/$OUT/bt-config"
mkdir -p "$XDG_CONFIG_HOME"
for f in hdu4069 poj2676 poj3076; do
  wrong=$(ls testdata/solutions/$f/wrong_*)
  dir=$OUT/bt/$f
  if ! "$BIN" package --format "$f" -o "$dir" --seed "$SEED" --count 8 --spec 2025-09 \
    --solution "accepted:testdata/solutions/$f/accepted.cpp" --solution "wrong_answer:$wrong" \
    2>/dev/null; then
    say "$f: sudoku-judge package --spec 2025-09 failed"
    failed=1
    continue
  fi
  cp -r "$dir/data" "$OUT/bt/$f.data"
  for step in validate run; do
    log=$PWD/$OUT/bt/$f.$step.log
    if ! (cd "$dir" && "$bt" "$step" --no-bar) >"$log" 2>&1; then
      tail -n 12 "$log" >&2
      say "$f: bt $step failed or warned ($log)"
      failed=1
    fi
  done
  runlog=$OUT/bt/$f.run.log
  grep -q "accepted/accepted.cpp.* AC" "$runlog" ||
    { say "$f: bt run: the accepted solution is not AC ($runlog)"; failed=1; }
  grep -q "wrong_answer/$(basename "$wrong").* WA" "$runlog" ||
    { say "$f: bt run: the wrong solution is not WA ($runlog)"; failed=1; }
  # bt generate remakes the secret data from generators.yaml: the same bytes.
  rm -f "$dir"/data/secret/*.in "$dir"/data/secret/*.ans
  log=$PWD/$OUT/bt/$f.generate.log
  if ! (cd "$dir" && "$bt" generate --no-bar) >"$log" 2>&1; then
    tail -n 12 "$log" >&2
    say "$f: bt generate failed or warned ($log)"
    failed=1
  elif ! diff -r "$OUT/bt/$f.data" "$dir/data" >&2; then
    say "$f: bt generate did not remake data/ byte for byte"
    failed=1
  fi
done

# A Chinese title keeps its glyphs in problem2pdf (and the statement passes verifyproblem's
# statement check with no warning).
zh=$OUT/luogup1784
"$BIN" package --format luogu-p1784 -o "$zh" --seed "$SEED" --count 2 2>/dev/null
if ! "$VENV/bin/problem2pdf" -q -o "$OUT/luogup1784.pdf" "$zh" >"$OUT/luogup1784.pdf.log" 2>&1 ||
  ! pdftotext "$OUT/luogup1784.pdf" - | grep -q "数独"; then
  say "luogu-p1784: problem2pdf lost the Chinese title ($OUT/luogup1784.pdf.log)"
  failed=1
fi
"$VENV/bin/verifyproblem" "$zh" -p config statement >"$OUT/luogup1784.log" 2>&1 || true
if ! grep -q "^luogup1784 tested: 0 errors, 0 warnings" "$OUT/luogup1784.log"; then
  tail -n 5 "$OUT/luogup1784.log" >&2
  say "luogu-p1784: verifyproblem's statement check found errors or warnings"
  failed=1
fi

# online-judge-tools: each generated case a test (the edge cases among them: a full grid alone
# does not tell its format), `sudoku-judge check --format poj2676` the judge, as README says.
oj=$PWD/$OUT/oj
"$BIN" gen --format poj2676 --count 12 --seed "$SEED" --edge --oj "$oj"
g++ -O2 -o "$oj/accepted" testdata/solutions/poj2676/accepted.cpp
wrong=$PWD/testdata/solutions/poj2676/wrong_no_boxes.py
judge="$BIN check --format poj2676"
(cd "$oj" && "../../../$VENV/bin/oj" test -c ./accepted --judge-command "$judge") \
  >"$OUT/oj.log" 2>&1 || { tail -n 5 "$OUT/oj.log" >&2; say "oj test: the reference solution failed"; failed=1; }
if (cd "$oj" && "../../../$VENV/bin/oj" test -c "pypy3 $wrong" --judge-command "$judge") \
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
  say "4 packages: verifyproblem (whole) 0 errors, 0 warnings, wrong solutions WA; bt validate, run, generate clean, accepted AC, wrong WA, data remade byte for byte; a Chinese title drawn; oj test: reference AC, wrong rejected"
fi
exit "$failed"
