//! `cargo bench --bench lanes`: each tuned lane of the format and check side timed against the
//! path it shortcuts, on the same input in the same run, so that a lane keeps its place only by
//! a measured margin (issue 28: 10% or more).
//!
//! Lanes: the tuned readers (`format/poj2676.rs`, `hdu4069.rs`, `line.rs`, `leetcode.rs`, with
//! `counted.rs`) against the generic reader driven by the format's `Spec`; the core formats'
//! judge (`check/nine.rs`, answers read back by `format/answers.rs`) against the token judge
//! (`check/spec.rs`); the tuned input writers (`format/inputs.rs`) against `format/spell.rs`.
//! Each is timed twice: the part the lane replaces (reading the cases; judging the output; spelling
//! the inputs) and the whole command around it (`solve` of the file, one thread; `check` of the
//! file; `gen` of the file), so the table says both.
//!
//! Inputs: the Kaggle set as 81-character lines (`puzzles0_kaggle_10k`, from `$SUDOKU_JUDGE_DATA`
//! or `../shared/data`), and files the crate's own generator makes (same seed every run): a
//! POJ 2676 file of `--poj` cases (100,000), an HDU 4069 file of `--hdu` cases (2,500) and
//! LeetCode boards (`--leetcode`, 10,000). `solve`'s output is compared byte for byte between
//! the two readers, and `check` must accept it by both judges, so a wrong answer fails here
//! instead of looking fast.
//!
//! Usage: `cargo bench --bench lanes -- [--data DIR] [--repeat N] [--poj N] [--hdu N]
//! [--leetcode N] [--only reader,check,writer]`. Each pair runs in alternating order (A B, then
//! B A, ...) `--repeat` times (default 5) on the thread's CPU clock, one thread; the table
//! shows each side's median and the ratio generic / tuned (above 1: the tuned lane is faster).

mod datasets;

use std::io::Cursor;
use std::path::PathBuf;
use std::time::Duration;
use sudoku_judge::check::{self, Files, Options};
use sudoku_judge::format::spec::Spec;
use sudoku_judge::format::{Reader, judges::find, spell, write_input};
use sudoku_judge::generate::request::Request;
use sudoku_judge::generate::set::{Piece, Set};
use sudoku_judge::input::Source;
use sudoku_judge::model::Case;
use sudoku_judge::pipeline;
use sudoku_judge::solve::SolverKind;
use sudoku_judge::work::Solve;

/// CPU time this thread has run.
fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given and nothing else.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(r, 0, "clock_gettime");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Runs `a` and `b` `repeat` times, alternating which goes first; each returns a fingerprint of
/// its result, which must agree. The medians of the two sides.
fn race<T: PartialEq + std::fmt::Debug>(
    what: &str,
    repeat: usize,
    a: &mut dyn FnMut() -> T,
    b: &mut dyn FnMut() -> T,
) -> (Duration, Duration) {
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    for round in 0..repeat {
        let once = |f: &mut dyn FnMut() -> T, times: &mut Vec<Duration>| {
            let t0 = thread_cpu();
            let r = f();
            times.push(thread_cpu() - t0);
            r
        };
        let (ra, rb) = if round % 2 == 0 {
            let ra = once(a, &mut ta);
            (ra, once(b, &mut tb))
        } else {
            let rb = once(b, &mut tb);
            (once(a, &mut ta), rb)
        };
        assert!(ra == rb, "{what}: the two paths disagree: {ra:?} / {rb:?}");
    }
    (median(ta), median(tb))
}

/// One row of the table.
fn row(lane: &str, input: &str, part: &str, (tuned, generic): (Duration, Duration)) {
    let ratio = generic.as_secs_f64() / tuned.as_secs_f64().max(1e-12);
    println!(
        "| {lane} | {input} | {part} | {:.1} | {:.1} | {ratio:.2} |",
        ms(tuned),
        ms(generic)
    );
}

/// Every case of `input`, read by `reader` in one call.
fn parse(mut reader: Reader, input: &[u8]) -> Vec<Case> {
    let mut out = Vec::new();
    reader
        .parse(input, true, &mut out, usize::MAX)
        .expect("the input reads");
    out
}

/// The cells of every case, to compare two readers.
fn cells(cases: &[Case]) -> (usize, u64) {
    let sum = cases
        .iter()
        .flat_map(|c| c.cells().iter().enumerate())
        .map(|(i, &v)| (i as u64 + 1) * u64::from(v))
        .sum();
    (cases.len(), sum)
}

