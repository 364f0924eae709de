//! Random solved grids and puzzles carved from them, on any layout.

use crate::rng::Rng;
use crate::model::{CELLS, Grid, Layout, N, Puzzle, first_clash};
use crate::solve::Solver;

/// Keeps `clues` random cells of `solution` (any size, any layout) and empties the rest.
pub fn carve_cells(solution: &[u8], clues: usize, rng: &mut Rng) -> Vec<u8> {
    let mut order: Vec<usize> = (0..solution.len()).collect();
    rng.shuffle(&mut order);
    let mut g = vec![0u8; solution.len()];
    for &c in &order[..clues.min(solution.len())] {
        g[c] = solution[c];
    }
    g
}

/// Random cells given random digits before solving: enough to make solutions varied.
const SEEDS: usize = 11;

/// A random full solution grid on `layout`: a few random cells are seeded, the solver completes
/// them, and the digits are then relabelled by a random permutation.
///
/// On the standard boxes the seeds are random non-clashing digits: a seeding with no solution is
/// refuted quickly there and just drawn again. On any other layout completing random seeds can
/// take seconds or minutes (refuting a bad seeding, or a dead subtree on the way to a good one),
/// so the grid is instead the solver's solution of the empty grid, relabelled: one solve of an
/// empty grid, which the solvers settle fast. The grids of one layout then differ only by
/// relabelling. Panics if `layout` has no solution at all (every layout [`super::jigsaw`] builds
/// has one).
pub fn random_solution(layout: Layout, rng: &mut Rng, solver: &mut dyn Solver) -> Grid {
    let empty = Puzzle {
        cells: [0; CELLS],
        layout,
    };
    let known = (!layout.is_standard()).then(|| {
        solver
            .solve(&empty, 1)
            .solution
            .expect("the layout admits no solution")
    });
    loop {
        let mut p = empty;
        let mut cells: Vec<usize> = (0..CELLS).collect();
        rng.shuffle(&mut cells);
        for &cell in &cells[..SEEDS] {
            let d = rng.range(1, N) as u8;
            p.cells[cell] = d;
            if first_clash(&p, &p.cells).is_some() {
                p.cells[cell] = 0;
            }
        }
        let grid = match known {
            Some(known) => Some(known),
            None => solver.solve(&p, 1).solution,
        };
        if let Some(grid) = grid {
            let mut perm: Vec<u8> = (1..=N as u8).collect();
            rng.shuffle(&mut perm);
            return grid.map(|d| perm[d as usize - 1]);
        }
    }
}

/// Keeps `clues` random cells of the 9x9 `solution` and empties the rest ([`carve_cells`]).
pub fn carve(solution: &Grid, clues: usize, rng: &mut Rng) -> Grid {
    carve_cells(solution, clues, rng)
        .try_into()
        .expect("a 9x9 grid keeps its 81 cells")
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

    #[test]
    fn jigsaw_solutions_are_valid_and_differ() {
        let mut solver = GenericSolver::new();
        let mut rng = Rng::new(6);
        for _ in 0..5 {
            let layout = crate::generate::jigsaw::random_layout(&mut rng, &mut solver);
            let empty = Puzzle {
                cells: [0; CELLS],
                layout,
            };
            let a = random_solution(layout, &mut rng, &mut solver);
            let b = random_solution(layout, &mut rng, &mut solver);
            assert!(is_solution_of(&empty, &a) && is_solution_of(&empty, &b));
            assert_ne!(a, b);
        }
    }
}
