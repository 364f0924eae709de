//! Judge formats: bytes -> cases (the one streaming [`Reader`] of every format) and replies ->
//! bytes (the one writer, [`write_reply`]). Only this module knows how a case or an answer is
//! spelled.
//!
//! Behind the reader, one hand-tuned file per core format (`poj2676`, `hdu4069`, `line`,
//! `leetcode`: 9x9 cases held inline, no allocation per case) and the generic reader of every
//! [`spec::Spec`] (`generic`); [`detect::tuned`] says which serves an input. [`cursor`] is the
//! byte scanner they share (positions, blank bytes, error spellings), `counted` the T-prefixed
//! case loop of POJ 2676 and HDU 4069, and `sticky` the parse contract (consumed bytes, the
//! error that sticks) around every reader. Readers parse straight from the caller's bytes: no
//! string per line.
//!
//! Every tuned lane keeps its place by a measured win of 10% or more on the whole command
//! (`cargo bench --bench lanes`: each pair alternating on the same input, one thread's CPU
//! time, medians of 7 rounds; times in ms, read / whole):
//!
//! | lane | input | tuned | generic | generic / tuned | |
//! |---|---|---:|---:|---:|---|
//! | `line` reader | Kaggle 10k, 81-char lines | 1.2 / 11.8 | 2.9 / 13.9 | 2.48 / 1.18 | kept |
//! | `poj2676` + `counted` | 100,000 generated cases | 11.6 / 150.1 | 61.0 / 198.4 | 5.24 / 1.32 | kept |
//! | `hdu4069` + `counted` | 2,500 generated cases | 3.4 / 12.8 | 7.7 / 16.8 | 2.23 / 1.30 | kept |
//! | `leetcode` reader | 10,000 generated boards | 16.8 / 37.4 | none | - | kept: the only reader |
//! | `check/nine.rs` | the POJ file, right output | 55.5 / 67.9 | 446.2 / 458.6 | 8.04 / 6.76 | kept |
//! | input writers | the four files above | 0.1-4.4 ms | 1.2-17.0 ms | 1.4-8.2 / <1% of `gen` | gone |
//!
//! The tuned input writers (`inputs.rs`) went: however much faster at writing, they were at
//! most 0.8% of `gen`'s time on those files (`spell`: 1.8%), so [`write_input`] is
//! [`spell::write_case`] for every format.

pub mod answers;
pub mod cursor;
pub mod detect;
pub mod generic;
pub mod holds;
pub mod judges;
pub mod readback;
pub mod dominoes;
pub mod net;
pub mod record;
pub mod rules;
pub mod similar;
pub mod spec;
pub mod spell;

mod counted;
mod hdu4069;
pub mod leetcode;
mod line;
mod poj2676;
mod sticky;

pub use cursor::LINE_LIMIT;

