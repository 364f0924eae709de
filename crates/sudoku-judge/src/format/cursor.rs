//! The shared byte scanner of every format: a resumable offset into the caller's buffer that
//! knows its line and column, plus the byte classes and error spellings the formats share.
//!
//! The caller owns the buffer and drops the bytes a `parse` call reports as consumed, so all
//! offsets here are relative to the current buffer: `commit` marks how far the caller may drop,
//! `off` how far scanning got (the bytes between them belong to a case still being read; they
//! stay in the caller's buffer but are never scanned twice). `rebase` shifts everything when a
//! call returns.

use super::{ParseError, Pos};
use std::fmt::Write as _;

/// The longest line (from its first non-blank byte) a line-oriented format reads in full.
/// Longer lines are judged on their first `LINE_LIMIT` bytes only, so that a file without line
/// breaks (binary garbage, a runaway generator) costs bounded buffering and no rescans, and the
/// verdict does not depend on how the input was chunked.
pub const LINE_LIMIT: usize = 1 << 16;

/// Scan position: offsets into the current buffer, plus the line bookkeeping for positions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scan {
    /// Next byte to look at.
    pub off: usize,
    /// Bytes the caller may drop (everything before the case being read).
    pub commit: usize,
    /// 1-based line number of the byte at `off`.
    pub line: u64,
    /// Offset of the first byte of `line`; negative once that byte has been dropped.
    pub line_start: i64,
}

impl Default for Scan {
    fn default() -> Self {
        Scan {
            off: 0,
            commit: 0,
            line: 1,
            line_start: 0,
        }
    }
}

impl Scan {
    /// Position of the byte at offset `i`, which must lie on the current line.
    #[inline]
    pub fn pos(&self, i: usize) -> Pos {
        Pos {
            line: self.line,
            col: (i as i64 - self.line_start + 1) as u64,
        }
    }

    /// Records that the byte at `i` is a line break: the next line starts after it.
    #[inline]
    pub fn newline(&mut self, i: usize) {
        self.line += 1;
        self.line_start = i as i64 + 1;
    }

    /// Marks everything scanned so far as consumable.
    #[inline]
    pub fn commit(&mut self) {
        self.commit = self.off;
    }

    /// Skips blank bytes (line breaks included) from `off`; stops at the first other byte or at
    /// the end of `buf`.
    #[inline]
    pub fn skip_blank(&mut self, buf: &[u8]) {
        while let Some(&b) = buf.get(self.off) {
            if b == b'\n' {
                self.newline(self.off);
            } else if !is_blank(b) {
                return;
            }
            self.off += 1;
        }
    }

    /// Shifts offsets so that they are relative to the buffer the caller passes next (its
    /// committed bytes dropped), and returns how many bytes were committed.
    pub fn rebase(&mut self) -> usize {
        let c = self.commit;
        self.off -= c;
        self.line_start -= c as i64;
        self.commit = 0;
        c
    }
}

/// Where the line starting at `start` ends, as the line-oriented formats see it.
pub(crate) enum LineEnd {
    /// The line is `buf[start..end]`; the next one starts at `next` (after the `\n`, or at the
    /// end of input).
    Full { end: usize, next: usize },
    /// The line is longer than [`LINE_LIMIT`]: only `buf[start..start + LINE_LIMIT]` is judged.
    Long { end: usize },
    /// Not enough bytes yet to tell.
    More,
}

/// Finds the end of the line whose content starts at `start` (see [`LINE_LIMIT`]).
#[inline]
pub(crate) fn line_end(buf: &[u8], start: usize, eof: bool) -> LineEnd {
    let rest = &buf[start..];
    match memchr::memchr(b'\n', rest) {
        Some(i) if i <= LINE_LIMIT => LineEnd::Full {
            end: start + i,
            next: start + i + 1,
        },
        Some(_) => LineEnd::Long {
            end: start + LINE_LIMIT,
        },
        None if rest.len() > LINE_LIMIT => LineEnd::Long {
            end: start + LINE_LIMIT,
        },
        None if eof => LineEnd::Full {
            end: buf.len(),
            next: buf.len(),
        },
        None => LineEnd::More,
    }
}

