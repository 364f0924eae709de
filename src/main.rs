//! The `sudoku-judge` binary: parses the command line and hands it to the library.

use std::process::ExitCode;

/// Runs before the Rust runtime, which puts `/dev/null` in place of a closed stdout: a closed
/// stdout (`>&-`) is then still seen, and reported as the I/O error it is.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static SEE_CLOSED_STDOUT: extern "C" fn() = {
    extern "C" fn see() {
        sudoku_judge::cmd::output::see_closed_stdout();
    }
    see
};

fn main() -> ExitCode {
    match sudoku_judge::cli::parse(std::env::args_os().collect()) {
        Ok(cli) => sudoku_judge::cmd::run(cli).into(),
        Err(code) => code,
    }
}
