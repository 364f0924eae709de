#!/bin/sh
# Runs one sudoku-judge command past one machine with GNU parallel: N shards (--shard K/N), on
# the hosts of a GNU parallel --sshlogin list, with the outputs written to stdout in shard order,
# which is the whole run's output byte for byte.
#
# Usage: sh scripts/shard-parallel.sh N HOSTS COMMAND ARGS...
#   N        number of shards (jobs)
#   HOSTS    GNU parallel --sshlogin list: ':' for this machine, 'host1,host2' or '4/host1,:'
#   COMMAND  a sudoku-judge subcommand that takes --shard: solve or gen, with its arguments
# Every host needs the binary ($SUDOKU_JUDGE, default sudoku-judge on the PATH) and the input
# file at the same path (a shared file system); gen needs nothing but the binary.
# Examples:
#   sh scripts/shard-parallel.sh 8 server1,server2 solve --format poj3076 /shared/cases.in > out
#   sh scripts/shard-parallel.sh 4 : gen --format hdu4069 --count 1000000 --seed 7 > cases.in
set -eu
if [ $# -lt 3 ]; then
  sed -n '2,16s/^# \{0,1\}//p' "$0" >&2
  exit 2
fi
shards=$1
hosts=$2
shift 2
bin=${SUDOKU_JUDGE:-sudoku-judge}
# --keep-order prints the jobs' outputs in shard order; --halt stops at the first failure, whose
# exit status parallel passes on (a malformed input is reported by the last shard only).
seq 0 $((shards - 1)) |
  parallel --keep-order --halt now,fail=1 --sshlogin "$hosts" \
    "$bin" "$@" --shard "{}/$shards"
