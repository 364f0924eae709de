//! The reader shared by the T-prefixed judge formats (POJ 2676, HDU 4069): the count line, then
//! cases of nine lines each, blank lines allowed anywhere, and the end-of-input checks.
//!
//! The format-specific part is one row parser ([`Rows`]); everything about counting, streaming,
//! positions and the T line lives here, so both formats report the same errors the same way.
//! It is part of both tuned readers' figures (`poj2676.rs`, `hdu4069.rs`).

use super::cursor::{LineEnd, Scan, cases, err, expected, is_blank, line_end, show_byte};
use super::sticky::Resumable;
use super::{LINE_LIMIT, ParseError, Pos};
use crate::model::{Case, N, Puzzle};

/// A row that does not parse: where (buffer offset), what, and whether the complaint is about
/// the end of the row (too few values), which a cut-off long line cannot judge.
pub(crate) struct RowError {
    pub at: usize,
    pub msg: String,
    pub at_end: bool,
}

impl RowError {
    pub fn at(at: usize, msg: impl Into<String>) -> Self {
        RowError {
            at,
            msg: msg.into(),
            at_end: false,
        }
    }

    pub fn at_end(at: usize, msg: impl Into<String>) -> Self {
        RowError {
            at,
            msg: msg.into(),
            at_end: true,
        }
    }
}

/// One format's rows: fills the case being read one row at a time.
pub(crate) trait Rows: Default {
    /// Reads row `row` (0-based) when it is the common plain spelling ending in a line break at
    /// an exactly known place, returning the offset after that line break; `None` sends the row
    /// to [`Rows::row`], which reads it again from the start. Saves the line search and the
    /// general tokenizer on the hot path. `scan` gives positions on this line.
    fn fast_row(&mut self, buf: &[u8], start: usize, row: usize, scan: &Scan) -> Option<usize>;

    /// Reads row `row` from `buf[start..end]` (`start` is its first non-blank byte, `end` the
    /// line break or the end of input). `scan` gives positions on this line.
    fn row(
        &mut self,
        buf: &[u8],
        start: usize,
        end: usize,
        row: usize,
        scan: &Scan,
    ) -> Result<(), RowError>;

    /// Builds the puzzle once nine rows are in; an error names a position inside the case.
    fn finish(&self) -> Result<Puzzle, (Pos, String)>;

    /// True when `line` (a whole first line) is spelled like a row of this format, which means
    /// the count line is missing.
    fn looks_like_row(line: &[u8]) -> bool;
}

/// Streaming reader of a T-prefixed file; see [`super::Reader::parse`] for the contract.
#[derive(Default)]
pub(crate) struct Counted<R: Rows> {
    rows: R,
    scan: Scan,
    /// T, once its line has been read.
    total: Option<u64>,
    /// Complete cases handed out.
    read: u64,
    /// Rows of the case being read.
    row: usize,
    finished: bool,
}

impl<R: Rows> Resumable for Counted<R> {
    fn run(
        &mut self,
        buf: &[u8],
        eof: bool,
        out: &mut Vec<Case>,
        max: usize,
    ) -> Result<(), ParseError> {
        let mut room = max;
        while room > 0 {
            // Rows already read live in `rows` (values and positions), so the caller may drop
            // them and the blanks after them: a case with a gigabyte of blank lines inside it
            // is read in a window of one block.
            self.scan.skip_blank(buf);
            self.scan.commit();
            let start = self.scan.off;
            if start == buf.len() {
                return if eof { self.at_eof(start) } else { Ok(()) };
            }
            let Some(total) = self.total else {
                if !self.header(buf, start, eof)? {
                    return Ok(());
                }
                continue;
            };
            if self.read == total {
                return Err(err(
                    self.scan.pos(start),
                    None,
                    expected(&format!("end of input after {}", cases(total)), buf[start]),
                ));
            }
            if let Some(next) = self.rows.fast_row(buf, start, self.row, &self.scan) {
                self.scan.newline(next - 1);
                self.scan.off = next;
            } else {
                let case = Some(self.read + 1);
                match line_end(buf, start, eof) {
                    LineEnd::More => return Ok(()),
                    LineEnd::Full { end, next } => {
                        if let Err(e) = self.rows.row(buf, start, end, self.row, &self.scan) {
                            return Err(err(self.scan.pos(e.at), case, e.msg));
                        }
                        if next > end {
                            self.scan.newline(end);
                        }
                        self.scan.off = next;
                    }
                    LineEnd::Long { end } => {
                        let e = match self.rows.row(buf, start, end, self.row, &self.scan) {
                            Err(e) if !e.at_end => e,
                            _ => too_long(end),
                        };
                        return Err(err(self.scan.pos(e.at), case, e.msg));
                    }
                }
            }
            self.row += 1;
            if self.row == N {
                let puzzle = self
                    .rows
                    .finish()
                    .map_err(|(pos, msg)| err(pos, Some(self.read + 1), msg))?;
                out.push(Case::Nine(puzzle));
                room -= 1;
                self.read += 1;
                self.row = 0;
                self.scan.commit();
                if self.read == total {
                    // Leave the trailing check to the next round (it needs no room).
                    room = room.max(1);
                }
            }
        }
        Ok(())
    }

