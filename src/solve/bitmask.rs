//! The bitmask solver: the band-bitboard fast path on standard boxes, the generic
//! bitmask search on any other layout.

use super::{Outcome, Solver, bands::BandSolver, generic::GenericSolver};
use crate::model::Puzzle;

/// Dispatches each puzzle to the fastest bitmask search that handles its layout.
#[derive(Default)]
pub struct BitmaskSolver {
    bands: BandSolver,
    generic: GenericSolver,
}

impl BitmaskSolver {
    pub fn new() -> Self {
        Self::default()
    }
}

impl Solver for BitmaskSolver {
    fn solve(&mut self, puzzle: &Puzzle, limit: u32) -> Outcome {
        if puzzle.layout.is_standard() {
            self.bands.solve(puzzle, limit)
        } else {
            self.generic.solve(puzzle, limit)
        }
    }
}
