//! `make bench-twins`: each 9x9 solver that has an any-size twin, timed against that twin on
//! the same puzzles in the same run, so that a twin keeps its place only by a measured margin.
//!
//! Pairs: the tuned 9x9 DLX (`solve::dlx`) against the any-size DLX (`solve::any::dlx`) on
//! standard and jigsaw 9x9; the 9x9 jigsaw bitmask search (`solve::generic`) against the
//! any-size bitmask search (`solve::any::bitmask`) on jigsaw; and, for reference, the band
//! solver (`solve::bands`) against the any-size bitmask search on standard 9x9.
//!
//! Usage: `cargo bench --bench twins -- [--data DIR] [--repeat N] [--max N] [--jigsaw N]
//! [--only NAME]`. The sets: the first `--max` puzzles of five public 9x9 sets, HDU 4069's
//! mixed file (300 jigsaw cases, near-empty grids among them), and `--jigsaw` seeded jigsaws;
//! `--only` keeps the sets whose name contains NAME.
//! Every pair runs in alternating order (A B, then B A, ...) `--repeat` times (default 5) on
//! the thread's CPU clock, so time spent waiting for a core on a shared machine counts for
//! neither; the table shows each side's median and the ratio any-size / tuned (above 1: the
//! tuned twin is faster). Every run's counts are compared between the twins, so a wrong answer
//! fails here instead of looking fast.

mod datasets;

use std::path::{Path, PathBuf};
use std::time::Duration;
use sudoku_judge::format::{Format, Reader};
use sudoku_judge::generate::grids::carve;
use sudoku_judge::generate::jigsaw::random_layout_and_fill;
use sudoku_judge::model::{Board, CELLS, Puzzle};
use sudoku_judge::rng::Rng;
use sudoku_judge::solve::Solver;
use sudoku_judge::solve::any::Search;
use sudoku_judge::solve::any::bitmask::BitmaskSearch;
use sudoku_judge::solve::any::dlx::DlxSearch;
use sudoku_judge::solve::bands::BandSolver;
use sudoku_judge::solve::dlx::DlxSolver;
use sudoku_judge::solve::generic::GenericSolver;

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

/// A set of puzzles, each also as a board for the any-size solvers.
struct Set {
    name: String,
    puzzles: Vec<Puzzle>,
    boards: Vec<Board>,
}

impl Set {
    fn new(name: String, puzzles: Vec<Puzzle>) -> Set {
        let boards = puzzles.iter().map(Board::from_puzzle).collect();
        Set {
            name,
            puzzles,
            boards,
        }
    }
}

/// The first `max` 81-character puzzles of a data file (`#` lines and tails after the 81
/// cells skipped; `.` or `0` empty).
fn read_set(path: &Path, max: usize) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for line in text.lines() {
        let b = line.as_bytes();
        if b.len() < CELLS || b[0] == b'#' {
            continue;
        }
        let mut cells = [0u8; CELLS];
        for (c, &ch) in cells.iter_mut().zip(&b[..CELLS]) {
            *c = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        out.push(Puzzle::standard(cells));
        if out.len() == max {
            break;
        }
    }
    out
}

/// `n` seeded jigsaw puzzles, each on a layout of its own, 22 to 32 givens carved from a known
/// solution (so most are unique or nearly so, as judges' cases are).
fn jigsaw_set(n: usize) -> Vec<Puzzle> {
    let mut bands = BandSolver::new();
    (0..n as u64)
        .map(|i| {
            let mut r = Rng::for_item(20261125, i);
            let (layout, solution) = random_layout_and_fill(&mut r, &mut bands);
            let clues = r.range(22, 33);
            Puzzle {
                cells: carve(&solution, clues, &mut r),
                layout,
            }
        })
        .collect()
}

/// The puzzles of an HDU 4069 file, read by the project's own reader.
fn read_hdu(path: &Path) -> Vec<Puzzle> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = Reader::tuned(Format::Hdu4069);
    let mut out = Vec::new();
    reader
        .parse(&bytes, true, &mut out, usize::MAX)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    out.iter().filter_map(|c| c.puzzle()).collect()
}

/// One side of a pair: a name and a run over a set at a limit, giving the total count.
type Side<'a> = (&'static str, Box<dyn FnMut(&Set, u32) -> u64 + 'a>);