use crate::input::Source;
use crate::model::{Answer, Outcome, ReplyRef};
use crate::model::{Case, Grid, N, Puzzle};
use cursor::{CELL, is_blank, is_space};
use std::fmt;
use std::io;
use std::str::FromStr;
use sticky::Sticky;

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
    /// Every format, in the order `--help` lists them.
    pub const ALL: [Format; 4] = [
        Format::Poj2676,
        Format::Hdu4069,
        Format::Line,
        Format::Leetcode,
    ];

    /// Guesses the format from the first bytes of an input; `None` when nothing fits.
    ///
    /// Leading blank lines are skipped. `[` means LeetCode; a `#` comment, an `end` line or 81
    /// puzzle characters mean 81-character lines; a count line followed by a row of nine digits
    /// (spaces allowed between them) means POJ 2676, followed by a row of nine numbers of
    /// which some have more than one digit means HDU 4069; a count of 0 with nothing after it
    /// is read as POJ 2676.
    pub fn detect(head: &[u8]) -> Option<Format> {
        let mut lines = detect::lines(head);
        let first = lines.next()?;
        match first[0] {
            b'[' => return Some(Format::Leetcode),
            b'#' => return Some(Format::Line),
            _ => {}
        }
        if first == b"end"
            || (first.len() >= 81 && first[..81].iter().all(|&b| CELL[b as usize] != cursor::BAD))
        {
            return Some(Format::Line);
        }
        if !first.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let Some(second) = lines.next() else {
            return first.iter().all(|&b| b == b'0').then_some(Format::Poj2676);
        };
        if !second.iter().all(|&b| b.is_ascii_digit() || is_blank(b)) {
            return None;
        }
        let tokens = second.split(|&b| is_blank(b)).filter(|t| !t.is_empty());
        let (count, longest) = tokens.fold((0, 0), |(n, m), t| (n + 1, m.max(t.len())));
        let digits = second.iter().filter(|b| b.is_ascii_digit()).count();
        // Nine digits in other than nine tokens (`103000509`, `1 0 3\t000 5 0 9`) cannot be an
        // HDU row, which always has nine numbers.
        if digits == N && (longest <= 1 || count != N) {
            Some(Format::Poj2676)
        } else if count > 1 && longest > 1 {
            Some(Format::Hdu4069)
        } else {
            None
        }
    }

    /// The solution limit the format's answers need: 2 for HDU 4069, 1 otherwise.
    pub fn limit(self) -> u32 {
        match self {
            Format::Hdu4069 => 2,
            _ => 1,
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Poj2676 => "poj2676",
            Format::Hdu4069 => "hdu4069",
            Format::Line => "line",
            Format::Leetcode => "leetcode",
        }
    }

    /// The format called `name` on the command line.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// True when a case without a solution is an error of the run (the format has no word for
    /// it beyond the `No solution` line); HDU 4069 answers it as a normal outcome.
    pub fn no_solution_is_error(self) -> bool {
        self != Format::Hdu4069
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::from_name(s).ok_or_else(|| {
            let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
            format!("unknown format '{s}' (known: {})", names.join(", "))
        })
    }
}

fn trim_blank(mut l: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = l
        && is_space(*first)
    {
        l = rest;
    }
    while let [rest @ .., last] = l
        && is_space(*last)
    {
        l = rest;
    }
    l
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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.pos.line, self.pos.col)?;
        if let Some(k) = self.case {
            write!(f, "case {k}: ")?;
        }
        f.write_str(&self.msg)
    }
}

impl std::error::Error for ParseError {}

/// The streaming case reader of every format: the cases of one input, as [`Case`]s.
///
/// Built from the problem's [`Spec`](spec::Spec), it reads with the hand-tuned 9x9 reader
/// the spec names (POJ 2676, HDU 4069, 81-character lines, LeetCode boards: cases held inline,
/// nothing allocated per case) or the generic reader that the spec drives (every other format
/// and size). Which one is private; the cases and errors are the format's.
pub struct Reader {
    inner: Inner,
}

enum Inner {
    Poj(Sticky<counted::Counted<poj2676::PojRows>>),
    Hdu(Box<Sticky<counted::Counted<hdu4069::HduRows>>>),
    Line(Sticky<line::LineReader>),
    Leetcode(Sticky<leetcode::BoardReader>),
    Generic(Box<Sticky<generic::GenericReader>>),
}

impl Reader {
    /// The reader of `spec`'s inputs. `head` is the input's first bytes (as many as are at
    /// hand; empty is fine): 81-character-line files whose first puzzle is of another size
    /// are read by the generic reader ([`detect::tuned`]).
    pub fn new(spec: &'static spec::Spec, head: &[u8]) -> Self {
        match detect::tuned(spec, head) {
            Some(f) => Reader::tuned(f),
            None => Reader::generic(spec),
        }
    }

    /// The generic reader of `spec`, even where a hand-tuned one serves its 9x9 files (for
    /// tests and fuzzing, which hold the two to the same cases).
    pub fn generic(spec: &'static spec::Spec) -> Self {
        Reader {
            inner: Inner::Generic(Box::new(Sticky::new(generic::GenericReader::new(spec)))),
        }
    }

    /// The reader of `spec` for the input in `source`, which is read ahead (not consumed)
    /// only where the reader depends on the first bytes (81-character lines).
    pub fn open(spec: &'static spec::Spec, source: &mut Source) -> io::Result<Self> {
        Ok(Reader::new(spec, detect::reader_head(spec, source)?))
    }

