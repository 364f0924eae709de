//! The push parser under every reader: bytes fed in pieces of any size, cases out, the same
//! cases and the same first error however the input is split.

use super::error::Cursor;
use super::{Case, Error, Problem};
use crate::format::Format;
use crate::format::Reader as Inner;
use crate::format::cursor::is_blank;
use crate::format::detect::HEAD;
use std::collections::VecDeque;

/// Cases parsed per call of the reader underneath: bounds the queue a large feed fills.
const BATCH: usize = 1024;

/// A resumable parser of one problem's input: feed it bytes as they come
/// ([`Parser::feed`]), say when they end ([`Parser::finish`]), and take the cases
/// ([`Parser::next_case`]). It gives the same cases and the same first error however the input
/// is cut into pieces, holds only what it has not parsed yet, and reads exactly as `sudoku-judge
/// solve` reads. A [`Reader`](crate::Reader) drives one over an [`io::Read`](std::io::Read).
///
/// ```
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let mut parser = sudoku_judge::Parser::new(p);
/// let mut cases = Vec::new();
/// for piece in p.sample_input().chunks(7) {
///     parser.feed(piece);
///     while let Some(case) = parser.next_case()? {
///         cases.push(case);
///     }
/// }
/// parser.finish();
/// while let Some(case) = parser.next_case()? {
///     cases.push(case);
/// }
/// assert!(parser.is_done());
/// assert_eq!(cases, sudoku_judge::read(p, p.sample_input())?);
/// # Ok::<(), sudoku_judge::Error>(())
/// ```
pub struct Parser {
    problem: Problem,
    /// Built once the first bytes say which reader serves the input.
    reader: Option<Inner>,
    /// The bytes fed and not yet consumed: `buf[start..]`.
    buf: Vec<u8>,
    start: usize,
    /// Where `buf[start]` is in the input.
    at: Cursor,
    eof: bool,
    /// Cases parsed and not yet taken.
    cases: VecDeque<Case>,
    /// The first error, returned again by every later call once its cases are taken.
    error: Option<Error>,
    /// The reader has seen the end of the input.
    finished: bool,
}

/// Its problem and what it holds, so that a struct holding one can derive `Debug`.
///
/// ```
/// let p = sudoku_judge::problem("line").unwrap();
/// let parser = sudoku_judge::Parser::new(p);
/// assert!(format!("{parser:?}").starts_with("Parser { problem: Problem(\"line\")"));
/// ```
impl std::fmt::Debug for Parser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Parser")
            .field("problem", &self.problem)
            .field("buffered", &(self.buf.len() - self.start))
            .field("cases", &self.cases.len())
            .field("eof", &self.eof)
            .finish_non_exhaustive()
    }
}

impl Parser {
    /// A parser of `problem`'s input that has read nothing yet.
    ///
    /// ```
    /// let parser = sudoku_judge::Parser::new(sudoku_judge::problem("line").unwrap());
    /// assert!(!parser.is_done());
    /// ```
    pub fn new(problem: Problem) -> Parser {
        Parser {
            problem,
            reader: None,
            buf: Vec::new(),
            start: 0,
            at: Cursor::default(),
            eof: false,
            cases: VecDeque::new(),
            error: None,
            finished: false,
        }
    }

    /// The problem whose input it reads.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// assert_eq!(sudoku_judge::Parser::new(p).problem(), p);
    /// ```
    pub fn problem(&self) -> Problem {
        self.problem
    }

    /// The next bytes of the input. Bytes fed after [`Parser::finish`] are ignored.
    ///
    /// ```
    /// let mut parser = sudoku_judge::Parser::new(sudoku_judge::problem("line").unwrap());
    /// parser.feed(b"4.....8.5.3..........7......2.....6.....8.4......1....");
    /// assert_eq!(parser.next_case().unwrap(), None); // the line is not complete yet
    /// parser.feed(b"...6.3.7.5..2.....1.4......\n");
    /// assert_eq!(parser.next_case().unwrap().unwrap().cells()[0], 4);
    /// ```
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.eof || self.finished || self.error.is_some() {
            return;
        }
        // Drop what was consumed once it is most of the buffer, so that the buffer holds the
        // unconsumed bytes and not the input.
        if self.start > 0 && self.start >= self.buf.len() / 2 {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        self.buf.extend_from_slice(bytes);
    }

