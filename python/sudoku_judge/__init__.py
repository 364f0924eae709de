"""sudoku_judge: read, solve, check and generate online-judge Sudoku files in 37 judge formats,
with the same bytes and verdicts as the ``sudoku-judge`` command (installed beside it by the
same wheel).

>>> import sudoku_judge
>>> p = sudoku_judge.problem("poj2676")
>>> sudoku_judge.solve(p, p.sample_input) == p.sample_output
True
>>> sudoku_judge.check(p, p.sample_input, p.sample_output).message
'ok: 1 case'
>>> cases, answers = sudoku_judge.generate(p, 5, seed=7)
>>> sudoku_judge.solve(p, cases) == answers
True

Everything is in the extension module ``sudoku_judge._sudoku_judge`` (Rust, over the
``sudoku-judge`` crate); this package re-exports it. Type hints: ``_sudoku_judge.pyi``.
"""

from ._sudoku_judge import (
    DEFAULT_BUDGET,
    CaseSet,
    OverBudgetError,
    Problem,
    Report,
    __version__,
    check,
    generate,
    main,
    problem,
    problem_from_record,
    problems,
    solve,
)

__all__ = [
    "DEFAULT_BUDGET",
    "CaseSet",
    "OverBudgetError",
    "Problem",
    "Report",
    "__version__",
    "check",
    "generate",
    "main",
    "problem",
    "problem_from_record",
    "problems",
    "solve",
]
