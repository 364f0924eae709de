"""A CYaRon-style test generator over the `sudoku_judge` module: writes the test files of a
judge problem as 1.in/1.out, 2.in/2.out, ... (CYaRon's `IO(data_id=i)` names), each input
made from its own seed and its expected output written by the same solver as
`sudoku-judge solve`. Same arguments, same bytes.

    python make_tests.py --format poj2676 --files 3 --count 10 --dir tests/
    sudoku-judge validate --format poj2676 tests/1.in
    sudoku-judge check --format poj2676 tests/1.in tests/1.out

python/tests/test_module.py runs it in the wheel's virtualenv and has the command line accept
what it wrote.
"""

import argparse
import sys
from pathlib import Path

import sudoku_judge


def make_tests(problem, files, count, directory, seed=1):
    """Writes `files` test files of `count` cases each into `directory`: data_id i (from 1)
    is generated from seed `seed + i - 1`. Returns the paths of the .in files."""
    problem = sudoku_judge.problem(problem) if isinstance(problem, str) else problem
    # A single-grid problem's file holds one case.
    count = min(count, problem.max_per_file or count)
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for data_id in range(1, files + 1):
        cases, answers = sudoku_judge.generate(problem, count, seed=seed + data_id - 1)
        (directory / f"{data_id}.in").write_bytes(cases)
        (directory / f"{data_id}.out").write_bytes(answers)
        written.append(directory / f"{data_id}.in")
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--format", required=True, help="a problem name (sudoku-judge formats)")
    parser.add_argument("--files", type=int, default=1, help="how many test files (default 1)")
    parser.add_argument("--count", type=int, default=10, help="cases per file (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="the first file's seed (default 1)")
    parser.add_argument("--dir", default=".", help="where to write N.in and N.out")
    args = parser.parse_args(argv)
    try:
        for path in make_tests(args.format, args.files, args.count, args.dir, args.seed):
            print(f"wrote {path} and {path.with_suffix('.out')}")
    except (LookupError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
