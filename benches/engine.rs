//! `make bench-engine`: puzzles per second of each solver, single-threaded, on every public data
//! set (counting to 2 and first solution), the slowest puzzle of each, parse and write costs,
//! and the peers run on the same files in the same run, side by side.
//!
//! Usage: `cargo bench --bench engine -- [--data DIR] [--peers DIR] [--rust-peer PATH]
//! [--repeat N] [--max N] [--sets a,b,...|none] [--jigsaw HDU_FILE]...`. Rates are medians of `--repeat` runs. Every run's
//! answers are checked (counts agree with the data set's kind, solutions valid), so a broken
//! optimisation fails here instead of looking fast.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use sudoku_judge::format::{Format, Reader, write_outcome};
use sudoku_judge::model::{Puzzle, is_solution_of};
use sudoku_judge::solve::{Outcome, Solver, SolverKind};

struct Opts {
    data: PathBuf,
    peers: Option<PathBuf>,
    rust_peer: Option<PathBuf>,
    repeat: usize,
    max: usize,
    sets: Vec<String>,
    jigsaw: Vec<PathBuf>,
}

const SETS: [&str; 6] = [
    "puzzles0_kaggle_10k",
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
];

fn parse_opts() -> Opts {
    let mut o = Opts {
        data: Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        peers: None,
        rust_peer: None,
        repeat: 3,
        max: usize::MAX,
        sets: SETS.iter().map(|s| s.to_string()).collect(),
        jigsaw: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--data" => o.data = val().into(),
            "--peers" => o.peers = Some(val().into()),
            "--rust-peer" => o.rust_peer = Some(val().into()),
            "--repeat" => o.repeat = val().parse().expect("--repeat N"),
            "--max" => o.max = val().parse().expect("--max N"),
            "--sets" => {
                let v = val();
                o.sets = v
                    .split(',')
                    .filter(|s| !s.is_empty() && *s != "none")
                    .map(String::from)
                    .collect();
            }
            "--jigsaw" => o.jigsaw.push(val().into()),
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    if o.jigsaw.is_empty() {
        o.jigsaw.push(o.data.join("hdu4069_mixed_300.in"));
    }
    o
}

/// Reads every case of a file with the project's own reader.
fn read_cases(path: &Path, format: Format, max: usize) -> (Vec<Puzzle>, Vec<u8>) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = Reader::new(format);
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() && !reader.done() {
        let before = out.len();
        let n = reader
            .parse(&bytes[pos..], true, &mut out, 1 << 20)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        pos += n;
        if n == 0 && out.len() == before {
            break;
        }
    }
    out.truncate(max);
    (out, bytes)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// Solves every puzzle `repeat` times; returns the median rate, the slowest puzzle, and the
/// outcomes of the first run.
fn measure(
    solver: &mut dyn Solver,
    puzzles: &[Puzzle],
    limit: u32,
    repeat: usize,
) -> (f64, Duration, Vec<Outcome>) {
    let mut outcomes = Vec::with_capacity(puzzles.len());
    let mut rates = Vec::new();
    for run in 0..repeat {
        let mut sink = 0u64;
        let t = Instant::now();
        for p in puzzles {
            let o = solver.solve(p, limit);
            sink = sink.wrapping_add(o.count as u64);
            if run == 0 {
                outcomes.push(o);
            }
        }
        let dt = t.elapsed();
        std::hint::black_box(sink);
        rates.push(puzzles.len() as f64 / dt.as_secs_f64());
    }
    let mut slowest = Duration::ZERO;
    for p in puzzles {
        let t = Instant::now();
        std::hint::black_box(solver.solve(p, limit));
        slowest = slowest.max(t.elapsed());
    }
    (median(rates), slowest, outcomes)
}

/// Runs a whole-process peer on `input` (stdin) `repeat` times; returns the median seconds.
fn time_peer(cmd: &Path, args: &[&str], input: &Path, repeat: usize) -> Option<f64> {
    let mut times = Vec::new();
    for _ in 0..repeat {
        let t = Instant::now();
        let status = Command::new(cmd)
            .args(args)
            .stdin(std::fs::File::open(input).ok()?)
            .stdout(Stdio::null())
            .status()
            .ok()?;
        if !status.success() {
            return None;
        }
        times.push(t.elapsed().as_secs_f64());
    }
    Some(median(times))
}

/// Writes the puzzles as a POJ 2676 judge file for the seeds' programs.
fn poj_file(puzzles: &[Puzzle], name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.poj2676"));
    let mut s = format!("{}\n", puzzles.len()).into_bytes();
    for p in puzzles {
        for row in p.cells.chunks(9) {
            s.extend(row.iter().map(|d| b'0' + d));
            s.push(b'\n');
        }
    }
    std::fs::write(&path, s).unwrap();
    path
}

fn row(set: &str, n: usize, who: &str, mode: &str, rate: f64, slowest: Option<Duration>) {
    let slow = slowest.map_or("-".to_string(), |d| {
        format!("{:.0} us", d.as_secs_f64() * 1e6)
    });
    println!("{set:<32} {n:>6}  {who:<28} {mode:<7} {rate:>12.0}/s  {slow:>10}");
}

fn check(name: &str, puzzles: &[Puzzle], outs: &[Outcome], limit: u32, multi: bool) {
    for (i, (p, o)) in puzzles.iter().zip(outs).enumerate() {
        let want = if multi { limit } else { 1 };
        assert_eq!(o.count, want, "{name} puzzle {}: count {}", i + 1, o.count);
        assert!(
            is_solution_of(p, &o.solution.unwrap()),
            "{name} puzzle {}",
            i + 1
        );
    }
}

fn main() {
    let o = parse_opts();
    println!(
        "{:<32} {:>6}  {:<28} {:<7} {:>14}  {:>10}",
        "data set", "cases", "solver (1 thread)", "mode", "rate", "slowest"
    );
    for set in &o.sets {
        let path = o.data.join(set);
        let (puzzles, _) = read_cases(&path, Format::Line, o.max);
        let n = puzzles.len();
        let multi = set.contains("serg");
        // The bitmask solver's first-solution rate: what `solve` does on these lines.
        let mut first_rate = 0.0;
        for kind in [SolverKind::Bitmask, SolverKind::Dlx] {
            let mut solver = kind.build();
            for (mode, limit) in [("count2", 2), ("first", 1)] {
                let (rate, slowest, outs) = measure(solver.as_mut(), &puzzles, limit, o.repeat);
                check(set, &puzzles, &outs, limit, multi);
                row(set, n, kind.name(), mode, rate, Some(slowest));
                if kind == SolverKind::Bitmask && limit == 1 {
                    first_rate = rate;
                }
            }
        }
        // Parse and write costs, to set beside the solve rates above.
        let bytes = std::fs::read(&path).unwrap();
        let t = Instant::now();
        for _ in 0..o.repeat {
            std::hint::black_box(read_cases(&path, Format::Line, o.max));
        }
        let parse = o.repeat as f64 * n as f64 / t.elapsed().as_secs_f64();
        row(set, n, "parse (81-char lines)", "-", parse, None);
        let outs: Vec<Outcome> = {
            let mut s = SolverKind::Bitmask.build();
            puzzles.iter().map(|p| s.solve(p, 1)).collect()
        };
        let mut buf = Vec::with_capacity(bytes.len() * 2);
        let t = Instant::now();
        for _ in 0..o.repeat {
            buf.clear();
            for (i, (p, out)) in puzzles.iter().zip(&outs).enumerate() {
                write_outcome(Format::Line, i as u64 + 1, p, out, &mut buf);
            }
            std::hint::black_box(&buf);
        }
        let write = o.repeat as f64 * n as f64 / t.elapsed().as_secs_f64();
        row(set, n, "write (81-char lines)", "-", write, None);
        // Share of a single-thread `solve` of these lines spent reading and writing them.
        let io = 1.0 / parse + 1.0 / write;
        println!(
            "{:<32} {:>6}  {:<28} {:<7} {:>13.1}%",
            set,
            n,
            "parse+write share of solve",
            "first",
            100.0 * io / (io + 1.0 / first_rate)
        );
        if let Some(peer) = &o.rust_peer {
            for mode in ["count2", "first"] {
                if let Some(s) = time_peer(peer, &[mode], &path, o.repeat) {
                    row(
                        set,
                        n,
                        "rust-sudoku-peer (process)",
                        mode,
                        n as f64 / s,
                        None,
                    );
                }
            }
        }
        if let Some(dir) = &o.peers {
            let poj = poj_file(&puzzles, set);
            if let Some(s) = time_peer(&dir.join("poj2676_dlx"), &[], &poj, o.repeat) {
                row(
                    set,
                    n,
                    "seeds poj2676_dlx (process)",
                    "first",
                    n as f64 / s,
                    None,
                );
            }
        }
        println!();
    }
    // Jigsaw layouts: HDU 4069 files, counting to 2. The seeds' program takes minutes on the
    // near-empty cases of the shared file, so it runs once per file (a median of one).
    for path in &o.jigsaw {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let (puzzles, _) = read_cases(path, Format::Hdu4069, o.max);
        let n = puzzles.len();
        let expected = std::fs::read(path.with_extension("out")).ok();
        for kind in [SolverKind::Bitmask, SolverKind::Dlx] {
            let mut solver = kind.build();
            let (rate, slowest, outs) = measure(solver.as_mut(), &puzzles, 2, o.repeat);
            let mut buf = Vec::new();
            for (i, (p, out)) in puzzles.iter().zip(&outs).enumerate() {
                write_outcome(Format::Hdu4069, i as u64 + 1, p, out, &mut buf);
            }
            if let Some(exp) = &expected {
                assert!(buf == *exp, "{name}: {} output differs", kind.name());
            }
            row(&name, n, kind.name(), "count2", rate, Some(slowest));
        }
        if let Some(dir) = &o.peers
            && let Some(s) = time_peer(&dir.join("hdu4069_dlx"), &[], path, 1)
        {
            let who = "seeds hdu4069_dlx (process)";
            row(&name, n, who, "count2", n as f64 / s, None);
        }
    }
}