    /// The hand-tuned reader of a core format, whatever the input.
    pub fn tuned(format: Format) -> Self {
        let inner = match format {
            Format::Poj2676 => Inner::Poj(Default::default()),
            Format::Hdu4069 => Inner::Hdu(Default::default()),
            Format::Line => Inner::Line(Default::default()),
            Format::Leetcode => Inner::Leetcode(Default::default()),
        };
        Reader { inner }
    }

    /// Parses complete cases from `buf` (the unconsumed input, starting where the previous call
    /// stopped) into `out`, at most `max` of them, and returns how many bytes were consumed.
    /// Without `eof`, a case cut off by the end of `buf` is left unconsumed for the next call
    /// (with more bytes). With `eof`, the end-of-input checks run (T larger than the cases).
    /// On error, `out` holds every good case before the bad one.
    ///
    /// With `eof`, a call that returns fewer than `max` cases has finished the input:
    /// [`Reader::done`] is then true. Once an error has been returned, every later call returns
    /// it again. Lines longer than [`LINE_LIMIT`] bytes are judged on their first
    /// `LINE_LIMIT` bytes (81-character lines ignore everything after the 81st anyway).
    pub fn parse(
        &mut self,
        buf: &[u8],
        eof: bool,
        out: &mut Vec<Case>,
        max: usize,
    ) -> Result<usize, ParseError> {
        match &mut self.inner {
            Inner::Poj(r) => r.parse(buf, eof, out, max),
            Inner::Hdu(r) => r.parse(buf, eof, out, max),
            Inner::Line(r) => r.parse(buf, eof, out, max),
            Inner::Leetcode(r) => r.parse(buf, eof, out, max),
            Inner::Generic(r) => r.parse(buf, eof, out, max),
        }
    }

    /// A maker of readers for pieces of this reader's input cut at line breaks, where a piece
    /// read alone gives the cases, errors and `end` the whole input gives there, lines and
    /// cases counted from the piece's start: 81-character lines (a case is one line, and
    /// nothing carries over a line break), before anything is read. `None` for every other
    /// reader (`pipeline` reads such inputs from one thread).
    pub fn pieces(&self) -> Option<fn() -> Reader> {
        match &self.inner {
            Inner::Line(r) if r.inner().is_some_and(line::LineReader::untouched) => {
                Some(|| Reader::tuned(Format::Line))
            }
            _ => None,
        }
    }

    /// True once the input is finished (all T cases read, or `end` seen): the rest is not read.
    ///
    /// For the T-prefixed formats the bytes after the T-th case must still be blank, so this
    /// turns true only when the end of input has been checked. It is also true after an error.
    pub fn done(&self) -> bool {
        match &self.inner {
            Inner::Poj(r) => r.done(),
            Inner::Hdu(r) => r.done(),
            Inner::Line(r) => r.done(),
            Inner::Leetcode(r) => r.done(),
            Inner::Generic(r) => r.done(),
        }
    }

    /// The number of cases the input declares on its count line, once that line is read;
    /// `None` before, and always for formats without one. (`validate --strict` spells the
    /// count line back from it.)
    pub fn declared(&self) -> Option<u64> {
        match &self.inner {
            Inner::Poj(r) => r.declared(),
            Inner::Hdu(r) => r.declared(),
            Inner::Line(r) => r.declared(),
            Inner::Leetcode(r) => r.declared(),
            Inner::Generic(r) => r.declared(),
        }
    }
}

/// Appends the engine's reply to case `number` (1-based in the whole input) in `spec`'s
/// spelling: the one writer of answers. Returns true when the case has no solution and the
/// format has no word for it (the answer is then the line [`spell::NO_SOLUTION`]).
///
/// A 9x9 case held inline of a core format is spelled by that format's own writer (a tuned
/// solver's outcome without building an [`Answer`]); everything else by the spec writer
/// ([`spell::write_answer`]).
#[inline]
pub fn write_reply(
    spec: &spec::Spec,
    number: u64,
    case: &Case,
    reply: ReplyRef<'_>,
    out: &mut Vec<u8>,
) -> bool {
    if let (Case::Nine(p), ReplyRef::Nine(o), Some(f)) = (case, reply, spec.core()) {
        write_outcome(f, number, p, o, out);
        return o.count == 0 && f.no_solution_is_error();
    }
    write_answer(spec, number, case, reply, out)
}

