//! End-to-end behaviour of `sudoku-judge solve` beyond single fixtures: output identical for
//! every thread count, solver and input route (file argument, stdin) across many batches;
//! several files in one run; `-o`; a closed pipe; usage errors.

use crate::common::scratch;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
}

/// Puzzles in a file of 81-character lines, each line of `testdata/sets/17_clue_1500`
/// eight times, its digits relabelled by 0..8 steps so every copy is another unique puzzle.
const MANY: usize = 8 * 1500;

/// Writes the [`MANY`] puzzles into `dir` and returns the file's path.
fn many_puzzles(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(testdata("sets/17_clue_1500")).unwrap();
    let puzzles: Vec<&[u8]> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| &l.as_bytes()[..81])
        .collect();
    assert_eq!(puzzles.len(), 1500);
    let mut out = Vec::with_capacity(MANY * 82);
    for step in 0..8 {
        for p in &puzzles {
            out.extend(p.iter().map(|&b| match b {
                b'1'..=b'9' => b'1' + (b - b'1' + step) % 9,
                _ => b'.',
            }));
            out.push(b'\n');
        }
    }
    let path = dir.join("many.txt");
    std::fs::write(&path, out).unwrap();
    path
}

fn testdata(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel)
}

fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

#[test]
fn output_is_identical_for_every_thread_count_solver_and_route() {
    // 12,000 puzzles: five batches of the pipeline, so batch seams are crossed.
    let dir = scratch("solve-cli-many");
    let file = many_puzzles(&dir);
    let bytes = std::fs::read(&file).unwrap();
    let path = file.to_str().unwrap();
    let reference = bin()
        .args(["solve", "--format", "line", "--threads", "1", path])
        .output()
        .unwrap();
    assert!(reference.status.success());
    let lines = reference.stdout.split(|&b| b == b'\n').count() - 1;
    assert_eq!(lines, MANY);
    for (solver, threads) in [("bitmask", "2"), ("bitmask", "4"), ("dlx", "3")] {
        let got = bin()
            .args(["solve", "--format", "line", "--solver", solver])
            .args(["--threads", threads, path])
            .output()
            .unwrap();
        assert!(got.status.success(), "{solver} {threads}");
        assert!(
            got.stdout == reference.stdout,
            "{solver} with {threads} threads differs (all puzzles are unique)"
        );
    }
    let streamed = run_with_stdin(&["solve", "--threads", "2", "-"], &bytes);
    assert!(streamed.status.success());
    assert!(
        streamed.stdout == reference.stdout,
        "stdin differs from the file argument"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A long file, which several threads read in pieces, says what one thread says of it: the
/// answers before a bad line, the cases with no solution by number, and where the bad line is
/// (line, column and case counted over the whole file), or where `end` stops it.
#[test]
fn a_long_file_fails_on_every_thread_count_where_it_does_on_one() {
    let dir = scratch("solve-cli-pieces");
    let file = many_puzzles(&dir);
    let text = std::fs::read(&file).unwrap();
    let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    // Two 1s in one row: no solution. A comment first, so line numbers run one ahead of cases.
    lines[5000][..2].copy_from_slice(b"11");
    lines.insert(0, b"# twelve thousand".to_vec());
    let mut bad = lines.clone();
    bad[9001][39] = b'x';
    let mut ended = lines.clone();
    ended[7001] = b"end".to_vec();
    ended[7002][5] = b'x';
    for (name, lines, says) in [
        (
            "bad",
            bad,
            ":9002:40: case 9001: expected a digit 0-9 or '.', found 'x'",
        ),
        ("ended", ended, ": case 5001: no solution"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, lines.join(&b'\n')).unwrap();
        let run = |threads: &str| {
            bin()
                .args(["solve", "--format", "line", "--threads", threads])
                .arg(&path)
                .output()
                .unwrap()
        };
        let one = run("1");
        let stderr = String::from_utf8_lossy(&one.stderr);
        assert!(stderr.contains(": case 5001: no solution"), "{stderr}");
        assert!(stderr.trim_end().ends_with(says), "{stderr}");
        let answers = one.stdout.split(|&b| b == b'\n').count() - 1;
        assert_eq!(answers, if name == "bad" { 9000 } else { 7000 });
        for threads in ["2", "3"] {
            let got = run(threads);
            assert!(
                got.stdout == one.stdout,
                "{name}: answers on {threads} threads differ"
            );
            assert_eq!(got.stderr, one.stderr, "{name} on {threads} threads");
            assert_eq!(
                got.status.code(),
                one.status.code(),
                "{name} on {threads} threads"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn several_files_are_solved_in_order_and_numbered_per_file() {
    let hdu = testdata("hdu4069/sample.in");
    let poj = testdata("poj2676/sample.in");
    let out = bin()
        .args(["solve", hdu.to_str().unwrap(), poj.to_str().unwrap()])
        .arg(hdu.to_str().unwrap())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let hdu_out = std::fs::read(testdata("hdu4069/sample.out")).unwrap();
    let poj_out = std::fs::read(testdata("poj2676/sample.out")).unwrap();
    let want = [hdu_out.clone(), poj_out, hdu_out].concat();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&want)
    );
}

#[test]
fn output_file_gets_the_answers() {
    let dir = scratch("solve-cli");
    let target = dir.join("answers.txt");
    let out = bin()
        .args(["solve", "-o", target.to_str().unwrap()])
        .arg(testdata("poj2676/sample.in"))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
    assert_eq!(
        std::fs::read(&target).unwrap(),
        std::fs::read(testdata("poj2676/sample.out")).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_pipe_ends_the_run_quietly_with_status_0() {
    let dir = scratch("solve-cli-pipe");
    let mut child = bin()
        .args(["solve", "--format", "line", "--threads", "2"])
        .arg(many_puzzles(&dir))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 82];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(first[81], b'\n');
    drop(stdout);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "stderr: {err}");
    assert_eq!(err, "");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn missing_files_and_bad_flags_exit_2_with_a_message() {
    let out = bin().args(["solve", "no/such/file.in"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: no/such/file.in: "), "{err}");
    let out = bin().args(["solve", "--format", "xml"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = bin().args(["solve", "--threads", "many"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn empty_stdin_is_a_clear_error_in_auto_mode() {
    let out = run_with_stdin(&["solve"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: <stdin>:1:1: empty input: expected the number of cases\n"
    );
}

#[test]
fn binary_garbage_is_a_clear_error_not_a_panic() {
    let mut garbage = Vec::new();
    let mut x: u32 = 12345;
    for _ in 0..100_000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        garbage.push(x as u8);
    }
    for format in ["auto", "poj2676", "hdu4069", "line", "leetcode"] {
        let out = run_with_stdin(&["solve", "--format", format], &garbage);
        assert_eq!(out.status.code(), Some(2), "{format}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: <stdin>:"), "{format}: {err}");
        assert!(!err.contains("panicked"), "{format}: {err}");
    }
}

#[test]
fn help_explains_each_format() {
    let out = bin().args(["solve", "--help"]).output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for word in [
        "poj2676",
        "hdu4069",
        "line",
        "leetcode",
        "--threads",
        "Exit status",
    ] {
        assert!(help.contains(word), "--help lacks {word}");
    }
}

#[test]
fn case_numbers_hold_across_thread_counts_on_a_short_file() {
    // 300 HDU 4069 cases (unique, none, multiple): a short file is cut into tasks of a few
    // cases each, and every `Case k:` line must still carry its own number.
    let path = testdata("sets/hdu4069_mixed_300.in");
    let want = std::fs::read(testdata("sets/hdu4069_mixed_300.out")).unwrap();
    let mut codes = Vec::new();
    for threads in ["1", "2", "3", "7"] {
        let out = bin()
            .args(["solve", "--format", "hdu4069", "--threads", threads])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.stdout == want, "{threads} threads: output differs");
        codes.push(out.status.code());
    }
    assert!(codes.iter().all(|c| *c == codes[0]), "exit codes {codes:?}");
}
