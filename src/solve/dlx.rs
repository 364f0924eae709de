//! STUB: being written; replace this whole file.

use super::{Outcome, Solver};
use crate::model::Puzzle;

#[derive(Default)]
pub struct DlxSolver;

impl DlxSolver {
    pub fn new() -> Self {
        Self
    }
}

impl Solver for DlxSolver {
    fn solve(&mut self, _puzzle: &Puzzle, _limit: u32) -> Outcome {
        unimplemented!("stub")
    }
}