/// [`write_reply`] of an [`Answer`], or of a 9x9 outcome outside a core format: out of line,
/// so that the path of the easy 9x9 files stays small.
#[inline(never)]
fn write_answer(
    spec: &spec::Spec,
    number: u64,
    case: &Case,
    reply: ReplyRef<'_>,
    out: &mut Vec<u8>,
) -> bool {
    if let (Case::Nine(p), ReplyRef::Any(a), Some(f)) = (case, reply, spec.core()) {
        let outcome = match a {
            Answer::Solved(g) => Some(outcome(1, g)),
            Answer::Multiple(g) => Some(outcome(2, g)),
            Answer::NoSolution => Some(Outcome::NONE),
            _ => None,
        };
        if let Some(o) = outcome {
            write_outcome(f, number, p, &o, out);
            return o.count == 0 && f.no_solution_is_error();
        }
    }
    match reply {
        ReplyRef::Nine(o) => spell::write_answer(spec, number, case, &o.answer(spec.mode), out),
        ReplyRef::Any(a) => spell::write_answer(spec, number, case, a, out),
    }
}

/// Appends case `number` (1-based) of a `spec` file as the judge's input spells it: the one
/// writer of inputs (`gen`, `stress`, packages), [`spell::write_case`]; the count line is
/// [`spell::write_count`]'s. (The core formats' own input writers went: `benches/lanes.rs`
/// timed them at 0.0-0.8% of `gen`'s time on their files, `spell` at 0.2-1.8%.)
pub fn write_input(spec: &spec::Spec, number: u64, case: &Case, out: &mut Vec<u8>) {
    spell::write_case(spec, number, case, out);
}

/// Every case of a whole input of `spec` held in memory (a sample, a file made in memory), or
/// the first malformed one.
pub fn read_all(spec: &'static spec::Spec, input: &[u8]) -> Result<Vec<Case>, ParseError> {
    let mut cases = Vec::new();
    Reader::new(spec, input).parse(input, true, &mut cases, usize::MAX)?;
    Ok(cases)
}

/// The outcome a tuned writer spells for `count` solutions, the first `grid`.
fn outcome(count: u32, grid: &[u8]) -> Outcome {
    Outcome {
        count,
        solution: grid.try_into().ok(),
    }
}

/// Appends the answer for case `case` (1-based, counted per file) in `format`'s spelling.
pub fn write_outcome(
    format: Format,
    case: u64,
    _puzzle: &Puzzle,
    outcome: &Outcome,
    out: &mut Vec<u8>,
) {
    match format {
        Format::Poj2676 => poj2676::write(outcome, out),
        Format::Hdu4069 => hdu4069::write(case, outcome, out),
        Format::Line => line::write(outcome, out),
        Format::Leetcode => leetcode::write(outcome, out),
    }
}

/// Writes row `r` of `grid` as nine ASCII digits into `to` (nine bytes).
#[inline]
fn grid_row(grid: &Grid, r: usize, to: &mut [u8]) {
    for (t, &d) in to.iter_mut().zip(&grid[r * N..r * N + N]) {
        *t = b'0' + d;
    }
}

#[cfg(test)]
pub(crate) mod testutil {
    //! Drivers that feed a reader the way the pipeline does, in any chunking.

    use super::{Format, ParseError, Reader};
    pub use crate::model::testutil::grid;
    use crate::model::{Case, Puzzle};

    /// The puzzles of cases a tuned reader read (it holds every case inline).
    fn nine(cases: Vec<Case>) -> Vec<Puzzle> {
        cases
            .into_iter()
            .map(|c| match c {
                Case::Nine(p) => p,
                _ => panic!("a tuned reader read a board"),
            })
            .collect()
    }

    /// Feeds `input` `chunk` bytes at a time, at most `max` cases per call, dropping consumed
    /// bytes like the pipeline; returns the cases and the error, if any.
    pub fn drive(
        format: Format,
        input: &[u8],
        chunk: usize,
        max: usize,
    ) -> (Vec<Puzzle>, Option<ParseError>) {
        let (cases, e, _) = drive_held(format, input, chunk, max);
        (cases, e)
    }

