//! The bitmask solver: the band-bitboard fast path on standard boxes, the generic
//! bitmask search on any other layout.

use super::{Outcome, Solver, bands::BandSolver, generic::GenericSolver};
use crate::model::Puzzle;

/// Dispatches each puzzle to the fastest bitmask search that handles its layout.
#[derive(Default)]
pub struct BitmaskSolver {
    bands: BandSolver,
    generic: GenericSolver,
    /// The last puzzle went to the generic search.
    generic_last: bool,
}

impl BitmaskSolver {
    pub fn new() -> Self {
        Self::default()
    }
}

impl Solver for BitmaskSolver {
    fn solve(&mut self, puzzle: &Puzzle, limit: u32) -> Outcome {
        self.generic_last = !puzzle.layout.is_standard();
        if self.generic_last {
            self.generic.solve(puzzle, limit)
        } else {
            self.bands.solve(puzzle, limit)
        }
    }

    fn nodes(&self) -> u64 {
        if self.generic_last {
            self.generic.guesses()
        } else {
            self.bands.guesses()
        }
    }
}
