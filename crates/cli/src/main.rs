//! The `sudoku-judge` binary: hands the command line to `sudoku_judge_cli::run_command_line`.

use std::process::ExitCode;

/// Runs before the Rust runtime, which puts `/dev/null` in place of a closed stdout: a closed
/// stdout (`>&-`) is then still seen, and reported as the I/O error it is.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static SEE_CLOSED_STDOUT: extern "C" fn() = {
    extern "C" fn see() {
        sudoku_judge_cli::see_closed_stdout();
    }
    see
};

fn main() -> ExitCode {
    sudoku_judge_cli::run_command_line(std::env::args_os().collect())
}
