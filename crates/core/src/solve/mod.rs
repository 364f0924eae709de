//! The solvers, behind one signature: `(puzzle, limit) -> Outcome`.
//!
//! Every solver counts solutions up to `limit` and keeps the first one it finds. Limit 1 serves
//! POJ 2676 (any solution), limit 2 serves HDU 4069 (unique / none / multiple). A solver value is
//! per-thread scratch: build one per worker and reuse it for every puzzle, so the hot path never
//! allocates. Givens that already clash give a count of 0, never a grid.
//!
//! Each case's searches are capped by a budget of nodes (`--budget`), by default
//! ([`SolverKind::default_budget`]) 4,000,000 guesses of the bitmask solver and 200,000,000
//! rows of DLX: about 17 and 11 times the heaviest legitimate case measured, and reached on a
//! runaway case (an empty SPOJ SUDOGOB grid, a 12-given Luogu P1074 grid) in 4-7 s and
//! 12-64 s of CPU time (the figures and how they were taken are on `default_budget`).

pub mod any;
pub mod bands;
pub mod bitmask;
pub mod cover;
pub mod dlx;
pub mod engine;
pub mod every;
pub mod generic;
pub mod hatching;
mod lanes;
pub mod net;
pub mod onepass;
pub mod positions;
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
    /// [`engine::Engine::set_budget`]): a runaway case (outside its problem's promise) should
    /// give up after about as long with either solver, and no legitimate case should come
    /// near it.
    ///
    /// The most any legitimate case was measured to take (`crates/cli/tests/budget.rs`: fixtures, `gen`
    /// sets, the shared 16x16 and 25x25 sets) is 234,232 guesses of the bitmask solver and
    /// 17,965,781 rows of DLX, both a 16x16 HDU 3909 minimality check (a minimal puzzle of
    /// about 100 givens): the defaults are about 17 and 11 times more, and `crates/cli/tests/budget.rs`
    /// holds both between 10 and 20 times the heaviest case.
    ///
    /// Time to give up (release build, `solve -j1` on a 2-core machine shared with other
    /// builds; CPU time, then wall time at a load of 6-7): an empty SPOJ SUDOGOB grid takes
    /// the bitmask default in 3.6 s (5.7 s), DLX's in 11.6 s (15.9 s); a 12-given Luogu P1074
    /// grid 6.8 s (8.8 s) and 64 s (117 s). A DLX row costs about 58 ns counting and 320 ns in
    /// the branch and bound of best scores, a bitmask guess 0.9 and 1.7 µs, so equal times
    /// would take 20-60 million rows; DLX's default stops at the least the margin over HDU
    /// 3909's 18 million rows allows, 200,000,000. Until issue 27 it was 400,000,000, which
    /// took twice as long: 25 s (37 s) and 129 s (206 s).
    pub const fn default_budget(self) -> u64 {
        match self {
            SolverKind::Bitmask => 4_000_000,
            SolverKind::Dlx => 200_000_000,
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
