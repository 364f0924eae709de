//! Isomorphism throughput (`make bench-symmetry`): canonical forms of 9x9 grids under the
//! Sudoku symmetries per second of CPU (`sudoku_judge::model::symmetry::canonical`, what the
//! isomorphism problems NWERC 2006 = POJ 3120 and NWRRC 2013 rest on), on random solved grids
//! and on puzzles carved from them with 30, 55 and 64 givens, and on the empty grid, the worst
//! case (all its images tie). Every form is checked: its transform takes the grid to it, and
//! a random image of the grid has the same form.
//!
//! Times are this thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), which the other jobs of a
//! shared machine disturb far less than wall time. Usage: `cargo bench --bench symmetry`.

mod cpu;

use cpu::cpu;
use sudoku_judge::generate::grids::{carve, random_solution};
use sudoku_judge::model::Layout;
use sudoku_judge::model::symmetry::{Transform, canonical};
use sudoku_judge::rng::Rng;
use sudoku_judge::solve::SolverKind;

fn main() {
    let mut rng = Rng::new(2006);
    let mut solver = SolverKind::Bitmask.build();
    let solved: Vec<[u8; 81]> = (0..300)
        .map(|_| random_solution(Layout::standard(), &mut rng, solver.as_mut()))
        .collect();
    let sets: Vec<(String, Vec<[u8; 81]>)> = vec![
        ("solved grids".into(), solved.clone()),
        (
            "64 givens".into(),
            solved.iter().map(|g| carve(g, 64, &mut rng)).collect(),
        ),
        (
            "30 givens".into(),
            solved.iter().map(|g| carve(g, 30, &mut rng)).collect(),
        ),
        (
            "55 givens".into(),
            solved.iter().map(|g| carve(g, 55, &mut rng)).collect(),
        ),
        ("the empty grid".into(), vec![[0; 81]; 5]),
    ];
    println!("canonical forms under the Sudoku symmetries, CPU time of this thread");
    for (name, grids) in &sets {
        let start = cpu();
        let forms: Vec<_> = grids.iter().map(canonical).collect();
        let took = cpu() - start;
        for (g, (form, t)) in grids.iter().zip(&forms) {
            assert_eq!(&t.apply(g), form, "{name}");
            let mut other = Transform::IDENTITY;
            other.transpose = rng.below(2) == 1;
            rng.shuffle(&mut other.digits[1..]);
            other.rows.swap(0, 2);
            other.cols.swap(3, 4);
            assert_eq!(&canonical(&other.apply(g)).0, form, "{name}");
        }
        let per = took.as_secs_f64() / grids.len() as f64;
        println!(
            "{name:>15}: {:>8.3} ms a grid, {:>7.0} grids/s ({} grids)",
            per * 1e3,
            1.0 / per,
            grids.len()
        );
    }
}
