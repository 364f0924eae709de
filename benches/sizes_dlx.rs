//! The any-size DLX solver on the 4x4, 16x16 and 25x25 sets of `../shared/data`, solver time
//! only, next to the seeds' `nxn_dlx` peer timed whole-process in the same run: per set the
//! median total of `--repeat` runs counting to 2 and to 1 (first solution), the rate, the ratio
//! to the peer, and the slowest puzzle. `--per-puzzle` also times the peer on each puzzle
//! alone (its process start, measured on empty input, taken off) and compares puzzle by puzzle.
//!
//! Times are CPU times, which the other jobs of a shared machine disturb far less than wall
//! times: ours is this thread's time on the CPU (`CLOCK_THREAD_CPUTIME_ID`), the peer's its
//! user + system time (`/usr/bin/time`, to 10 ms). Per-puzzle times are ours in CPU time too,
//! the least of the runs, and with `--per-puzzle` the peer's in wall time (the least of 5 runs
//! less its start-up).
//!
//! Usage: `cargo bench --bench sizes_dlx -- [--data DIR] [--peer PATH] [--repeat N]
//! [--sets a,b,...] [--per-puzzle]`. The peer is built by
//! `sh ../shared/peers/seeds/build.sh /tmp/sudoku-judge-peers`. Every answer is checked against
//! the set's answers file, so a broken optimisation fails here instead of looking fast.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use sudoku_judge::model::{Board, Geometry};
use sudoku_judge::solve::any::Search;
use sudoku_judge::solve::any::dlx::DlxSearch;

struct Opts {
    data: PathBuf,
    peer: Option<PathBuf>,
    repeat: usize,
    sets: Vec<String>,
    per_puzzle: bool,
}

const SETS: [&str; 4] = [
    "sudoku16_unique_1000",
    "sudoku16_hard_100",
    "sudoku25_unique_50",
    "sudoku4_all",
];

fn parse_opts() -> Opts {
    let default_peer = PathBuf::from("/tmp/sudoku-judge-peers/nxn_dlx");
    let mut o = Opts {
        data: Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        peer: default_peer.exists().then_some(default_peer),
        repeat: 3,
        sets: SETS.iter().map(|s| s.to_string()).collect(),
        per_puzzle: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--data" => o.data = val().into(),
            "--peer" => o.peer = Some(val().into()),
            "--no-peer" => o.peer = None,
            "--repeat" => o.repeat = val().parse().expect("--repeat N"),
            "--sets" => o.sets = val().split(',').map(String::from).collect(),
            "--per-puzzle" => o.per_puzzle = true,
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    o
}

/// One puzzle: the board and its expected answer (`None`: not unique, with the expected count
/// to 2).
struct Case {
    board: Board,
    answer: Result<Vec<u8>, u64>,
}

/// A line-format cell: `.` empty, digits up to side 9, `A`-`Y` above.
fn value(side: usize, ch: u8) -> u8 {
    match ch {
        b'.' => 0,
        b'1'..=b'9' if side <= 9 => ch - b'0',
        b'A'..=b'Y' if side > 9 => ch - b'A' + 1,
        _ => panic!("bad cell {:?}", ch as char),
    }
}

fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

fn line_grid(l: &str) -> (usize, Vec<u8>) {
    let side = l.len().isqrt();
    assert_eq!(side * side, l.len(), "a square grid");
    (side.isqrt(), l.bytes().map(|b| value(side, b)).collect())
}

/// `n`, then `N` lines of `N` integers per case (the answers file: grids only).
fn nums(text: &str, box_size: Option<usize>) -> Vec<(usize, Vec<u8>)> {
    let mut t = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<u8>().expect("a number"));
    let mut out = Vec::new();
    loop {
        let n = match box_size {
            Some(n) => n,
            None => match t.next() {
                Some(n) => n as usize,
                None => break,
            },
        };
        let cells: Vec<u8> = t.by_ref().take(n.pow(4)).collect();
        if cells.is_empty() {
            break;
        }
        out.push((n, cells));
    }
    out
}

/// A puzzle as read: its box size and cells.
type Grid = (usize, Vec<u8>);

