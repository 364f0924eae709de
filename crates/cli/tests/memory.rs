//! Peak resident memory on every route stays under 64 MiB: a case with 96 MiB of blanks inside
//! it fed through a pipe to each reader (`solve` of POJ 2676, HDU 4069, LeetCode, a generic
//! format; `validate --protocol kattis`; `check`'s output, core and spec formats), 96 MiB of leading blank lines to the
//! line reader, and a 4 GiB (sparse) file given as an argument to `solve`, `validate` and
//! `check` under a 512 MiB address-space limit. Each run also checks its exit status and that
//! no answer is lost. Peaks come from `wait4`'s `ru_maxrss`.

mod common;
use common::scratch;

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const MIB: u64 = 1 << 20;
/// The bound on peak resident memory.
const BOUND: u64 = 64 * MIB;
/// Blank bytes put inside a case: more than the bound, so holding them would show.
const BLANKS: usize = 96 << 20;

fn testdata(rel: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel);
    fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A stretch of stdin: bytes as they are, or one byte repeated (written in blocks, never
/// built in memory).
enum Part {
    Bytes(Vec<u8>),
    Repeat(u8, usize),
}

/// What a run left: its exit code, output and peak resident memory.
struct Ran {
    code: i32,
    out: Vec<u8>,
    err: String,
    peak: u64,
}

impl Ran {
    /// Asserts the exit code, the exact output and the memory bound.
    fn expect(&self, code: i32, out: &[u8]) {
        assert_eq!(self.code, code, "exit status; stderr:\n{}", self.err);
        assert!(
            self.out == out,
            "output differs: {} bytes, expected {}; stderr:\n{}",
            self.out.len(),
            out.len(),
            self.err
        );
        assert!(
            self.peak < BOUND,
            "peak memory {} MiB\n{}",
            self.peak / MIB,
            self.err
        );
    }
}

fn sj(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sudoku-judge"));
    c.args(args);
    c
}

/// `sudoku-judge ARGS` with its address space limited to `kib` KiB (`ulimit -v`; the shell
/// execs the program, so `wait4` sees it).
fn limited(kib: u64, args: &[&str]) -> Command {
    let mut c = Command::new("sh");
    c.args(["-c", "ulimit -v \"$0\" && exec \"$@\"", &kib.to_string()])
        .arg(env!("CARGO_BIN_EXE_sudoku-judge"))
        .args(args);
    c
}

/// Runs `cmd` with `stdin` written to it from a thread, and reaps it with `wait4`.
#[expect(
    clippy::zombie_processes,
    reason = "reaped by wait4, which also gives its peak memory"
)]
fn run(mut cmd: Command, stdin: Vec<Part>) -> Ran {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut to = child.stdin.take().unwrap();
    // A program that stops reading early (an error) closes the pipe: the writer just stops.
    let writer = std::thread::spawn(move || -> std::io::Result<()> {
        for part in stdin {
            match part {
                Part::Bytes(b) => to.write_all(&b)?,
                Part::Repeat(byte, mut n) => {
                    let block = vec![byte; 1 << 20];
                    while n > 0 {
                        let k = n.min(block.len());
                        to.write_all(&block[..k])?;
                        n -= k;
                    }
                }
            }
        }
        Ok(())
    });
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).map(|_| out)
    });
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let out = reader.join().unwrap().unwrap();
    let _ = writer.join().unwrap();
    let mut status = 0;
    // SAFETY: rusage is plain data; wait4 fills it and the status for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(r, child.id() as libc::pid_t);
    assert!(libc::WIFEXITED(status), "killed: status {status}\n{err}");
    Ran {
        code: libc::WEXITSTATUS(status),
        out,
        err,
        peak: usage.ru_maxrss as u64 * 1024,
    }
}

