//! The library's documented surface (`sudoku_judge::{Reader, Parser, Writer, answer, solve,
//! check, generate, detect}`) against the command line's fixtures: on every fixture of every
//! format folder it writes the bytes `sudoku-judge solve` writes (whole, and streamed through a
//! `Reader` fed a few bytes at a time and a `Writer`), reports the same first input error at
//! the same place, and accepts its own output. Also runs the programs of `examples/`, which
//! `cargo test` builds.

use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::Command;
use sudoku_judge::{ErrorKind, Reader, Writer};

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
            // A special judge's sample: `solve` writes `NAME.ours`, the judge wrote `NAME.out`.
            let ours = p.with_extension("ours");
            let out = std::fs::read(if ours.exists() {
                ours
            } else {
                p.with_extension("out")
            })
            .unwrap();
            let err = std::fs::read_to_string(p.with_extension("err")).unwrap_or_default();
            let code = std::fs::read_to_string(p.with_extension("code"))
                .map_or(0, |c| c.trim().parse().unwrap());
            (p, out, err, code)
        })
        .collect()
}

/// A reader that hands out at most `step` bytes per read, like a slow pipe.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// What the command line does with `input`, done with a `Reader` (fed `step` bytes per read)
/// and a `Writer`: the output, the exit code and the last stderr line.
fn stream(
    problem: sudoku_judge::Problem,
    name: &str,
    input: &[u8],
    step: usize,
) -> (Vec<u8>, u8, String) {
    let mut writer = Writer::new(problem, Vec::new());
    let mut engine = sudoku_judge::Engine::default();
    let mut error = String::new();
    for case in Reader::new(problem, Trickle { data: input, step }).cases() {
        let case = match case {
            Ok(case) => case,
            Err(e) => {
                let pos = e.position().expect("a parse error has a position");
                assert!(matches!(e.kind(), ErrorKind::Parse { .. }), "{name}: {e}");
                if let Some(byte) = pos.byte() {
                    // The byte offset and the line and column name the same byte.
                    let before = &input[..(byte as usize).min(input.len())];
                    let line = before.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
                    let col = before.len()
                        - before
                            .iter()
                            .rposition(|&b| b == b'\n')
                            .map_or(0, |i| i + 1)
                        + 1;
                    assert_eq!(
                        (line, col as u64),
                        (pos.line(), pos.column()),
                        "{name}: {e}"
                    );
                }
                error = format!("error: {name}:{e}");
                break;
            }
        };
        let answer = engine.answer(&case, problem.mode()).unwrap();
        writer.write(&case, &answer).unwrap();
    }
    let code = if !error.is_empty() {
        2
    } else if writer.unsolved() > 0 {
        1
    } else {
        0
    };
    (writer.into_inner().unwrap(), code, error)
}

#[test]
fn solve_writes_what_the_command_writes_on_every_fixture() {
    let mut solved = 0;
    for problem in sudoku_judge::problems() {
        for (path, out, err, code) in fixtures(problem.name()) {
            let input = std::fs::read(&path).unwrap();
            let name = path.file_name().unwrap().to_str().unwrap();
            let at = format!("{problem}/{name}");
            match sudoku_judge::solve(problem, &input) {
                Ok(bytes) => {
                    assert_ne!(code, 2, "{at}: read without the error");
                    assert_eq!(
                        String::from_utf8_lossy(&bytes),
                        String::from_utf8_lossy(&out),
                        "{at}"
                    );
                    let report = sudoku_judge::check(problem, &input, &bytes, Some(&bytes));
                    assert!(report.is_accepted(), "{at}: {:?}", report.lines(false));
                    solved += 1;
                }
                Err(e) => {
                    assert_eq!(code, 2, "{at}: {e}");
                    let line = format!("error: {name}:{e}\n");
                    assert!(err.ends_with(&line), "{at}: {line:?} not in {err:?}");
                }
            }
            for step in [1, 7, 1 << 20] {
                let (bytes, got, error) = stream(problem, name, &input, step);
                assert_eq!(
                    String::from_utf8_lossy(&bytes),
                    String::from_utf8_lossy(&out),
                    "{at}, {step} bytes a read"
                );
                assert_eq!(got, code, "{at}, {step} bytes a read");
                if code == 2 {
                    assert!(
                        err.ends_with(&format!("{error}\n")),
                        "{at}: {error:?} not in {err:?}"
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
        let set =
            sudoku_judge::generate(problem, 11, count).unwrap_or_else(|e| panic!("{problem}: {e}"));
        let cases = sudoku_judge::read(problem, &set.input).unwrap();
        assert!(!cases.is_empty(), "{problem}: no case");
        assert_eq!(
            sudoku_judge::solve(problem, &set.input).unwrap(),
            set.answers,
            "{problem}"
        );
        let report = sudoku_judge::check(problem, &set.input, &set.answers, None);
        assert!(report.is_accepted(), "{problem}: {:?}", report.lines(false));
    }
}

/// `detect` takes what `solve --format auto` takes, or refuses where it refuses: on every
/// problem's sample, the problem detected reads it, and a refusal names candidates that do.
/// An empty sample (HDU 3476 has no input) is never guessed.
#[test]
fn detect_chooses_or_refuses_as_auto_does() {
    for problem in sudoku_judge::problems() {
        let input = problem.sample_input();
        if input.is_empty() {
            assert!(sudoku_judge::detect(input).is_err(), "{problem}");
            continue;
        }
        match sudoku_judge::detect(input) {
            Ok(p) => assert!(sudoku_judge::read(p, input).is_ok(), "{problem}: {p}"),
            Err(sudoku_judge::DetectError::Refused {
                candidates,
                message,
            }) => {
                assert!(candidates.len() > 1, "{problem}: {message}");
                assert!(candidates.contains(&problem), "{problem}: {message}");
                for c in &candidates {
                    assert!(message.contains(c.name()), "{problem}: {message}");
                }
            }
            Err(e) => panic!("{problem}: {e}"),
        }
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