    fn scan(&mut self) -> &mut Scan {
        &mut self.scan
    }

    fn finished(&self) -> bool {
        self.finished
    }

    fn declared(&self) -> Option<u64> {
        self.total
    }
}

impl<R: Rows> Counted<R> {
    /// Reads the count line starting at `start`; false when it is not complete yet.
    fn header(&mut self, buf: &[u8], start: usize, eof: bool) -> Result<bool, ParseError> {
        let (end, next) = match line_end(buf, start, eof) {
            LineEnd::More => return Ok(false),
            LineEnd::Full { end, next } => (end, next),
            LineEnd::Long { end } => {
                let e = match count_line(buf, start, end, R::looks_like_row(&buf[start..end])) {
                    Err(e) if !e.at_end => e,
                    _ => too_long(end),
                };
                return Err(err(self.scan.pos(e.at), None, e.msg));
            }
        };
        let total = count_line(buf, start, end, R::looks_like_row(&buf[start..end]))
            .map_err(|e| err(self.scan.pos(e.at), None, e.msg))?;
        if next > end {
            self.scan.newline(end);
        }
        self.scan.off = next;
        self.scan.commit();
        self.total = Some(total);
        Ok(true)
    }

    fn at_eof(&mut self, end: usize) -> Result<(), ParseError> {
        let pos = self.scan.pos(end);
        let Some(total) = self.total else {
            return Err(err(pos, None, "empty input: expected the number of cases"));
        };
        if self.row > 0 {
            return Err(err(
                pos,
                Some(self.read + 1),
                format!("unexpected end of input after {} of 9 rows", self.row),
            ));
        }
        if self.read < total {
            return Err(err(
                pos,
                None,
                format!("expected {}, found {}", cases(total), self.read),
            ));
        }
        self.finished = true;
        Ok(())
    }
}

fn too_long(end: usize) -> RowError {
    RowError::at(end, format!("line is longer than {LINE_LIMIT} bytes"))
}

/// Parses the count line `buf[start..end]` (`start` non-blank); `row` says whether the line
/// is spelled like a grid row of the format (then the count line is missing).
pub(crate) fn count_line(buf: &[u8], start: usize, end: usize, row: bool) -> Result<u64, RowError> {
    let line = &buf[start..end];
    if row {
        return Err(RowError::at(
            start,
            "expected the number of cases, found a grid row",
        ));
    }
    let first = line[0];
    if first == b'-' && line.get(1).is_some_and(u8::is_ascii_digit) {
        return Err(RowError::at(start, "the number of cases is negative"));
    }
    if !first.is_ascii_digit() {
        return Err(RowError::at(start, expected("the number of cases", first)));
    }
    let mut total: u64 = 0;
    let mut i = start;
    while i < end && buf[i].is_ascii_digit() {
        total = total
            .checked_mul(10)
            .and_then(|t| t.checked_add(u64::from(buf[i] - b'0')))
            .ok_or_else(|| RowError::at(start, "the number of cases is too large"))?;
        i += 1;
    }
    while i < end && is_blank(buf[i]) {
        i += 1;
    }
    if i < end {
        return Err(RowError::at(
            i,
            format!("unexpected {} after the number of cases", show_byte(buf[i])),
        ));
    }
    Ok(total)
}