fn tuned<'a, S: Solver + 'a>(name: &'static str, mut s: S) -> Side<'a> {
    (
        name,
        Box::new(move |set: &Set, limit: u32| {
            set.puzzles
                .iter()
                .map(|p| u64::from(s.solve(p, limit).count))
                .sum()
        }),
    )
}

fn any<'a, S: Search + 'a>(name: &'static str, mut s: S) -> Side<'a> {
    let mut first = Vec::new();
    (
        name,
        Box::new(move |set: &Set, limit: u32| {
            set.boards
                .iter()
                .map(|b| s.count(b, u64::from(limit), &mut first))
                .sum()
        }),
    )
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Times `a` and `b` on `set` at `limit`, alternating, and prints one row.
fn race(set: &Set, limit: u32, repeat: usize, a: &mut Side, b: &mut Side) {
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    for round in 0..repeat {
        let once = |side: &mut Side, times: &mut Vec<Duration>| {
            let t0 = thread_cpu();
            let n = (side.1)(set, limit);
            times.push(thread_cpu() - t0);
            n
        };
        let (na, nb) = if round % 2 == 0 {
            let na = once(a, &mut ta);
            (na, once(b, &mut tb))
        } else {
            let nb = once(b, &mut tb);
            (once(a, &mut ta), nb)
        };
        assert_eq!(
            na, nb,
            "{}: {} and {} disagree on the total count at limit {limit}",
            set.name, a.0, b.0
        );
    }
    let (ma, mb) = (median(ta), median(tb));
    let rate = |d: Duration| set.puzzles.len() as f64 / d.as_secs_f64().max(1e-9);
    println!(
        "| {} | {} | {} | {:.0} | {} | {:.0} | {:.2} |",
        set.name,
        if limit == 1 { "first" } else { "count2" },
        a.0,
        rate(ma),
        b.0,
        rate(mb),
        mb.as_secs_f64() / ma.as_secs_f64().max(1e-12)
    );
}

fn main() {
    let mut data = datasets::dir();
    let (mut repeat, mut max, mut jigsaw) = (5usize, 2000usize, 2000usize);
    let mut only = String::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--data" => data = PathBuf::from(val()),
            "--repeat" => repeat = val().parse().expect("--repeat N"),
            "--max" => max = val().parse().expect("--max N"),
            "--jigsaw" => jigsaw = val().parse().expect("--jigsaw N"),
            "--only" => only = val(),
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    let mut standard = Vec::new();
    for name in [
        "puzzles0_kaggle_10k",
        "puzzles7_serg_benchmark",
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles6_forum_hardest_1106",
    ]
    .into_iter()
    .filter(|n| n.contains(&only))
    {
        let path = datasets::file(&data, name);
        standard.push(Set::new(name.to_string(), read_set(&path, max)));
    }
    let mut jigsaws = Vec::new();
    let hdu = "hdu4069_mixed_300";
    if hdu.contains(&only) {
        let path = datasets::file(&data, &format!("{hdu}.in"));
        jigsaws.push(Set::new(hdu.to_string(), read_hdu(&path)));
    }
    let seeded = format!("jigsaw_{jigsaw}");
    if seeded.contains(&only) {
        jigsaws.push(Set::new(seeded, jigsaw_set(jigsaw)));
    }
    println!("| set | mode | tuned 9x9 | puzzles/s | any-size | puzzles/s | any / tuned time |");
    println!("|---|---|---|---:|---|---:|---:|");
    for limit in [2, 1] {
        let mut a = tuned("solve::dlx", DlxSolver::new());
        let mut b = any("any::dlx", DlxSearch::new());
        for set in standard.iter().chain(&jigsaws) {
            race(set, limit, repeat, &mut a, &mut b);
        }
        let mut a = tuned("solve::generic", GenericSolver::new());
        let mut b = any("any::bitmask", BitmaskSearch::new());
        for set in &jigsaws {
            race(set, limit, repeat, &mut a, &mut b);
        }
        let mut a = tuned("solve::bands", BandSolver::new());
        let mut b = any("any::bitmask", BitmaskSearch::new());
        for set in &standard {
            race(set, limit, repeat, &mut a, &mut b);
        }
    }
}
