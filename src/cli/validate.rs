//! The flags of `sudoku-judge validate`.

use super::FormatArg;
use clap::{Args, ValueEnum};

/// Validate judge input files: is each readable as its format (with --strict: spelled exactly
/// as the judge's data is), and are each case's givens consistent? One line per case on
/// stdout, `valid` or the first clash (`row 1 has two 1s (r1c4 and r1c5)`); what makes a file
/// unreadable goes to stderr as `error: FILE:LINE:COLUMN: case K: ...`, and ends that file.
///
/// Exit status: 0 every case valid; 1 readable, but some case has clashing givens (legal input
/// where the format answers "No solution", as HDU 4069's sample case 2); 2 a file is not
/// readable as its format (or not in its exact layout, with --strict), or cannot be opened.
///
/// As a Kattis / problemtools input validator (`--protocol kattis`, input on stdin, flags from
/// `input_validator_flags`): exit 42 valid, 43 invalid; clashing givens are valid for HDU
/// 4069 and invalid for the formats whose statements promise solvable puzzles.
#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Judge files to validate, in order; `-` or none reads stdin.
    pub files: Vec<String>,

    /// Input format; `auto` tells them apart from the content.
    #[arg(short, long, value_enum, default_value_t = FormatArg::Auto)]
    pub format: FormatArg,

    /// Also require the exact bytes of the judge's data: single spaces, no trailing spaces,
    /// no blank lines but HDU 4069's one between cases, no leading zeros or signs, every HDU
    /// 4069 outer wall, one final `\n` (no CR), and T between 1 and the problem's bound
    /// (2500 for HDU 4069).
    #[arg(long)]
    pub strict: bool,

    /// How the verdict is told: exit codes 0/1/2 with a line per case, or the Kattis input
    /// validator's 42/43 with only the faults.
    #[arg(long, value_enum, default_value_t = ValidatorProtocol::Plain)]
    pub protocol: ValidatorProtocol,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ValidatorProtocol {
    /// Exit 0 valid, 1 clashing givens, 2 unreadable; a line per case on stdout.
    Plain,
    /// Kattis and problemtools input validators: exit 42 valid, 43 invalid.
    Kattis,
}