    /// [`drive`], also returning the most bytes the caller ever held unconsumed (what the
    /// reader had not let go of, plus the chunk just read).
    pub fn drive_held(
        format: Format,
        input: &[u8],
        chunk: usize,
        max: usize,
    ) -> (Vec<Puzzle>, Option<ParseError>, usize) {
        let mut r = Reader::tuned(format);
        let mut buf = Vec::new();
        let mut fed = 0;
        let mut out = Vec::new();
        let mut held = 0;
        loop {
            let eof = fed == input.len();
            let before = out.len();
            held = held.max(buf.len());
            match r.parse(&buf, eof, &mut out, max) {
                Ok(n) => drop(buf.drain(..n)),
                Err(e) => return (nine(out), Some(e), held),
            }
            assert!(out.len() - before <= max, "more than max cases in one call");
            if r.done() {
                return (nine(out), None, held);
            }
            if eof {
                assert_eq!(out.len() - before, max, "reader stalled at end of input");
                continue;
            }
            let take = chunk.min(input.len() - fed);
            buf.extend_from_slice(&input[fed..fed + take]);
            fed += take;
        }
    }

    /// The whole input in one buffer.
    pub fn parse_all(format: Format, input: &[u8]) -> (Vec<Puzzle>, Option<ParseError>) {
        drive(format, input, input.len().max(1), usize::MAX)
    }

    /// `chunk` bytes at a time.
    pub fn parse_chunked(
        format: Format,
        input: &[u8],
        chunk: usize,
    ) -> (Vec<Puzzle>, Option<ParseError>) {
        drive(format, input, chunk, usize::MAX)
    }

    /// Parses `input` whole, then split at every point and in small chunks, one case per call;
    /// asserts every way gives the same cases and error, and returns them.
    pub fn parse_every_split(format: Format, input: &[u8]) -> (Vec<Puzzle>, Option<ParseError>) {
        let want = parse_all(format, input);
        for split in 0..=input.len() {
            let mut r = Reader::tuned(format);
            let mut out = Vec::new();
            let got = (|| {
                let n = r.parse(&input[..split], false, &mut out, usize::MAX)?;
                let rest = &input[n..];
                r.parse(rest, true, &mut out, usize::MAX)?;
                assert!(r.done(), "not done after the end of input");
                Ok(())
            })();
            assert_eq!(
                (&nine(out), got.err()),
                (&want.0, want.1.clone()),
                "split at {split}"
            );
        }
        for chunk in [1, 2, 3, 7, 64] {
            for max in [1, 3] {
                assert_eq!(
                    drive(format, input, chunk, max),
                    want,
                    "chunk {chunk}, max {max}"
                );
            }
        }
        want
    }

    /// The message of the error `input` stops on, checked to be the same in every chunking;
    /// panics when `input` parses without one.
    pub fn error(format: Format, input: &str) -> String {
        parse_every_split(format, input.as_bytes())
            .1
            .expect("input parsed without an error")
            .to_string()
    }

    /// The whole of `input`, which must read without an error: the cases of a test fixture.
    pub fn cases(format: Format, input: &str) -> Vec<Puzzle> {
        let (cases, e) = parse_all(format, input.as_bytes());
        assert_eq!(e, None, "fixture reads without an error");
        cases
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for f in Format::ALL {
            assert_eq!(f.name().parse::<Format>(), Ok(f));
            assert_eq!(f.to_string(), f.name());
        }
        assert!(
            "poj"
                .parse::<Format>()
                .unwrap_err()
                .contains("known: poj2676")
        );
        assert_eq!(Format::Hdu4069.limit(), 2);
        assert_eq!(Format::Poj2676.limit(), 1);
        assert_eq!(Format::Line.limit(), 1);
        assert_eq!(Format::Leetcode.limit(), 1);
    }

    #[test]
    fn error_display_with_and_without_case() {
        let mut e = ParseError {
            pos: Pos { line: 14, col: 6 },
            case: Some(2),
            msg: "expected a digit 0-9, found 'x'".into(),
        };
        assert_eq!(
            e.to_string(),
            "14:6: case 2: expected a digit 0-9, found 'x'"
        );
        e.case = None;
        assert_eq!(e.to_string(), "14:6: expected a digit 0-9, found 'x'");
    }

