//! sudoku-judge-core: the puzzle model and the solvers of sudoku-judge, with no dependencies
//! on formats, files or threads.
//!
//! - [`model`]: the 9x9 [`Puzzle`](model::Puzzle) on its region [`Layout`](model::Layout)
//!   (the tuned path) and the any-size [`Board`](model::Board) on a
//!   [`Geometry`](model::Geometry); the one case type [`Case`](model::Case); answers and
//!   clash checks.
//! - [`solve`]: the solvers. [`Engine`](solve::engine::Engine) answers a case in any
//!   [`Mode`](model::Mode) and picks the path: the tuned 9x9 band, bitmask and DLX solvers,
//!   or the any-size bitmask and DLX searches.
//! - [`rng`]: the seeded generator every generated case comes from.
//!
//! ```
//! use sudoku_judge_core::model::{Board, Geometry, Mode};
//! use sudoku_judge_core::solve::{SolverKind, engine::{Answer, Engine}};
//!
//! // The empty 4x4 grid has 288 solutions.
//! let mut engine = Engine::new(SolverKind::Bitmask);
//! let empty = Board::empty(Geometry::standard(2));
//! assert!(matches!(engine.answer(&empty, Mode::Exact), Answer::Count(288, _)));
//! ```
//!
//! The `sudoku-judge` crate reads and writes the judges' files around this one.

pub mod model;
pub mod rng;
pub mod solve;
