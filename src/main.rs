//! The `sudoku-judge` binary: hands the command line to the library's one entry for it.

use std::process::ExitCode;

fn main() -> ExitCode {
    sudoku_judge::run_command_line(std::env::args_os().collect())
}
