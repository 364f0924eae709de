//! The bitmask solver for boards of every size (placeholder: being written on branch
//! any-bitmask).

use super::{Search, Sink};
use crate::model::Board;

/// Candidate bit masks with singles propagation, fewest candidates first, on any geometry.
#[derive(Default)]
pub struct BitmaskSearch {}

impl BitmaskSearch {
    pub fn new() -> Self {
        Self::default()
    }
}

impl Search for BitmaskSearch {
    fn search(&mut self, _board: &Board, _sink: &mut dyn Sink) -> bool {
        unimplemented!("the any-size bitmask solver is being written")
    }
}
