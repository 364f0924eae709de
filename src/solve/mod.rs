//! The solvers, behind one signature: `(puzzle, limit) -> Outcome`.
//!
//! Every solver counts solutions up to `limit` and keeps the first one it finds. Limit 1 serves
//! POJ 2676 (any solution), limit 2 serves HDU 4069 (unique / none / multiple). A solver value is
//! per-thread scratch: build one per worker and reuse it for every puzzle, so the hot path never
//! allocates. Givens that already clash give a count of 0, never a grid.

pub mod any;
pub mod bands;
pub mod bitmask;
pub mod dlx;
pub mod engine;
pub mod generic;
mod lanes;
pub mod singles;

use crate::model::{Grid, Puzzle};

/// What a solver found: how many solutions (at most the limit) and the first of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, capped at the limit asked for.
    pub count: u32,
    /// The first solution found; `Some` exactly when `count > 0`.
    pub solution: Option<Grid>,
}

impl Outcome {
    /// No solution.
    pub const NONE: Outcome = Outcome {
        count: 0,
        solution: None,
    };
}

/// A sudoku solver with its own reusable scratch space.
pub trait Solver: Send {
    /// Counts the solutions of `puzzle` up to `limit` (at least 1) and returns the first found.
    fn solve(&mut self, puzzle: &Puzzle, limit: u32) -> Outcome;

    /// Search nodes the last solve tried (guesses, or rows of the matrix, in all its turns):
    /// what a caller with a budget charges for it.
    fn nodes(&self) -> u64;
}

/// Which solver to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SolverKind {
    /// Bit-mask candidates with singles propagation; band bitboards on standard boxes.
    #[default]
    Bitmask,
    /// Knuth's Algorithm X with dancing links.
    Dlx,
}

impl SolverKind {
    /// A fresh solver of this kind, ready to be reused for any number of puzzles.
    pub fn build(self) -> Box<dyn Solver> {
        match self {
            SolverKind::Bitmask => Box::new(bitmask::BitmaskSolver::new()),
            SolverKind::Dlx => Box::new(dlx::DlxSolver::new()),
        }
    }

    /// A fresh solver of this kind for boards of every size and geometry.
    pub fn build_any(self) -> Box<dyn any::Search> {
        match self {
            SolverKind::Bitmask => Box::new(any::bitmask::BitmaskSearch::new()),
            SolverKind::Dlx => Box::new(any::dlx::DlxSearch::new()),
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Bitmask => "bitmask",
            SolverKind::Dlx => "dlx",
        }
    }
}
