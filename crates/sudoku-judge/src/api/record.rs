//! Problems as files: a [`Problem`] written as a problem file ([`Problem::to_record`], what
//! `sudoku-judge formats --export NAME` writes) and a problem read from one
//! ([`Problem::from_record`], what `--format path/to/problem.toml` serves), with
//! [`RecordError`] for a malformed file.

use super::Problem;
use crate::format::record;
use std::fmt;

impl Problem {
    /// The problem as a problem file (TOML): every field of its record as a key, with the
    /// choices of each named in a comment. [`Problem::from_record`] reads it back to the same
    /// problem, and a changed copy is a problem of your own.
    ///
    /// ```
    /// let p = sudoku_judge::problem("hdu4069").unwrap();
    /// let text = p.to_record();
    /// assert!(text.contains("name = \"hdu4069\"") && text.contains("[output.words]"));
    /// ```
    pub fn to_record(self) -> String {
        record::export(self.0)
    }

    /// The problem a problem file describes, served by every function of this crate as the
    /// built-in problems are. The problem lives as long as the program (a `Problem` is a
    /// `&'static` handle), so read each file once.
    ///
    /// ```
    /// let poj = sudoku_judge::problem("poj2676").unwrap();
    /// // POJ 2676 with '.' for an empty cell, read by the generic reader.
    /// let text = poj
    ///     .to_record()
    ///     .replace("name = \"poj2676\"", "name = \"mine\"")
    ///     .replace("empty = \"0\"", "empty = \".\"")
    ///     .replace("tuned = \"poj2676\"", "")
    ///     .replace("end_to_end = true", "");
    /// let mine = sudoku_judge::Problem::from_record(&text).unwrap();
    /// assert_eq!(mine.name(), "mine");
    /// let input = String::from_utf8(poj.sample_input().to_vec()).unwrap().replace('0', ".");
    /// assert_eq!(sudoku_judge::solve(mine, input.as_bytes()).unwrap(), poj.sample_output());
    /// ```
    ///
    /// # Errors
    ///
    /// [`RecordError`] with the line and column of the first key at fault.
    pub fn from_record(text: &str) -> Result<Problem, RecordError> {
        record::load(text).map(Problem).map_err(RecordError)
    }
}

/// Why a problem file could not be read: the line and column of the key at fault, and what is
/// wrong with it.
///
/// ```
/// let e = sudoku_judge::Problem::from_record("name = \"x\"\nmode = \"fast\"\n").unwrap_err();
/// assert_eq!((e.line(), e.column()), (2, 8));
/// assert!(e.message().starts_with("`mode` cannot be \"fast\""));
/// assert!(e.to_string().starts_with("line 2, column 8: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError(record::RecordError);

impl RecordError {
    /// The line, from 1.
    ///
    /// ```
    /// let e = sudoku_judge::Problem::from_record("name = 1\n").unwrap_err();
    /// assert_eq!(e.line(), 1);
    /// ```
    pub fn line(&self) -> usize {
        self.0.line
    }

    /// The column, from 1, in characters.
    ///
    /// ```
    /// let e = sudoku_judge::Problem::from_record("name = 1\n").unwrap_err();
    /// assert_eq!(e.column(), 8);
    /// ```
    pub fn column(&self) -> usize {
        self.0.column
    }

    /// What is wrong, without the position.
    ///
    /// ```
    /// let e = sudoku_judge::Problem::from_record("name = 1\n").unwrap_err();
    /// assert_eq!(e.message(), "`name` takes a string, found an integer");
    /// ```
    pub fn message(&self) -> &str {
        &self.0.message
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for RecordError {}