/// Blank within a line: space, tab, carriage return, vertical tab, form feed (C's `isspace`
/// without the line feed, which the scanners count separately).
#[inline]
pub const fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

/// The blank-separated tokens of the line `buf[start..end]`, each with its offset.
pub(crate) fn tokens(buf: &[u8], start: usize, end: usize) -> Vec<(usize, &[u8])> {
    let mut out = Vec::new();
    let mut i = start;
    while i < end {
        while i < end && is_blank(buf[i]) {
            i += 1;
        }
        let from = i;
        while i < end && !is_blank(buf[i]) {
            i += 1;
        }
        if i > from {
            out.push((from, &buf[from..i]));
        }
    }
    out
}

/// Blank or line feed.
#[inline]
pub const fn is_space(b: u8) -> bool {
    b == b'\n' || is_blank(b)
}

/// The number of puzzles on the line `buf[start..end]`, digits only, `1..=most` (a killer set's,
/// NWRRC 2013's); else the offset to point at and why.
pub(crate) fn puzzle_count(
    buf: &[u8],
    start: usize,
    end: usize,
    most: usize,
) -> Result<usize, (usize, String)> {
    let line = &buf[start..end];
    let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits < line.len() {
        let at = start + digits;
        return Err((
            at,
            format!("expected the number of puzzles, found {}", show_byte(buf[at])),
        ));
    }
    let n = line.iter().fold(0usize, |n, &d| {
        n.saturating_mul(10).saturating_add(usize::from(d - b'0'))
    });
    if !(1..=most).contains(&n) {
        let shown = String::from_utf8_lossy(line);
        return Err((start, format!("{shown} puzzles: expected 1 to {most}")));
    }
    Ok(n)
}

/// A byte as it appears in messages: `'x'`, or escaped when not printable (`'\x00'`, `'\r'`).
pub fn show_byte(b: u8) -> String {
    let mut s = String::with_capacity(6);
    s.push('\'');
    match b {
        b'\'' => s.push_str("\\'"),
        b'\\' => s.push_str("\\\\"),
        b'\t' => s.push_str("\\t"),
        b'\r' => s.push_str("\\r"),
        b'\n' => s.push_str("\\n"),
        0x20..=0x7e => s.push(b as char),
        _ => {
            let _ = write!(s, "\\x{b:02x}");
        }
    }
    s.push('\'');
    s
}

/// A token as it appears in messages: `` `B3` ``, as [`quoted`] shows it.
pub fn show_token(tok: &[u8]) -> String {
    quoted(tok, b'`')
}

/// `t` between two `quote`s for messages: at most 40 bytes, as printed (then `...`), with the
/// quote, the backslash and the bytes that are not printable ASCII escaped (`\"`, `\\`,
/// `\r`, `\t`, `\xff`), never replaced. Tokens and words of an output are shown by it.
pub(crate) fn quoted(t: &[u8], quote: u8) -> String {
    let mut s = String::with_capacity(t.len().min(40) + 5);
    s.push(quote as char);
    for &b in t.iter().take(40) {
        match b {
            b'\\' => s.push_str("\\\\"),
            _ if b == quote => {
                s.push('\\');
                s.push(b as char);
            }
            0x20..=0x7e => s.push(b as char),
            b'\r' => s.push_str("\\r"),
            b'\t' => s.push_str("\\t"),
            _ => {
                let _ = write!(s, "\\x{b:02x}");
            }
        }
    }
    if t.len() > 40 {
        s.push_str("...");
    }
    s.push(quote as char);
    s
}

/// `expected {what}, found 'x'`.
pub fn expected(what: &str, found: u8) -> String {
    format!("expected {what}, found {}", show_byte(found))
}

/// The length of the puzzle at the start of a one-line grid's `line`: up to a blank or the
/// separator of a tail (`:` of tdoku's `puzzle:count:solution`, `,` of Kaggle's CSV, `;`,
/// `|`, `#`). A byte that is no cell inside it is a fault of the puzzle, not its end.
pub fn puzzle_token(line: &[u8]) -> usize {
    line.iter()
        .position(|&b| b.is_ascii_whitespace() || b":,;|#".contains(&b))
        .unwrap_or(line.len())
}