    /// A megabyte of blanks inside a case (after its first `cut` bytes), for each format: the
    /// reader lets go of them as it skips them, and reads the case as it reads it without.
    #[test]
    fn blanks_inside_a_case_are_not_held() {
        use crate::model::testutil::POJ_SAMPLE_IN;
        use testutil::{cases, drive_held};
        const HDU_SAMPLE_IN: &str = include_str!("../../testdata/hdu4069/sample.in");
        const LEETCODE_EXAMPLE_IN: &str = include_str!("../../testdata/leetcode/example.in");
        let line81 =
            ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n";
        let inputs = [
            // Between two rows; the line format's blank lines come before the puzzle.
            (Format::Poj2676, POJ_SAMPLE_IN, 2 + 10 * 4, b'\n'),
            (Format::Hdu4069, HDU_SAMPLE_IN, 2, b' '),
            (Format::Hdu4069, HDU_SAMPLE_IN, 2, b'\n'),
            (Format::Leetcode, LEETCODE_EXAMPLE_IN, 40, b'\n'),
            (Format::Leetcode, LEETCODE_EXAMPLE_IN, 39, b' '),
            (Format::Line, line81, 0, b'\n'),
            (Format::Line, line81, 0, b'\t'),
        ];
        for (format, input, cut, blank) in inputs {
            let mut padded = input.as_bytes()[..cut].to_vec();
            padded.extend(std::iter::repeat_n(blank, 1 << 20));
            padded.extend_from_slice(&input.as_bytes()[cut..]);
            let chunk = 4096;
            let (got, e, held) = drive_held(format, &padded, chunk, usize::MAX);
            assert_eq!(e, None, "{format}");
            assert_eq!(got, cases(format, input), "{format}");
            assert!(held <= chunk + 512, "{format}: held {held} bytes");
        }
    }

    /// Line numbers count the line breaks skipped without being kept.
    #[test]
    fn positions_after_a_long_blank_run_inside_a_case() {
        use crate::model::testutil::POJ_SAMPLE_IN;
        let blank = 100_000;
        let mut input = POJ_SAMPLE_IN.as_bytes()[..2 + 10 * 4].to_vec();
        input.extend(std::iter::repeat_n(b'\n', blank));
        input.extend_from_slice(b"  12x\n");
        let (_, e, _) = testutil::drive_held(Format::Poj2676, &input, 1000, usize::MAX);
        let e = e.expect("the bad row");
        assert_eq!(
            e.pos,
            Pos {
                line: 6 + blank as u64,
                col: 5
            }
        );
        assert_eq!(e.case, Some(1));
        let mut input = vec![b'\n'; blank];
        input.extend_from_slice(b"  \t12x\n");
        let (_, e, _) = testutil::drive_held(Format::Line, &input, 1000, usize::MAX);
        assert_eq!(
            e.expect("the bad line").pos,
            Pos {
                line: 1 + blank as u64,
                col: 6
            }
        );
    }

    #[test]
    fn detect_each_format() {
        let line81 =
            ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
        let cases: [(&str, Option<Format>); 15] = [
            ("\n\n[[\"5\"", Some(Format::Leetcode)),
            ("# comment\n", Some(Format::Line)),
            (line81, Some(Format::Line)),
            ("end\n", Some(Format::Line)),
            ("1\n103000509\n", Some(Format::Poj2676)),
            ("\r\n 2 \r\n1 0 3 0 0 0 5 0 9\r\n", Some(Format::Poj2676)),
            ("0\n", Some(Format::Poj2676)),
            ("2\n1 0 3\t000  5 0 9\n", Some(Format::Poj2676)),
            ("3\n144 18 112 208 80 25 54 144 48\n", Some(Format::Hdu4069)),
            ("3\n\n144 18 112", Some(Format::Hdu4069)),
            ("", None),
            ("\n \n", None),
            ("2\n", None),
            ("\x00\x01garbage", None),
            ("1\nhello\n", None),
        ];
        for (head, want) in cases {
            assert_eq!(Format::detect(head.as_bytes()), want, "{head:?}");
        }
        let tdoku = format!("{line81}:1:{}\n", "5".repeat(81));
        assert_eq!(Format::detect(tdoku.as_bytes()), Some(Format::Line));
    }
}
