//! The node counters of `gen --against` (`make bench-against`, with the whole-process figures
//! of `scripts/bench-against.sh`): CPU nanoseconds a node of each naive search on fixed cases,
//! `benches/against/*.txt` (cases `gen --against` made at main `b7a611e`: one board a line,
//! `.` empty, `1`-`9` then `A`-`Z` for 10 and up). Each file is counted by the strategy its
//! name says, to the first solution and to two, at the default node cap (1 M); the node totals
//! are printed so that two builds can be seen to count alike.
//!
//! Times are this thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), the fastest of `--repeat`
//! runs (default 5). Usage: `cargo bench --bench against -- [--repeat N] [FILE...]`.

mod cpu;

use cpu::cpu;
use std::path::{Path, PathBuf};
use std::time::Duration;
use sudoku_judge::generate::against::Strategy;
use sudoku_judge::model::{Board, Geometry};

/// The node cap `gen --against` counts with by default.
const CAP: u64 = 1_000_000;

/// The boards of a bench file.
fn boards(path: &Path) -> Vec<Board> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cells: Vec<u8> = l
                .trim()
                .bytes()
                .map(|b| match b {
                    b'.' | b'0' => 0,
                    b'1'..=b'9' => b - b'0',
                    b'A'..=b'Z' => b - b'A' + 10,
                    _ => panic!("{}: bad cell {:?}", path.display(), b as char),
                })
                .collect();
            let n = (cells.len() as f64).sqrt().sqrt().round() as usize;
            assert_eq!(
                n * n * n * n,
                cells.len(),
                "{}: not a square",
                path.display()
            );
            Board::new(Geometry::standard(n), cells)
        })
        .collect()
}

/// The strategy a file's name says (`...-mrv-...`).
fn strategy(path: &Path) -> Strategy {
    let name = path.file_name().unwrap().to_string_lossy();
    [Strategy::Rowmajor, Strategy::Mrv, Strategy::Dlx]
        .into_iter()
        .find(|s| name.contains(&format!("-{}-", s.name())))
        .unwrap_or_else(|| panic!("{name}: no strategy in the name"))
}

fn main() {
    let mut repeat = 5;
    let mut files: Vec<PathBuf> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--repeat" => {
                repeat = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--repeat N")
            }
            "--bench" => {}
            _ => files.push(a.into()),
        }
    }
    if files.is_empty() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/against");
        let mut all: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("benches/against")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        all.sort();
        files = all;
    }
    println!("node counters of gen --against, CPU time of this thread, fastest of {repeat}");
    for path in &files {
        let s = strategy(path);
        let cases = boards(path);
        for limit in [1, 2] {
            let mut best = Duration::MAX;
            let mut nodes = 0;
            for _ in 0..repeat {
                let start = cpu();
                nodes = cases
                    .iter()
                    .map(|b| s.count(b, limit, CAP).nodes)
                    .sum::<u64>();
                best = best.min(cpu() - start);
            }
            println!(
                "{:<28} {:>8} to {limit}: {:>10} nodes {:>8.1} ms {:>7.1} ns a node",
                path.file_name().unwrap().to_string_lossy(),
                s.name(),
                nodes,
                best.as_secs_f64() * 1e3,
                best.as_nanos() as f64 / nodes.max(1) as f64
            );
        }
    }
}
