//! The library's documented surface, re-exported at the crate root, one job per file: the
//! judge problems (`problem.rs`: [`Problem`], [`problems()`], [`problem()`], [`detect()`];
//! `record.rs`: a problem as a problem file and back, [`Problem::from_record`]),
//! their cases (`case.rs`), reading (`parser.rs`: the push [`Parser`] and [`read()`];
//! `reader.rs`: the [`Reader`] over any `io::Read`), answering (`answer.rs`: [`Mode`],
//! [`Answer`]; `engine.rs`: [`Engine`], [`answer()`]), writing (`writer.rs`: the [`Writer`]
//! over any `io::Write`, [`solve()`]), the errors (`error.rs`), checking (`check.rs`) and
//! generating (`generate.rs`).
//!
//! Every item here wraps the internals the command line uses, and gives the same bytes and
//! verdicts as the `sudoku-judge` command: the same readers, the same engine and budget, the
//! same writers, only with no threads of its own. The internal types stay behind: the API's
//! own enums are `#[non_exhaustive]`, its structs opaque.

mod answer;
mod case;
mod check;
mod engine;
mod error;
mod generate;
mod parser;
mod problem;
mod reader;
mod record;
mod writer;

pub use answer::{Answer, Mode};
pub use case::Case;
pub use check::{Fault, Report, Verdict, check, check_within};
pub use engine::{Engine, SolverKind, answer};
pub use error::{Error, ErrorKind, OverBudget, Position};
pub use generate::{CaseSet, GenerateError, generate};
pub use parser::{Parser, read};
pub use problem::{DetectError, Problem, detect, problem, problems};
pub use reader::{Cases, Reader};
pub use record::RecordError;
pub use writer::{Writer, solve, solve_within};
