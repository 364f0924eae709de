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
//! Usage: `cargo bench --bench sizes_dlx -- [--data DIR] [--peer PATH | --no-peer]
//! [--repeat N] [--sets a,b,...] [--per-puzzle]`. The peer is built by
//! `sh ../shared/peers/seeds/build.sh /tmp/sudoku-judge-peers`. Every answer is checked against
//! the set's answers file, so a broken optimisation fails here instead of looking fast. The
//! files are read by the small parser the any-size benches share (`common`).

mod common;
mod datasets;

use common::{Answer, Case, PeerFlag, median, parse_opts, peer_input, read_set, wall_peer};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;
use sudoku_judge::solve::any::Search;
use sudoku_judge::solve::any::dlx::DlxSearch;

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
                Answer::Unique(a) => assert!(n == 1 && first == *a, "case {}: wrong answer", i + 1),
                other => assert_eq!(n, other.count(limit), "case {}: wrong count", i + 1),
            }
            dt
        })
        .collect();
    (wall, thread_cpu() - cpu)
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

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let o = parse_opts(3, PeerFlag::Path);
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
