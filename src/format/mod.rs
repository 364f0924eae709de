//! STUB INTERFACE (the formats helper replaces the bodies; signatures are the contract).
//!
//! Judge formats: bytes -> puzzles (the streaming [`Reader`]) and outcomes -> bytes
//! ([`write_outcome`]). Only this module knows how a case or an answer is spelled.

use crate::model::Puzzle;
use crate::solve::Outcome;
use std::fmt;

/// A judge file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// POJ 2676: T, then 9 rows of 9 digits per case; answers are bare grids.
    Poj2676,
    /// HDU 4069: T, then 9 rows of 9 wall-coded integers; `Case k:` answers, counting to 2.
    Hdu4069,
    /// One 81-character puzzle per line (POJ 3074 and the benchmark sets).
    Line,
    /// LeetCode 37 boards, `[["5","3",".",...],...]`, one per line.
    Leetcode,
}

impl Format {
    /// Guesses the format from the first bytes of an input; `None` when nothing fits.
    pub fn detect(_head: &[u8]) -> Option<Format> {
        unimplemented!()
    }

    /// The solution limit the format's answers need: 2 for HDU 4069, 1 otherwise.
    pub fn limit(self) -> u32 {
        unimplemented!()
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        unimplemented!()
    }
}

/// 1-based line and column of a byte in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: u64,
    pub col: u64,
}

/// Malformed input: where, in which case (1-based, when inside one), and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub pos: Pos,
    pub case: Option<u64>,
    pub msg: String,
}

impl fmt::Display for ParseError {
    /// `14:6: case 2: expected a digit 0-9, found 'x'` (the caller prefixes the file name).
    fn fmt(&self, _f: &mut fmt::Formatter<'_>) -> fmt::Result {
        unimplemented!()
    }
}

/// Streaming case reader for one input file.
pub struct Reader {}

impl Reader {
    pub fn new(_format: Format) -> Self {
        unimplemented!()
    }

    /// Parses complete cases from `buf` (the unconsumed input, starting where the previous call
    /// stopped) into `out`, at most `max` of them, and returns how many bytes were consumed.
    /// Without `eof`, a case cut off by the end of `buf` is left unconsumed for the next call
    /// (with more bytes). With `eof`, the end-of-input checks run (T larger than the cases).
    /// On error, `out` holds every good case before the bad one.
    pub fn parse(
        &mut self,
        _buf: &[u8],
        _eof: bool,
        _out: &mut Vec<Puzzle>,
        _max: usize,
    ) -> Result<usize, ParseError> {
        unimplemented!()
    }

    /// True once the input is finished (all T cases read, or `end` seen): the rest is not read.
    pub fn done(&self) -> bool {
        unimplemented!()
    }
}

/// Appends the answer for case `case` (1-based, counted per file) in `format`'s spelling.
pub fn write_outcome(_format: Format, _case: u64, _puzzle: &Puzzle, _outcome: &Outcome, _out: &mut Vec<u8>) {
    unimplemented!()
}
