//! The `sudoku-judge` binary: parses the command line and hands it to the library.

use std::process::ExitCode;

fn main() -> ExitCode {
    match sudoku_judge::cli::parse(std::env::args_os().collect()) {
        Ok(cli) => sudoku_judge::cmd::run(cli).into(),
        Err(code) => code,
    }
}
