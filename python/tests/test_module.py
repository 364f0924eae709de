"""The `pip install` wheel's `sudoku_judge` module, tried as a problem setter's script would use
it, and held to the command line: the same bytes from `solve` and `gen`, the same verdict and
message from `check`.

scripts/verify-wheel.sh (`make verify-wheel`) runs these in the fresh virtualenv the wheel was
installed into (test_cli.py says how); `import sudoku_judge` must find the wheel's package,
not python/sudoku_judge/ of the source tree (which has no extension module). Every test writes
only under its own tmp_path; none depends on timing (the SIGINT test gives a signal two seconds
to do what it does at once).
"""

import doctest
import inspect
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import sudoku_judge

ROOT = Path(__file__).resolve().parents[2]
TESTDATA = ROOT / "testdata"
EXAMPLES = ROOT / "python" / "examples"
VENV = os.environ.get("SUDOKU_JUDGE_WHEEL_VENV")
MODES = {
    "first", "unique", "lexmin", "exact", "verdict", "legal",
    "complete", "marks", "singles", "minimal", "best", "anti",
    "sum-of-all", "count-smallest", "hatching", "derived", "positions",
    "similar", "one-pass", "every", "nth",
}


def run(*args, cwd=None):
    """`sudoku-judge ARGS` (the wheel's command): exit code, stdout bytes, stderr text."""
    done = subprocess.run(
        ["sudoku-judge", *map(str, args)],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    return done.returncode, done.stdout, done.stderr.decode("utf-8", "replace")


def swapped(output: bytes) -> bytes:
    """The output with the first two cells of its first line swapped: a wrong answer."""
    wrong = bytearray(output)
    wrong[0], wrong[1] = wrong[1], wrong[0]
    assert bytes(wrong) != output
    return bytes(wrong)


def test_the_module_is_the_wheels():
    package = Path(sudoku_judge.__file__).resolve().parent
    venv = Path(VENV).resolve() if VENV else Path(sys.prefix).resolve()
    assert venv in package.parents, f"{package} is not inside {venv}"
    extension = Path(sudoku_judge._sudoku_judge.__file__)
    assert extension.parent == package and ".abi3." in extension.name, extension
    # The type hints ship with it.
    assert (package / "py.typed").is_file()
    assert (package / "_sudoku_judge.pyi").is_file()


def test_the_version_is_the_commands():
    code, out, err = run("--version")
    assert code == 0, err
    assert out.decode() == f"sudoku-judge {sudoku_judge.__version__}\n"


def test_every_problem_is_listed_with_its_name_title_and_mode():
    problems = sudoku_judge.problems()
    names = [p.name for p in problems]
    assert len(names) == len(set(names)) >= 37
    for name in ["poj2676", "hdu4069", "poj3076", "uva10957", "luogu-p1074", "line"]:
        assert name in names
    for p in problems:
        assert p.title and p.summary and p.asks, p
        assert p.mode in MODES, (p, p.mode)
        assert sudoku_judge.problem(p.name) == p
        assert all(sudoku_judge.problem(a) == p for a in p.aliases)
        assert str(p) == p.name and eval(repr(p)) == p
    assert {p.mode for p in problems} == MODES
    assert sudoku_judge.problem("poj2676").mode == "first"
    assert sudoku_judge.problem("hdu4069").mode == "unique"
    # `sudoku-judge formats` lists the same names, in the same order.
    code, out, err = run("formats")
    assert code == 0, err
    listed = [line.split()[0] for line in out.decode().splitlines()[: len(names)]]
    assert listed == names


def test_an_unknown_problem_is_a_lookup_error():
    with pytest.raises(LookupError, match="unknown problem 'poj267'"):
        sudoku_judge.problem("poj267")
    with pytest.raises(LookupError):
        sudoku_judge.solve("no-such-judge", b"")
    with pytest.raises(TypeError, match="problem must be"):
        sudoku_judge.solve(2676, b"")
    with pytest.raises(TypeError, match="input must be bytes or str"):
        sudoku_judge.solve("poj2676", 42)


def test_solve_writes_the_sample_output():
    sample_in = (TESTDATA / "poj2676" / "sample.in").read_bytes()
    sample_out = (TESTDATA / "poj2676" / "sample.out").read_bytes()
    assert sudoku_judge.solve("poj2676", sample_in) == sample_out
    # A Problem or its name; bytes, bytearray or str.
    p = sudoku_judge.problem("poj2676")
    assert sudoku_judge.solve(p, sample_in.decode()) == sample_out
    assert sudoku_judge.solve(p, bytearray(sample_in)) == sample_out


def our_sample_output(p):
    """What solve writes for p's sample: the judge's sample output, or where a special judge
    accepts other answers than the judge's own (NWRRC 2013's operations), testdata's
    sample.ours, which check must accept as the judge's sample is."""
    ours = TESTDATA / p.name / "sample.ours"
    if not ours.exists():
        return p.sample_output
    assert sudoku_judge.check(p, p.sample_input, p.sample_output).accepted
    assert sudoku_judge.check(p, p.sample_input, ours.read_bytes()).accepted
    return ours.read_bytes()


@pytest.mark.parametrize("name", [p.name for p in sudoku_judge.problems()])
def test_solve_is_the_commands_on_every_sample(name, tmp_path):
    p = sudoku_judge.problem(name)
    out = sudoku_judge.solve(p, p.sample_input)
    assert out == our_sample_output(p)
    sample = tmp_path / "sample.in"
    sample.write_bytes(p.sample_input)
    code, cli_out, err = run("solve", "--format", name, sample)
    assert code in (0, 1), err  # 1: a case with no solution in a format with no word for it
    assert cli_out == out


def test_bad_input_is_a_value_error_with_the_commands_message(tmp_path):
    bad = b"1\n12345678x\n"
    with pytest.raises(ValueError) as caught:
        sudoku_judge.solve("poj2676", bad)
    assert not isinstance(caught.value, sudoku_judge.OverBudgetError)
    message = str(caught.value)
    assert message == "2:9: case 1: expected a digit 0-9, found 'x'"
    (tmp_path / "bad.in").write_bytes(bad)
    code, _, err = run("solve", "--format", "poj2676", "bad.in", cwd=tmp_path)
    assert code == 2
    assert err == f"error: bad.in:{message}\n"


def test_a_case_past_the_budget_is_an_over_budget_error(tmp_path):
    empty = "." * 81 + "\n"  # needs a search: every cell is a guess away
    assert sudoku_judge.DEFAULT_BUDGET == 4_000_000
    solved = sudoku_judge.solve("line", empty)
    assert sudoku_judge.solve("line", empty, budget=None) == solved
    assert sudoku_judge.solve("line", empty, budget=1000) == solved
    with pytest.raises(sudoku_judge.OverBudgetError) as caught:
        sudoku_judge.solve("line", empty, budget=0)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert message.startswith("case 1: solving it took more than the budget of 0 search nodes")
    (tmp_path / "empty.in").write_text(empty)
    code, _, err = run("solve", "--format", "line", "--budget", "0", "empty.in", cwd=tmp_path)
    assert code == 2
    assert err == f"error: empty.in: {message}\n"


def test_check_accepts_a_right_answer_and_rejects_a_wrong_one(tmp_path):
    sample_in = (TESTDATA / "poj2676" / "sample.in").read_bytes()
    sample_out = (TESTDATA / "poj2676" / "sample.out").read_bytes()
    report = sudoku_judge.check("poj2676", sample_in, sample_out)
    assert report and report.accepted
    assert (report.verdict, report.message, report.cases, report.case) == (
        "ok", "ok: 1 case", 1, None,
    )
    assert sudoku_judge.check("poj2676", sample_in, sample_out, sample_out).accepted

    wrong = swapped(sample_out)
    report = sudoku_judge.check("poj2676", sample_in, wrong)
    assert not report and not report.accepted
    assert report.verdict == "wrong answer" and report.case == 1
    assert report.message.startswith("wrong answer: case 1, ")
    # The message is the one `sudoku-judge check` prints, and its exit code testlib's WA.
    (tmp_path / "in").write_bytes(sample_in)
    (tmp_path / "out").write_bytes(wrong)
    code, _, err = run("check", "--format", "poj2676", "in", "out", cwd=tmp_path)
    assert (code, err) == (1, report.message + "\n")

    report = sudoku_judge.check("poj2676", sample_in, b"123\n")
    assert report.verdict == "presentation error", report


def test_any_solution_is_accepted_where_the_problem_accepts_any():
    empty = "1\n" + "000000000\n" * 9
    p = sudoku_judge.problem("poj2676")
    assert p.any_solution
    # Another solution of the empty grid than the solver's: its rows rotated by three.
    rows = sudoku_judge.solve(p, empty).decode().split()
    other = "\n".join(rows[3:] + rows[:3]) + "\n"
    assert other.split() != rows
    assert sudoku_judge.check(p, empty, other).accepted
    # Where the problem wants the one answer, the output must be it.
    assert not sudoku_judge.problem("line").any_solution


def test_check_within_a_budget():
    # uva10957's second sample case needs a search to be judged.
    p = sudoku_judge.problem("uva10957")
    assert sudoku_judge.check(p, p.sample_input, p.sample_output, budget=None).accepted
    report = sudoku_judge.check(p, p.sample_input, p.sample_output, budget=0)
    assert report.verdict == "checker failure"
    assert "took more than the budget of 0 search nodes" in report.message


def test_generate_is_reproducible_and_its_answers_are_solves(tmp_path):
    a = sudoku_judge.generate("poj2676", 5, seed=7)
    assert a == sudoku_judge.generate("poj2676", 5, seed=7)
    assert a != sudoku_judge.generate("poj2676", 5, seed=8)
    assert a.input.startswith(b"5\n")
    assert sudoku_judge.solve("poj2676", a.input) == a.answers
    assert sudoku_judge.check("poj2676", a.input, a.answers).accepted
    cases, answers = a
    assert (cases, answers) == (a.input, a.answers)
    # The bytes of `sudoku-judge gen` with the same seed.
    code, out, err = run(
        "gen", "--format", "poj2676", "-n", 5, "-s", 7, "-o", "in", "--answers", "ans",
        cwd=tmp_path,
    )
    assert code == 0, err
    assert (tmp_path / "in").read_bytes() == a.input
    assert (tmp_path / "ans").read_bytes() == a.answers


@pytest.mark.parametrize(
    "name", ["hdu4069", "poj3076", "uva10957", "spoj-sudogob", "sgu437", "boj13882"]
)
def test_generate_serves_other_problems(name):
    count = min(3, sudoku_judge.problem(name).max_per_file or 3)
    a = sudoku_judge.generate(name, count, seed=11)
    assert sudoku_judge.solve(name, a.input) == a.answers
    assert sudoku_judge.check(name, a.input, a.answers).accepted


def test_generate_refuses_more_cases_than_a_file_holds():
    with pytest.raises(ValueError, match="holds at most 1 case"):
        sudoku_judge.generate("luogu-p1784", 2, seed=1)


def test_threads_solve_side_by_side():
    # The GIL is let go while solving: threads may solve at once, each getting its own bytes.
    p = sudoku_judge.problem("hdu4069")
    inputs = [sudoku_judge.generate(p, 4, seed=s) for s in range(6)]
    got = [None] * len(inputs)

    def work(k):
        got[k] = sudoku_judge.solve(p, inputs[k].input)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(inputs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [s.answers for s in inputs]


@pytest.mark.parametrize("name", [p.name for p in sudoku_judge.problems()])
def test_a_problem_read_back_from_its_record_solves_as_it_does(name):
    p = sudoku_judge.problem(name)
    loaded = sudoku_judge.problem_from_record(p.to_record())
    assert loaded.name == name and loaded.to_record() == p.to_record()
    assert sudoku_judge.solve(loaded, p.sample_input) == our_sample_output(p)


def test_a_malformed_record_is_a_value_error_with_its_line():
    text = sudoku_judge.problem("hdu4069").to_record().replace("box = 3", "box = 30")
    line = 1 + text.splitlines().index("box = 30")
    with pytest.raises(ValueError, match=f"line {line}, column 7: `box` is 30, outside 1 to 10"):
        sudoku_judge.problem_from_record(text)


def docstrings():
    """Every docstring of the package: the module's, each function's and class's and each of
    their methods' and properties'."""
    yield "sudoku_judge", sudoku_judge.__doc__
    yield "sudoku_judge._sudoku_judge", sudoku_judge._sudoku_judge.__doc__
    for name in sudoku_judge.__all__:
        value = getattr(sudoku_judge, name)
        if callable(value):
            yield name, value.__doc__
        if inspect.isclass(value):
            for attr, member in vars(value).items():
                if not attr.startswith("_"):
                    yield f"{name}.{attr}", member.__doc__


def test_the_docstring_examples_run():
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(verbose=False)
    examples = 0
    for name, doc in docstrings():
        assert doc, f"{name} has no docstring"
        test = parser.get_doctest(doc, {"sudoku_judge": sudoku_judge}, name, None, 0)
        runner.run(test)
        examples += len(test.examples)
    failed, tried = runner.summarize(verbose=False)
    assert failed == 0, f"{failed} of {tried} docstring examples failed (printed above)"
    assert examples >= 25, examples
    for name in ["problems", "problem", "solve", "check", "generate"]:
        assert ">>> " in getattr(sudoku_judge, name).__doc__, name


def test_the_type_stub_names_every_export():
    stub = (Path(sudoku_judge.__file__).parent / "_sudoku_judge.pyi").read_text()
    for name in sudoku_judge.__all__:
        assert f"def {name}(" in stub or f"class {name}" in stub or f"{name}:" in stub, name
    for name in ["problem", "solve", "check", "generate"]:
        signature = str(inspect.signature(getattr(sudoku_judge, name)))
        for param in inspect.signature(getattr(sudoku_judge, name)).parameters:
            assert param in stub, (name, param, signature)


def test_python_m_runs_the_command(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_judge", "solve", TESTDATA / "poj2676" / "sample.in"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (TESTDATA / "poj2676" / "sample.out").read_bytes()


def test_the_command_passes_exit_codes_and_flushes_its_output(tmp_path):
    # `validate` of a broken file: exit 1; a usage error: exit 2; `check --protocol kattis`
    # on a wrong answer: 43. Each through the Python entry point.
    (tmp_path / "bad.in").write_bytes(b"1\n" + b"111111111\n" + b"000000000\n" * 8)
    code, out, err = run("validate", "--format", "poj2676", "bad.in", cwd=tmp_path)
    assert (code, out) == (1, b"case 1: row 1 has two 1s (r1c1 and r1c2): poj2676 promises a solvable puzzle\n"), err
    assert run("no-such-command")[0] == 2
    p = sudoku_judge.problem("poj2676")
    (tmp_path / "in").write_bytes(p.sample_input)
    (tmp_path / "ans").write_bytes(p.sample_output)
    (tmp_path / "fb").mkdir()
    done = subprocess.run(
        ["sudoku-judge", "check", "--format", "poj2676", "--protocol", "kattis", "in", "ans", "fb"],
        cwd=tmp_path,
        input=swapped(p.sample_output),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert done.returncode == 43, done.stderr
    # A large output through a pipe arrives whole, before the interpreter exits.
    big = sudoku_judge.generate("line", 2000, seed=3)
    (tmp_path / "big.in").write_bytes(big.input)
    code, out, err = run("solve", "--format", "line", "big.in", cwd=tmp_path)
    assert code == 0, err
    assert out == big.answers


def test_ctrl_c_ends_the_command_and_an_ignored_sigint_stays_ignored():
    """Python's SIGINT handler would only set a flag the command never reads: the entry point
    gives SIGINT its default action back, as the binary has it, unless SIGINT was ignored
    when it started (then it stays ignored, as for the binary)."""
    import signal

    for ignore in (False, True):
        child = subprocess.Popen(
            ["sudoku-judge", "gen", "--format", "line", "-n", str(10**9), "-s", "1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if ignore else None,
        )
        try:
            # The command runs once it has started its worker threads (the interpreter has
            # one): before, a SIGINT would be Python's KeyboardInterrupt.
            tasks = Path(f"/proc/{child.pid}/task")
            while child.poll() is None and len(list(tasks.iterdir())) < 2:
                threading.Event().wait(0.01)
            child.send_signal(signal.SIGINT)
            try:
                # A signal acts at once: the bound is only there for the ignored one.
                code = child.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
        finally:
            child.kill()
            child.wait()
        if ignore:
            assert code is None, "an ignored SIGINT ended the command"
        else:
            assert code == -signal.SIGINT, code


def test_a_cyaron_style_script_writes_test_files_the_command_accepts(tmp_path):
    """python/examples/make_tests.py writes 1.in/1.out, 2.in/2.out through the module;
    `sudoku-judge validate` and `check` accept them."""
    done = subprocess.run(
        [
            sys.executable, EXAMPLES / "make_tests.py", "--format", "poj2676",
            "--files", "2", "--count", "4", "--seed", "5", "--dir", tmp_path / "tests",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert done.returncode == 0, done.stderr
    written = sorted(p.name for p in (tmp_path / "tests").iterdir())
    assert written == ["1.in", "1.out", "2.in", "2.out"]
    for data_id in (1, 2):
        test_in = tmp_path / "tests" / f"{data_id}.in"
        test_out = tmp_path / "tests" / f"{data_id}.out"
        assert test_in.read_bytes().startswith(b"4\n")
        code, _, err = run("validate", "--format", "poj2676", test_in)
        assert code == 0, err
        code, _, err = run("check", "--format", "poj2676", test_in, test_out)
        assert (code, err) == (0, "ok: 4 cases\n")
        # Seeds 5 and 6: the files of `gen --seed`.
        code, out, err = run("gen", "--format", "poj2676", "-n", 4, "-s", 4 + data_id)
        assert code == 0, err
        assert out == test_in.read_bytes()
    # An unknown format is the script's error, not a traceback.
    done = subprocess.run(
        [sys.executable, EXAMPLES / "make_tests.py", "--format", "nope", "--dir", tmp_path],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert done.returncode == 2 and b"unknown problem 'nope'" in done.stderr


def test_the_readmes_python_example_runs(tmp_path, monkeypatch, capsys):
    """README.md's Install section shows the module in a ```python block: it runs as written
    (in tmp_path, where it writes 1.in and 1.out) and prints what its comments say."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    install = readme.split("\n## Install\n", 1)[1].split("\n## ", 1)[0]
    code = install.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith('POJ 2676 "Sudoku" (') and printed[0].endswith(") first")
    assert printed[1].startswith("presentation error | presentation error: ")
    code, _, err = run("check", "--format", "poj2676", "1.in", "1.out", cwd=tmp_path)
    assert (code, err) == (0, "ok: 10 cases\n")


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-v"]))
