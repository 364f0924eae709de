//! `sudoku-judge stress --hunt slow` end to end, without relying on any timing: against our own
//! solver the hunt saves a valid, solvable case with a CPU time (POJ 2676 takes any solution, so
//! the hunt's cases need not be unique there); against a program that never
//! answers, the first run is a time limit exceeded verdict, saved and shrunk; a budget of a
//! millisecond (less than one run of any program takes) makes and times one starting case; a
//! program the shell cannot start is refused.

use crate::common::scratch;

use std::process::Command;
use sudoku_judge::format::Reader;
use sudoku_judge::solve::Solver;
use sudoku_judge::solve::bitmask::BitmaskSolver;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

#[test]
fn the_slowest_case_is_saved_valid_and_solvable_with_its_time() {
    let dir = scratch("hunt-slow");
    let cmd = format!("{BIN} solve -f poj2676");
    let out = Command::new(BIN)
        .args(["stress", "-f", "poj2676", "--hunt", "slow", "--cmd", &cmd])
        .args(["--hunt-time", "1", "--repeats", "2", "-s", "3", "--save"])
        .arg(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("slowest of"), "{err}");
    let input = std::fs::read(dir.join("fail-slow.in")).unwrap();
    let mut r = Reader::new(sudoku_judge::format::judges::find("poj2676").unwrap(), b"");
    let mut cases = Vec::new();
    r.parse(&input, true, &mut cases, usize::MAX).unwrap();
    assert_eq!(cases.len(), 1);
    assert!(
        BitmaskSolver::new()
            .solve(&cases[0].puzzle().unwrap(), 1)
            .count
            >= 1
    );
    let expected = std::fs::read(dir.join("fail-slow.expected")).unwrap();
    assert_eq!(std::fs::read(dir.join("fail-slow.out")).unwrap(), expected);
    let time = std::fs::read_to_string(dir.join("fail-slow.time")).unwrap();
    assert!(time.trim().parse::<f64>().is_ok_and(|t| t >= 0.0), "{time}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_run_over_the_timeout_is_a_tle_verdict_shrunk() {
    let dir = scratch("hunt-tle");
    let out = Command::new(BIN)
        .args([
            "stress", "-f", "hdu4069", "--hunt", "slow", "--cmd", "sleep 60",
        ])
        .args(["--timeout", "0.2", "--hunt-time", "30", "-s", "1", "--save"])
        .arg(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("time limit exceeded"), "{err}");
    for f in ["fail.in", "fail-min.in", "fail-min.expected"] {
        assert!(dir.join(f).exists(), "{f}: {err}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn hunting_needs_a_program_and_a_positive_budget() {
    for args in [
        &["stress", "-f", "poj2676", "--hunt", "slow"][..],
        &[
            "stress",
            "-f",
            "poj2676",
            "--hunt",
            "slow",
            "--cmd",
            "true",
            "--hunt-time",
            "0",
        ][..],
        &["stress", "-f", "poj3435", "--hunt", "slow", "--cmd", "true"][..],
    ] {
        let out = Command::new(BIN).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn making_the_starts_counts_against_the_hunt_time() {
    // A budget spent before the first start is timed: that start is made and timed, no other
    // (the starts were all made and timed, whatever the budget).
    let dir = scratch("hunt-budget");
    let cmd = format!("{BIN} solve -f poj2676");
    let out = Command::new(BIN)
        .args(["stress", "-f", "poj2676", "--hunt", "slow", "--cmd", &cmd])
        .args([
            "--hunt-time",
            "0.001",
            "--repeats",
            "1",
            "-s",
            "3",
            "--save",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("slowest of 1 cases (1 runs, seed 3)"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_program_the_shell_cannot_start_is_refused_as_stress_refuses_it() {
    let dir = scratch("hunt-missing");
    let out = Command::new(BIN)
        .args(["stress", "-f", "poj2676", "--hunt", "slow"])
        .args(["--cmd", "./surely-no-such-program-here", "--hunt-time", "5"])
        .args(["-s", "1", "--save"])
        .arg(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "error: --cmd \"./surely-no-such-program-here\": the shell cannot run it (exit \
             status 127"
        ),
        "{err}"
    );
    assert!(!dir.join("fail.in").exists(), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}