/// An expected answer: the solution, or the count to 2 when there is none unique.
type Answer = Result<Vec<u8>, u64>;

fn read_set(dir: &Path, name: &str) -> Vec<Case> {
    let read =
        |f: String| std::fs::read_to_string(dir.join(&f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    let (puzzles, answers): (Vec<Grid>, Vec<Answer>) = if name.starts_with("sudoku25") {
        let p = nums(&read(format!("{name}.txt")), None);
        let a = nums(&read(format!("{name}.answers.txt")), Some(5));
        (p, a.into_iter().map(|(_, g)| Ok(g)).collect())
    } else {
        let p = data_lines(&read(format!("{name}.txt")))
            .map(line_grid)
            .collect();
        let a = data_lines(&read(format!("{name}.answers.txt")))
            .map(|l| match l {
                "Multiple" => Err(2),
                "None" => Err(0),
                _ => Ok(line_grid(l).1),
            })
            .collect();
        (p, a)
    };
    assert_eq!(puzzles.len(), answers.len(), "{name}: answers line up");
    puzzles
        .into_iter()
        .zip(answers)
        .map(|((n, cells), answer)| Case {
            board: Board::new(Geometry::standard(n), cells),
            answer,
        })
        .collect()
}

/// `struct timespec` of the C library (64-bit Linux).
#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

unsafe extern "C" {
    fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
}

/// CPU time this thread has run (`CLOCK_THREAD_CPUTIME_ID`, exact to the nanosecond; the
/// kernel's `/proc/thread-self/schedstat` lags by up to a scheduler tick, 4 ms here).
fn thread_cpu() -> Duration {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    let ok = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(ok, 0, "clock_gettime");
    Duration::new(ts.sec as u64, ts.nsec as u32)
}

/// Solves every case with `count(limit)`, checks it, and returns the CPU time of each and of
/// all.
fn run(solver: &mut DlxSearch, cases: &[Case], limit: u64) -> (Vec<Duration>, Duration) {
    let mut first = Vec::new();
    let cpu = thread_cpu();
    let wall = cases
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let t = thread_cpu();
            let n = solver.count(&c.board, limit, &mut first);
            let dt = thread_cpu() - t;
            match &c.answer {
                Ok(a) => assert!(n == 1 && first == *a, "case {}: wrong answer", i + 1),
                Err(k) => assert_eq!(n, (*k).min(limit), "case {}: wrong count", i + 1),
            }
            dt
        })
        .collect();
    (wall, thread_cpu() - cpu)
}

/// The peer's input for a set: POJ 3076 grids for 16x16, `nums` cases otherwise.
fn peer_input(cases: &[Case]) -> (String, &'static str) {
    let side = cases[0].board.side();
    let mut s = String::new();
    if side == 16 {
        for c in cases {
            for row in c.board.cells.chunks(16) {
                s.extend(
                    row.iter()
                        .map(|&v| if v == 0 { '-' } else { (b'A' + v - 1) as char }),
                );
                s.push('\n');
            }
            s.push('\n');
        }
        return (s, "poj3076");
    }
    for c in cases {
        s.push_str(&format!("{}\n", side.isqrt()));
        for row in c.board.cells.chunks(side) {
            let row: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            s.push_str(&row.join(" "));
            s.push('\n');
        }
        s.push('\n');
    }
    (s, "nums")
}

/// Whole-process wall time of the peer on `input`.
fn wall_peer(peer: &Path, input: &Path, args: &[&str]) -> Duration {
    let t = Instant::now();
    let status = Command::new(peer)
        .args(args)
        .stdin(std::fs::File::open(input).expect("peer input"))
        .stdout(Stdio::null())
        .status()
        .expect("peer runs");
    assert!(status.success(), "peer failed on {}", input.display());
    t.elapsed()
}

