//! `sudoku-judge stress`'s arguments, refused before any work where they make no sense: a
//! `--name` that is not a file name, `--count 0`, `--repeats` of 0 or past its bound, a `--mix`
//! naming a kind twice (`gen` too), an empty `--cmd`; and errors saving a failure name the path
//! they are about.

use crate::common::scratch;

use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

fn run(args: &[&str], save: &Path) -> (Option<i32>, String) {
    let out: Output = Command::new(BIN)
        .args(args)
        .arg("--save")
        .arg(save)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A stress run whose program fails at once (it prints `1`), so a failure is saved.
const FAILING: [&str; 10] = [
    "stress", "-f", "poj2676", "-n", "1", "--batch", "1", "-s", "1", "--cmd",
];

#[test]
fn a_name_is_a_file_name_under_save() {
    let dir = scratch("stress-name");
    let save = dir.join("a").join("b");
    for name in ["../../escape", "", ".", "..", "x/y", "/tmp/abs"] {
        let mut args = FAILING.to_vec();
        args.extend(["echo 1", "--name", name]);
        let (code, err) = run(&args, &save);
        assert_eq!(code, Some(2), "--name {name:?}: {err}");
        assert!(err.contains("--name"), "--name {name:?}: {err}");
    }
    // Nothing written, above --save or in it.
    assert!(!dir.join("escape.in").exists());
    assert!(!save.exists(), "{:?}", std::fs::read_dir(&save).ok());
    // A plain name is taken.
    let mut args = FAILING.to_vec();
    args.extend(["echo 1", "--name", "my.case"]);
    let (code, err) = run(&args, &save);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        save.join("my.in").exists() || save.join("my.case.in").exists(),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An empty `--cmd` is a bad argument (exit 2), not a program whose empty output fails.
#[test]
fn an_empty_command_is_refused() {
    let dir = scratch("stress-empty-cmd");
    for cmd in ["", "  \t "] {
        let mut args = FAILING.to_vec();
        args.push(cmd);
        let (code, err) = run(&args, &dir);
        assert_eq!(code, Some(2), "{cmd:?}: {err}");
        assert!(err.contains("expected a command to run"), "{cmd:?}: {err}");
    }
    assert!(!dir.join("fail.in").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn count_zero_is_refused_as_gen_refuses_it() {
    let dir = scratch("stress-count0");
    for cmd in [None, Some("cat")] {
        let mut args = vec!["stress", "-f", "poj2676", "-n", "0", "-s", "1"];
        if let Some(c) = cmd {
            args.extend(["--cmd", c]);
        }
        let (code, err) = run(&args, &dir);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.contains("--count") && err.contains("at least 1"),
            "{err}"
        );
    }
    let made = Command::new(BIN)
        .args(["gen", "-f", "poj2676", "--count", "0"])
        .output()
        .unwrap();
    assert_eq!(made.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn repeats_are_at_least_one_and_bounded() {
    let dir = scratch("stress-repeats");
    for (n, why) in [
        ("0", "at least 1"),
        ("101", "at most 100"),
        ("4294967295", "at most 100"),
    ] {
        let args = [
            "stress",
            "-f",
            "poj2676",
            "--hunt",
            "slow",
            "--hunt-time",
            "1",
            "--cmd",
            "true",
            "--repeats",
            n,
        ];
        let (code, err) = run(&args, &dir);
        assert_eq!(code, Some(2), "--repeats {n}: {err}");
        assert!(err.contains(why), "--repeats {n}: {err}");
    }
    let help = Command::new(BIN)
        .args(["stress", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("runs per case, 1 to 100"), "{help}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_kind_named_twice_in_mix_is_refused() {
    let dir = scratch("stress-mix");
    let (code, err) = run(
        &[
            "stress",
            "-f",
            "poj2676",
            "-n",
            "10",
            "-s",
            "1",
            "--mix",
            "unique=1,unique=2",
        ],
        &dir,
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("'unique' is named twice"), "{err}");
    let made = Command::new(BIN)
        .args(["gen", "-f", "poj2676", "--count", "1"])
        .args(["--mix", "none=1,multiple=1,none=3"])
        .output()
        .unwrap();
    assert_eq!(made.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&made.stderr).contains("'none' is named twice"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn errors_saving_a_failure_name_the_path() {
    let dir = scratch("stress-save");
    // A file where the folder should be.
    let file = dir.join("file");
    std::fs::write(&file, "").unwrap();
    let mut args = FAILING.to_vec();
    args.push("echo 1");
    let save = file.join("sub");
    let (code, err) = run(&args, &save);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "error: cannot create the folder {}: ",
            save.display()
        )),
        "{err}"
    );
    // A folder where a saved file should be.
    let save = dir.join("save");
    std::fs::create_dir_all(save.join("fail.out")).unwrap();
    let (code, err) = run(&args, &save);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "error: cannot create {}: ",
            save.join("fail.out").display()
        )),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `-q`: a run that finds nothing says nothing (no seed line, no summary); a failure is still
/// reported.
#[test]
fn quiet_stress_says_only_what_fails() {
    let dir = scratch("stress-quiet");
    let run = |args: &[&str]| {
        Command::new(BIN)
            .args(["stress", "-f", "poj2676", "-n", "3", "--batch", "1"])
            .args(args)
            .arg("--save")
            .arg(&dir)
            .output()
            .unwrap()
    };
    let loud = run(&[]);
    assert_eq!(loud.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&loud.stderr).contains("seed"));
    let quiet = run(&["-q"]);
    assert_eq!(quiet.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&quiet.stderr), "");
    let failing = run(&["-q", "-s", "1", "--cmd", "echo 1"]);
    assert_eq!(failing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&failing.stderr).contains("saved"));
    std::fs::remove_dir_all(&dir).unwrap();
}
