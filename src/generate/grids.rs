//! Random solved grids and puzzles carved from them, on any layout.

use super::rng::Rng;
use crate::model::{CELLS, Grid, Layout, N, Puzzle, first_clash};
use crate::solve::Solver;

/// Random cells given random digits before solving: enough to make solutions varied.
const SEEDS: usize = 11;

/// A random full solution grid on `layout`: a few random non-clashing digits are placed, the
/// solver completes them, and the digits are then relabelled by a random permutation.
pub fn random_solution(layout: Layout, rng: &mut Rng, solver: &mut dyn Solver) -> Grid {
    loop {
        let mut p = Puzzle {
            cells: [0; CELLS],
            layout,
        };
        let mut cells: Vec<usize> = (0..CELLS).collect();
        rng.shuffle(&mut cells);
        for &cell in &cells[..SEEDS] {
            let d = rng.range(1, N) as u8;
            p.cells[cell] = d;
            if first_clash(&p, &p.cells).is_some() {
                p.cells[cell] = 0;
            }
        }
        if let Some(grid) = solver.solve(&p, 1).solution {
            let mut perm: Vec<u8> = (1..=N as u8).collect();
            rng.shuffle(&mut perm);
            return grid.map(|d| perm[d as usize - 1]);
        }
    }
}

/// Keeps `clues` random cells of `solution` and empties the rest.
pub fn carve(solution: &Grid, clues: usize, rng: &mut Rng) -> Grid {
    let mut cells: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut cells);
    let mut g = [0u8; CELLS];
    for &c in &cells[..clues.min(CELLS)] {
        g[c] = solution[c];
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::is_solution_of;
    use crate::solve::generic::GenericSolver;

    #[test]
    fn random_solutions_are_valid_and_differ() {
        let mut solver = GenericSolver::new();
        let mut rng = Rng::new(5);
        let a = random_solution(Layout::standard(), &mut rng, &mut solver);
        let b = random_solution(Layout::standard(), &mut rng, &mut solver);
        let empty = Puzzle::standard([0; CELLS]);
        assert!(is_solution_of(&empty, &a) && is_solution_of(&empty, &b));
        assert_ne!(a, b);
        let c = carve(&a, 30, &mut rng);
        assert_eq!(c.iter().filter(|&&d| d != 0).count(), 30);
        assert!(c.iter().zip(&a).all(|(&x, &y)| x == 0 || x == y));
    }
}
