//! The flags of `sudoku-judge buaa`.

use super::SolverArg;
use clap::{ArgGroup, Args};
use std::path::PathBuf;

/// The BUAA/BIT course assignment's `sudoku -c N` and `sudoku -s FILE`.
///
/// `-c N` writes N distinct solved grids (1 <= N <= 1000000) whose top-left digit is fixed;
/// `--solve FILE` (the assignment's `-s FILE`) writes a solution of each puzzle of FILE. Both write the assignment's
/// `sudoku.txt` layout: nine rows of nine digits separated by single spaces, a blank line
/// between two grids, none after the last. The file is `sudoku.txt` in the current directory
/// unless -o says otherwise, and is replaced only when the whole run succeeds.
///
/// The puzzle file of --solve is in the same layout with `0` for an empty cell (`sudoku-judge
/// solve --format buaa` reads it too, and `check --format buaa` judges a student's answers).
/// Exit status: 0 written; 1 some puzzle has no solution (its answer is `No solution`); 2 a bad
/// argument, a malformed puzzle file or an I/O error.
#[derive(Args, Debug)]
#[command(
    group(ArgGroup::new("task").required(true).args(["count", "solve"])),
    after_help = BUAA_HELP
)]
pub struct BuaaArgs {
    /// Write N distinct solved grids (1 to 1000000).
    ///
    /// Grid i is always the same: the digits of one base grid relabelled and its rows
    /// reordered inside their bands, so any two differ and each is a valid Sudoku.
    #[arg(short = 'c', long = "count", value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: Option<u64>,

    /// Write a solution of each puzzle in FILE (the assignment's `-s FILE`)
    ///
    /// `-s` is --seed in every other subcommand, so here the flag is spelled out.
    #[arg(long = "solve", value_name = "FILE")]
    pub solve: Option<String>,

    /// The top-left digit of every grid -c writes (1-9).
    #[arg(long, value_name = "D", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=9), conflicts_with_all = ["student_id", "solve"])]
    pub first: u8,

    /// Take the top-left digit from a student ID, as the assignment does.
    ///
    /// (the sum of its last two digits) % 9 + 1: an ID ending in 80 gives 9.
    #[arg(long, value_name = "ID", value_parser = student_id, conflicts_with = "solve")]
    pub student_id: Option<u8>,

    /// Write to FILE instead of sudoku.txt; `-` is stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Worker threads of --solve; 0 means one per core.
    ///
    /// -c always spells on one thread while another writes: the write is its cost.
    #[arg(
        short = 'j',
        long,
        default_value_t = 0,
        value_name = "N",
        conflicts_with = "count"
    )]
    pub threads: usize,

    /// The solver --solve uses.
    #[arg(long, value_enum, default_value_t = SolverArg::Bitmask, conflicts_with = "count")]
    pub solver: SolverArg,
}

const BUAA_HELP: &str = "Examples:\n  sudoku-judge buaa -c 1000000 --student-id 1120161980\n  \
     sudoku-judge buaa --solve puzzles.txt -o answers.txt\n  \
     sudoku-judge buaa -c 20 -o -";

impl BuaaArgs {
    /// The top-left digit -c writes.
    pub fn first_digit(&self) -> u8 {
        self.student_id.unwrap_or(self.first)
    }
}

/// A student ID's top-left digit: (the sum of its last two digits) % 9 + 1.
fn student_id(s: &str) -> Result<u8, String> {
    let digits: Vec<u8> = s.bytes().collect();
    if digits.len() < 2 || !digits.iter().all(u8::is_ascii_digit) {
        return Err("expected a student ID of at least two digits".into());
    }
    let (a, b) = (
        digits[digits.len() - 2] - b'0',
        digits[digits.len() - 1] - b'0',
    );
    Ok((a + b) % 9 + 1)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_student_id_gives_the_assignments_digit() {
        assert_eq!(super::student_id("80"), Ok(9));
        assert_eq!(super::student_id("1120161918"), Ok(1));
        assert_eq!(super::student_id("99"), Ok(1));
        assert!(super::student_id("8").is_err());
        assert!(super::student_id("12a4").is_err());
    }
}
