//! A [`Reader`] of one problem's input over any [`io::Read`]: the cases one by one, in bounded
//! memory.

use super::{Case, Error, Parser, Problem};
use std::io::{self, Read};

/// Bytes asked of the underlying reader per call.
const BLOCK: usize = 64 * 1024;

/// Reads one problem's cases from any [`io::Read`] (a file, stdin, a socket, bytes in memory),
/// one at a time, holding only the case being read: the same cases and errors as
/// `sudoku-judge solve --format NAME`. It reads in blocks of its own, so the underlying reader
/// need not be buffered.
///
/// ```
/// let p = sudoku_judge::problem("hdu4069").unwrap();
/// let file = std::fs::File::open("testdata/hdu4069/sample.in")?;
/// let mut reader = sudoku_judge::Reader::new(p, file);
/// let mut sides = Vec::new();
/// for case in reader.cases() {
///     sides.push(case?.side());
/// }
/// assert_eq!(sides, [9, 9, 9]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Reader<R> {
    inner: R,
    parser: Parser,
    block: Vec<u8>,
    /// An error has been handed out: nothing more comes.
    stopped: bool,
}

/// Its problem and whether it has stopped, so that a struct holding one can derive `Debug`.
///
/// ```
/// let p = sudoku_judge::problem("line").unwrap();
/// let reader = sudoku_judge::Reader::new(p, &b""[..]);
/// assert!(format!("{reader:?}").starts_with("Reader { problem: Problem(\"line\")"));
/// ```
impl<R> std::fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reader")
            .field("problem", &self.parser.problem())
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

impl<R: Read> Reader<R> {
    /// A reader of `problem`'s cases from `inner`.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let reader = sudoku_judge::Reader::new(p, &b"end\n"[..]);
    /// assert_eq!(reader.problem(), p);
    /// ```
    pub fn new(problem: Problem, inner: R) -> Reader<R> {
        Reader {
            inner,
            parser: Parser::new(problem),
            block: Vec::new(),
            stopped: false,
        }
    }

    /// The problem whose cases it reads.
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// assert_eq!(sudoku_judge::Reader::new(p, std::io::empty()).problem().name(), "poj2676");
    /// ```
    pub fn problem(&self) -> Problem {
        self.parser.problem()
    }

    /// The next case; `Ok(None)` at the end of the input. After an error (malformed input, or
    /// the underlying reader's), every later call gives `Ok(None)`.
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let mut reader = sudoku_judge::Reader::new(p, p.sample_input());
    /// assert_eq!(reader.read_case()?.unwrap().side(), 9);
    /// assert!(reader.read_case()?.is_none());
    /// # Ok::<(), sudoku_judge::Error>(())
    /// ```
    pub fn read_case(&mut self) -> Result<Option<Case>, Error> {
        if self.stopped {
            return Ok(None);
        }
        let got = self.next();
        self.stopped = got.is_err();
        got
    }

    /// The cases, one by one; an error ends them.
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let input = b"2\n".iter().chain(&p.sample_input()[2..]).copied().collect::<Vec<u8>>();
    /// let got: Vec<_> = sudoku_judge::Reader::new(p, &input[..]).cases().collect();
    /// assert_eq!(got.len(), 2); // the sample's case, then the missing second one
    /// assert!(got[0].is_ok());
    /// assert!(got[1].is_err());
    /// ```
    pub fn cases(&mut self) -> Cases<'_, R> {
        Cases { reader: self }
    }

    /// The underlying reader.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let reader = sudoku_judge::Reader::new(p, std::io::Cursor::new(b"end\n"));
    /// assert_eq!(reader.get_ref().position(), 0);
    /// ```
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The underlying reader, given back (bytes read ahead of the last case are lost).
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let reader = sudoku_judge::Reader::new(p, std::io::Cursor::new(b"end\n"));
    /// assert_eq!(reader.into_inner().into_inner(), b"end\n");
    /// ```
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// The next case, reading blocks until one is complete or the input ends.
    fn next(&mut self) -> Result<Option<Case>, Error> {
        loop {
            if let Some(case) = self.parser.next_case()? {
                return Ok(Some(case));
            }
            if self.parser.is_done() {
                return Ok(None);
            }
            if self.block.is_empty() {
                self.block = vec![0; BLOCK];
            }
            let n = loop {
                match self.inner.read(&mut self.block) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e.into()),
                }
            };
            if n == 0 {
                self.parser.finish();
            } else {
                self.parser.feed(&self.block[..n]);
            }
        }
    }
}

/// The cases of a [`Reader`], from [`Reader::cases`]: each a case or the error that ends them.
///
/// ```
/// let p = sudoku_judge::problem("hdu4069").unwrap();
/// let mut reader = sudoku_judge::Reader::new(p, p.sample_input());
/// let cases: sudoku_judge::Cases<'_, _> = reader.cases();
/// assert_eq!(cases.count(), 3);
/// ```
pub struct Cases<'r, R> {
    reader: &'r mut Reader<R>,
}

impl<R: Read> Iterator for Cases<'_, R> {
    type Item = Result<Case, Error>;

    fn next(&mut self) -> Option<Result<Case, Error>> {
        self.reader.read_case().transpose()
    }
}
