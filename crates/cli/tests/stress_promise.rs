//! `stress --cmd` refuses a program the shell cannot start (exit 2, nothing saved) instead of
//! judging it "runtime error: exit status 127", still judges a program that exits 127 by itself,
//! and shrinks a failure only to cases that `validate --strict` accepts.

use crate::common::scratch;

use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

fn stress(dir: &Path, format: &str, cmd: &str, count: &str) -> Output {
    Command::new(BIN)
        .args([
            "stress",
            "-f",
            format,
            "-n",
            count,
            "-s",
            "5",
            "--timeout",
            "20",
        ])
        .arg("--save")
        .arg(dir)
        .args(["--cmd", cmd])
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn a_program_the_shell_cannot_start_is_refused() {
    let dir = scratch("stress-unrunnable");
    let not_exec = dir.join("not-executable.sh");
    std::fs::write(&not_exec, "#!/bin/sh\necho hi\n").unwrap();
    let missing = dir.join("nonexistent");
    for (cmd, code) in [
        (missing.display().to_string(), 127),
        (not_exec.display().to_string(), 126),
    ] {
        let save = dir.join(format!("save-{code}"));
        let got = stress(&save, "poj2676", &cmd, "5");
        let err = text(&got.stderr);
        assert_eq!(got.status.code(), Some(2), "{cmd}: {err}");
        let want = format!("error: --cmd {cmd:?}: the shell cannot run it (exit status {code}: ");
        assert!(err.contains(&want), "{cmd}: {err}");
        assert!(
            err.ends_with("); check the path and that it is executable\n"),
            "{cmd}: {err}"
        );
        assert!(!err.contains("runtime error"), "{cmd}: {err}");
        assert!(!save.exists(), "{cmd}: a failure was saved");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_program_that_exits_127_itself_is_judged_and_shrunk() {
    let dir = scratch("stress-exit127");
    let got = stress(&dir, "poj2676", "cat >/dev/null; exit 127", "5");
    let err = text(&got.stderr);
    assert_eq!(got.status.code(), Some(1), "{err}");
    assert!(err.contains("runtime error: exit status 127"), "{err}");
    assert!(dir.join("fail-min.in").exists(), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A program that always answers wrong is shrunk as far as the problem allows and no further:
/// Luogu P1074 promises at least 24 givens, HDU 2780 exactly five empty cells.
#[test]
fn shrinking_stays_within_the_promise() {
    // HDU 2780's one case already has the fewest givens it may: nothing smaller fails.
    for (format, said) in [
        ("luogu-p1074", "to 1 case(s) with 24 givens: wrong answer"),
        ("hdu2780", "could not shrink it in 0 runs"),
    ] {
        let dir = scratch("stress-promise");
        let got = stress(&dir, format, "cat >/dev/null; echo 0", "1");
        let err = text(&got.stderr);
        assert_eq!(got.status.code(), Some(1), "{format}: {err}");
        assert!(err.contains(said), "{format}: {err}");
        let valid = Command::new(BIN)
            .args([
                "validate",
                "--strict",
                "--protocol",
                "kattis",
                "--format",
                format,
            ])
            .stdin(std::fs::File::open(dir.join("fail-min.in")).unwrap())
            .output()
            .unwrap();
        assert_eq!(
            valid.status.code(),
            Some(42),
            "{format}: {}",
            text(&valid.stderr)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Shrinking stays within what the judge's data holds, and within answers found quickly: a
/// unique puzzle stays unique (Luogu P1784; it went down to the empty grid), a counting
/// problem's shrink ends (SPOJ SUDOGOB counted a near-empty grid's solutions for ever), and
/// the saved answer is one `check` accepts (Jutge P79494's was cut at 10,000 solutions).
#[test]
fn shrinking_stays_within_the_data() {
    for format in ["luogu-p1784", "spoj-sudogob", "jutge-p79494"] {
        let dir = scratch("stress-data");
        let got = stress(&dir, format, "cat >/dev/null; exit 3", "3");
        let err = text(&got.stderr);
        assert_eq!(got.status.code(), Some(1), "{format}: {err}");
        assert!(err.contains("shrunk in"), "{format}: {err}");
        let min = dir.join("fail-min.in");
        let expected = dir.join("fail-min.expected");
        let checked = Command::new(BIN)
            .args(["check", "--format", format])
            .args([&min, &expected, &expected])
            .output()
            .unwrap();
        assert_eq!(
            checked.status.code(),
            Some(0),
            "{format}: {}",
            text(&checked.stderr)
        );
        if format == "luogu-p1784" {
            // Counted as SPOJ SUDOGOB counts: the same rows after a count line.
            let counted = dir.join("counted.in");
            let rows = std::fs::read_to_string(&min).unwrap();
            std::fs::write(&counted, format!("1\n{rows}")).unwrap();
            let count = Command::new(BIN)
                .args(["solve", "--format", "spoj-sudogob"])
                .arg(&counted)
                .output()
                .unwrap();
            // The count, then the solution when there is exactly one.
            let out = text(&count.stdout);
            assert!(out.starts_with("1\n"), "{out}{}", text(&count.stderr));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
