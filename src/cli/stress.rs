//! The flags of `sudoku-judge stress`.

use super::{GenFormat, MakeArgs};
use clap::Args;
use std::path::PathBuf;

/// Stress-test on generated cases until the first failure.
///
/// Without --cmd: the bitmask and DLX solvers must agree on every case, return valid grids, and
/// have their answers judged right. With --cmd: the program reads each generated file on stdin
/// and its output is judged; the first failing input is saved as NAME.in / NAME.out /
/// NAME.expected under --save, then shrunk to one case with as few givens as still fail, saved
/// as NAME-min.*. Exit status: 0 no failure; 1 a failure was found; 2 a bad argument or I/O error.
#[derive(Args, Debug)]
#[command(after_help = STRESS_HELP)]
pub struct StressArgs {
    /// Judge format of the generated files.
    #[arg(short, long, value_enum)]
    pub format: GenFormat,

    /// Number of cases to try.
    #[arg(short = 'n', long, default_value_t = 10_000, value_name = "N")]
    pub count: u64,

    /// Seed; the default is taken from the clock and printed on stderr.
    #[arg(short, long, value_name = "S")]
    pub seed: Option<u64>,

    /// The program under test, run through `sh -c` with a judge file on stdin.
    #[arg(long, value_name = "'PROGRAM ARGS'")]
    pub cmd: Option<String>,

    /// Cases per run of the program (the T of each file).
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub batch: u64,

    /// Time limit per run, in seconds.
    #[arg(long, default_value_t = 2.0, value_name = "SECS")]
    pub timeout: f64,

    /// Where the failing case is saved.
    #[arg(long, default_value = "stress", value_name = "DIR")]
    pub save: PathBuf,

    /// Base name of the saved files.
    #[arg(long, default_value = "fail", value_name = "NAME")]
    pub name: String,

    /// Worker threads for the solver self-check; 0 means one per core.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,

    #[command(flatten)]
    pub make: MakeArgs,
}

const STRESS_HELP: &str = "\
Examples:
  sudoku-judge stress --format hdu4069 --count 100000
  sudoku-judge stress --format hdu4069 --cmd ./a.out --count 1000 --seed 1
  sudoku-judge stress --format poj2676 --cmd 'python3 sol.py' --batch 50 --timeout 5";
