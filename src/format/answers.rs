//! Answers read back: contestant output and judge answer files of every format (grids, `Case k:`
//! headers, the verdict words), by whitespace tokens as judges read them, each answer with the
//! lines it sits on and the bytes it spans, so that a checker can point at a fault and, with
//! `--strict`, compare those bytes with the canonical spelling of [`super::write_outcome`].
//!
//! The words (`No solution`, `Multiple Solutions`) and the `Case k:` header are not spelled here:
//! they are taken once from [`super::write_outcome`], so the reader accepts exactly what `solve`
//! writes. Only the grid shapes (nine rows of nine digits, one 81-digit line, a LeetCode board)
//! are this file's own knowledge.

use super::cursor::{is_blank, is_space};
use super::{Format, write_outcome};
use crate::model::{CELLS, Grid, N, Puzzle};
use crate::solve::Outcome;
use std::fmt::Write as _;

/// What one case's answer says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A grid; empty cells (`0`, `.`) read as 0 so that the checker can name them.
    Grid(Grid),
    /// The format's "no solution" words.
    NoSolution,
    /// The format's "several solutions" words (HDU 4069).
    Multiple,
    /// Words that are neither, as written (tokens joined by single spaces): `No Solution`.
    Other(String),
}

impl Answer {
    /// The outcome this answer spells, for [`super::write_outcome`]; `None` for [`Answer::Other`].
    /// `any` fills the grid a "several solutions" outcome must carry (it is not printed).
    pub fn outcome(&self, any: &Grid) -> Option<Outcome> {
        Some(match self {
            Answer::Grid(g) => Outcome {
                count: 1,
                solution: Some(*g),
            },
            Answer::NoSolution => Outcome::NONE,
            Answer::Multiple => Outcome {
                count: 2,
                solution: Some(*any),
            },
            Answer::Other(_) => return None,
        })
    }
}

/// One case's answer and where it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub answer: Answer,
    /// 1-based line of the answer's first token after any header.
    pub line: u64,
    /// 1-based line of each grid row (all the same for one-line formats); for grids only.
    pub rows: [u64; N],
    /// Byte range the case occupies: from the end of the previous case (blank lines before it
    /// included) to the end of its last line, line break included.
    pub span: (usize, usize),
    /// 1-based line on which `span` starts.
    pub span_line: u64,
}

/// An answer that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// 1-based line of the fault.
    pub line: u64,
    /// What was expected and what was found.
    pub msg: String,
    /// True when the text is well formed but names the wrong case (`Case 3:` where `Case 2:`
    /// belongs): a missing case, which is a wrong answer rather than unreadable output.
    pub wrong_case: bool,
}

/// A header token: its text, or with the case number cut out of it, the text before and after.
type HeaderToken = (Vec<u8>, Option<Vec<u8>>);

/// The words and header of a format, as [`super::write_outcome`] spells them.
#[derive(Clone, Debug)]
struct Words {
    no: Vec<u8>,
    multiple: Option<Vec<u8>>,
    /// The header's tokens with the case number cut out of the one holding it: before, after.
    header: Option<Vec<HeaderToken>>,
}

/// A case number no spelling contains by accident, to find it in the header.
const MARK: u64 = 918_273_645;

impl Words {
    fn of(format: Format) -> Words {
        let puzzle = Puzzle::standard([0; CELLS]);
        let spell = |o: &Outcome| {
            let mut v = Vec::new();
            write_outcome(format, MARK, &puzzle, o, &mut v);
            let lines: Vec<Vec<u8>> = v
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .map(<[u8]>::to_vec)
                .collect();
            lines
        };
        let none = spell(&Outcome::NONE);
        let several = spell(&Outcome {
            count: 2,
            solution: Some([1; CELLS]),
        });
        let no = none.last().cloned().unwrap_or_default();
        // A format without a word for several solutions writes a grid for them.
        let multiple = several
            .last()
            .filter(|l| l.first().is_some_and(u8::is_ascii_alphabetic) && **l != no)
            .cloned();
        let mark = MARK.to_string();
        let header = (none.len() > 1).then(|| {
            tokens(&none[0])
                .map(|t| match find(t, mark.as_bytes()) {
                    Some(i) => (t[..i].to_vec(), Some(t[i + mark.len()..].to_vec())),
                    None => (t.to_vec(), None),
                })
                .collect()
        });
        Words {
            no,
            multiple,
            header,
        }
    }

