//! `make bench-engine`: puzzles per second of each solver, single-threaded, on every public data
//! set (counting to 2 and first solution), the slowest puzzle of each, parse and write costs,
//! and the peers run on the same files in the same run, side by side.
//!
//! Usage: `cargo bench --bench engine -- [--data DIR] [--peers DIR] [--rust-peer PATH]
//! [--repeat N] [--max N] [--sets a,b,...|none] [--solvers bitmask,dlx] [--modes count2,first]
//! [--jigsaw HDU_FILE|none] [--clock wall|cpu] [--cpu-path auto|baseline|modern|modern-slow-pext]...`. Rates are medians of `--repeat` runs. Every run's answers are
//! checked (counts agree with the data set's kind, solutions valid), so a broken optimisation
//! fails here instead of looking fast.
//!
//! With `--rust-peer`, it ends with the side-by-side table of the bitmask solver against the
//! `sudoku` crate (sets x modes, ratios). The crate runs as a whole process, so its solver-only
//! time is estimated as its time on the set less its time on a file of as many solved grids
//! (start-up, reading, parsing, writing and set-up cost about the same there, and the search
//! nothing): that slightly flatters the crate, so the ratio errs against us.
//!
//! `--cpu-path` makes the band solver run its baseline x86-64 code or its AVX2/BMI code (with
//! or without `pext`; when the CPU has them) rather than the one it detects, to time the paths
//! side by side.
//!
//! `--clock cpu` times the solving thread's CPU time and the peers' (user + system, from
//! `wait4`) instead of wall time: on a machine shared with other jobs, time spent waiting for
//! a core then counts for neither side. Wall time is the default, for a quiet machine.

mod datasets;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use sudoku_judge::format::{Format, Reader, write_outcome};
use sudoku_judge::model::{Puzzle, is_solution_of};
use sudoku_judge::solve::bands::{BandSolver, CpuPath};
use sudoku_judge::solve::{Outcome, Solver, SolverKind};

struct Opts {
    data: PathBuf,
    peers: Option<PathBuf>,
    rust_peer: Option<PathBuf>,
    repeat: usize,
    max: usize,
    sets: Vec<String>,
    solvers: Vec<SolverKind>,
    modes: Vec<(&'static str, u32)>,
    jigsaw: Vec<PathBuf>,
    no_jigsaw: bool,
    cpu: bool,
}

/// The modes a data set is timed in: counting to 2 (HDU 4069) and first solution (POJ 2676).
const MODES: [(&str, u32); 2] = [("count2", 2), ("first", 1)];

/// The rows of the side-by-side table, as issue 14 lists them.
const TABLE: [(&str, &str); 8] = [
    ("puzzles0_kaggle_10k", "count2"),
    ("puzzles2_17_clue", "count2"),
    ("puzzles3_magictour_top1465", "count2"),
    ("puzzles5_forum_hardest_1905_11+", "count2"),
    ("puzzles6_forum_hardest_1106", "count2"),
    ("puzzles7_serg_benchmark", "count2"),
    ("puzzles5_forum_hardest_1905_11+", "first"),
    ("puzzles6_forum_hardest_1106", "first"),
];

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
        data: datasets::dir(),
        peers: None,
        rust_peer: None,
        repeat: 3,
        max: usize::MAX,
        sets: SETS.iter().map(|s| s.to_string()).collect(),
        solvers: vec![SolverKind::Bitmask, SolverKind::Dlx],
        modes: MODES.to_vec(),
        jigsaw: Vec::new(),
        no_jigsaw: false,
        cpu: false,
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
            "--solvers" => {
                o.solvers = val()
                    .split(',')
                    .map(|k| match k {
                        "bitmask" => SolverKind::Bitmask,
                        "dlx" => SolverKind::Dlx,
                        other => panic!("unknown solver {other}"),
                    })
                    .collect();
            }
            "--modes" => {
                let v = val();
                o.modes = MODES
                    .into_iter()
                    .filter(|(m, _)| v.split(',').any(|w| w == *m))
                    .collect();
            }
            "--jigsaw" => match val().as_str() {
                "none" => o.no_jigsaw = true,
                v => o.jigsaw.push(v.into()),
            },
            "--clock" => match val().as_str() {
                "wall" => o.cpu = false,
                "cpu" => o.cpu = true,
                other => panic!("--clock wall|cpu, not {other}"),
            },
            "--cpu-path" => CpuPath::force(match val().as_str() {
                "auto" => None,
                "baseline" => Some(CpuPath::Baseline),
                "modern" => Some(CpuPath::Modern),
                "modern-slow-pext" => Some(CpuPath::ModernSlowPext),
                other => panic!("--cpu-path auto|baseline|modern|modern-slow-pext, not {other}"),
            }),
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    if o.no_jigsaw {
        o.jigsaw.clear();
    } else if o.jigsaw.is_empty() {
        o.jigsaw
            .push(datasets::file(&o.data, "hdu4069_mixed_300.in"));
    }
    o
}

