//! The flags of `sudoku-judge zoo`.

use super::{FormatArg, FormatParser};
use clap::Args;

/// Which wrong solutions a data set kills: the kill table.
///
/// Each wrong solver of the format's zoo (a classic mistake: "several solutions" declared with
/// a few cells left, no uniqueness check, the first solution where the smallest is asked, a
/// box index off by one, jigsaw walls read from the wrong bits, rows and columns only, state
/// not reset between cases, no clash check, a misspelt word or case header, a full or empty
/// grid mishandled, a count that overflows, a naive search past its node budget) answers each
/// DATA file in-process, and `check` judges the answers as the judge would. The table names,
/// for each solver, the first file and case that kills it, or says it survives.
///
/// A solver that no case inside the judge's data can tell from a right one (no clash check,
/// where the judge's data holds no clashing givens: `sudoku-judge formats NAME` lists what it
/// holds) is listed apart and not counted.
///
/// Exit 0 when every counted solver is killed, 1 when one survives, 2 on an error (a file that
/// is not the format's input, a case the engine gives up on).
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
    sudoku-judge zoo --format poj2676 tests/*.in\n  \
    sudoku-judge package --format hdu4069 -o pkg   (pkg/kill-table.txt is this table)")]
pub struct ZooArgs {
    /// Judge format of the data: any format's name or alias.
    ///
    /// `sudoku-judge formats` lists them.
    #[arg(short, long, value_parser = FormatParser, hide_possible_values = true)]
    pub format: FormatArg,

    /// Input files of the data set, in the order the table tries them.
    #[arg(value_name = "DATA", required = true)]
    pub data: Vec<String>,
}
