//! `make bench-formats`: what each judge format's layer costs next to its engine work, one
//! thread, on a few thousand generated cases per format (same seed every run).
//!
//! For every spec format: the time to read the cases (the generic reader), to answer them in the
//! problem's mode (the engine), and to spell the answers (the writer), medians of `--repeat`
//! rounds; the format layer's share is read + write over the total; the engine's slowest case
//! (each case timed alone, the fastest of the rounds for each). Then Luogu P1074's slowest
//! case of NOIP size, and the cost of the lexicographically smallest solution next to a first
//! solution on the 17-clue set (all unique) and the serg set (two or more solutions each),
//! and `--format auto`'s guess on the head of two large inputs.
//! Every answer is checked against the one `solve` gives, so a broken optimisation fails here.
//!
//! Usage: `cargo bench --bench formats -- [--cases N] [--repeat N] [--only a,b,...]`.

mod datasets;

use std::time::{Duration, Instant};
use sudoku_judge::format::Reader;
use sudoku_judge::format::judges::{JUDGES, find};
use sudoku_judge::format::spell::write_answer;
use sudoku_judge::generate::request::Request;
use sudoku_judge::generate::set::{Piece, Set};
use sudoku_judge::model::{Board, Case, Geometry};
use sudoku_judge::solve::SolverKind;
use sudoku_judge::solve::engine::{Answer, Engine, Mode};

struct Opts {
    cases: u64,
    repeat: usize,
    only: Vec<String>,
}

fn opts() -> Opts {
    let mut o = Opts {
        cases: 3000,
        repeat: 3,
        only: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--cases" => o.cases = val().parse().expect("--cases N"),
            "--repeat" => o.repeat = val().parse().expect("--repeat N"),
            "--only" => o.only = val().split(',').map(String::from).collect(),
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    o
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn read_all(spec: &'static sudoku_judge::format::spec::Spec, input: &[u8]) -> Vec<Case> {
    let mut r = Reader::new(spec, input);
    let mut out = Vec::new();
    r.parse(input, true, &mut out, usize::MAX)
        .expect("generated input reads");
    out
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let o = opts();
    println!(
        "{:<26} {:>6} {:>10} {:>10} {:>10} {:>8} {:>9}  (ms, one thread, median of {})",
        "format", "cases", "read", "engine", "write", "layer", "slowest", o.repeat
    );
    for spec in JUDGES.iter().filter(|s| s.core().is_none()) {
        if !o.only.is_empty() && !o.only.iter().any(|n| n == spec.name) {
            continue;
        }
        // Files as large as the problem allows; single-case problems get many one-case files.
        let per = spec.max_per_file().unwrap_or(o.cases).min(o.cases).max(1);
        let mut files: Vec<Vec<u8>> = Vec::new();
        let mut made = 0;
        while made < o.cases {
            let mut set = Set::new(Request::of(spec, 2026 + made), per.min(o.cases - made));
            set.answers = false;
            let mut input = Vec::new();
            set.generate(&mut |p: Piece<'_>| {
                input.extend_from_slice(p.input);
                Ok::<(), ()>(())
            })
            .unwrap_or_else(|_| panic!("{}: generation failed", spec.name));
            files.push(input);
            made += per;
        }
        let mut engine = Engine::new(SolverKind::Bitmask);
        let (mut reads, mut solves, mut writes) = (Vec::new(), Vec::new(), Vec::new());
        let mut total_cases = 0;
        // The engine's slowest case (each timed alone), its fastest over the rounds.
        let mut slowest: Vec<Duration> = Vec::new();
        for _ in 0..o.repeat {
            let (mut r, mut e, mut w) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
            total_cases = 0;
            for input in &files {
                let t = Instant::now();
                let cases = read_all(spec, input);
                r += t.elapsed();
                let mut answers: Vec<Answer> = Vec::with_capacity(cases.len());
                for (i, c) in cases.iter().enumerate() {
                    let t = Instant::now();
                    answers.push(engine.reply(c, spec.mode).answer(spec.mode));
                    let took = t.elapsed();
                    e += took;
                    match slowest.get_mut(total_cases + i) {
                        Some(d) => *d = (*d).min(took),
                        None => slowest.push(took),
                    }
                }
                let t = Instant::now();
                let mut out = Vec::with_capacity(input.len());
                for (k, (c, a)) in cases.iter().zip(&answers).enumerate() {
                    write_answer(spec, k as u64 + 1, c, a, &mut out);
                }
                w += t.elapsed();
                assert!(!out.is_empty());
                total_cases += cases.len();
            }
            reads.push(r);
            solves.push(e);
            writes.push(w);
        }
        let (r, e, w) = (median(reads), median(solves), median(writes));
        let layer = (r + w).as_secs_f64() / (r + e + w).as_secs_f64();
        let slow = slowest.iter().max().copied().unwrap_or_default();
        println!(
            "{:<26} {:>6} {:>10.3} {:>10.3} {:>10.3} {:>7.1}% {:>9.3}",
            spec.name,
            total_cases,
            ms(r),
            ms(e),
            ms(w),
            100.0 * layer,
            ms(slow)
        );
    }
    p1074(&o);
    lexmin(&o);
    auto_guess(&o);
}

/// `--format auto`'s guess on the head of an input (every format tried on its first 64 KiB):
/// the 17-clue set as a POJ 2676 file and the Kaggle set as lines, the two files of issue 31's
/// two-thread figure, which waits for the guess before it reads a case, and a 16x16 set as
/// lines. On one thread, and in a pool of two, where the formats are tried side by side (as
/// `solve --threads 2` tries them). Median of 20 guesses per round, rounds as `--repeat`.
fn auto_guess(o: &Opts) {
    use sudoku_judge::check::guess::{Guess, guess};
    use sudoku_judge::format::detect::HEAD;
    let data = datasets::dir();
    let clue17 = puzzle_lines(&data, "puzzles2_17_clue");
    let mut poj = format!("{}\n", clue17.len());
    for p in &clue17 {
        for row in 0..9 {
            poj.push_str(&p[row * 9..row * 9 + 9].replace('.', "0"));
            poj.push('\n');
        }
    }
    let kaggle = puzzle_lines(&data, "puzzles0_kaggle_10k").join("\n") + "\n";
    let path = datasets::file(&data, "sudoku16_unique_1000.txt");
    let sixteen = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    println!();
    for (name, input, want) in [
        ("17-clue set as poj2676", poj.as_bytes(), "poj2676"),
        ("kaggle set as lines", kaggle.as_bytes(), "line"),
        ("16x16 set as lines", &sixteen[..], "line"),
    ] {
        let head = &input[..input.len().min(HEAD)];
        let complete = head.len() == input.len();
        // Timed where the guess runs: on this thread, and on a thread of the pool (as
        // `solve` runs it), not counting the hand-over into the pool. Each round times both.
        let median_of_20 = |threads: usize| {
            let mut times = Vec::new();
            for _ in 0..20 {
                let timed = || {
                    let t = Instant::now();
                    let g = guess(head, complete);
                    (t.elapsed(), g)
                };
                let (took, g) = match threads {
                    1 => timed(),
                    _ => pool.install(timed),
                };
                times.push(took);
                assert!(
                    matches!(&g, Guess::Took(d, _) if d.spec.name == want),
                    "{name}: {g:?}"
                );
            }
            median(times)
        };
        let (mut one, mut two) = (Vec::new(), Vec::new());
        for _ in 0..o.repeat {
            one.push(median_of_20(1));
            two.push(median_of_20(2));
        }
        println!(
            "--format auto's guess, {name} ({} KiB head): {:.3} ms on one thread, {:.3} ms on two",
            head.len() / 1024,
            ms(median(one)),
            ms(median(two))
        );
    }
}

/// Luogu P1074 at NOIP size: generated cases of 24-40 givens, each timed alone.
fn p1074(o: &Opts) {
    let spec = find("luogu-p1074").expect("the format");
    let mut engine = Engine::new(SolverKind::Bitmask);
    let mut dlx = Engine::new(SolverKind::Dlx);
    let mut times = Vec::new();
    let n = (o.cases / 10).max(50);
    for i in 0..n {
        let mut set = Set::new(Request::of(spec, 1074 + i), 1);
        set.answers = false;
        let mut input = Vec::new();
        set.generate(&mut |p: Piece<'_>| {
            input.extend_from_slice(p.input);
            Ok::<(), ()>(())
        })
        .expect("generation");
        let case = &read_all(spec, &input)[0];
        assert!(case.to_board().clues() >= 24);
        let t = Instant::now();
        let a = engine.answer(&case.to_board(), Mode::Best);
        times.push(t.elapsed());
        let b = dlx.answer(&case.to_board(), Mode::Best);
        let score = |x: &Answer| match x {
            Answer::Score(s, _) => Some(*s),
            _ => None,
        };
        assert_eq!(score(&a), score(&b), "bitmask and DLX best scores differ");
    }
    times.sort();
    println!(
        "\nluogu-p1074, {n} cases of 24-40 givens: median {:.3} ms, slowest {:.3} ms (bitmask)",
        ms(times[times.len() / 2]),
        ms(*times.last().expect("cases"))
    );
}

