#!/bin/sh
# One task of a Slurm job array running a sudoku-judge command past one machine: task K of N
# runs it with --shard K/N; the tasks' output files concatenated in task order are the whole
# run's output byte for byte.
#
# Submit (N tasks), then join the outputs in order when the array is done:
#   sbatch --array=0-7 --output=shard-%a.out scripts/shard-slurm.sh solve --format poj3076 cases.in
#   for k in $(seq 0 7); do cat shard-$k.out; done > all.out
# The binary is $SUDOKU_JUDGE (default sudoku-judge on the PATH); the input file must be on a
# file system every node sees.
#SBATCH --job-name=sudoku-judge
#SBATCH --ntasks=1
set -eu
: "${SLURM_ARRAY_TASK_ID:?run me as a Slurm array task: sbatch --array=0-N ...}"
first=${SLURM_ARRAY_TASK_MIN:-0}
last=${SLURM_ARRAY_TASK_MAX:?run me as a Slurm array task: sbatch --array=0-N ...}
k=$((SLURM_ARRAY_TASK_ID - first))
n=$((last - first + 1))
exec "${SUDOKU_JUDGE:-sudoku-judge}" "$@" --shard "$k/$n"
