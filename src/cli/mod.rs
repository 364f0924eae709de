//! The command line, raw: clap derive structures whose doc comments are the `--help` text, one
//! file per subcommand. Nothing here runs a command: `crate::cmd` reads these and does the work.

mod check;
mod r#gen;
mod solve;
mod stress;
mod validate;

pub use check::{CheckArgs, ProtocolArg};
pub use r#gen::{DifficultyArg, GenArgs, GenFormat, LayoutArg, MakeArgs};
pub use solve::SolveArgs;
pub use stress::StressArgs;
pub use validate::{ValidateArgs, ValidatorProtocol};

use crate::format::Format;
use crate::solve::SolverKind;
use clap::{Parser, Subcommand, ValueEnum};
use std::ffi::OsString;
use std::process::ExitCode;

/// Parses the command line. On `--help` or `--version` the text is printed and `Err(0)` comes
/// back; on a usage error the message is printed and the code is the one the caller's protocol
/// reads as a failure of the tool itself (see [`usage_error_code`]).
pub fn parse(args: Vec<OsString>) -> Result<Cli, ExitCode> {
    Cli::try_parse_from(&args).map_err(|e| {
        let _ = e.print();
        if e.use_stderr() {
            ExitCode::from(usage_error_code(&args))
        } else {
            ExitCode::SUCCESS
        }
    })
}

/// Exit code for a command line clap rejects: `check` must not look like a verdict, so it
/// says "checker failure" (3) in testlib and "judge error" (1) in Kattis; everything else 2.
pub fn usage_error_code(args: &[OsString]) -> u8 {
    if args.get(1).and_then(|a| a.to_str()) != Some("check") {
        return 2;
    }
    let kattis = args
        .windows(2)
        .any(|w| w[0] == "--protocol" && w[1] == "kattis")
        || args.iter().any(|a| a == "--protocol=kattis");
    if kattis {
        crate::check::protocol::KATTIS_JUDGE_ERROR
    } else {
        3
    }
}

/// Solve, check, generate and stress-test online-judge Sudoku files.
///
/// Judge files hold a count T and then T puzzles. sudoku-judge reads POJ 2676 (9x9 digit rows),
/// HDU 4069 (squiggly sudoku with wall-coded cells), 81-character lines (POJ 3074 and the public
/// benchmark sets) and LeetCode 37 boards, and writes the judge's exact output.
#[derive(Parser, Debug)]
#[command(name = "sudoku-judge", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve judge files and write the judge's output.
    ///
    /// Exit status: 0 all cases solved; 1 some case has no solution in a format with no word for
    /// it (POJ 2676, lines, LeetCode: the case's answer is `No solution` and stderr names it);
    /// 2 malformed input or an I/O error (stderr names file, line, column and case; every answer
    /// before the bad case is written in full).
    #[command(after_help = FORMATS_HELP)]
    Solve(SolveArgs),
    Gen(GenArgs),
    Stress(StressArgs),
    Check(CheckArgs),
    Validate(ValidateArgs),
}

/// One line per format, shared by every subcommand's help.
pub const FORMATS_HELP: &str = "\
Formats:
  poj2676   T, then per case 9 lines of 9 digits (0 = empty); answers are 9-line grids
  hdu4069   T, then 9 lines of 9 integers: digit + walls 16 up, 32 right, 64 down, 128 left;
            answers are `Case k:` then the unique grid, `No solution` or `Multiple Solutions`
  line      one 81-character puzzle per line ('.' or '0' empty, '#' comments, stops at `end`);
            answers are 81-character lines (POJ 3074, tdoku and Kaggle data sets)
  leetcode  one LeetCode 37 board per line: [[\"5\",\"3\",\".\",...],...]; answers alike

Examples:
  sudoku-judge solve testdata/poj2676/sample.in
  sudoku-judge solve --format line --threads 1 puzzles.txt -o answers.txt
  cat cases.in | sudoku-judge solve -v -";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Detect from the content.
    Auto,
    /// POJ 2676: T, then 9 rows of 9 digits per case.
    Poj2676,
    /// HDU 4069: T, then 9 rows of 9 wall-coded integers per case.
    Hdu4069,
    /// One 81-character puzzle per line (POJ 3074).
    Line,
    /// One LeetCode 37 board per line.
    Leetcode,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolverArg {
    /// Bit-mask candidates with singles propagation.
    Bitmask,
    /// Knuth's Algorithm X with dancing links.
    Dlx,
}

impl FormatArg {
    /// The format this flag names; `None` for auto-detection.
    pub fn format(self) -> Option<Format> {
        match self {
            FormatArg::Auto => None,
            FormatArg::Poj2676 => Some(Format::Poj2676),
            FormatArg::Hdu4069 => Some(Format::Hdu4069),
            FormatArg::Line => Some(Format::Line),
            FormatArg::Leetcode => Some(Format::Leetcode),
        }
    }
}

impl SolverArg {
    /// The solver this flag names.
    pub fn kind(self) -> SolverKind {
        match self {
            SolverArg::Bitmask => SolverKind::Bitmask,
            SolverArg::Dlx => SolverKind::Dlx,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<OsString> {
        v.iter().map(OsString::from).collect()
    }

    #[test]
    fn usage_errors_never_look_like_verdicts() {
        assert_eq!(usage_error_code(&args(&["sj", "solve", "--bogus"])), 2);
        assert_eq!(usage_error_code(&args(&["sj", "check", "--bogus"])), 3);
        assert_eq!(
            usage_error_code(&args(&["sj", "check", "--protocol", "kattis", "--bogus"])),
            1
        );
        assert_eq!(
            usage_error_code(&args(&["sj", "check", "--protocol=kattis"])),
            1
        );
    }

    #[test]
    fn every_subcommand_parses() {
        for sub in ["solve", "gen", "stress", "check", "validate"] {
            let e = Cli::try_parse_from(args(&["sj", sub, "--help"])).unwrap_err();
            assert!(!e.use_stderr(), "{sub} --help is not an error");
        }
        assert!(parse(args(&["sj", "solve", "a.in", "--threads", "2"])).is_ok());
    }
}
