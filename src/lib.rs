//! sudoku-judge: solve, check, generate and stress-test online-judge Sudoku files.
//!
//! Data flows one way: bytes -> puzzles ([`format`]) -> outcomes ([`solve`]) -> bytes
//! ([`format`] again), with [`pipeline`] fanning cases out to threads in input order.

pub mod format;
pub mod model;
pub mod solve;
