//! Generation of puzzles and case sets: seeded randomness, jigsaw layouts, solved grids, cases
//! of each kind and difficulty, and whole judge files with their answers.

pub mod against;
pub mod boards;
pub mod grade;
pub mod grids;
pub mod jigsaw;
pub mod judge_set;
pub mod kinds;
pub mod limits;
pub mod minimal;
pub mod rng;
pub mod set;
