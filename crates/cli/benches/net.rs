//! Nets that are no square grid (`make bench-net`): SGU 437 "Hexodoku"'s N-th solution in
//! order and Tight-Fit Sudoku's unique solution, with both search families
//! (`sudoku_judge::solve::net`), side by side with a plain implementation of the same problem:
//! cells in order, values ascending, each checked against the cells before it, as the
//! judges' accepted solutions search.
//!
//! Each line is the median of 5 runs in this thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`),
//! which other jobs of a shared machine disturb far less than wall time; every answer is
//! checked against the plain search's. Usage: `cargo bench --bench net`.

mod cpu;

use cpu::cpu;
use std::time::Duration;
use sudoku_judge::model::Net;
use sudoku_judge::solve::{SolverKind, net};

/// The plain search: the `n`-th solution in order, slot by slot, each value checked against
/// the rules with the slots before it; `None` when there are fewer.
fn plain(net: &Net, givens: &[u8], n: u64) -> Option<Vec<u8>> {
    fn go(net: &Net, at: usize, values: &mut [u8], givens: &[u8], left: &mut u64) -> bool {
        if at == values.len() {
            *left -= 1;
            return *left == 0;
        }
        for v in 1..=net.values() as u8 {
            if givens[at] != 0 && givens[at] != v {
                continue;
            }
            let ok = net.peers(at).iter().all(|&p| {
                let p = p as usize;
                p > at || (values[p] != v && (net.cell_of(p) != net.cell_of(at) || values[p] < v))
            });
            if ok {
                values[at] = v;
                if go(net, at + 1, values, givens, left) {
                    return true;
                }
            }
        }
        values[at] = 0;
        false
    }
    let mut values = vec![0; net.slots()];
    let mut left = n;
    go(net, 0, &mut values, givens, &mut left).then_some(values)
}

/// The median CPU time of 5 runs of `f`, and its last answer.
fn median<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..5 {
        let start = cpu();
        last = Some(f());
        times.push(cpu() - start);
    }
    times.sort();
    (times[2], last.expect("five runs"))
}

fn main() {
    let mut split = [false; 36];
    let puzzle = "-/- -/5 4 3 2 -/- - 6 -/- -/- - -/- - 7/- - -/- -/- 2 \
                  8 -/- -/- - -/3 - -/- - -/- -/- 4 - -/- 8 7 6 5/- -/-";
    let mut tight = Vec::new();
    for (i, token) in puzzle.split(' ').enumerate() {
        split[i] = token.contains('/');
        tight.extend(token.split('/').map(|t| t.parse::<u8>().unwrap_or(0)));
    }
    // The empty hexagons, then one whose givens name every value, so that no two values are
    // alike (see `net::bitmask`), and its walk in order takes 100,000 solutions.
    let mut named = vec![0; 31];
    for (cell, v) in [10, 11, 17, 18, 23, 24, 27, 29, 30]
        .into_iter()
        .zip([9, 7, 6, 1, 4, 2, 3, 8, 5])
    {
        named[cell] = v;
    }
    let cases: Vec<(String, Net, Vec<u8>, u64)> = [
        (8, 1),
        (7, 100_000),
        (8, 100_000),
        (9, 100_000),
        (12, 100_000),
        (31, 100_000),
    ]
    .into_iter()
    .map(|(k, n)| (k, n, vec![0; 31], "empty"))
    .chain(std::iter::once((9, 100_000, named, "9 named")))
    .map(|(k, n, givens, what)| {
        let name = format!("SGU 437 K={k:<2} N={n:<6} {what}");
        (name, Net::hexodoku(k).expect("a hexagon"), givens, n)
    })
    .chain(std::iter::once((
        "Tight-Fit sample, 2nd sol.".to_string(),
        Net::tight_fit(&split),
        tight,
        2,
    )))
    .collect();
    println!("the N-th solution in order, median CPU time of 5 runs of this thread");
    println!(
        "{:>36} {:>12} {:>12} {:>12}",
        "case", "bitmask", "dlx", "plain"
    );
    for (name, net, givens, n) in &cases {
        let (t_plain, want) = median(|| plain(net, givens, *n));
        let mut line = format!("{name:>36}");
        for kind in [SolverKind::Bitmask, SolverKind::Dlx] {
            let mut search = net::build(kind);
            let (t, got) = median(|| net::nth(search.as_mut(), net, givens, *n));
            assert_eq!(got, want, "{name}, {kind:?}");
            line += &format!(" {:>9.3} ms", t.as_secs_f64() * 1e3);
        }
        line += &format!(" {:>9.3} ms", t_plain.as_secs_f64() * 1e3);
        println!("{line}");
    }
}
