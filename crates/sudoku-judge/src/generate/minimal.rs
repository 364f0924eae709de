//! Minimal puzzles: givens are removed while the puzzle stays unique, until none can go.
//!
//! One pass over the givens in random order is enough: if removing a given breaks uniqueness
//! now, it still breaks it after more givens are gone (fewer givens only admit more solutions).

use crate::rng::Rng;
use crate::model::{CELLS, Puzzle};

/// Removes givens of a unique `puzzle` in random order while `count(puzzle)` (solutions up to 2)
/// stays 1; the result is minimal. Returns the number of solver calls made.
pub fn minimise(puzzle: &mut Puzzle, rng: &mut Rng, count: &mut dyn FnMut(&Puzzle) -> u32) -> u32 {
    let mut givens: Vec<usize> = (0..CELLS).filter(|&c| puzzle.cells[c] != 0).collect();
    rng.shuffle(&mut givens);
    let mut calls = 0;
    for c in givens {
        let d = puzzle.cells[c];
        puzzle.cells[c] = 0;
        calls += 1;
        if count(puzzle) != 1 {
            puzzle.cells[c] = d;
        }
    }
    calls
}

/// True when `puzzle` is unique and no single given can be removed without losing that.
pub fn is_minimal(puzzle: &Puzzle, count: &mut dyn FnMut(&Puzzle) -> u32) -> bool {
    if count(puzzle) != 1 {
        return false;
    }
    let mut p = *puzzle;
    (0..CELLS).filter(|&c| puzzle.cells[c] != 0).all(|c| {
        p.cells[c] = 0;
        let still_unique = count(&p) == 1;
        p.cells[c] = puzzle.cells[c];
        !still_unique
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::grids::random_solution;
    use crate::model::Layout;
    use crate::solve::Solver;
    use crate::solve::bands::BandSolver;

    #[test]
    fn minimised_full_grid_is_minimal_and_keeps_its_solution() {
        let mut solver = BandSolver::new();
        let mut rng = Rng::new(11);
        let s = random_solution(Layout::standard(), &mut rng, &mut solver);
        let mut p = Puzzle::standard(s);
        let mut count = |p: &Puzzle| solver.solve(p, 2).count;
        minimise(&mut p, &mut rng, &mut count);
        assert!(p.clues() >= 17 && p.clues() < 40, "{} clues", p.clues());
        assert!(is_minimal(&p, &mut count));
        assert!(p.cells.iter().zip(&s).all(|(&g, &d)| g == 0 || g == d));
        let mut more = p;
        let empty = (0..CELLS).find(|&c| p.cells[c] == 0).unwrap();
        more.cells[empty] = s[empty];
        assert!(!is_minimal(&more, &mut count));
    }
}
