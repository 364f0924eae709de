//! `gen` refuses up front what `validate --strict` would reject: for every format, a file at
//! the problem's largest count is made and validated, one case more (or none at all) is refused
//! with exit 2, a clear message and no file written; kinds and givens outside the promise too.

use crate::common::scratch;

use std::path::Path;
use std::process::{Command, Output};
use sudoku_judge::format::judges::JUDGES;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

fn gen_to(file: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("gen")
        .args(args)
        .args(["-s", "3", "-o"])
        .arg(file)
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `validate --strict --protocol kattis` on `file`: 42 when valid.
fn kattis(name: &str, file: &Path) -> (Option<i32>, String) {
    let got = Command::new(BIN)
        .args([
            "validate",
            "--strict",
            "--protocol",
            "kattis",
            "--format",
            name,
        ])
        .stdin(std::fs::File::open(file).unwrap())
        .output()
        .unwrap();
    (got.status.code(), text(&got.stderr))
}

#[test]
fn every_format_is_made_at_its_largest_count_and_refused_past_it() {
    let tmp = scratch("gen-limits");
    let mut failures = Vec::new();
    for spec in JUDGES {
        let name = spec.name;
        // The largest count where the problem bounds it; else the smallest, one case.
        let most = spec.max_per_file();
        let good = most.unwrap_or(1);
        let file = tmp.join(format!("{name}.in"));
        let made = gen_to(&file, &["-f", name, "-n", &good.to_string()]);
        if !made.status.success() {
            failures.push(format!("{name} -n {good}: {}", text(&made.stderr)));
            continue;
        }
        let (code, err) = kattis(name, &file);
        if code != Some(42) {
            failures.push(format!("{name} -n {good}: validate {code:?}: {err}"));
        }
        let mut bad = vec![0];
        bad.extend(most.map(|m| m + 1));
        for n in bad {
            let file = tmp.join(format!("{name}-{n}.in"));
            let got = gen_to(&file, &["-f", name, "-n", &n.to_string()]);
            let err = text(&got.stderr);
            let want = match n {
                0 => format!("error: --count 0: a {name} file needs at least one case"),
                _ => format!(
                    "error: --count {n}: a {name} file holds at most {} case",
                    n - 1
                ),
            };
            if got.status.code() != Some(2) || !err.starts_with(&want) || file.exists() {
                failures.push(format!(
                    "{name} -n {n}: exit {:?}, file made: {}, stderr: {err}",
                    got.status.code(),
                    file.exists()
                ));
            }
        }
    }
    std::fs::remove_dir_all(&tmp).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_reported_requests_are_refused_before_anything_is_written() {
    let tmp = scratch("gen-refused");
    let keep = tmp.join("keep.in");
    for (args, want) in [
        (
            &["-f", "hdu4069", "-n", "20000"][..],
            "error: --count 20000: a hdu4069 file holds at most 2500 cases (the problem's bound)\n",
        ),
        (
            &["-f", "poj2676", "-n", "0"][..],
            "error: --count 0: a poj2676 file needs at least one case (validate rejects an \
             empty one)\n",
        ),
        (
            &["-f", "luogu-p1074", "-n", "1", "--clues", "18-30"][..],
            "error: --clues 18-30: luogu-p1074 promises at most 57 empty cells, so 24-81 givens\n",
        ),
        (
            &["-f", "hdu2780", "-n", "1", "--clues", "70-76"][..],
            "error: --clues 70-76: hdu2780 promises exactly 5 empty cells, so 76-76 givens\n",
        ),
        (
            &["-f", "poj2676", "--mix", "unique=1,none=1"][..],
            "error: --mix: none=1 would write cases without a solution, and poj2676 promises a \
             solvable puzzle\n",
        ),
        (
            &["-f", "poj3076", "--mix", "unique=1,multiple=1"][..],
            "error: --mix: multiple=1 would write cases with several solutions, and poj3076 \
             promises a puzzle with one solution\n",
        ),
    ] {
        std::fs::write(&keep, b"kept\n").unwrap();
        let got = gen_to(&keep, args);
        assert_eq!(got.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&got.stderr), want, "{args:?}");
        assert!(got.stdout.is_empty(), "{args:?}");
        // Refused before -o is opened: the file is as it was.
        assert_eq!(std::fs::read(&keep).unwrap(), b"kept\n", "{args:?}");
    }
    // What the promise allows is made, and validates.
    let ok = gen_to(&keep, &["-f", "luogu-p1074", "-n", "1", "--clues", "24-30"]);
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    assert_eq!(kattis("luogu-p1074", &keep).0, Some(42));
    std::fs::remove_dir_all(&tmp).unwrap();
}
