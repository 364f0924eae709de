//! `sudoku-judge stress` end to end: the solvers agree on generated cases, and a planted bug in
//! a small program (testdata/stress/first_solution.py prints the first solution even when there
//! are two) is found, saved in the online-judge-tools layout and shrunk to a single case.

use crate::common::scratch;

use std::path::Path;
use std::process::Command;
use sudoku_judge::format::{Format, Reader};
use sudoku_judge::model::Puzzle;
use sudoku_judge::solve::Solver;
use sudoku_judge::solve::dlx::DlxSolver;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
}

#[test]
fn solvers_agree_on_generated_cases() {
    for format in ["hdu4069", "poj2676", "line"] {
        let out = bin()
            .args(["stress", "-f", format, "-n", "3000", "-s", "11"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{format}: {err}");
        assert!(err.contains("3000") && err.contains("agree"), "{err}");
    }
}

/// The solvers' self-check passes in every format: the answers that are no solution by design
/// (ECOO 2013's greedy pass leaves blanks, Codeforces 1335D breaks every unit) are not failures.
#[test]
fn the_self_check_passes_in_every_format() {
    for spec in sudoku_judge::format::judges::JUDGES {
        let out = bin()
            .args(["stress", "-q", "-f", spec.name, "-n", "20", "-s", "5"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{}: {err}", spec.name);
    }
}

#[test]
fn planted_bug_is_found_saved_and_shrunk_to_one_case() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/stress/first_solution.py");
    let dir = scratch("stress");
    let _ = std::fs::remove_dir_all(&dir);
    let out = bin()
        .args([
            "stress", "-f", "hdu4069", "-n", "200", "-s", "1", "--batch", "10",
        ])
        .args(["--timeout", "20", "--save"])
        .arg(&dir)
        .arg("--cmd")
        .arg(format!("python3 {}", script.display()))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("expected \"Multiple Solutions\", found a grid"),
        "{err}"
    );
    for name in ["fail", "fail-min"] {
        for ext in ["in", "out", "expected"] {
            assert!(
                dir.join(format!("{name}.{ext}")).exists(),
                "{name}.{ext}: {err}"
            );
        }
    }
    let read = |f: &str| std::fs::read(dir.join(f)).unwrap();
    let mut cases = Vec::new();
    let mut r = Reader::tuned(Format::Hdu4069);
    r.parse(&read("fail-min.in"), true, &mut cases, usize::MAX)
        .unwrap();
    let cases: Vec<Puzzle> = cases.iter().filter_map(|c| c.puzzle()).collect();
    assert_eq!(cases.len(), 1, "not shrunk to one case");
    // Still the planted bug: several solutions, and the program printed a grid for it.
    assert_eq!(DlxSolver::new().solve(&cases[0], 2).count, 2);
    assert_eq!(read("fail-min.expected"), b"Case 1:\nMultiple Solutions\n");
    assert!(String::from_utf8_lossy(&read("fail-min.out")).starts_with("Case 1:\n"));
    // Givens were removed while it still failed: a multi-solution case loses every one.
    assert_eq!(cases[0].clues(), 0, "{err}");
    let mut full = Vec::new();
    Reader::tuned(Format::Hdu4069)
        .parse(&read("fail.in"), true, &mut full, usize::MAX)
        .unwrap();
    assert_eq!(full.len(), 10);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn crashes_and_timeouts_are_reported_as_such() {
    let dir = scratch("stress-crash");
    let run = |cmd: &str, timeout: &str| {
        let out = bin()
            .args([
                "stress", "-f", "poj2676", "-n", "5", "-s", "1", "--batch", "5",
            ])
            .args(["--timeout", timeout, "--save"])
            .arg(&dir)
            .args(["--cmd", cmd])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let err = run("cat >/dev/null; echo boom >&2; exit 7", "5");
    assert!(
        err.contains("runtime error: exit status 7, stderr: boom"),
        "{err}"
    );
    let start = std::time::Instant::now();
    let err = run("sleep 30", "0.2");
    assert!(err.contains("time limit exceeded"), "{err}");
    assert!(start.elapsed().as_secs() < 20, "timeouts were not enforced");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A program that keeps state from case to case fails on the third case of any file, never on
/// one case alone: the failure shrinks to the three cases it needs. One that fails only on a
/// file of exactly five cases cannot be shrunk, and stress says so.
#[test]
fn a_failure_of_several_cases_shrinks_to_the_cases_it_needs() {
    let bin_path = env!("CARGO_BIN_EXE_sudoku-judge");
    let third = format!("{bin_path} solve -q -f poj2676 - | sed '19s/^\\(.\\)\\(.\\)/\\2\\1/'");
    let five = format!(
        "read t; if [ \"$t\" = 5 ]; then cat >/dev/null; echo 1; \
         else {{ echo \"$t\"; cat; }} | {bin_path} solve -q -f poj2676 -; fi"
    );
    for (cmd, want, cases) in [(third, "shrunk in", 3), (five, "could not shrink it in", 5)] {
        let dir = scratch("stress-several");
        let out = bin()
            .args([
                "stress",
                "-f",
                "poj2676",
                "-n",
                "5",
                "-s",
                "3",
                "--timeout",
                "20",
            ])
            .arg("--save")
            .arg(&dir)
            .args(["--cmd", &cmd])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(want), "{err}");
        let min = std::fs::read_to_string(dir.join("fail-min.in")).unwrap();
        assert_eq!(
            min.lines().next(),
            Some(cases.to_string().as_str()),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
