//! The flags of `sudoku-judge validate`.

use super::FormatArg;
use clap::Args;

/// Check that the givens of every case are consistent: one line per case on stdout, `valid` or
/// the first clash (`row 1 has two 1s (r1c1 and r1c5)`) or the bad jigsaw walls.
///
/// Exit status: 0 every case valid; 1 some case invalid; 2 a file cannot be read as its format.
/// A case whose walls or digits cannot be read ends its file (the cases after it are not read).
#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Judge files to validate, in order; `-` or none reads stdin.
    pub files: Vec<String>,

    /// Input format; `auto` tells them apart from the content.
    #[arg(short, long, value_enum, default_value_t = FormatArg::Auto)]
    pub format: FormatArg,
}