    /// The header of case `k` as written, for messages.
    fn header_of(&self, k: u64) -> Option<String> {
        let h = self.header.as_ref()?;
        let parts: Vec<String> = h
            .iter()
            .map(|(pre, post)| match post {
                Some(post) => format!(
                    "{}{k}{}",
                    String::from_utf8_lossy(pre),
                    String::from_utf8_lossy(post)
                ),
                None => String::from_utf8_lossy(pre).into_owned(),
            })
            .collect();
        Some(parts.join(" "))
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn tokens(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| is_space(b)).filter(|t| !t.is_empty())
}

/// `"text"` for messages: at most 40 bytes, non-printable bytes escaped.
pub fn show_text(t: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in t.iter().take(40) {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
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
    s.push('"');
    s
}

/// Reads the answers of one output or answer file, held whole in memory, case after case.
pub struct AnswerReader<'a> {
    format: Format,
    bytes: &'a [u8],
    /// Next byte to read.
    pos: usize,
    /// 1-based line of the byte at `pos`.
    line: u64,
    words: Words,
}

impl<'a> AnswerReader<'a> {
    pub fn new(format: Format, bytes: &'a [u8]) -> Self {
        AnswerReader {
            format,
            bytes,
            pos: 0,
            line: 1,
            words: Words::of(format),
        }
    }

    /// The format's "no solution" words, as written.
    pub fn no_solution_words(&self) -> String {
        String::from_utf8_lossy(&self.words.no).into_owned()
    }

    /// The format's "several solutions" words, if it has them.
    pub fn multiple_words(&self) -> Option<String> {
        let m = self.words.multiple.as_ref()?;
        Some(String::from_utf8_lossy(m).into_owned())
    }

    /// The header case `k` needs, as written (`Case 3:`), when the format has one.
    pub fn header_of(&self, k: u64) -> Option<String> {
        self.words.header_of(k)
    }

    /// The line the reader stands on (where a missing answer would start).
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Byte offset of the reader.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Skips blank bytes and line breaks.
    #[inline]
    fn skip_space(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            if b == b'\n' {
                self.line += 1;
            } else if !is_blank(b) {
                return;
            }
            self.pos += 1;
        }
    }

    /// The next token after blanks and line breaks: its start and end.
    fn token(&mut self) -> Option<(usize, usize)> {
        self.skip_space();
        let start = self.pos;
        if start == self.bytes.len() {
            return None;
        }
        let len = self.bytes[start..]
            .iter()
            .position(|&b| is_space(b))
            .unwrap_or(self.bytes.len() - start);
        self.pos = start + len;
        Some((start, start + len))
    }

    /// Ends the case: blanks up to and including the line break, when nothing else follows on
    /// the line.
    fn end_line(&mut self) {
        let mut i = self.pos;
        while i < self.bytes.len() && is_blank(self.bytes[i]) {
            i += 1;
        }
        if i == self.bytes.len() {
            self.pos = i;
        } else if self.bytes[i] == b'\n' {
            self.pos = i + 1;
            self.line += 1;
        }
    }