/// `input` with `blanks` inserted after its first `lines` lines.
fn padded(input: &[u8], lines: usize, blanks: Vec<Part>) -> Vec<Part> {
    let cut = input
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(lines - 1)
        .map_or(input.len(), |(i, _)| i + 1);
    let mut parts = vec![Part::Bytes(input[..cut].to_vec())];
    parts.extend(blanks);
    parts.push(Part::Bytes(input[cut..].to_vec()));
    parts
}

fn newlines() -> Vec<Part> {
    vec![Part::Repeat(b'\n', BLANKS)]
}

#[test]
fn poj2676_case_with_blank_lines_inside_on_stdin() {
    let input = padded(&testdata("poj2676/sample.in"), 5, newlines());
    run(sj(&["solve", "--format", "poj2676", "-"]), input)
        .expect(0, &testdata("poj2676/sample.out"));
}

#[test]
fn hdu4069_case_with_blanks_inside_on_stdin() {
    let blanks = vec![
        Part::Repeat(b' ', BLANKS / 2),
        Part::Repeat(b'\n', BLANKS / 2),
    ];
    let input = padded(&testdata("hdu4069/sample.in"), 5, blanks);
    run(sj(&["solve", "--format", "hdu4069", "-"]), input)
        .expect(0, &testdata("hdu4069/sample.out"));
}

#[test]
fn leetcode_board_with_blank_lines_inside_on_stdin() {
    // After the first row's `,`: between two rows of the board.
    let example = testdata("leetcode/example.in");
    let mut input = vec![Part::Bytes(example[..40].to_vec())];
    input.extend(newlines());
    input.push(Part::Bytes(example[40..].to_vec()));
    run(sj(&["solve", "--format", "leetcode", "-"]), input)
        .expect(0, &testdata("leetcode/example.out"));
}

#[test]
fn generic_format_case_with_blank_lines_inside_on_stdin() {
    let input = padded(&testdata("poj3076/sample.in"), 3, newlines());
    run(sj(&["solve", "--format", "poj3076", "-"]), input)
        .expect(0, &testdata("poj3076/sample.out"));
}

#[test]
fn line_format_after_leading_blank_lines_on_stdin() {
    // The answers before a bad line go out in full; its line number counts every blank line.
    let mut input = vec![Part::Repeat(b'\n', BLANKS)];
    input.push(Part::Bytes(testdata("line/kaggle.in")));
    input.push(Part::Bytes(b"12x\n".to_vec()));
    let ran = run(sj(&["solve", "--format", "line", "-"]), input);
    ran.expect(2, &testdata("line/kaggle.out"));
    let line = BLANKS + 5;
    let want = format!("error: <stdin>:{line}:3: case 4: expected a digit 0-9 or '.', found 'x'\n");
    assert_eq!(ran.err, want);
}

#[test]
fn kattis_input_validator_on_a_case_with_blank_lines_inside() {
    // Blank lines are allowed anywhere without `--strict` (no `input_validator_flags`): valid.
    let input = padded(&testdata("poj2676/sample.in"), 5, newlines());
    let cmd = sj(&["validate", "--format", "poj2676", "--protocol", "kattis"]);
    run(cmd, input).expect(42, b"");
    let input = padded(&testdata("poj2676/sample.in"), 5, newlines());
    run(sj(&["validate", "--format", "poj2676", "-"]), input).expect(0, b"case 1: valid\n");
    // `--strict` refuses the first blank line, at its place, having read past no more.
    let input = padded(&testdata("poj2676/sample.in"), 5, newlines());
    let ran = run(
        sj(&["validate", "--strict", "--format", "poj2676", "-"]),
        input,
    );
    ran.expect(2, b"");
    let want = "error: <stdin>:6:1: case 1: blank line (the format has none here)\n";
    assert_eq!(ran.err, want);
}

