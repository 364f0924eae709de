//! sudoku-judge: solve, check, generate and stress-test online-judge Sudoku files.
//!
//! # The library
//!
//! The documented surface is small and sits at the crate root: find a judge problem
//! ([`problem()`], [`problems()`], [`detect()`]), read its input file into [`Case`]s ([`read()`]), answer
//! a case in a [`Mode`] ([`answer()`], or an [`Engine`] kept from case to case), write the answer
//! in the problem's spelling ([`write()`], or [`solve()`] for a whole file), judge a contestant's
//! output ([`check()`], a [`Report`]) and make a case set with its answers ([`generate()`]). Each
//! gives the same bytes and verdicts as the `sudoku-judge` command.
//!
//! ```
//! let problem = sudoku_judge::problem("poj2676").unwrap();
//! let input = std::fs::read("testdata/poj2676/sample.in").unwrap();
//! let cases = sudoku_judge::read(problem, &input).unwrap();
//! let mut output = Vec::new();
//! for (k, case) in cases.iter().enumerate() {
//!     let answer = sudoku_judge::answer(case, problem.mode);
//!     sudoku_judge::write(problem, k as u64 + 1, case, &answer, &mut output);
//! }
//! assert_eq!(output, std::fs::read("testdata/poj2676/sample.out").unwrap());
//! assert!(sudoku_judge::check(problem, &input, &output, None).is_accepted());
//! ```
//!
//! The programs in `examples/` use nothing else (`cargo run --example solve_file`).
//!
//! # Not the API
//!
//! The command line (`cli`, `cmd`, exit codes) is private to this crate; the `sudoku-judge`
//! binary reaches it through [`run_command_line`] alone.
//!
//! The modules below are public only because the integration tests, benchmarks and fuzz
//! targets reach into them; they are hidden from the documentation and may change without
//! notice. Data flows one way through them: bytes (`input`) -> cases (`format`) -> outcomes
//! (`solve`) -> bytes (`format` again), with `pipeline` fanning cases out to threads in input
//! order and `work` saying what each case's answer is. ARCHITECTURE.md maps them.

mod api;
mod chatter;
mod cli;
mod cmd;
mod exit;
#[cfg(test)]
mod scratch;

pub use api::*;

#[doc(hidden)]
pub mod check;
#[doc(hidden)]
pub mod draw;
#[doc(hidden)]
pub mod format;
#[doc(hidden)]
pub mod generate;
#[doc(hidden)]
pub mod input;
#[doc(hidden)]
pub mod model;
#[doc(hidden)]
pub mod package;
#[doc(hidden)]
pub mod pipeline;
#[doc(hidden)]
pub mod progress;
#[doc(hidden)]
pub mod shard;
#[doc(hidden)]
pub mod solve;
#[doc(hidden)]
pub mod stress;
#[doc(hidden)]
pub mod work;

/// Runs the `sudoku-judge` command line: `args` are the program's arguments, its name first
/// (`std::env::args_os().collect()`); the status is the process's exit code (0 ok, 1 a
/// verdict, 2 a usage, input or I/O error; `check` speaks its judge protocol's codes). The
/// binary is this call and nothing else.
///
/// ```
/// use std::process::ExitCode;
/// let code = sudoku_judge::run_command_line(vec!["sudoku-judge".into(), "--version".into()]);
/// assert_eq!(code, ExitCode::SUCCESS);
/// let code = sudoku_judge::run_command_line(vec!["sudoku-judge".into(), "no-such-command".into()]);
/// assert_eq!(code, ExitCode::from(2));
/// ```
pub fn run_command_line(args: Vec<std::ffi::OsString>) -> std::process::ExitCode {
    match cli::parse(args) {
        Ok(cli) => cmd::run(cli).into(),
        Err(code) => code,
    }
}

/// What the fuzz targets (`fuzz/`) need of the command line: `gen`'s argument parsing and
/// planning. Not part of the API.
#[doc(hidden)]
pub mod fuzz_cli {
    pub use crate::cli::{Cli, Command, usage_error_code};
    pub use crate::cmd::r#gen::plan;
}

/// What the `sudoku-judge` binary needs before the Rust runtime starts: the check for a
/// closed standard output (see `src/main.rs`). Not part of the API.
#[doc(hidden)]
pub mod binary {
    pub use crate::cmd::output::see_closed_stdout;
}