    /// The rest of the line from `pos`, as tokens; moves to the end of the line.
    fn rest_of_line(&mut self) -> Vec<&'a [u8]> {
        let bytes = self.bytes;
        let end = memchr::memchr(b'\n', &bytes[self.pos..]).map_or(bytes.len(), |i| self.pos + i);
        let toks = tokens(&bytes[self.pos..end]).collect();
        self.pos = end;
        toks
    }

    /// Reads the answer of case `k`; `None` when only blanks are left.
    pub fn next(&mut self, k: u64) -> Result<Option<Item>, ReadError> {
        let span_start = self.pos;
        let span_line = self.line;
        self.skip_space();
        if self.pos == self.bytes.len() {
            return Ok(None);
        }
        if self.words.header.is_some() {
            self.header(k)?;
            self.skip_space();
        }
        let line = self.line;
        let mut rows = [line; N];
        let first = self.bytes.get(self.pos).copied();
        let answer = match first {
            None => {
                return Err(ReadError {
                    line,
                    msg: format!(
                        "expected an answer after {}, found end of output",
                        show_text(self.words.header_of(k).unwrap_or_default().as_bytes())
                    ),
                    wrong_case: false,
                });
            }
            Some(b) if b.is_ascii_alphabetic() => self.words_answer(),
            Some(_) => match self.format {
                Format::Poj2676 | Format::Hdu4069 => self.rows(&mut rows)?,
                Format::Line => self.line_grid()?,
                Format::Leetcode => self.board()?,
            },
        };
        self.end_line();
        Ok(Some(Item {
            answer,
            line,
            rows,
            span: (span_start, self.pos),
            span_line,
        }))
    }

    /// Reads `Case k:` (tokenised) at the current line.
    fn header(&mut self, k: u64) -> Result<(), ReadError> {
        let line = self.line;
        let start = self.pos;
        let want = self.words.header.clone().unwrap_or_default();
        let found = self.rest_of_line();
        let mut number = None;
        let fits = found.len() == want.len()
            && want
                .iter()
                .zip(&found)
                .all(|((pre, post), tok)| match post {
                    None => tok == pre,
                    Some(post) => {
                        let Some(mid) = tok
                            .strip_prefix(pre.as_slice())
                            .and_then(|t| t.strip_suffix(post.as_slice()))
                        else {
                            return false;
                        };
                        if mid.is_empty() || !mid.iter().all(u8::is_ascii_digit) || mid.len() > 18 {
                            return false;
                        }
                        number = std::str::from_utf8(mid)
                            .ok()
                            .and_then(|s| s.parse::<u64>().ok());
                        true
                    }
                });
        let expected = show_text(self.words.header_of(k).unwrap_or_default().as_bytes());
        let shown = || {
            let end =
                memchr::memchr(b'\n', &self.bytes[start..]).map_or(self.bytes.len(), |i| start + i);
            show_text(trim_end(&self.bytes[start..end]))
        };
        match number {
            Some(n) if fits && n == k => Ok(()),
            Some(_) if fits => Err(ReadError {
                line,
                msg: format!("expected {expected}, found {}", shown()),
                wrong_case: true,
            }),
            _ => Err(ReadError {
                line,
                msg: format!("expected {expected}, found {}", shown()),
                wrong_case: false,
            }),
        }
    }

    /// Words on the current line: the format's words or [`Answer::Other`].
    fn words_answer(&mut self) -> Answer {
        let toks = self.rest_of_line();
        let same = |w: &[u8]| tokens(w).eq(toks.iter().copied());
        if same(&self.words.no) {
            Answer::NoSolution
        } else if self.words.multiple.as_deref().is_some_and(same) {
            Answer::Multiple
        } else {
            let joined: Vec<u8> = toks.join(&b' ');
            Answer::Other(String::from_utf8_lossy(&joined).into_owned())
        }
    }

    /// Nine tokens of nine digits (POJ 2676, HDU 4069).
    fn rows(&mut self, lines: &mut [u64; N]) -> Result<Answer, ReadError> {
        let mut grid = [0u8; CELLS];
        for (r, line) in lines.iter_mut().enumerate() {
            // Fast path: nine digits and a line break exactly where they belong.
            if let Some(b) = self.bytes.get(self.pos..self.pos + N + 1)
                && b[N] == b'\n'
                && b[..N].iter().all(u8::is_ascii_digit)
            {
                *line = self.line;
                for (g, &c) in grid[r * N..r * N + N].iter_mut().zip(&b[..N]) {
                    *g = c - b'0';
                }
                self.pos += N;
                if r + 1 < N {
                    self.pos += 1;
                    self.line += 1;
                }
                continue;
            }
            let Some((s, e)) = self.token() else {
                return Err(ReadError {
                    line: self.line,
                    msg: format!("expected row {} of 9 digits, found end of output", r + 1),
                    wrong_case: false,
                });
            };
            *line = self.line;
            let tok = &self.bytes[s..e];
            if tok.len() != N || !tok.iter().all(u8::is_ascii_digit) {
                return Err(ReadError {
                    line: self.line,
                    msg: format!(
                        "expected row {} of 9 digits, found {}",
                        r + 1,
                        show_text(tok)
                    ),
                    wrong_case: false,
                });
            }
            for (g, &c) in grid[r * N..r * N + N].iter_mut().zip(tok) {
                *g = c - b'0';
            }
        }
        Ok(Answer::Grid(grid))
    }

    /// One token of 81 digits (`.` reads as an empty cell).
    fn line_grid(&mut self) -> Result<Answer, ReadError> {
        let line = self.line;
        let (s, e) = self.token().unwrap_or((self.pos, self.pos));
        let tok = &self.bytes[s..e];
        let ok = tok.len() == CELLS && tok.iter().all(|&c| c.is_ascii_digit() || c == b'.');
        if !ok {
            return Err(ReadError {
                line,
                msg: format!("expected 81 digits, found {}", show_text(tok)),
                wrong_case: false,
            });
        }
        let mut grid = [0u8; CELLS];
        for (g, &c) in grid.iter_mut().zip(tok) {
            *g = if c == b'.' { 0 } else { c - b'0' };
        }
        Ok(Answer::Grid(grid))
    }

    /// A LeetCode board `[["1","2",...],...]` on one line, blanks anywhere between symbols.
    fn board(&mut self) -> Result<Answer, ReadError> {
        let line = self.line;
        let start = self.pos;
        let end =
            memchr::memchr(b'\n', &self.bytes[start..]).map_or(self.bytes.len(), |i| start + i);
        let text = trim_end(&self.bytes[start..end]);
        let mut sym = text.iter().copied().filter(|&b| !is_blank(b));
        let mut grid = [0u8; CELLS];
        let mut ok = sym.next() == Some(b'[');
        'rows: for r in 0..N {
            if r > 0 {
                ok &= sym.next() == Some(b',');
            }
            ok &= sym.next() == Some(b'[');
            for c in 0..N {
                if !ok {
                    break 'rows;
                }
                if c > 0 {
                    ok &= sym.next() == Some(b',');
                }
                ok &= sym.next() == Some(b'"');
                match sym.next() {
                    Some(d @ b'0'..=b'9') => grid[r * N + c] = d - b'0',
                    Some(b'.') => grid[r * N + c] = 0,
                    _ => ok = false,
                }
                ok &= sym.next() == Some(b'"');
            }
            ok &= sym.next() == Some(b']');
        }
        ok &= sym.next() == Some(b']') && sym.next().is_none();
        if !ok {
            return Err(ReadError {
                line,
                msg: format!(
                    "expected a board [[\"1\",...],...] of 9 rows of 9 digits, found {}",
                    show_text(text)
                ),
                wrong_case: false,
            });
        }
        self.pos = end;
        Ok(Answer::Grid(grid))
    }

    /// After the last case: `None` when only blanks are left, else the line of the next token
    /// and the rest of that line.
    pub fn rest(&mut self) -> Option<(u64, String)> {
        self.skip_space();
        let (line, start) = (self.line, self.pos);
        self.token()?;
        let end =
            memchr::memchr(b'\n', &self.bytes[start..]).map_or(self.bytes.len(), |i| start + i);
        Some((line, show_text(trim_end(&self.bytes[start..end]))))
    }
}

