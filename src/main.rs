//! The `sudoku-judge` binary: parses the command line and hands it to the library.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = sudoku_judge::cli::Cli::parse();
    sudoku_judge::cmd::run(cli).into()
}