/// Whole-process CPU time (user + system) of the peer on `input`, by `/usr/bin/time`.
fn time_peer(peer: &Path, input: &Path, args: &[&str]) -> Duration {
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%U %S"])
        .arg(peer)
        .args(args)
        .stdin(std::fs::File::open(input).expect("peer input"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("peer runs under /usr/bin/time");
    assert!(out.status.success(), "peer failed on {}", input.display());
    let err = String::from_utf8_lossy(&out.stderr);
    let line = err.lines().last().expect("time's line");
    let secs: f64 = line
        .split_whitespace()
        .map(|t| t.parse::<f64>().expect("seconds"))
        .sum();
    Duration::from_secs_f64(secs)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let o = parse_opts();
    let tmp = std::env::temp_dir().join(format!("sizes_dlx_{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    println!(
        "any-size DLX, one thread, solver only; peer nxn_dlx whole process; CPU times, medians of {}",
        o.repeat
    );
    let mut solver = DlxSearch::new();
    for name in &o.sets {
        let cases = read_set(&o.data, name);
        let (input, mode) = peer_input(&cases);
        let file = tmp.join(format!("{name}.in"));
        std::fs::write(&file, &input).expect("peer input written");
        for (label, limit, peer_args) in [
            ("count2", 2, vec![mode, "count2"]),
            ("first", 1, vec![mode]),
        ] {
            let mut totals = Vec::new();
            let mut per: Vec<Vec<Duration>> = vec![Vec::new(); cases.len()];
            let mut peer_totals = Vec::new();
            for _ in 0..o.repeat {
                let (times, cpu) = run(&mut solver, &cases, limit);
                totals.push(cpu);
                for (p, t) in per.iter_mut().zip(times) {
                    p.push(t);
                }
                if let Some(peer) = &o.peer {
                    peer_totals.push(time_peer(peer, &file, &peer_args));
                }
            }
            let ours = median(totals);
            // Per puzzle the least of the runs: the one the machine's other jobs disturbed least.
            let per: Vec<Duration> = per
                .into_iter()
                .map(|t| t.into_iter().min().expect("runs"))
                .collect();
            let (slow_i, slow) = per
                .iter()
                .enumerate()
                .max_by_key(|(_, t)| **t)
                .expect("cases");
            print!(
                "{name:<22} {label:<6} {:>5} puzzles  dlx {:>9.2} ms ({:>9.0}/s, slowest #{} {:.2} ms)",
                cases.len(),
                ms(ours),
                cases.len() as f64 / ours.as_secs_f64(),
                slow_i + 1,
                ms(*slow)
            );
            if !peer_totals.is_empty() {
                let peer = median(peer_totals);
                print!(
                    "  peer {:>9.2} ms  peer/dlx {:>6.1}x",
                    ms(peer),
                    peer.as_secs_f64() / ours.as_secs_f64()
                );
            }
            println!();
            if let (true, Some(peer)) = (o.per_puzzle, &o.peer) {
                per_puzzle(peer, &tmp, &cases, &per, &peer_args, mode);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

/// Times the peer on each puzzle alone (wall time, the least of 5 runs, less its start-up on
/// empty input, the least of 9) and compares with our per-puzzle times `ours`.
fn per_puzzle(
    peer: &Path,
    tmp: &Path,
    cases: &[Case],
    ours: &[Duration],
    args: &[&str],
    mode: &str,
) {
    let empty = tmp.join("empty.in");
    std::fs::write(&empty, "").expect("empty input");
    let start_up = (0..9)
        .map(|_| wall_peer(peer, &empty, args))
        .min()
        .expect("runs");
    let one = tmp.join("one.in");
    let mut worst_ratio = f64::INFINITY;
    let mut worst = 0;
    let mut slower = 0;
    for (i, c) in cases.iter().enumerate() {
        let (input, m) = peer_input(std::slice::from_ref(c));
        assert_eq!(m, mode);
        std::fs::write(&one, input).expect("one puzzle");
        let t = (0..5)
            .map(|_| wall_peer(peer, &one, args))
            .min()
            .expect("runs");
        let peer_t = t.saturating_sub(start_up);
        let ratio = peer_t.as_secs_f64() / ours[i].as_secs_f64();
        if ratio < worst_ratio {
            worst_ratio = ratio;
            worst = i;
        }
        slower += usize::from(ratio < 1.0);
    }
    println!(
        "    per puzzle (peer less its {:.2} ms start-up): smallest peer/dlx {:.1}x at #{}; dlx slower on {} of {}",
        ms(start_up),
        worst_ratio,
        worst + 1,
        slower,
        cases.len()
    );
}
