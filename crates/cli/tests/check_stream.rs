//! `check` reads the contestant output as a stream: memory stays bounded however long the
//! output is, for stdin (the Kattis route) and files alike, and reading stops at the first
//! fault instead of swallowing the rest.
//!
//! Peak memory is the child's `VmHWM` (peak resident set) from `/proc`, read while the child
//! is still waiting for the end of a stream we hold open, after it has judged everything else.

use crate::common::scratch;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

/// One POJ 3074 puzzle and its solution (81-character lines, `testdata/check/line_accepted`).
const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n";
const SOLUTION: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341\n";

/// Cases in the big files: 32 MB of output, 32 MB of input.
const CASES: usize = 400_000;

/// Peak memory we allow the checker, half the size of either file. Measured: about 7 MB
/// (reading the output whole, as `check` did before, took 130-200 MB on twice these files).
const PEAK_LIMIT_KB: u64 = 16 * 1024;

/// `line` repeated `n` times, written to `to` in large blocks.
fn write_lines(to: &mut (impl Write + ?Sized), line: &str, n: usize) -> std::io::Result<()> {
    let block = line.repeat(8192);
    let mut left = n;
    while left > 0 {
        let k = left.min(8192);
        to.write_all(&block.as_bytes()[..k * line.len()])?;
        left -= k;
    }
    Ok(())
}

/// The child's peak resident set in kB.
fn peak_kb(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM in /proc status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Runs `args` with a stream on stdin that `feed` writes; after `feed` returns, and before
/// stdin is closed, the child's peak memory is taken. Returns it, the exit code and stderr.
fn with_open_stdin(args: &[&str], feed: impl FnOnce(&mut dyn Write)) -> (u64, Option<i32>, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    feed(&mut stdin);
    // Let the child take in the last pipe buffer, then read its peak.
    thread::sleep(Duration::from_millis(200));
    let peak = peak_kb(&child);
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (
        peak,
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn big_file(dir: &Path, name: &str, line: &str) -> PathBuf {
    let p = dir.join(name);
    let mut f = std::io::BufWriter::new(std::fs::File::create(&p).unwrap());
    write_lines(&mut f, line, CASES).unwrap();
    f.flush().unwrap();
    p
}

#[test]
fn a_long_output_on_stdin_is_judged_in_bounded_memory() {
    let tmp = scratch("stdin");
    let input = big_file(&tmp, "in.txt", PUZZLE);
    let feedback = tmp.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let args = [
        "check",
        "--protocol",
        "kattis",
        "--format",
        "line",
        "-j",
        "1",
        input.to_str().unwrap(),
        "",
        feedback.to_str().unwrap(),
    ];
    let (peak, code, err) = with_open_stdin(&args, |stdin| {
        write_lines(stdin, SOLUTION, CASES).unwrap();
    });
    assert_eq!((code, err.as_str()), (Some(42), "ok: 400000 cases\n"));
    let size_kb = (CASES * SOLUTION.len() / 1024) as u64;
    assert!(
        peak < PEAK_LIMIT_KB,
        "peak {peak} kB for a {size_kb} kB output"
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn a_long_output_file_is_judged_in_bounded_memory() {
    // The output is a file; the input comes on stdin and is held open at its end so that the
    // peak can be read once the whole output has been judged.
    let tmp = scratch("file");
    let output = big_file(&tmp, "out.txt", SOLUTION);
    let args = [
        "check",
        "--format",
        "line",
        "-j",
        "1",
        "-",
        output.to_str().unwrap(),
    ];
    let (peak, code, err) = with_open_stdin(&args, |stdin| {
        write_lines(stdin, PUZZLE, CASES).unwrap();
    });
    assert_eq!((code, err.as_str()), (Some(0), "ok: 400000 cases\n"));
    assert!(peak < PEAK_LIMIT_KB, "peak {peak} kB");
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// A program that prints without end after its answer (`yes 123456789`): the verdict comes at
/// the first extra line, and the checker stops reading there.
#[test]
fn reading_stops_at_the_first_fault() {
    let tmp = scratch("fault");
    let input = tmp.join("in.txt");
    std::fs::write(&input, PUZZLE).unwrap();
    let feedback = tmp.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let start = Instant::now();
    let mut child = Command::new(BIN)
        .args(["check", "--protocol", "kattis", "--format", "line"])
        .arg(&input)
        .arg("")
        .arg(&feedback)
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Up to 1 GB; the child closing the pipe ends it early with an error.
    let mut written = 0usize;
    let mut send = |s: &str, n: usize| -> bool {
        let ok = write_lines(&mut stdin, s, n).is_ok();
        written += s.len() * n;
        ok
    };
    if send(SOLUTION, 1) {
        for _ in 0..1000 {
            if !send("123456789\n", 100_000) {
                break;
            }
        }
    }
    let code = child.wait().unwrap().code();
    assert_eq!(code, Some(43));
    assert!(
        written < 64 << 20,
        "the checker read {written} bytes past the fault"
    );
    assert!(start.elapsed() < Duration::from_secs(30));
    let msg = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert_eq!(
        msg,
        "wrong answer: line 2: expected the end of output after 1 case, found \"123456789\"\n"
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}