/// The cases of `input` read by `reader` as `solve` reads them (batches from a stream,
/// `pipeline::count`): how many.
fn read(reader: Reader, input: &[u8]) -> u64 {
    let mut source = Source::stream("in".into(), Box::new(Cursor::new(input.to_vec())));
    let mut reader = reader;
    let (n, failure) = pipeline::count(&mut source, &mut reader);
    assert!(failure.is_none(), "the input reads");
    n
}

/// `solve` of `input` by `reader` on this thread: the output's bytes.
fn solve(spec: &'static Spec, reader: Reader, input: &[u8]) -> Vec<u8> {
    let mut source = Source::stream("in".into(), Box::new(Cursor::new(input.to_vec())));
    let mut reader = reader;
    let mut out = Vec::with_capacity(input.len());
    let work = Solve::new(spec, SolverKind::Bitmask);
    let mut emit = |a: pipeline::Answers<'_>| {
        out.extend_from_slice(a.bytes);
        Ok(())
    };
    // A case without a solution ends a run of a format with no word for it; its answers are
    // all written before that.
    let _ = pipeline::run(&mut source, &mut reader, &work, false, &mut emit);
    out
}

/// A file of `n` cases of `spec` from the generator, with `solve`'s answers.
fn generated(spec: &'static Spec, n: u64) -> (Vec<u8>, Vec<u8>) {
    let mut set = Set::new(Request::of(spec, 2028), n);
    set.parallel = true;
    let (mut input, mut answers) = (Vec::new(), Vec::new());
    set.generate(&mut |p: Piece<'_>| {
        input.extend_from_slice(p.input);
        answers.extend_from_slice(p.answers);
        Ok::<(), ()>(())
    })
    .unwrap_or_else(|_| panic!("{}: generation failed", spec.name));
    (input, answers)
}

/// The tuned reader of `spec` against the generic one on `input`: reading, then `solve`.
fn reader_lane(spec: &'static Spec, name: &str, input: &[u8], repeat: usize) {
    let lane = format!("reader {}", spec.name);
    let mut probe = Vec::new();
    if let Err(e) = Reader::generic(spec).parse(input, true, &mut probe, usize::MAX) {
        // No path to shortcut: the tuned reader is the format's only one. Its cost, for the
        // record.
        let time = |f: &mut dyn FnMut()| {
            let mut v = Vec::new();
            for _ in 0..repeat {
                let t0 = thread_cpu();
                f();
                v.push(thread_cpu() - t0);
            }
            ms(median(v))
        };
        let r = time(&mut || {
            read(Reader::new(spec, input), input);
        });
        let s = time(&mut || {
            solve(spec, Reader::new(spec, input), input);
        });
        println!("| {lane} | {name} | read | {r:.1} | - | the generic reader cannot: {e} |");
        println!("| {lane} | {name} | whole solve | {s:.1} | - | |");
        return;
    }
    assert_eq!(
        cells(&parse(Reader::new(spec, input), input)),
        cells(&probe),
        "{lane}: the two readers read other cases"
    );
    let times = race(
        &lane,
        repeat,
        &mut || read(Reader::new(spec, input), input),
        &mut || read(Reader::generic(spec), input),
    );
    row(&lane, name, "read", times);
    let times = race(
        &lane,
        repeat,
        &mut || solve(spec, Reader::new(spec, input), input),
        &mut || solve(spec, Reader::generic(spec), input),
    );
    row(&lane, name, "whole solve", times);
}

/// The core formats' judge against the token judge on `input` and its right `output`.
fn check_lane(spec: &'static Spec, name: &str, input: &[u8], output: &[u8], repeat: usize) {
    let lane = format!("check {}", spec.name);
    let run = |tokens: bool| {
        let mut source = Source::stream("in".into(), Box::new(Cursor::new(input.to_vec())));
        let files = Files {
            input: &mut source,
            output: Source::stream("out".into(), Box::new(Cursor::new(output.to_vec()))),
            answer: None,
            answer_name: "ans",
        };
        let opts = Options::default();
        let report = if tokens {
            check::check_by_tokens(spec, files, &opts)
        } else {
            check::check(spec, files, &opts)
        };
        (report.cases, report.lines(false))
    };
    let whole = race(&lane, repeat, &mut || run(false), &mut || run(true));
    // The input's reading, the same on both sides: the judging is the rest.
    let mut read = Vec::new();
    for _ in 0..repeat {
        let t0 = thread_cpu();
        let mut source = Source::stream("in".into(), Box::new(Cursor::new(input.to_vec())));
        let mut reader = Reader::new(spec, input);
        let _ = pipeline::count(&mut source, &mut reader);
        read.push(thread_cpu() - t0);
    }
    let read = median(read);
    row(
        &lane,
        name,
        "judging (check - read)",
        (whole.0.saturating_sub(read), whole.1.saturating_sub(read)),
    );
    row(&lane, name, "whole check", whole);
}

