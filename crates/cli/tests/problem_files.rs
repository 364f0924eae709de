//! Problems as files: every built-in record written by `formats --export NAME` and served back
//! with `--format FILE` gives the same bytes, messages and exit codes as the name does, on
//! every fixture (`solve`), on each format's sample (`check`, `validate`) and on a generated
//! set (`gen`); a changed file is served as changed, and a malformed one is refused with its
//! file, line and column.

use crate::common::scratch;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use sudoku_judge::format::judges::JUDGES;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
}

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
}

/// `args` with `FORMAT` replaced by `format`, run in `dir`.
fn run(dir: &Path, format: &str, args: &[&str]) -> Output {
    let args: Vec<&str> = args
        .iter()
        .map(|a| if *a == "FORMAT" { format } else { a })
        .collect();
    bin()
        .current_dir(dir)
        .args(&args)
        .output()
        .expect("binary runs")
}

fn export(dir: &Path, name: &str) -> PathBuf {
    let out = bin().args(["formats", "--export", name]).output().unwrap();
    assert!(out.status.success(), "{name}: {out:?}");
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, out.stdout).unwrap();
    path
}

#[test]
fn every_exported_record_serves_every_fixture_as_its_name_does() {
    let scratch = scratch("problem-files");
    let mut failures = Vec::new();
    let mut compared = 0;
    for spec in JUDGES {
        let file = export(&scratch, spec.name);
        let file = file.to_str().unwrap();
        let folder = testdata().join(spec.name);
        let mut inputs: Vec<String> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".in"))
            .collect();
        inputs.sort();
        let mut commands: Vec<Vec<&str>> = inputs
            .iter()
            .map(|i| vec!["solve", "--format", "FORMAT", "--threads", "2", i.as_str()])
            .collect();
        commands.push(vec![
            "check",
            "--format",
            "FORMAT",
            "sample.in",
            "sample.out",
        ]);
        commands.push(vec!["validate", "--format", "FORMAT", "sample.in"]);
        commands.push(vec![
            "gen", "--format", "FORMAT", "-n", "12", "-s", "5", "-q",
        ]);
        commands.push(vec![
            "gen", "--format", "FORMAT", "-n", "6", "-s", "9", "--edge", "-q",
        ]);
        for args in &commands {
            let by_name = run(&folder, spec.name, args);
            let by_file = run(&folder, file, args);
            compared += 1;
            if (&by_name.stdout, &by_name.stderr, by_name.status.code())
                != (&by_file.stdout, &by_file.stderr, by_file.status.code())
            {
                failures.push(format!(
                    "{}: {args:?}: by name {:?} / {}, by file {:?} / {}",
                    spec.name,
                    by_name.status.code(),
                    String::from_utf8_lossy(&by_name.stderr),
                    by_file.status.code(),
                    String::from_utf8_lossy(&by_file.stderr),
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared > 4 * JUDGES.len());
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// A setter's change is what gets served: POJ 2676's record with `.` for empty cells and the
/// answers as tokens reads and writes the new spelling, with the generic reader.
#[test]
fn a_changed_file_serves_the_change() {
    let dir = scratch("problem-file-changed");
    let text = std::fs::read_to_string(export(&dir, "poj2676")).unwrap();
    let mine = text
        .replace("name = \"poj2676\"", "name = \"mine\"")
        .replace("empty = \"0\"", "empty = \".\"")
        .replace(
            "tuned = \"poj2676\"  # poj2676 | hdu4069 | line | leetcode\n",
            "",
        )
        .replace("end_to_end = true\n", "")
        .replace("grid = \"chars\"", "grid = \"tokens\"");
    assert_ne!(mine, text);
    std::fs::write(dir.join("mine.toml"), mine).unwrap();
    let sample = std::fs::read_to_string(testdata().join("poj2676/sample.in")).unwrap();
    std::fs::write(dir.join("in.txt"), sample.replace('0', ".")).unwrap();
    let out = run(
        &dir,
        "mine.toml",
        &["solve", "--format", "FORMAT", "in.txt"],
    );
    assert!(out.status.success(), "{out:?}");
    let want = std::fs::read_to_string(testdata().join("poj2676/sample.out")).unwrap();
    let spaced: String = want
        .lines()
        .map(|l| {
            let cells: Vec<String> = l.chars().map(String::from).collect();
            cells.join(" ") + "\n"
        })
        .collect();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), spaced);
    let shown = run(&dir, "mine.toml", &["formats", "FORMAT"]);
    assert!(String::from_utf8_lossy(&shown.stdout).starts_with("mine — "));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_malformed_file_is_refused_with_its_line() {
    let dir = scratch("problem-file-bad");
    let text = std::fs::read_to_string(export(&dir, "hdu4069")).unwrap();
    std::fs::write(dir.join("bad.toml"), text.replace("box = 3", "box = \"3\"")).unwrap();
    let line = 1 + text.lines().position(|l| l == "box = 3").unwrap();
    for args in [
        &["solve", "--format", "bad.toml", "x.in"][..],
        &["formats", "bad.toml"][..],
    ] {
        let out = run(&dir, "", args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "bad.toml: line {line}, column 7: `box` takes an integer, found a string"
            )),
            "{args:?}: {err}"
        );
    }
    let out = run(&dir, "", &["solve", "--format", "missing.toml", "x.in"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read problem file missing.toml"));
    std::fs::remove_dir_all(&dir).unwrap();
}