    /// Says the input ends here: the end-of-input checks run (a count line that promised more
    /// cases, a case cut off) and the last case comes out.
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let mut parser = sudoku_judge::Parser::new(p);
    /// parser.feed(b"2\n");
    /// assert_eq!(parser.next_case().unwrap(), None);
    /// parser.finish();
    /// let e = parser.next_case().unwrap_err(); // two cases promised, none there
    /// assert_eq!(e.position().unwrap().line(), 2);
    /// ```
    pub fn finish(&mut self) {
        self.eof = true;
    }

    /// The next case; `Ok(None)` when no complete case is in what was fed (feed more, or, once
    /// [`Parser::is_done`], the input is finished). Every case before a malformed one comes
    /// out first; then the error, and the same error again at every later call.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let mut parser = sudoku_judge::Parser::new(p);
    /// parser.feed(&[&[b'.'; 81][..], b"\nnot a puzzle\n"].concat());
    /// parser.finish();
    /// assert_eq!(parser.next_case().unwrap().unwrap().givens(), 0);
    /// let e = parser.next_case().unwrap_err();
    /// assert_eq!(e.position().unwrap().line(), 2);
    /// assert!(parser.next_case().is_err());
    /// ```
    pub fn next_case(&mut self) -> Result<Option<Case>, Error> {
        loop {
            if let Some(case) = self.cases.pop_front() {
                return Ok(Some(case));
            }
            if let Some(e) = &self.error {
                return Err(e.again());
            }
            if self.finished || !self.parse() {
                return Ok(None);
            }
        }
    }

    /// True once the input is finished: every case read (the count line's, or up to the
    /// end), or an error met. Cases may still wait to be taken by [`Parser::next_case`].
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let mut parser = sudoku_judge::Parser::new(p);
    /// parser.feed(b"0\n");
    /// parser.finish();
    /// assert_eq!(parser.next_case().unwrap(), None);
    /// assert!(parser.is_done());
    /// ```
    pub fn is_done(&self) -> bool {
        self.finished || self.error.is_some()
    }

    /// Parses one batch of what was fed; false when nothing more can come of it until more
    /// bytes are fed (or ever).
    fn parse(&mut self) -> bool {
        let window = &self.buf[self.start..];
        if self.reader.is_none() {
            let spec = self.problem.0;
            // 81-character lines whose first puzzle is of another size take another reader:
            // wait for that first line (or as much as the command line looks at).
            let head = if spec.tuned == Some(Format::Line) {
                if !(self.eof || window.len() >= HEAD || has_first_line(window)) {
                    return false;
                }
                &window[..window.len().min(HEAD)]
            } else {
                &[][..]
            };
            self.reader = Some(Inner::new(spec, head));
        }
        let Some(reader) = self.reader.as_mut() else {
            return false;
        };
        let mut out = Vec::new();
        match reader.parse(window, self.eof, &mut out, BATCH) {
            Ok(n) => {
                let got = out.len();
                self.cases.extend(out.into_iter().map(Case));
                self.at.advance(&window[..n]);
                self.start += n;
                if reader.done() || (self.eof && got < BATCH) {
                    self.finished = true;
                }
                got > 0 || self.finished
            }
            Err(e) => {
                self.cases.extend(out.into_iter().map(Case));
                self.error = Some(Error::parse(e, self.at, window));
                self.buf = Vec::new();
                self.start = 0;
                true
            }
        }
    }
}

/// True when `window` holds a whole line that is not blank or a `#` comment: the line that
/// tells an 81-character-line file's reader.
fn has_first_line(window: &[u8]) -> bool {
    let Some(end) = memchr::memrchr(b'\n', window) else {
        return false;
    };
    window[..end].split(|&b| b == b'\n').any(|l| {
        l.iter()
            .find(|&&b| !is_blank(b))
            .is_some_and(|&b| b != b'#')
    })
}

/// Reads every case of a whole input of `problem` held in memory, or the first malformed case
/// (the cases before it are lost here: a [`Parser`] or a [`Reader`](crate::Reader) gives them).
///
/// ```
/// let p = sudoku_judge::problem("poj3076").unwrap();
/// let input = std::fs::read("testdata/poj3076/sample.in").unwrap();
/// let cases = sudoku_judge::read(p, &input).unwrap();
/// assert_eq!(cases[0].side(), 16);
/// ```
pub fn read(problem: Problem, input: &[u8]) -> Result<Vec<Case>, Error> {
    let mut cases = Vec::new();
    crate::format::Reader::new(problem.0, &input[..input.len().min(HEAD)])
        .parse(input, true, &mut cases, usize::MAX)
        .map_err(|e| Error::parse(e, Cursor::default(), input))?;
    Ok(cases.into_iter().map(Case).collect())
}
