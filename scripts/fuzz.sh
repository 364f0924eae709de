#!/usr/bin/env bash
# Runs every fuzz target (or those named) for FUZZ_SECONDS each with cargo-fuzz + libFuzzer on
# the stable toolchain, after seeding the corpora from testdata/. Fails if any target crashes,
# hangs (no answer within FUZZ_TIMEOUT seconds for one input) or grows past FUZZ_RSS_MB; the
# input that did it is in fuzz/artifacts/TARGET/.
#
#   FUZZ_SECONDS=60 bash scripts/fuzz.sh [TARGET...]    (`make fuzz` runs this)
#
# Installs the pinned cargo-fuzz under target/fuzz-tools on first use. Prints one line per
# target: executions, seconds, corpus size; the totals go to fuzz/stats.tsv as well.
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_FUZZ_VERSION=0.13.2
seconds=${FUZZ_SECONDS:-60}
timeout=${FUZZ_TIMEOUT:-10}
rss=${FUZZ_RSS_MB:-1024}
tools=$PWD/target/fuzz-tools

if ! "$tools/bin/cargo-fuzz" --version 2>/dev/null | grep -qF "$CARGO_FUZZ_VERSION"; then
    echo "fuzz: installing cargo-fuzz $CARGO_FUZZ_VERSION under target/fuzz-tools"
    cargo install cargo-fuzz --version "=$CARGO_FUZZ_VERSION" --locked --root "$tools"
fi
export PATH="$tools/bin:$PATH"

cd fuzz
if cargo fmt --version >/dev/null 2>&1; then cargo fmt -- --check; fi
# `--sanitizer none`: every flag cargo-fuzz then passes to rustc is a stable -C flag, so no
# nightly and no RUSTC_BOOTSTRAP; the library is safe Rust (but for SSE2 intrinsics) so ASan
# would only slow the search. Debug assertions are on through fuzz/Cargo.toml's profile.
run=(cargo fuzz run --sanitizer none)
if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(cargo fuzz list); fi
python3 ../scripts/fuzz-seeds.py "${targets[@]}"
cargo fuzz build --sanitizer none

failed=()
mkdir -p logs
for t in "${targets[@]}"; do
    log=logs/$t.log
    # The words and punctuation of the formats, which mutation alone finds slowly.
    dict=dict/$t.dict
    case $t in read_*) dict=dict/readers.dict ;; esac
    extra=()
    if [ -f "$dict" ]; then extra=(-dict="$dict"); fi
    if "${run[@]}" "$t" -- -max_total_time="$seconds" -timeout="$timeout" \
        -rss_limit_mb="$rss" -print_final_stats=1 "${extra[@]}" >"$log" 2>&1; then
        status=ok
    else
        status=FAILED
        failed+=("$t")
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    corpus=$(find "corpus/$t" -type f | wc -l)
    printf 'fuzz: %-16s %s: %s executions in %s s, corpus %s\n' \
        "$t" "$status" "${execs:-?}" "${secs:-?}" "$corpus"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$status" \
        "${execs:-0}" "${secs:-0}" "$corpus" >>stats.tsv
    if [ "$status" = FAILED ]; then
        grep -E 'panicked|ERROR: libFuzzer|Test unit written|^ *(left|right):' "$log" |
            head -8 || true
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: ${#failed[@]} target(s) failed: ${failed[*]}" \
        "(logs in fuzz/logs/, inputs in fuzz/artifacts/)" >&2
    exit 1
fi
echo "fuzz: ${#targets[@]} targets, no crash, hang or memory blow-up"
