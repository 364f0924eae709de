//! The `parse`/`done` contract of [`super::Reader`] written once for every format: a reader
//! only scans ([`Resumable::run`]); [`Sticky`] hands the consumed bytes back and keeps the
//! first error, so that every later call returns it again.

use super::ParseError;
use super::cursor::Scan;
use crate::model::Case;

/// One format's streaming scanner, resumable between calls at its [`Scan`] offset.
pub(crate) trait Resumable {
    /// Scans `buf` from the scanner's offset, pushing at most `max` complete cases to `out`;
    /// stops early (returning `Ok`) when a case is cut off by the end of `buf` and not `eof`.
    /// The bytes the caller may drop are those up to the scanner's commit mark.
    fn run(
        &mut self,
        buf: &[u8],
        eof: bool,
        out: &mut Vec<Case>,
        max: usize,
    ) -> Result<(), ParseError>;

    /// The scanner `run` advances.
    fn scan(&mut self) -> &mut Scan;

    /// True once `run` has seen the end of the input (T cases and the end checks, or `end`).
    fn finished(&self) -> bool;

    /// The number of cases the input declares (its count line), once read; `None` for formats
    /// without one.
    fn declared(&self) -> Option<u64> {
        None
    }
}

/// A reader with the error it stopped on; see [`super::Reader::parse`] for the contract.
#[derive(Default)]
pub(crate) struct Sticky<R> {
    reader: R,
    error: Option<ParseError>,
}

impl<R: Resumable> Sticky<R> {
    /// A reader that has read nothing yet.
    pub fn new(reader: R) -> Self {
        Sticky {
            reader,
            error: None,
        }
    }

    pub fn parse(
        &mut self,
        buf: &[u8],
        eof: bool,
        out: &mut Vec<Case>,
        max: usize,
    ) -> Result<usize, ParseError> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        if self.reader.finished() {
            return Ok(0);
        }
        debug_assert!(
            self.reader.scan().off <= buf.len(),
            "buffer lost unconsumed bytes"
        );
        match self.reader.run(buf, eof, out, max) {
            Ok(()) => Ok(self.reader.scan().rebase()),
            Err(e) => {
                self.error = Some(e.clone());
                Err(e)
            }
        }
    }

    /// The reader, unless it has stopped on an error.
    pub fn inner(&self) -> Option<&R> {
        self.error.is_none().then_some(&self.reader)
    }

    /// Finished reading, or stopped by an error: either way nothing more is read.
    pub fn done(&self) -> bool {
        self.error.is_some() || self.reader.finished()
    }

    pub fn declared(&self) -> Option<u64> {
        self.reader.declared()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Reader};

    /// Per format: an input read to its end, and one that fails.
    const INPUTS: [(Format, &str, &str); 4] = [
        (Format::Poj2676, "0\n", "1\nx\n"),
        (Format::Hdu4069, "0\n", "1\nx\n"),
        (Format::Line, "end\n", "x\n"),
        (Format::Leetcode, "\n", "x\n"),
    ];

    #[test]
    fn the_first_error_sticks_and_a_finished_reader_reads_nothing() {
        for (format, good, bad) in INPUTS {
            let mut r = Reader::tuned(format);
            let mut out = Vec::new();
            let n = r.parse(good.as_bytes(), true, &mut out, 9);
            assert!(matches!(n, Ok(n) if n <= good.len()), "{format}: {n:?}");
            assert!(r.done(), "{format}");
            assert_eq!(r.parse(bad.as_bytes(), true, &mut out, 9), Ok(0));
            assert!(out.is_empty());

            let mut r = Reader::tuned(format);
            assert!(!r.done());
            let e = r.parse(bad.as_bytes(), true, &mut out, 9).unwrap_err();
            assert!(r.done(), "{format}: not done after {e}");
            assert_eq!(r.parse(good.as_bytes(), true, &mut out, 9), Err(e.clone()));
            assert_eq!(r.parse(b"", false, &mut out, 9), Err(e));
            assert!(out.is_empty());
        }
    }
}
