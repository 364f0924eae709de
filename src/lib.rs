//! sudoku-judge: solve, check, generate and stress-test online-judge Sudoku files.
//!
//! Data flows one way: bytes ([`input`]) -> puzzles ([`format`](mod@format)) -> outcomes
//! ([`solve`]) -> bytes ([`format`](mod@format) again), with [`pipeline`] fanning cases out to
//! threads in input order and [`work`] saying what each case's answer is.
//! [`cli`] holds the raw flags and [`cmd`] one module per subcommand.

pub mod check;
pub mod cli;
pub mod cmd;
pub mod draw;
pub mod exit;
pub mod format;
pub mod generate;
pub mod input;
pub mod model;
pub mod package;
pub mod pipeline;
pub mod progress;
pub mod shard;
pub mod solve;
pub mod stress;
pub mod work;