#[test]
fn checker_output_with_blank_lines_inside_an_answer_on_stdin() {
    let dir = scratch("memory-check");
    let input = dir.join("sample.in");
    fs::write(&input, testdata("poj2676/sample.in")).unwrap();
    let output = padded(&testdata("poj2676/sample.out"), 4, newlines());
    let input = input.to_str().unwrap();
    run(sj(&["check", "--format", "poj2676", input, "-"]), output).expect(0, b"");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn spec_checker_output_with_blank_lines_inside_an_answer_on_stdin() {
    let dir = scratch("memory-check-spec");
    let input = dir.join("sample.in");
    fs::write(&input, testdata("poj3076/sample.in")).unwrap();
    let input = input.to_str().unwrap();
    let args = ["check", "--format", "poj3076", input, "-"];
    let output = padded(&testdata("poj3076/sample.out"), 3, newlines());
    run(sj(&args), output).expect(0, b"");
    // A row that is no row after the blanks is found on its line: a presentation error.
    let mut output = padded(&testdata("poj3076/sample.out"), 3, newlines());
    output.insert(2, Part::Bytes(b"XYZ\n".to_vec()));
    let ran = run(sj(&args), output);
    ran.expect(2, b"");
    let line = BLANKS + 4;
    let want = format!(
        "presentation error: case 1, line {line}: expected a row of 16 cells, found \"XYZ\"\n"
    );
    assert_eq!(ran.err, want);
    fs::remove_dir_all(&dir).unwrap();
}

/// A 4 GiB file given as an argument: `kaggle.in` 1000 times (3000 puzzles), then a hole that
/// reads as NUL bytes. Sparse, so it costs no disk.
struct Sparse {
    dir: PathBuf,
    path: String,
}

impl Sparse {
    const COPIES: usize = 1000;

    fn new(tag: &str) -> Sparse {
        let dir = scratch(tag);
        let p = dir.join("big.in");
        let mut f = fs::File::create(&p).unwrap();
        let kaggle = testdata("line/kaggle.in");
        for _ in 0..Self::COPIES {
            f.write_all(&kaggle).unwrap();
        }
        f.set_len(4 << 30).unwrap();
        Sparse {
            path: p.to_str().unwrap().to_string(),
            dir,
        }
    }

    /// The error at the first NUL byte, after the 3000 puzzles.
    fn error(&self) -> String {
        let line = 4 * Self::COPIES + 1;
        let case = 3 * Self::COPIES + 1;
        format!("{line}:1: case {case}: expected a digit 0-9 or '.', found '\\x00'")
    }
}

impl Drop for Sparse {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// Well under the file's 4 GiB: a file copied whole (or mapped) does not fit.
const LIMIT_KIB: u64 = 512 * 1024;

#[test]
fn solve_reads_a_file_larger_than_its_address_space() {
    let big = Sparse::new("memory-solve");
    let args = ["solve", "--format", "line", "--threads", "2", &big.path];
    let ran = run(limited(LIMIT_KIB, &args), vec![]);
    ran.expect(2, &testdata("line/kaggle.out").repeat(Sparse::COPIES));
    assert_eq!(ran.err, format!("error: {}:{}\n", big.path, big.error()));
}

#[test]
fn validate_reads_a_file_larger_than_its_address_space() {
    let big = Sparse::new("memory-validate");
    let ran = run(
        limited(LIMIT_KIB, &["validate", "--format", "line", &big.path]),
        vec![],
    );
    let valid: String = (1..=3 * Sparse::COPIES)
        .map(|k| format!("case {k}: valid\n"))
        .collect();
    ran.expect(2, valid.as_bytes());
    assert!(ran.err.contains(&big.error()), "{}", ran.err);
}

#[test]
fn check_reads_an_input_file_larger_than_its_address_space() {
    let big = Sparse::new("memory-check-file");
    let answers = big.dir.join("big.out");
    fs::write(&answers, testdata("line/kaggle.out").repeat(Sparse::COPIES)).unwrap();
    let args = [
        "check",
        "--format",
        "line",
        &big.path,
        answers.to_str().unwrap(),
    ];
    let ran = run(limited(LIMIT_KIB, &args), vec![]);
    // The input breaks at case 3001: a checker failure, not a crash.
    ran.expect(3, b"");
    assert!(ran.err.contains(&big.error()), "{}", ran.err);
}
