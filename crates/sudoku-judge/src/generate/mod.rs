//! Generation of puzzles and case sets for every format: what to make ([`request`]), the one
//! maker entry ([`maker`]) over the any-size makers ([`boards`]) and the tuned 9x9 ones
//! (`nine.rs`, private), seeded randomness, jigsaw layouts, solved grids, grading, and whole
//! judge files with their answers ([`set`]).

pub mod against;
pub mod boards;
pub mod bulk;
pub mod grade;
pub mod greedy;
pub mod grids;
pub mod jigsaw;
pub mod limits;
pub mod maker;
pub mod minimal;
pub mod nets;
mod nine;
pub mod request;
pub mod ruled;
pub mod tiled;
pub mod tiling;
pub mod set;
pub mod similar;
