//! `cargo bench --bench sizes`: the any-size solvers on the 4x4, 16x16 and 25x25 data sets of
//! `../shared/data` (single thread, solver only: counting to 2 and first solution, median rate
//! and slowest puzzle), beside the seeds' `nxn_dlx` peer timed whole-process in the same run.
//!
//! Usage: `cargo bench --bench sizes -- [--data DIR] [--peers DIR] [--repeat N]
//! [--sets a,b,...] [--per-puzzle]`. `--peers` defaults to `/tmp/sudoku-judge-peers` (built by
//! `sh ../shared/peers/seeds/build.sh /tmp/sudoku-judge-peers`); `--per-puzzle` also runs the
//! peer on every 25x25 puzzle alone and compares puzzle by puzzle. Every answer is checked
//! against the set's answers file, so a broken optimisation fails here instead of looking fast.
//!
//! The files are read by the small parser the any-size benches share (`common`), not by
//! `sudoku_judge::format`.

mod common;
mod datasets;

use common::{Answer, Case, PeerFlag, median, parse_opts, peer_input, read_set, wall_peer};
use std::path::Path;
use std::time::{Duration, Instant};
use sudoku_judge::solve::SolverKind;
use sudoku_judge::solve::any::Search;

/// What [`measure`] found: the median rate, each board's fastest time, and the answers
/// (count, grid) of the first run.
type Measured = (f64, Vec<Duration>, Vec<(u64, Vec<u8>)>);

/// Every board solved `repeat` times; the median rate, each board's fastest time, and the
/// answers of the first run.
fn measure(s: &mut dyn Search, cases: &[Case], limit: u64, repeat: usize) -> Measured {
    let mut outs = Vec::new();
    let mut rates = Vec::new();
    let mut each = vec![Duration::MAX; cases.len()];
    let mut first = Vec::new();
    for run in 0..repeat {
        let t = Instant::now();
        for (i, c) in cases.iter().enumerate() {
            let t1 = Instant::now();
            let n = s.count(&c.board, limit, &mut first);
            each[i] = each[i].min(t1.elapsed());
            if run == 0 {
                outs.push((n, first.clone()));
            }
        }
        rates.push(cases.len() as f64 / t.elapsed().as_secs_f64());
    }
    (median(rates), each, outs)
}

fn check(name: &str, cases: &[Case], outs: &[(u64, Vec<u8>)], limit: u64) {
    for (i, ((n, first), c)) in outs.iter().zip(cases).enumerate() {
        match &c.answer {
            Answer::Unique(a) => assert!(*n == 1 && first == a, "{name} puzzle {}", i + 1),
            other => assert_eq!(*n, other.count(limit), "{name} puzzle {}", i + 1),
        }
        if *n > 0 {
            assert!(c.board.is_solved_by(first), "{name} puzzle {}", i + 1);
        }
    }
}

/// The peer on `input`, whole process, `repeat` times: the median seconds.
fn time_peer(peer: &Path, args: &[&str], input: &Path, repeat: usize) -> f64 {
    let times = (0..repeat)
        .map(|_| wall_peer(peer, input, args).as_secs_f64())
        .collect();
    median(times)
}

fn row(set: &str, n: usize, who: &str, mode: &str, rate: f64, note: &str) {
    println!("{set:<22} {n:>5}  {who:<26} {mode:<7} {rate:>11.0}/s  {note}");
}

fn main() {
    let o = parse_opts(5, PeerFlag::Dir);
    println!(
        "{:<22} {:>5}  {:<26} {:<7} {:>13}  slowest / ratio",
        "data set", "cases", "solver (1 thread)", "mode", "rate"
    );
    let scratch = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&scratch).unwrap();
    for name in &o.sets {
        let cases = read_set(&o.data, name);
        let n = cases.len();
        let (peer_text, peer_mode) = peer_input(&cases);
        let input = scratch.join(format!("{name}.{peer_mode}"));
        std::fs::write(&input, peer_text).unwrap();
        for (mode, limit, peer_args) in [
            ("count2", 2, vec![peer_mode, "count2"]),
            ("first", 1, vec![peer_mode]),
        ] {
            let mut s = SolverKind::Bitmask.build_any();
            let (rate, each, outs) = measure(s.as_mut(), &cases, limit, o.repeat);
            check(name, &cases, &outs, limit);
            let (slow_i, slow) = each.iter().enumerate().max_by_key(|e| e.1).unwrap();
            let slowest = format!("{:.0} us (puzzle {})", slow.as_secs_f64() * 1e6, slow_i + 1);
            row(name, n, "bitmask (solver only)", mode, rate, &slowest);
            let Some(peer) = &o.peer else { continue };
            let secs = time_peer(peer, &peer_args, &input, o.repeat);
            let ratio = format!("bitmask {:.1}x the peer", rate * secs / n as f64);
            row(
                name,
                n,
                "seeds nxn_dlx (process)",
                mode,
                n as f64 / secs,
                &ratio,
            );
            if o.per_puzzle && name.starts_with("sudoku25") {
                // Puzzle by puzzle: the peer's whole process on that puzzle alone.
                let mut slowest_ratio = f64::MAX;
                for (i, c) in cases.iter().enumerate() {
                    let one = scratch.join("one.nums");
                    std::fs::write(&one, peer_input(std::slice::from_ref(c)).0).unwrap();
                    let peer_secs = time_peer(peer, &peer_args, &one, 3);
                    let r = peer_secs / each[i].as_secs_f64();
                    slowest_ratio = slowest_ratio.min(r);
                    if r < 1.0 {
                        println!("  puzzle {}: peer {peer_secs:.4} s, bitmask slower", i + 1);
                    }
                }
                println!("  per puzzle: bitmask at least {slowest_ratio:.1}x the peer");
            }
        }
        println!();
    }
}
