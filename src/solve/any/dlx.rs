//! The dancing-links solver for boards of every size (placeholder: being written on branch
//! any-dlx).

use super::{Search, Sink};
use crate::model::Board;

/// Knuth's Algorithm X with dancing links on any geometry.
#[derive(Default)]
pub struct DlxSearch {}

impl DlxSearch {
    pub fn new() -> Self {
        Self::default()
    }
}

impl Search for DlxSearch {
    fn search(&mut self, _board: &Board, _sink: &mut dyn Sink) -> bool {
        unimplemented!("the any-size DLX solver is being written")
    }
}
