//! Runs every fixture under `testdata/<format>/` through the real binary, with both solvers and
//! with 1 and 4 threads, and compares stdout, stderr and the exit code byte for byte.
//!
//! A fixture is `NAME.in` with `NAME.out` (exact stdout), optionally `NAME.err` (exact stderr;
//! absent means stderr must be empty) and `NAME.code` (the exit code; absent means 0). The binary
//! runs with the fixture's folder as working directory, so messages name `NAME.in`.
//!
//! A special judge's sample whose answer is the judge's own list of operations (NWRRC 2013's)
//! has `NAME.ours` beside it: that is `solve`'s exact stdout, and `NAME.out`, the judge's, must
//! be accepted by `check`.
//!
//! Every format of the library's table has a folder: a format without fixtures fails here.

use std::path::{Path, PathBuf};
use std::process::Command;
use sudoku_judge::format::judges::{JUDGES, find};

/// Every format's folder name (its `--format` name).
fn formats() -> impl Iterator<Item = &'static str> {
    JUDGES.iter().map(|s| s.name)
}

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
}

fn read_or(path: &Path, default: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|_| default.to_string())
}

/// Every `NAME.in` of one format folder.
fn fixtures(format: &str) -> Vec<PathBuf> {
    let dir = testdata().join(format);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_fixture_matches_with_both_solvers_and_thread_counts() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for format in formats() {
        let list = fixtures(format);
        assert!(!list.is_empty(), "no fixtures for {format}");
        for input in list {
            let name = input.file_name().unwrap().to_str().unwrap().to_string();
            let judges = input.with_extension("out");
            let ours = input.with_extension("ours");
            let want_out = std::fs::read(if ours.exists() { &ours } else { &judges })
                .unwrap_or_else(|e| panic!("{name}: missing .out: {e}"));
            if ours.exists() {
                let checked = Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
                    .current_dir(input.parent().unwrap())
                    .args(["check", "--format", format, &name])
                    .arg(&judges)
                    .output()
                    .expect("binary runs");
                if checked.status.code() != Some(0) {
                    failures.push(format!(
                        "{format}/{name}: the judge's answer is not accepted: {}",
                        String::from_utf8_lossy(&checked.stderr)
                    ));
                }
            }
            let want_err = read_or(&input.with_extension("err"), "");
            let want_code: i32 = read_or(&input.with_extension("code"), "0")
                .trim()
                .parse()
                .expect("a .code file holds a number");
            for solver in ["bitmask", "dlx"] {
                for threads in ["1", "4"] {
                    let got = Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
                        .current_dir(input.parent().unwrap())
                        .args(["solve", "--format", format, "--solver", solver])
                        .args(["--threads", threads, &name])
                        .output()
                        .expect("binary runs");
                    let what = format!("{format}/{name} --solver {solver} --threads {threads}");
                    if solver == "dlx" && find(format).is_some_and(|s| s.bitmask_only()) {
                        // Marks: the bitmask search's alone, DLX refused up front.
                        let err = String::from_utf8_lossy(&got.stderr);
                        let want = format!(
                            "error: {name}: the dlx solver cannot serve {format}'s marks \
                             between cells; use --solver bitmask\n"
                        );
                        if err != want || !got.stdout.is_empty() || got.status.code() != Some(2) {
                            failures.push(format!("{what}: not refused: {err}"));
                        }
                        checked += 1;
                        continue;
                    }
                    if got.stdout != want_out {
                        failures.push(format!(
                            "{what}: stdout differs\n--- want\n{}--- got\n{}",
                            String::from_utf8_lossy(&want_out),
                            String::from_utf8_lossy(&got.stdout)
                        ));
                    }
                    let err = String::from_utf8_lossy(&got.stderr);
                    if err != want_err {
                        failures.push(format!(
                            "{what}: stderr differs\n--- want\n{want_err}--- got\n{err}"
                        ));
                    }
                    if got.status.code() != Some(want_code) {
                        failures.push(format!(
                            "{what}: exit {:?}, want {want_code}",
                            got.status.code()
                        ));
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        checked >= 4 * JUDGES.len(),
        "too few fixture runs: {checked}"
    );
}

/// No silent guess: on every good fixture of every folder, `--format auto` either takes the
/// folder's format (or one whose answers are the same bytes, as POJ 3076's for ZOJ 3122) and
/// writes the fixture's expected output, or refuses with exit 2 and nothing on stdout, naming
/// the folder's format among the candidates. It never answers as another format.
#[test]
fn auto_takes_the_folders_format_or_refuses_naming_it_on_every_good_fixture() {
    let mut taken = 0;
    let mut failures = Vec::new();
    for format in formats() {
        for input in fixtures(format) {
            if input.with_extension("code").exists() {
                continue; // bad inputs may not look like any format
            }
            let bytes = std::fs::read(&input).unwrap();
            if bytes.iter().all(u8::is_ascii_whitespace) {
                continue; // an empty file is valid in a given format but has none to detect
            }
            let got = Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
                .args(["solve", "-v"])
                .arg(&input)
                .output()
                .expect("binary runs");
            let err = String::from_utf8_lossy(&got.stderr);
            let want = std::fs::read(input.with_extension("out")).unwrap();
            let name = input.display();
            if got.status.code() == Some(2) && got.stdout.is_empty() {
                let refused = err.lines().next().unwrap_or("");
                let named = refused.contains(" formats read the input and answer it differently: ")
                    && refused.ends_with("; give one with --format")
                    && refused.split([' ', ',', ';']).any(|w| w == format);
                if !named {
                    failures.push(format!("{name}: refused without naming {format}: {err}"));
                }
                continue;
            }
            let took = err
                .lines()
                .find_map(|l| l.split_once(": format ")?.1.split_once(" (detected: "))
                .map(|(f, _)| f);
            let alike = took == Some(format)
                || (format == "zoj3122" && took == Some("poj3076"))
                || (format == "acwing169" && took == Some("poj3076"));
            // ZOJ 3122 and AcWing 169 write POJ 3076's answers; AcWing adds a final blank line.
            let out_ok = got.stdout == want
                || (format == "acwing169" && [&got.stdout[..], b"\n"].concat() == want);
            if !alike || !out_ok {
                failures.push(format!(
                    "{name}: took {took:?}, stdout as expected: {out_ok}: {err}"
                ));
            } else {
                taken += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(taken >= 30, "only {taken} fixtures taken by auto");
}

#[test]
fn the_readme_lists_every_format() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"))
            .unwrap();
    for name in formats() {
        assert!(
            readme.contains(&format!("| `{name}` |")),
            "README lacks {name}"
        );
    }
}
