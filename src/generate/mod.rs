//! Generation of puzzles and case sets: seeded randomness, jigsaw layouts, solved grids.

pub mod grids;
pub mod jigsaw;
pub mod rng;
