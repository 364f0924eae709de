//! The flags of `sudoku-judge man`.

use clap::Args;
use std::path::PathBuf;

/// Print the man page of sudoku-judge (roff, made from its own command-line definitions).
///
/// Read it with `sudoku-judge man | man -l -`. With --dir, write sudoku-judge.1 and one
/// sudoku-judge-COMMAND.1 per subcommand into that folder instead.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write every page into this folder instead of printing the main one.
    ///
    /// The folder is created if missing.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}