/// The tuned input writer of `spec` against `spell` on `cases`; `gen` of `n` cases for the
/// whole.
fn writer_lane(spec: &'static Spec, name: &str, cases: &[Case], repeat: usize) {
    let lane = format!("writer {}", spec.name);
    let write = |tuned: bool| {
        let mut out = Vec::new();
        spell::write_count(spec, cases.len() as u64, &mut out);
        for (i, c) in cases.iter().enumerate() {
            if tuned {
                write_input(spec, i as u64 + 1, c, &mut out);
            } else {
                spell::write_case(spec, i as u64 + 1, c, &mut out);
            }
        }
        out
    };
    let times = race(&lane, repeat, &mut || write(true), &mut || write(false));
    row(&lane, name, "write", times);
    let mut gen_times = Vec::new();
    for _ in 0..repeat.min(3) {
        let t0 = thread_cpu();
        let mut set = Set::new(Request::of(spec, 2028), cases.len() as u64);
        set.answers = false;
        let mut bytes = 0;
        set.generate(&mut |p: Piece<'_>| {
            bytes += p.input.len();
            Ok::<(), ()>(())
        })
        .unwrap_or_else(|_| panic!("{}: generation failed", spec.name));
        gen_times.push(thread_cpu() - t0);
    }
    let gen_time = median(gen_times);
    let share = |d: Duration| d.as_secs_f64() / gen_time.as_secs_f64();
    println!(
        "| {lane} | {name} | whole gen (one thread, {:.1} ms) | {:.1}% | {:.1}% | |",
        ms(gen_time),
        100.0 * share(times.0),
        100.0 * share(times.1)
    );
}

fn main() {
    let mut data = datasets::dir();
    let (mut repeat, mut poj, mut hdu, mut leetcode) = (5usize, 100_000u64, 2_500u64, 10_000u64);
    let mut only: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--data" => data = PathBuf::from(val()),
            "--repeat" => repeat = val().parse().expect("--repeat N"),
            "--poj" => poj = val().parse().expect("--poj N"),
            "--hdu" => hdu = val().parse().expect("--hdu N"),
            "--leetcode" => leetcode = val().parse().expect("--leetcode N"),
            "--only" => only = val().split(',').map(String::from).collect(),
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    let want = |what: &str| only.is_empty() || only.iter().any(|o| o == what);
    let spec = |name: &str| find(name).expect("a format of the table");
    let (poj_spec, hdu_spec, line_spec, lc_spec) = (
        spec("poj2676"),
        spec("hdu4069"),
        spec("line"),
        spec("leetcode"),
    );
    let kaggle = std::fs::read(datasets::file(&data, "puzzles0_kaggle_10k")).expect("kaggle");
    let (poj_in, poj_out) = generated(poj_spec, poj);
    let (hdu_in, _) = generated(hdu_spec, hdu);
    let (lc_in, _) = generated(lc_spec, leetcode);
    let poj_name = format!("POJ 2676, {poj} generated cases");
    let hdu_name = format!("HDU 4069, {hdu} generated cases");
    let lc_name = format!("LeetCode, {leetcode} generated boards");
    let kaggle_name = "kaggle 10k, 81-char lines";
    println!("| lane | input | part | tuned ms | generic ms | generic / tuned |");
    println!("|---|---|---|---:|---:|---:|");
    if want("reader") {
        reader_lane(line_spec, kaggle_name, &kaggle, repeat);
        reader_lane(poj_spec, &poj_name, &poj_in, repeat);
        reader_lane(hdu_spec, &hdu_name, &hdu_in, repeat);
        reader_lane(lc_spec, &lc_name, &lc_in, repeat);
    }
    if want("check") {
        check_lane(poj_spec, &poj_name, &poj_in, &poj_out, repeat);
    }
    if want("writer") {
        let kaggle_cases = parse(Reader::new(line_spec, &kaggle), &kaggle);
        writer_lane(line_spec, kaggle_name, &kaggle_cases, repeat);
        for (s, name, input) in [
            (poj_spec, &poj_name, &poj_in),
            (hdu_spec, &hdu_name, &hdu_in),
            (lc_spec, &lc_name, &lc_in),
        ] {
            let cases = parse(Reader::new(s, input), input);
            writer_lane(s, name, &cases, repeat);
        }
    }
}
