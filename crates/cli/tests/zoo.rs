//! Issue 30 end to end: `gen` and `package` stay inside what each judge's data holds (a
//! solution the judge accepted passes them), `sudoku-judge zoo` names the wrong solvers a data
//! set lets through, and a package's data kills every wrong solver that a case inside the
//! judge's data can tell from a right one, with the kill table beside it.

use crate::common::scratch;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use sudoku_judge::format::judges::find;
use sudoku_judge::format::read_all;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The cases of `bytes`, a `format` input, as boards' cells with their clash.
fn clashes(format: &str, bytes: &[u8]) -> Vec<bool> {
    read_all(find(format).unwrap(), bytes)
        .unwrap()
        .iter()
        .map(|c| c.clash().is_some())
        .collect()
}

/// A package of `format` in `dir`, and its secret inputs in order.
fn package(format: &str, dir: &Path, extra: &[&str]) -> Vec<PathBuf> {
    let out = bin()
        .args([
            "package", "-q", "-f", format, "--count", "3", "-s", "7", "-o",
        ])
        .arg(dir)
        .args(extra)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut ins: Vec<PathBuf> = std::fs::read_dir(dir.join("data/secret"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    ins.sort();
    ins
}

/// `gen --format poj2676 --edge` wrote a full grid with a clash, outside POJ 2676's promise
/// ("solvable"): now its fourth case is an ordinary puzzle, and `validate` takes the file.
#[test]
fn poj2676_edge_cases_keep_the_promise() {
    let out = run(&["gen", "-q", "-f", "poj2676", "--edge", "-n", "5", "-s", "7"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(clashes("poj2676", &out.stdout).iter().all(|c| !c));
    let dir = scratch("zoo-poj-edge");
    let file = dir.join("edge.in");
    std::fs::write(&file, &out.stdout).unwrap();
    let v = run(&["validate", "-f", "poj2676", file.to_str().unwrap()]);
    assert!(v.status.success(), "{}", text(&v.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// UVa 989's data holds no clashing givens: `gen` makes its unsolvable cases without one,
/// `--mix` cannot ask past that without `--beyond`, and `--beyond` makes them again.
#[test]
fn uva989_clashes_only_beyond_the_data() {
    let args = [
        "gen", "-q", "-f", "uva989", "--mix", "none=1", "-n", "12", "-s", "3",
    ];
    let inside = run(&args);
    assert!(inside.status.success(), "{}", text(&inside.stderr));
    assert!(clashes("uva989", &inside.stdout).iter().all(|c| !c));
    let beyond = run(&[&args[..], &["--beyond"]].concat());
    assert!(beyond.status.success(), "{}", text(&beyond.stderr));
    assert!(clashes("uva989", &beyond.stdout).iter().any(|&c| c));
    // HDU 3111 promises one solution to a puzzle that has any.
    let several = run(&[
        "gen",
        "-q",
        "-f",
        "hdu3111",
        "--mix",
        "multiple=1",
        "-n",
        "2",
    ]);
    assert_eq!(several.status.code(), Some(2));
    assert!(
        text(&several.stderr).contains("--beyond"),
        "{}",
        text(&several.stderr)
    );
    let shown = text(&run(&["formats", "uva989"]).stdout);
    assert!(
        shown.contains("clashing givens: not in the data"),
        "{shown}"
    );
}

/// The weak data of a sample lets wrong solvers through, named, and `zoo` says so in its exit
/// status.
#[test]
fn a_weak_data_file_leaves_named_survivors() {
    let out = run(&["zoo", "-f", "uva989", "testdata/uva989/sample.in"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    // One unique puzzle: the first solution of any search is the smallest.
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("first-not-smallest") && l.ends_with("survives")),
        "{table}"
    );
    assert!(table.contains("no-clash-check         the judge's data holds no clashing givens"));
    let hdu = text(&run(&["zoo", "-f", "hdu4069", "testdata/hdu4069/sample.in"]).stdout);
    for line in [
        "several-at-4              survives",
        "wrong-none-word           killed by testdata/hdu4069/sample.in case 2",
        "wrong-case-header         killed by testdata/hdu4069/sample.in case 1",
    ] {
        assert!(hdu.contains(line), "{line} in {hdu}");
    }
    let bad = run(&["zoo", "-f", "uva989", "testdata/hdu4069/sample.in"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// A default package of each format kills every wrong solver a case inside the judge's data
/// can tell from a right one; its kill table says so, and `zoo` on its data gives the same
/// table. UVa 989's data holds no clash, so the solution that never checks for one (the one
/// UVa accepts) passes it: it is listed apart, not killed.
#[test]
fn packages_kill_every_distinguishable_wrong_solver() {
    for format in ["poj2676", "uva989", "hdu4069"] {
        let dir = scratch(&format!("zoo-pkg-{format}"));
        let pkg = dir.join("pkg");
        let ins = package(format, &pkg, &[]);
        let kept = std::fs::read_to_string(pkg.join("kill-table.txt")).unwrap();
        assert!(kept.contains(" 0 survive\n"), "{format}: {kept}");
        let mut args = vec!["zoo".to_string(), "-f".into(), format.into()];
        args.extend(
            ins.iter()
                .map(|p| p.file_name().unwrap().to_string_lossy().into_owned()),
        );
        let out = bin()
            .args(&args)
            .current_dir(pkg.join("data/secret"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{format}: {}", text(&out.stdout));
        assert_eq!(text(&out.stdout), kept, "{format}");
        if format == "uva989" {
            assert!(!kept.contains("anyway"), "{kept}");
            assert!(kept.contains("no-clash-check"), "{kept}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// `package --beyond` adds a last, labelled group of what the statement allows past the
/// judge's data: for UVa 989 clashing givens, which kill the solution that never checks them.
#[test]
fn beyond_is_a_labelled_group_of_its_own() {
    let dir = scratch("zoo-beyond");
    let pkg = dir.join("pkg");
    let ins = package("uva989", &pkg, &["--beyond"]);
    let last = ins.last().unwrap();
    let name = last.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.ends_with("-beyond-the-data.in"), "{name}");
    let bytes = std::fs::read(last).unwrap();
    assert!(clashes("uva989", &bytes).iter().any(|&c| c));
    for other in &ins[..ins.len() - 1] {
        let b = std::fs::read(other).unwrap();
        assert!(
            clashes("uva989", &b).iter().all(|c| !c),
            "{}",
            other.display()
        );
    }
    let readme = std::fs::read_to_string(pkg.join("README.md")).unwrap();
    assert!(readme.contains("BEYOND THE JUDGE'S DATA"), "{readme}");
    let out = run(&["zoo", "-f", "uva989", last.to_str().unwrap()]);
    let table = text(&out.stdout);
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("no-clash-check") && l.contains("anyway")),
        "{table}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A data file that is not the format's input is named as every command names a fault:
/// `FILE:LINE:COLUMN: case K: ...` (it was `FILE: LINE:COLUMN`).
#[test]
fn an_unreadable_data_file_is_named_at_its_line_and_column() {
    let dir = scratch("zoo-bad-file");
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "1\n1030x0509\n").unwrap();
    let o = run(&["zoo", "-f", "poj2676", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).starts_with(&format!("error: {}:2:5: case 1: ", bad.display())),
        "{}",
        text(&o.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