/// The clock runs are timed with: wall time, or (`--clock cpu`) this thread's CPU time.
#[derive(Clone, Copy)]
struct Clock {
    cpu: bool,
}

impl Clock {
    /// Seconds on this clock since some fixed point.
    fn now(self) -> f64 {
        if self.cpu {
            let mut t = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            // SAFETY: `t` is a valid timespec to write; the clock id is a constant.
            let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
            assert_eq!(r, 0, "clock_gettime");
            t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
        } else {
            // Wall time since the first call.
            static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
            START.get_or_init(Instant::now).elapsed().as_secs_f64()
        }
    }
}

/// Reads every case of a file with the project's own reader.
fn read_cases(path: &Path, format: Format, max: usize) -> (Vec<Puzzle>, Vec<u8>) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = Reader::tuned(format);
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
    let mut puzzles: Vec<Puzzle> = out.iter().filter_map(|c| c.puzzle()).collect();
    puzzles.truncate(max);
    (puzzles, bytes)
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
    clock: Clock,
) -> (f64, Duration, Vec<Outcome>) {
    let mut outcomes = Vec::with_capacity(puzzles.len());
    let mut rates = Vec::new();
    for run in 0..repeat {
        let mut sink = 0u64;
        let t = clock.now();
        for p in puzzles {
            let o = solver.solve(p, limit);
            sink = sink.wrapping_add(o.count as u64);
            if run == 0 {
                outcomes.push(o);
            }
        }
        let dt = clock.now() - t;
        std::hint::black_box(sink);
        rates.push(puzzles.len() as f64 / dt);
    }
    let mut slowest = Duration::ZERO;
    for p in puzzles {
        let t = clock.now();
        std::hint::black_box(solver.solve(p, limit));
        slowest = slowest.max(Duration::from_secs_f64(clock.now() - t));
    }
    (median(rates), slowest, outcomes)
}

/// Runs a whole-process peer on `input` (stdin) once; returns its seconds (wall, or with
/// `cpu` its user + system time), None if it failed.
fn run_peer(cmd: &Path, args: &[&str], input: &Path, cpu: bool) -> Option<f64> {
    let t = Instant::now();
    let child = Command::new(cmd)
        .args(args)
        .stdin(std::fs::File::open(input).ok()?)
        .stdout(Stdio::null())
        .spawn()
        .ok()?;
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 fills it and `status` for our own child,
    // which nothing else waits for.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    let wall = t.elapsed().as_secs_f64();
    if pid < 0 || !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        return None;
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    Some(if cpu {
        secs(usage.ru_utime) + secs(usage.ru_stime)
    } else {
        wall
    })
}

/// Runs a whole-process peer on `input` (stdin) `repeat` times; returns the median seconds.
fn time_peer(cmd: &Path, args: &[&str], input: &Path, repeat: usize, cpu: bool) -> Option<f64> {
    let times: Option<Vec<f64>> = (0..repeat)
        .map(|_| run_peer(cmd, args, input, cpu))
        .collect();
    Some(median(times?))
}

