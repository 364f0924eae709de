//! The library's documented surface (`sudoku_judge::{read, answer, write, solve, check,
//! generate}`) against the command line's fixtures: on every fixture of every format folder it
//! writes the bytes `sudoku-judge solve` writes, reports the same first input error, and
//! accepts its own output. Also runs the programs of `examples/`, which `cargo test` builds.

use std::path::{Path, PathBuf};
use std::process::Command;

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
}

/// Every `NAME.in` of one format folder, with its `.out`, `.err` (or empty) and exit code.
fn fixtures(format: &str) -> Vec<(PathBuf, Vec<u8>, String, u8)> {
    let dir = testdata().join(format);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    v.sort();
    v.into_iter()
        .map(|p| {
            let out = std::fs::read(p.with_extension("out")).unwrap();
            let err = std::fs::read_to_string(p.with_extension("err")).unwrap_or_default();
            let code = std::fs::read_to_string(p.with_extension("code"))
                .map_or(0, |c| c.trim().parse().unwrap());
            (p, out, err, code)
        })
        .collect()
}

#[test]
fn solve_writes_what_the_command_writes_on_every_fixture() {
    let mut solved = 0;
    for problem in sudoku_judge::problems() {
        for (path, out, err, code) in fixtures(problem.name) {
            let input = std::fs::read(&path).unwrap();
            let name = path.file_name().unwrap().to_str().unwrap();
            match sudoku_judge::solve(problem, &input) {
                Ok(bytes) => {
                    assert_ne!(code, 2, "{}/{name}: read without the error", problem.name);
                    assert_eq!(
                        String::from_utf8_lossy(&bytes),
                        String::from_utf8_lossy(&out),
                        "{}/{name}",
                        problem.name
                    );
                    let report = sudoku_judge::check(problem, &input, &bytes, Some(&bytes));
                    assert!(
                        report.is_accepted(),
                        "{}/{name}: {:?}",
                        problem.name,
                        report.lines(false)
                    );
                    solved += 1;
                }
                Err(e) => {
                    assert_eq!(code, 2, "{}/{name}: {e}", problem.name);
                    let line = format!("error: {name}:{e}\n");
                    assert!(
                        err.ends_with(&line),
                        "{}/{name}: {line:?} not in {err:?}",
                        problem.name
                    );
                }
            }
        }
    }
    assert!(solved >= 60, "only {solved} fixtures solved");
}

#[test]
fn generated_sets_are_answered_and_accepted_in_every_format() {
    for problem in sudoku_judge::problems() {
        let count = problem.max_per_file().unwrap_or(4).min(4);
        let set = sudoku_judge::generate(problem, 11, count)
            .unwrap_or_else(|e| panic!("{}: {e}", problem.name));
        let cases = sudoku_judge::read(problem, &set.input).unwrap();
        assert!(!cases.is_empty(), "{}: no case", problem.name);
        assert_eq!(
            sudoku_judge::solve(problem, &set.input).unwrap(),
            set.answers,
            "{}",
            problem.name
        );
        let report = sudoku_judge::check(problem, &set.input, &set.answers, None);
        assert!(
            report.is_accepted(),
            "{}: {:?}",
            problem.name,
            report.lines(false)
        );
    }
}

/// Runs example program `name` (built by `cargo test` next to the test binaries, in
/// `target/PROFILE/examples/`) from the crate's folder; returns its stdout.
fn example(name: &str, args: &[&str]) -> String {
    let deps = std::env::current_exe().unwrap();
    let bin = deps
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples")
        .join(name);
    assert!(
        bin.exists(),
        "{}: not built (cargo test builds examples)",
        bin.display()
    );
    let out = Command::new(&bin)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "example {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_examples_run() {
    let solved = example("solve_file", &["poj2676", "testdata/poj2676/sample.in"]);
    let want = std::fs::read_to_string(testdata().join("poj2676/sample.out")).unwrap();
    assert_eq!(solved, want);
    let checked = example("generate_and_check", &["hdu4069", "5", "42"]);
    assert!(checked.contains("5 cases"), "{checked}");
    assert!(checked.contains("ok"), "{checked}");
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let counted = example("count_solutions", &[puzzle]);
    assert!(
        counted.starts_with("solutions: 1\n4 1 7 3 6 9 8 2 5\n"),
        "{counted}"
    );
    let fewer = puzzle.replacen('4', ".", 1);
    let counted = example("count_solutions", &[&fewer]);
    assert!(counted.starts_with("solutions: "), "{counted}");
    let n: u64 = counted["solutions: ".len()..].trim().parse().unwrap();
    assert!(n > 1, "{counted}");
}