fn trim_end(mut t: &[u8]) -> &[u8] {
    while let [rest @ .., last] = t
        && is_space(*last)
    {
        t = rest;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str = "143628579\n572139468\n986754231\n391542786\n468917352\n\
                          725863914\n237481695\n619275843\n854396127\n";

    fn grid_of(s: &str) -> Grid {
        let mut g = [0u8; CELLS];
        for (c, b) in g.iter_mut().zip(s.bytes().filter(u8::is_ascii_digit)) {
            *c = b - b'0';
        }
        g
    }

    #[test]
    fn words_come_from_the_writer() {
        let r = AnswerReader::new(Format::Hdu4069, b"");
        assert_eq!(r.no_solution_words(), "No solution");
        assert_eq!(r.multiple_words().as_deref(), Some("Multiple Solutions"));
        assert_eq!(r.header_of(17).as_deref(), Some("Case 17:"));
        let p = AnswerReader::new(Format::Poj2676, b"");
        assert_eq!(p.multiple_words(), None);
        assert_eq!(p.header_of(1), None);
    }

    #[test]
    fn poj_grids_and_words_with_lines_and_spans() {
        let text = format!(
            "{SOLVED}\r\n  No solution  \r\n{}",
            SOLVED.replace('\n', " \r\n")
        );
        let mut r = AnswerReader::new(Format::Poj2676, text.as_bytes());
        let a = r.next(1).unwrap().unwrap();
        assert_eq!(a.answer, Answer::Grid(grid_of(SOLVED)));
        assert_eq!(a.rows, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(a.span, (0, 90));
        let b = r.next(2).unwrap().unwrap();
        assert_eq!(b.answer, Answer::NoSolution);
        assert_eq!((b.line, b.span_line), (11, 10));
        let c = r.next(3).unwrap().unwrap();
        assert_eq!(c.answer, Answer::Grid(grid_of(SOLVED)));
        assert_eq!(c.rows[8], 20);
        assert_eq!(c.span.1, text.len());
        assert_eq!(r.next(4), Ok(None));
        assert_eq!(r.rest(), None);
    }

    #[test]
    fn short_rows_and_wrong_words() {
        let mut r = AnswerReader::new(Format::Poj2676, b"12345678\n");
        let e = r.next(1).unwrap_err();
        assert_eq!(e.msg, "expected row 1 of 9 digits, found \"12345678\"");
        let mut r = AnswerReader::new(Format::Poj2676, b"No Solution\n");
        assert_eq!(
            r.next(1).unwrap().unwrap().answer,
            Answer::Other("No Solution".into())
        );
    }

    #[test]
    fn hdu_headers_missing_and_wrong_numbers() {
        let text = format!("Case 1:\nMultiple   Solutions\nCase 3:\n{SOLVED}");
        let mut r = AnswerReader::new(Format::Hdu4069, text.as_bytes());
        assert_eq!(r.next(1).unwrap().unwrap().answer, Answer::Multiple);
        let e = r.next(2).unwrap_err();
        assert!(e.wrong_case);
        assert_eq!(
            (e.line, e.msg.as_str()),
            (3, "expected \"Case 2:\", found \"Case 3:\"")
        );
        let mut r = AnswerReader::new(Format::Hdu4069, SOLVED.as_bytes());
        let e = r.next(1).unwrap_err();
        assert!(!e.wrong_case);
        assert_eq!(e.msg, "expected \"Case 1:\", found \"143628579\"");
    }

    #[test]
    fn line_and_leetcode_grids() {
        let line: String = SOLVED.split_whitespace().collect();
        let text = format!("{line}\n{}\n", &line[1..]);
        let mut r = AnswerReader::new(Format::Line, text.as_bytes());
        assert_eq!(
            r.next(1).unwrap().unwrap().answer,
            Answer::Grid(grid_of(SOLVED))
        );
        assert!(
            r.next(2)
                .unwrap_err()
                .msg
                .starts_with("expected 81 digits, found")
        );
        let board: Vec<String> = SOLVED
            .split_whitespace()
            .map(|row| {
                let cells: Vec<String> = row.chars().map(|c| format!("\"{c}\"")).collect();
                format!("[{}]", cells.join(", "))
            })
            .collect();
        let text = format!("[{}]\n[[\"1\"]]\n", board.join(","));
        let mut r = AnswerReader::new(Format::Leetcode, text.as_bytes());
        assert_eq!(
            r.next(1).unwrap().unwrap().answer,
            Answer::Grid(grid_of(SOLVED))
        );
        assert!(r.next(2).unwrap_err().msg.starts_with("expected a board"));
    }

    #[test]
    fn rest_names_extra_output() {
        let mut r = AnswerReader::new(Format::Poj2676, b"\n\n  extra words \r\n");
        assert_eq!(r.rest(), Some((3, "\"extra words\"".to_string())));
    }
}