/// Runs a peer on `input` and on `base` alternately, `repeat` rounds; returns the median
/// seconds on `input` and the median per-round difference (what `input` costs beyond `base`).
fn time_peer_less(
    cmd: &Path,
    args: &[&str],
    input: &Path,
    base: &Path,
    repeat: usize,
    cpu: bool,
) -> Option<(f64, f64)> {
    let (mut all, mut less) = (Vec::new(), Vec::new());
    for _ in 0..repeat {
        let a = run_peer(cmd, args, input, cpu)?;
        let b = run_peer(cmd, args, base, cpu)?;
        all.push(a);
        less.push(a - b);
    }
    Some((median(all), median(less)))
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

/// Guesses per puzzle of the band solver (the bitmask solver on these standard puzzles): the
/// size of the search, which the rates above divide into.
fn guesses_per_puzzle(puzzles: &[Puzzle], limit: u32) -> f64 {
    let mut s = BandSolver::new();
    let total: u64 = puzzles
        .iter()
        .map(|p| {
            s.solve(p, limit);
            s.guesses()
        })
        .sum();
    total as f64 / puzzles.len().max(1) as f64
}

/// Writes 81-character lines (`.` empty) for a whole-process peer: the puzzles as read (so that
/// `--max` holds for the peers too) or their solutions.
fn lines_file(grids: impl Iterator<Item = [u8; 81]>, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let mut s = Vec::new();
    for g in grids {
        s.extend(g.iter().map(|&d| if d == 0 { b'.' } else { b'0' + d }));
        s.push(b'\n');
    }
    std::fs::write(&path, s).unwrap();
    path
}

/// One row of the side-by-side table: the bitmask solver's rate and the crate's, whole process
/// and estimated solver-only.
struct Side {
    set: String,
    mode: &'static str,
    ours: f64,
    crate_process: f64,
    crate_solver: f64,
}

fn print_table(sides: &[Side], repeat: usize, cpu: bool) {
    let clock = if cpu { "CPU time" } else { "wall time" };
    println!(
        "bitmask solver vs the sudoku crate (rust-sudoku-peer), puzzles/s, 1 thread, {clock}, \
         medians of {repeat} rounds; crate solver-only = its process time less its time on the \
         solutions"
    );
    println!(
        "| {:<32} | {:<6} | {:>13} | {:>13} | {:>12} | {:>12} | {:>13} |",
        "set",
        "mode",
        "crate process",
        "crate solver",
        "sudoku-judge",
        "ours/crate",
        "ours/process"
    );
    println!(
        "|{:-<34}|{:-<8}|{:->15}|{:->15}|{:->14}|{:->14}|{:->15}|",
        "", "", ":", ":", ":", ":", ":"
    );
    for (set, mode) in TABLE {
        let Some(s) = sides.iter().find(|s| s.set == set && s.mode == mode) else {
            continue;
        };
        // Where start-up and I/O swamp the search (easy sets, noisy runs), the difference can
        // come out at or below zero: no estimate then.
        let (solver, ratio) = if s.crate_solver > 0.0 {
            (
                format!("{:.0}", s.crate_solver),
                format!("{:.2}", s.ours / s.crate_solver),
            )
        } else {
            ("-".to_string(), "-".to_string())
        };
        println!(
            "| {:<32} | {:<6} | {:>13.0} | {:>13} | {:>12.0} | {:>12} | {:>13.2} |",
            s.set,
            s.mode,
            s.crate_process,
            solver,
            s.ours,
            ratio,
            s.ours / s.crate_process
        );
    }
}

fn main() {
    let o = parse_opts();
    let clock = Clock { cpu: o.cpu };
    println!("band solver path: {:?}", CpuPath::chosen());
    println!(
        "{:<32} {:>6}  {:<28} {:<7} {:>14}  {:>10}",
        "data set", "cases", "solver (1 thread)", "mode", "rate", "slowest"
    );
    let mut sides = Vec::new();
    for set in &o.sets {
        let path = datasets::file(&o.data, set);
        let (puzzles, _) = read_cases(&path, Format::Line, o.max);
        let n = puzzles.len();
        let multi = set.contains("serg");
        // The bitmask solver's rates, first solution (what `solve` does on these lines) and
        // per mode for the side-by-side table.
        let mut first_rate = f64::NAN;
        let mut ours = Vec::new();
        for &kind in &o.solvers {
            let mut solver = kind.build();
            for &(mode, limit) in &o.modes {
                let (rate, slowest, outs) =
                    measure(solver.as_mut(), &puzzles, limit, o.repeat, clock);
                check(set, &puzzles, &outs, limit, multi);
                row(set, n, kind.name(), mode, rate, Some(slowest));
                if kind == SolverKind::Bitmask {
                    let g = guesses_per_puzzle(&puzzles, limit);
                    println!(
                        "{set:<32} {n:>6}  {:<28} {mode:<7} {g:>14.2}",
                        "bitmask guesses/puzzle"
                    );
                    ours.push((mode, rate));
                    if limit == 1 {
                        first_rate = rate;
                    }
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
        if first_rate.is_finite() {
            println!(
                "{:<32} {:>6}  {:<28} {:<7} {:>13.1}%",
                set,
                n,
                "parse+write share of solve",
                "first",
                100.0 * io / (io + 1.0 / first_rate)
            );
        }
        if let Some(peer) = &o.rust_peer {
            let lines = lines_file(puzzles.iter().map(|p| p.cells), &format!("{set}.lines"));
            let mut solver = SolverKind::Bitmask.build();
            let solved = puzzles.iter().map(|p| solver.solve(p, 1).solution.unwrap());
            let solved = lines_file(solved, &format!("{set}.solved"));
            for &(mode, _) in &o.modes {
                let Some((all, search)) =
                    time_peer_less(peer, &[mode], &lines, &solved, o.repeat, o.cpu)
                else {
                    continue;
                };
                let process = n as f64 / all;
                row(set, n, "rust-sudoku-peer (process)", mode, process, None);
                if let Some(&(_, rate)) = ours.iter().find(|(m, _)| *m == mode) {
                    sides.push(Side {
                        set: set.clone(),
                        mode,
                        ours: rate,
                        crate_process: process,
                        crate_solver: if search > 0.0 { n as f64 / search } else { 0.0 },
                    });
                }
            }
        }
        if let Some(dir) = &o.peers {
            let poj = poj_file(&puzzles, set);
            if let Some(s) = time_peer(&dir.join("poj2676_dlx"), &[], &poj, o.repeat, o.cpu) {
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
        for &kind in &o.solvers {
            let mut solver = kind.build();
            let (rate, slowest, outs) = measure(solver.as_mut(), &puzzles, 2, o.repeat, clock);
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
            && let Some(s) = time_peer(&dir.join("hdu4069_dlx"), &[], path, 1, o.cpu)
        {
            let who = "seeds hdu4069_dlx (process)";
            row(&name, n, who, "count2", n as f64 / s, None);
        }
    }
    if !sides.is_empty() {
        println!();
        print_table(&sides, o.repeat, o.cpu);
    }
}
