//! STUB: being written; replace this whole file.

use super::{Outcome, Solver};
use crate::model::Puzzle;

#[derive(Default)]
pub struct BandSolver;

impl BandSolver {
    pub fn new() -> Self {
        Self
    }
}

impl Solver for BandSolver {
    fn solve(&mut self, _puzzle: &Puzzle, _limit: u32) -> Outcome {
        unimplemented!("stub")
    }
}
