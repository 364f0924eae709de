"""``python -m sudoku_judge ARGS``: the ``sudoku-judge`` command, as the wheel's entry point runs it."""

from ._sudoku_judge import main

main()