/// The puzzles of shared set `set` in `data`: the first 81 characters of each line that holds
/// one (comments and short lines skipped).
fn puzzle_lines(data: &std::path::Path, set: &str) -> Vec<String> {
    let path = datasets::file(data, set);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(|l| l[..81].to_string())
        .collect()
}

/// The smallest solution next to a first solution, on the shared sets.
fn lexmin(o: &Opts) {
    let data = datasets::dir();
    for set in ["puzzles2_17_clue", "puzzles7_serg_benchmark"] {
        let boards: Vec<Board> = puzzle_lines(&data, set)
            .iter()
            .take(o.cases as usize)
            .map(|l| {
                let cells = l.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' });
                Board::new(Geometry::standard(3), cells.collect())
            })
            .collect();
        let mut engine = Engine::new(SolverKind::Bitmask);
        let (mut first, mut small) = (Vec::new(), Vec::new());
        for _ in 0..o.repeat {
            let t = Instant::now();
            for b in &boards {
                assert!(engine.count(b, 1).0 == 1);
            }
            first.push(t.elapsed());
            let t = Instant::now();
            for b in &boards {
                assert!(engine.lexmin(b).is_some());
            }
            small.push(t.elapsed());
        }
        let (f, s) = (median(first), median(small));
        println!(
            "lexmin on {set} ({} puzzles): first solution {:.1} ms, smallest {:.1} ms, {:.2}x",
            boards.len(),
            ms(f),
            ms(s),
            s.as_secs_f64() / f.as_secs_f64()
        );
    }
}
