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

use crate::model::Puzzle;
pub use crate::model::answer::Outcome;

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

    /// The search nodes one case may take by default (`--budget`; see
    /// [`engine::Engine::set_budget`]). The most any legitimate case was measured to take
    /// (`tests/budget.rs`: fixtures, `gen` sets, the shared 16x16 and 25x25 sets) is 234,232
    /// guesses of the bitmask solver and 17,965,781 rows of DLX, both a 16x16 HDU 3909
    /// minimality check (a minimal puzzle of about 100 givens): these are about 17 and 22 times
    /// more. DLX's rows are about ten times cheaper than the bitmask solver's guesses: the
    /// bitmask default is reached in well under a minute on the grids of the issue (an empty
    /// SPOJ SUDOGOB grid, Luogu P1074 with 12 givens; figures in the README), DLX's in minutes.
    pub const fn default_budget(self) -> u64 {
        match self {
            SolverKind::Bitmask => 4_000_000,
            SolverKind::Dlx => 400_000_000,
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
