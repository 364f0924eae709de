"""The `pip install` wheel's `sudoku-judge` command, tried from Python as a problem setter would.
(test_module.py tries the wheel's `sudoku_judge` module.)

scripts/verify-wheel.sh (`make verify-wheel`) runs these in a fresh virtualenv that has only
the wheel and pytest, with PATH holding that venv's bin and the system's directories: the
command must come from the wheel, with no Rust toolchain around. Every test writes only under
its own tmp_path; none depends on timing.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTDATA = ROOT / "testdata"
# Set by scripts/verify-wheel.sh to the fresh venv the wheel was installed into.
VENV = os.environ.get("SUDOKU_JUDGE_WHEEL_VENV")


def judge_bin() -> str:
    path = shutil.which("sudoku-judge")
    assert path is not None, "sudoku-judge is not on PATH"
    return path


def run(*args, cwd=None):
    """`sudoku-judge ARGS`: its exit code, stdout bytes and stderr text."""
    done = subprocess.run(
        [judge_bin(), *map(str, args)],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    return done.returncode, done.stdout, done.stderr.decode("utf-8", "replace")


def cargo_version() -> str:
    """The workspace's version (Cargo.toml's [workspace.package]), every crate's and the wheel's."""
    text = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    package = text.split("[workspace.package]", 1)[1].split("\n[", 1)[0]
    match = re.search(r'^version = "([^"]+)"$', package, re.MULTILINE)
    assert match, "no version in Cargo.toml's [workspace.package]"
    return match.group(1)


def generate(tmp_path: Path, fmt: str, count: int, seed: int):
    """A CYaRon-style generator: one judge input file of `count` cases and its expected
    answers, written by `sudoku-judge gen` into tmp_path; returns (input, answers)."""
    cases = tmp_path / f"{fmt}-{seed}.in"
    answers = tmp_path / f"{fmt}-{seed}.ans"
    code, out, err = run(
        "gen", "--format", fmt, "-n", count, "-s", seed, "-o", cases, "--answers", answers
    )
    assert code == 0, err
    assert out == b"", "gen -o writes nothing on stdout"
    return cases, answers


def test_the_command_is_the_venvs():
    path = Path(judge_bin()).resolve()
    venv = Path(VENV).resolve() if VENV else Path(sys.prefix).resolve()
    assert venv in path.parents, f"{path} is not inside {venv}"
    if VENV:
        # The environment verify-wheel.sh made: no Rust toolchain to fall back on.
        assert shutil.which("cargo") is None, shutil.which("cargo")


def test_version_is_cargo_tomls():
    code, out, err = run("--version")
    assert code == 0, err
    assert out.decode() == f"sudoku-judge {cargo_version()}\n"


def test_solve_writes_the_sample_output(tmp_path):
    code, out, err = run("solve", TESTDATA / "poj2676" / "sample.in", cwd=tmp_path)
    assert code == 0, err
    assert out == (TESTDATA / "poj2676" / "sample.out").read_bytes()


def test_check_accepts_the_sample_and_rejects_a_wrong_output(tmp_path):
    sample_in = TESTDATA / "poj2676" / "sample.in"
    sample_out = TESTDATA / "poj2676" / "sample.out"
    code, _, err = run("check", "--format", "poj2676", sample_in, sample_out)
    assert code == 0, err

    # Two cells of the first row swapped: still digits, no longer a solution.
    lines = sample_out.read_bytes().split(b"\n")
    first = bytearray(lines[0])
    first[0], first[1] = first[1], first[0]
    assert bytes(first) != lines[0]
    lines[0] = bytes(first)
    wrong = tmp_path / "wrong.out"
    wrong.write_bytes(b"\n".join(lines))
    code, _, err = run("check", "--format", "poj2676", sample_in, wrong)
    assert code == 1, f"testlib's WA is exit 1, got {code}: {err}"
    assert err.strip(), "a rejection says why"


def test_a_generator_script_writes_a_valid_test_file(tmp_path):
    cases, answers = generate(tmp_path, "poj2676", 5, 7)
    text = cases.read_text()
    assert text.split("\n", 1)[0] == "5", "the file starts with its case count"

    code, _, err = run("validate", "--format", "poj2676", cases)
    assert code == 0, err

    code, out, err = run("solve", "--format", "poj2676", cases)
    assert code == 0, err
    assert out == answers.read_bytes()

    # The same seed makes the same file.
    again = tmp_path / "again"
    again.mkdir()
    cases2, answers2 = generate(again, "poj2676", 5, 7)
    assert cases2.read_bytes() == cases.read_bytes()
    assert answers2.read_bytes() == answers.read_bytes()


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-v"]))
