//! sudoku-judge-cli: the `sudoku-judge` command line over the `sudoku-judge` library.
//!
//! `cli/` is clap's structures (their doc comments are the `--help` text), `cmd/` one file per
//! subcommand, and `stress/`, `package/`, `draw/` and `progress/` the parts only the command
//! line needs. The binary (`crates/cli/src/main.rs`) is [`run_command_line`] and nothing else; this
//! library target exists for it, the integration tests and the fuzz targets, and promises
//! nothing to other programs: they depend on `sudoku-judge`.

mod chatter;
mod cli;
mod cmd;
pub mod draw;
mod exit;
mod package;
mod progress;
mod stress;

// The library's modules behind its API (its `internals` feature) and the solvers', under the
// names this crate has always used for them.
use sudoku_judge::{
    check, format, generate, input, model, pipeline, rng, searches, shard, solve, work, zoo,
};

/// Runs the `sudoku-judge` command line: `args` are the program's arguments, its name first
/// (`std::env::args_os().collect()`); the status is the process's exit code (0 ok, 1 a
/// verdict, 2 a usage, input or I/O error; `check` speaks its judge protocol's codes). The
/// binary is this call and nothing else.
///
/// ```
/// use std::process::ExitCode;
/// let code = sudoku_judge_cli::run_command_line(vec!["sudoku-judge".into(), "--version".into()]);
/// assert_eq!(code, ExitCode::SUCCESS);
/// let code = sudoku_judge_cli::run_command_line(vec!["sudoku-judge".into(), "no-such-command".into()]);
/// assert_eq!(code, ExitCode::from(2));
/// ```
pub fn run_command_line(args: Vec<std::ffi::OsString>) -> std::process::ExitCode {
    match cli::parse(args) {
        Ok(cli) => cmd::run(cli).into(),
        Err(code) => code,
    }
}

/// What the fuzz targets (`fuzz/`) need of the command line: `gen`'s argument parsing and
/// planning.
pub mod fuzz {
    pub use crate::cli::{Cli, Command, usage_error_code};
    pub use crate::cmd::r#gen::plan;
}

/// What the binary needs before the Rust runtime starts: the check for a closed standard
/// output (see `crates/cli/src/main.rs`).
pub use cmd::output::see_closed_stdout;