/// The number a token of an answer spells in decimal as a judge writes it: digits only, no
/// leading zero (`08` is not `8`: an exact comparison and testlib's `readInt` refuse it);
/// `None` otherwise, or past `usize`.
pub fn decimal(tok: &[u8]) -> Option<usize> {
    let plain = !tok.is_empty()
        && tok.iter().all(u8::is_ascii_digit)
        && (tok[0] != b'0' || tok.len() == 1);
    plain.then(|| std::str::from_utf8(tok).ok()?.parse().ok())?
}

/// Builds a [`ParseError`].
#[inline]
pub(crate) fn err(pos: Pos, case: Option<u64>, msg: impl Into<String>) -> ParseError {
    ParseError {
        pos,
        case,
        msg: msg.into(),
    }
}

/// `1 case` / `3 cases`.
pub fn cases(n: u64) -> String {
    if n == 1 {
        "1 case".to_string()
    } else {
        format!("{n} cases")
    }
}

/// Digit value of each byte for the 81-character and LeetCode spellings: `1-9` as themselves,
/// `0` and `.` as 0 (empty), everything else `BAD`.
pub(crate) const BAD: u8 = 0x80;

/// The table behind [`BAD`]: one lookup per cell and an OR over the row decides validity.
pub(crate) static CELL: [u8; 256] = {
    let mut t = [BAD; 256];
    let mut d = 0;
    while d < 10 {
        t[b'0' as usize + d] = d as u8;
        d += 1;
    }
    t[b'.' as usize] = 0;
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decimal_is_digits_without_a_leading_zero() {
        assert_eq!(decimal(b"8"), Some(8));
        assert_eq!(decimal(b"0"), Some(0));
        assert_eq!(decimal(b"1000"), Some(1000));
        for bad in [&b"08"[..], b"00", b"", b"+8", b"8a", b"99999999999999999999999"] {
            assert_eq!(decimal(bad), None, "{:?}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn bytes_are_shown_escaped_when_not_printable() {
        assert_eq!(show_byte(b'x'), "'x'");
        assert_eq!(show_byte(0), "'\\x00'");
        assert_eq!(show_byte(0xff), "'\\xff'");
        assert_eq!(show_byte(b'\r'), "'\\r'");
        assert_eq!(show_byte(b'\''), "'\\''");
        assert_eq!(
            expected("a digit 0-9", b' '),
            "expected a digit 0-9, found ' '"
        );
    }

    #[test]
    fn positions_survive_rebase() {
        let mut s = Scan {
            off: 4,
            ..Scan::default()
        };
        s.newline(2);
        assert_eq!(s.pos(4), Pos { line: 2, col: 2 });
        s.commit();
        assert_eq!(s.rebase(), 4);
        assert_eq!(s.pos(0), Pos { line: 2, col: 2 });
    }

    /// A token in a message is quoted with its unprintable bytes escaped, never written raw
    /// (an escape sequence on a terminal), and cut after 40 bytes.
    #[test]
    fn tokens_are_shown_escaped_and_cut() {
        assert_eq!(show_token(b"B3"), "`B3`");
        assert_eq!(show_token(b"B3\x1b[2J\x00\xff"), "`B3\\x1b[2J\\x00\\xff`");
        assert_eq!(show_token(b"a\\x`"), "`a\\\\x\\``");
        assert_eq!(show_token(&[b'7'; 41]), format!("`{}...`", "7".repeat(40)));
    }

    #[test]
    fn long_lines_are_cut_at_the_limit() {
        let mut buf = vec![b'1'; LINE_LIMIT + 5];
        assert!(matches!(line_end(&buf, 0, false), LineEnd::Long { end } if end == LINE_LIMIT));
        buf.truncate(10);
        assert!(matches!(line_end(&buf, 0, false), LineEnd::More));
        assert!(matches!(
            line_end(&buf, 0, true),
            LineEnd::Full { end: 10, next: 10 }
        ));
        buf.push(b'\n');
        assert!(matches!(
            line_end(&buf, 2, false),
            LineEnd::Full { end: 10, next: 11 }
        ));
    }
}
