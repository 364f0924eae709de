//! The flags of `sudoku-judge validate`.

use super::{FormatArg, FormatParser};
use crate::solve::SolverKind;
use clap::{Args, ValueEnum};

/// Validate judge input files against their format and what their problem promises.
///
/// Is each file readable as its format (with --strict: spelled exactly as the judge's data is),
/// and is each case what the problem promises? One line per case on stdout, `valid`, the first
/// clash (`row 1 has two 1s (r1c4 and r1c5)`) or the broken promise (`r1c3 is empty:
/// atcoder-abc327c promises a full grid`); what makes a file unreadable goes to stderr as
/// `error: FILE:LINE:COLUMN: case K: ...`, and ends that file.
///
/// Promises checked: givens without a clash where the problem promises a solvable puzzle (its
/// answer has no word for one without a solution), full grids (AtCoder ABC327 C, URI 1383,
/// AOJ 0126), solved grids (Codeforces 1335D), five empty cells (HDU 2780), at least 24
/// givens (Luogu P1074); then, within --budget search nodes, a solution where one (or a unique
/// one) is promised, and the answer itself where it is a search that can
/// run for ever (SPOJ SUDOGOB's count, Luogu P1074's best score, HDU 3909's minimality, the
/// smallest solution of UVa 989, SPOJ NOVICE42 and ECNU 1021). A second solution is not
/// sought where one is promised: `gen --edge` writes an empty grid for every format.
///
/// Exit status: 0 every case valid; 1 readable, but some case has clashing givens (legal input
/// where the problem answers them, as HDU 4069's sample case 2) or breaks the promise; 2 a
/// file is not readable as its format (or not in its exact layout, with --strict), or cannot
/// be opened.
///
/// As a Kattis / problemtools input validator (`--protocol kattis`, input on stdin, flags from
/// `input_validator_flags`): exit 42 valid, 43 invalid; clashing givens are valid where the
/// problem answers them, a broken promise is invalid.
#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Judge files to validate, in order; `-` or none reads stdin.
    ///
    /// A line may hold at most 64 KiB (65536 bytes from its first non-blank byte, trailing
    /// blanks included): a longer one is an input error (`line is longer than 65536 bytes`), but
    /// for a puzzle on an 81-character line, read to its 81st cell only.
    pub files: Vec<String>,

    /// Input format (`sudoku-judge formats` lists them).
    ///
    /// `auto` tells them apart from the content, and refuses where formats that would answer
    /// differently read it.
    #[arg(short, long, value_parser = FormatParser, default_value = "auto", hide_possible_values = true)]
    pub format: FormatArg,

    /// Also require the exact bytes of the judge's data, as `gen` writes them.
    ///
    /// That is: single spaces, no trailing spaces, the format's blank lines and separator lines
    /// and no others, no leading zeros or signs, every HDU 4069 outer wall, `Grid 01` labels
    /// numbered in order, one final `\n` (no CR), and between 1 case and the problem's bound
    /// (2500 for HDU 4069).
    #[arg(long)]
    pub strict: bool,

    /// Verdict protocol.
    ///
    /// How the verdict is told: exit codes 0/1/2 with a line per case, or the Kattis input
    /// validator's 42/43 with only the faults.
    #[arg(long, value_enum, default_value_t = ValidatorProtocol::Plain)]
    pub protocol: ValidatorProtocol,

    /// Search nodes each case's promises may take.
    ///
    /// As `solve --budget`, for the promises checked by a search (a solution exists, its
    /// solutions can be counted, ...): a case that needs more breaks its problem's promise.
    #[arg(long, value_name = "N", default_value_t = SolverKind::Bitmask.default_budget())]
    pub budget: u64,

    /// Say on stderr which format each file is read as, and why.
    #[arg(short, long)]
    pub verbose: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ValidatorProtocol {
    /// Exit 0 valid, 1 clashing givens, 2 unreadable; a line per case on stdout.
    Plain,
    /// Kattis and problemtools input validators: exit 42 valid, 43 invalid.
    Kattis,
}
