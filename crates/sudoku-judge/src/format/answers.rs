//! Answers read back: contestant output and judge answer files of every format (grids, `Case k:`
//! headers, the verdict words), by whitespace tokens as judges read them, each answer with the
//! lines it sits on and, when asked, the bytes it spans, so that a checker can point at a fault
//! and, with `--strict`, compare those bytes with the canonical spelling of
//! [`super::write_outcome`].
//!
//! The file is streamed from a [`Source`] and read case by case: memory stays bounded (a block
//! of input, one case's bytes) however long the output is, and reading stops where the checker
//! stops.
//!
//! The words (`No solution`, `Multiple Solutions`) and the `Case k:` header are not spelled here:
//! they are taken once from [`super::write_outcome`], so the reader accepts exactly what `solve`
//! writes, token by token. Only the grid shapes (nine rows of nine digits, one 81-digit line, a
//! LeetCode board) are this file's own knowledge.

use super::LINE_LIMIT;
use super::cursor::{decimal, is_blank, is_space, quoted};
use super::{Format, write_outcome};
use crate::input::Source;
use crate::model::Outcome;
use crate::model::{CELLS, Grid, N, Puzzle};

/// The longest token read in full, and the most bytes of one case kept for `--strict`: no
/// answer of any format comes near it, so anything longer is wrong in its first bytes already.
const LIMIT: usize = LINE_LIMIT;

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
    Other(Vec<u8>),
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
    /// With [`AnswerReader::capture`] on: the bytes the case occupies, from the end of the
    /// previous case (blank lines before it included) to the end of its last line (line break
    /// included), at most `LIMIT` of them. Empty otherwise.
    pub raw: Vec<u8>,
    /// 1-based line and column at which `raw` starts.
    pub span_line: u64,
    pub span_col: u64,
}

/// What kind of fault stopped the reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text is not an answer of the format.
    Unreadable,
    /// The text is well formed but names the wrong case (`Case 3:` where `Case 2:` belongs): a
    /// missing case, which is a wrong answer rather than unreadable output.
    WrongCase,
    /// The file could not be read.
    Io,
}

/// An answer that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// 1-based line of the fault.
    pub line: u64,
    /// What was expected and what was found.
    pub msg: String,
    pub kind: ErrorKind,
}

impl ReadError {
    fn unreadable(line: u64, msg: String) -> Self {
        ReadError {
            line,
            msg,
            kind: ErrorKind::Unreadable,
        }
    }
}

/// A header token: its text, or with the case number cut out of it, the text before and after.
type HeaderToken = (Vec<u8>, Option<Vec<u8>>);

/// The words and header of a format, as [`super::write_outcome`] spells them, as tokens.
#[derive(Clone, Debug)]
struct Words {
    no: Vec<Vec<u8>>,
    multiple: Option<Vec<Vec<u8>>>,
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
        let split = |l: &[u8]| -> Vec<Vec<u8>> { tokens(l).map(<[u8]>::to_vec).collect() };
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
            .map(|l| split(l));
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
            no: split(&no),
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

/// The words as written: tokens joined by single spaces.
fn joined(words: &[Vec<u8>]) -> String {
    String::from_utf8_lossy(&words.join(&b' ')).into_owned()
}

/// `"text"` for messages, as [`quoted`] shows it: at most 40 bytes, with the bytes that are not
/// printable ASCII escaped (`\xff`, `\r`), never replaced.
pub fn show_text(t: &[u8]) -> String {
    quoted(t, b'"')
}

/// A case number as `solve` writes it: decimal digits, no sign, no leading zero.
fn case_number(t: &[u8]) -> Option<u64> {
    decimal(t).filter(|_| t.len() <= 19).map(|v| v as u64)
}

/// Reads the answers of one output or answer file, streamed, case after case.
pub struct AnswerReader {
    format: Format,
    words: Words,
    src: Source,
    /// 1-based line and column of the next unread byte.
    line: u64,
    col: u64,
    /// The bytes of the case being read, when the caller wants them (`--strict`).
    capture: Option<Vec<u8>>,
    /// The token just read (scratch, reused).
    tok: Vec<u8>,
}

impl AnswerReader {
    pub fn new(format: Format, src: Source) -> Self {
        AnswerReader {
            format,
            words: Words::of(format),
            src,
            line: 1,
            col: 1,
            capture: None,
            tok: Vec::new(),
        }
    }

    /// Keeps each case's bytes in [`Item::raw`].
    pub fn capture(mut self) -> Self {
        self.capture = Some(Vec::new());
        self
    }

    /// The format's "no solution" words, as written.
    pub fn no_solution_words(&self) -> String {
        joined(&self.words.no)
    }

    /// The format's "several solutions" words, if it has them.
    pub fn multiple_words(&self) -> Option<String> {
        self.words.multiple.as_deref().map(joined)
    }

    /// The header case `k` needs, as written (`Case 3:`), when the format has one.
    pub fn header_of(&self, k: u64) -> Option<String> {
        self.words.header_of(k)
    }

    /// The line the reader stands on (where a missing answer would start).
    pub fn line(&self) -> u64 {
        self.line
    }

    fn window(&self) -> &[u8] {
        self.src.window().0
    }

    /// Reads until at least `n` bytes are unconsumed or the stream has ended.
    fn fill_to(&mut self, n: usize) -> Result<(), ReadError> {
        loop {
            let (w, eof) = self.src.window();
            if w.len() >= n || eof {
                return Ok(());
            }
            match self.src.fill() {
                Ok(true) => {}
                Ok(false) => return Ok(()),
                Err(e) => {
                    return Err(ReadError {
                        line: self.line,
                        msg: format!("cannot read {}: {e}", self.src.name()),
                        kind: ErrorKind::Io,
                    });
                }
            }
        }
    }

    /// Moves past `n` unconsumed bytes (which must be in the window).
    fn advance(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        let w = &self.src.window().0[..n];
        match memchr::memrchr(b'\n', w) {
            Some(i) => {
                self.line += memchr::memchr_iter(b'\n', w).count() as u64;
                self.col = (n - i) as u64;
            }
            None => self.col += n as u64,
        }
        if let Some(c) = &mut self.capture {
            let room = LIMIT.saturating_sub(c.len());
            c.extend_from_slice(&w[..n.min(room)]);
        }
        self.src.consume(n);
    }

    /// [`AnswerReader::advance`] over `n` bytes whose line breaks the caller has counted:
    /// `lines` of them, the next byte then on column `col`.
    fn advance_known(&mut self, n: usize, lines: u64, col: u64) {
        if self.capture.is_some() {
            return self.advance(n);
        }
        self.line += lines;
        self.col = col;
        self.src.consume(n);
    }

    /// The next unread byte, if any.
    fn peek(&mut self) -> Result<Option<u8>, ReadError> {
        self.fill_to(1)?;
        Ok(self.window().first().copied())
    }

    /// Skips bytes while `skip` holds.
    fn skip_while(&mut self, skip: fn(u8) -> bool) -> Result<(), ReadError> {
        loop {
            self.fill_to(1)?;
            let w = self.window();
            if w.is_empty() {
                return Ok(());
            }
            let stop = w.iter().position(|&b| !skip(b));
            self.advance(stop.unwrap_or(w.len()));
            if stop.is_some() {
                return Ok(());
            }
        }
    }

    /// Skips blank bytes and line breaks.
    fn skip_space(&mut self) -> Result<(), ReadError> {
        self.skip_while(is_space)
    }

    /// Reads the next token (after blanks and line breaks) into `self.tok`; false at the end.
    /// A token longer than [`LIMIT`] is cut there.
    fn next_token(&mut self) -> Result<bool, ReadError> {
        self.skip_space()?;
        let mut seen = 0;
        let end = loop {
            let w = self.window();
            if let Some(i) = w[seen..].iter().position(|&b| is_space(b)) {
                break seen + i;
            }
            if w.len() >= LIMIT {
                break LIMIT;
            }
            seen = w.len();
            self.fill_to(seen + 1)?;
            if self.window().len() == seen {
                break seen;
            }
        };
        self.tok.clear();
        self.tok.extend_from_slice(&self.src.window().0[..end]);
        self.advance(end);
        Ok(end > 0)
    }

    /// The rest of the current line from the reader, blanks around it cut, not consumed; at
    /// most 64 bytes (messages show 40).
    fn peek_line(&mut self) -> Result<Vec<u8>, ReadError> {
        self.fill_to(64)?;
        let w = self.window();
        let w = &w[..w.len().min(64)];
        let end = memchr::memchr(b'\n', w).unwrap_or(w.len());
        let start = w[..end].iter().position(|&b| !is_blank(b)).unwrap_or(end);
        Ok(trim_end(&w[start..end]).to_vec())
    }

    /// Ends the case: blanks up to and including the line break, when nothing else follows on
    /// the line.
    fn end_line(&mut self) -> Result<(), ReadError> {
        self.skip_while(is_blank)?;
        if self.peek()? == Some(b'\n') {
            self.advance(1);
        }
        Ok(())
    }

    /// Reads the answer of case `k`; `None` when only blanks are left.
    pub fn next(&mut self, k: u64) -> Result<Option<Item>, ReadError> {
        let (span_line, span_col) = (self.line, self.col);
        if let Some(c) = &mut self.capture {
            c.clear();
        }
        self.skip_space()?;
        if self.peek()?.is_none() {
            return Ok(None);
        }
        if self.words.header.is_some() {
            self.header(k)?;
            self.skip_space()?;
        }
        let line = self.line;
        let mut rows = [line; N];
        let answer = match self.peek()? {
            None => {
                let header = self.words.header_of(k).unwrap_or_default();
                return Err(ReadError::unreadable(
                    line,
                    format!(
                        "expected an answer after {}, found end of output",
                        show_text(header.as_bytes())
                    ),
                ));
            }
            Some(b) if b.is_ascii_alphabetic() => self.words_answer()?,
            Some(_) => match self.format {
                Format::Poj2676 | Format::Hdu4069 => self.rows(&mut rows)?,
                Format::Line => self.line_grid()?,
                Format::Leetcode => self.board()?,
            },
        };
        self.end_line()?;
        let raw = self
            .capture
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default();
        Ok(Some(Item {
            answer,
            line,
            rows,
            raw,
            span_line,
            span_col,
        }))
    }

    /// Reads the header of case `k` (`Case k:`), token by token, line breaks allowed between
    /// them; the number must be spelled as `solve` spells it (`Case 01:` is not case 1's).
    fn header(&mut self, k: u64) -> Result<(), ReadError> {
        let line = self.line;
        let n = self.words.header.as_ref().map_or(0, Vec::len);
        let mut found: Vec<u8> = Vec::new();
        let mut number = None;
        let mut fits = true;
        for i in 0..n {
            if !self.next_token()? {
                fits = false;
                break;
            }
            if i > 0 {
                found.push(b' ');
            }
            found.extend_from_slice(&self.tok);
            let (pre, post) = &self.words.header.as_ref().expect("a header")[i];
            let ok = match post {
                None => self.tok == *pre,
                Some(post) => {
                    let mid = self
                        .tok
                        .strip_prefix(pre.as_slice())
                        .and_then(|t| t.strip_suffix(post.as_slice()));
                    number = mid.and_then(case_number);
                    number.is_some()
                }
            };
            if !ok {
                fits = false;
                break;
            }
        }
        if fits && number == Some(k) {
            return Ok(());
        }
        let expected = show_text(self.words.header_of(k).unwrap_or_default().as_bytes());
        if !fits {
            // Show the line as printed from where the header went wrong.
            let rest = self.peek_line()?;
            if !rest.is_empty() && !found.is_empty() {
                found.push(b' ');
            }
            found.extend_from_slice(&rest);
        }
        Err(ReadError {
            line,
            msg: format!("expected {expected}, found {}", show_text(&found)),
            kind: if fits {
                ErrorKind::WrongCase
            } else {
                ErrorKind::Unreadable
            },
        })
    }

    /// Words, token by token across line breaks: the format's words or [`Answer::Other`] (the
    /// tokens up to the first that fits neither, with the rest of its line).
    fn words_answer(&mut self) -> Result<Answer, ReadError> {
        let mut got: Vec<Vec<u8>> = Vec::new();
        loop {
            let words = [
                (Answer::NoSolution, Some(&self.words.no)),
                (Answer::Multiple, self.words.multiple.as_ref()),
            ];
            let mut alive = false;
            for (a, w) in words {
                let Some(w) = w.filter(|w| w.len() >= got.len() && w[..got.len()] == got[..])
                else {
                    continue;
                };
                if w.len() == got.len() {
                    return Ok(a);
                }
                alive = true;
            }
            if !alive || !self.next_token()? {
                break;
            }
            got.push(self.tok.clone());
        }
        let mut text = got.join(&b' ');
        let rest = self.peek_line()?;
        if !rest.is_empty() {
            text.push(b' ');
            text.extend_from_slice(&rest);
        }
        self.skip_while(|b| b != b'\n')?;
        Ok(Answer::Other(text))
    }

    /// Nine tokens of nine digits (POJ 2676, HDU 4069).
    fn rows(&mut self, lines: &mut [u64; N]) -> Result<Answer, ReadError> {
        let mut grid = [0u8; CELLS];
        // Fastest path: the whole grid as `solve` writes it, nine lines of nine digits, read
        // and checked in one pass (a bad byte only costs the slower paths below).
        const GRID: usize = CELLS + N;
        self.fill_to(GRID)?;
        let w = self.window();
        if w.len() >= GRID {
            let mut bad = false;
            for (g, row) in grid.chunks_exact_mut(N).zip(w.chunks_exact(N + 1)) {
                bad |= row[N] != b'\n';
                for (c, &b) in g.iter_mut().zip(row) {
                    let d = b.wrapping_sub(b'0');
                    bad |= d > 9;
                    *c = d;
                }
            }
            if !bad {
                for (r, line) in lines.iter_mut().enumerate() {
                    *line = self.line + r as u64;
                }
                // The last row's line break ends the case (`end_line`).
                self.advance_known(GRID - 1, N as u64 - 1, N as u64 + 1);
                return Ok(Answer::Grid(grid));
            }
        }
        for (r, line) in lines.iter_mut().enumerate() {
            // Fast path: nine digits and a line break exactly where they belong.
            self.fill_to(N + 1)?;
            let w = self.window();
            if w.len() > N && w[N] == b'\n' && w[..N].iter().all(u8::is_ascii_digit) {
                *line = self.line;
                for (g, &c) in grid[r * N..r * N + N].iter_mut().zip(&w[..N]) {
                    *g = c - b'0';
                }
                // The last row's line break ends the case (`end_line`).
                self.advance(if r + 1 < N { N + 1 } else { N });
                continue;
            }
            self.skip_space()?;
            *line = self.line;
            if !self.next_token()? {
                return Err(ReadError::unreadable(
                    self.line,
                    format!("expected row {} of 9 digits, found end of output", r + 1),
                ));
            }
            let tok = &self.tok;
            if tok.len() != N || !tok.iter().all(u8::is_ascii_digit) {
                return Err(ReadError::unreadable(
                    *line,
                    format!(
                        "expected row {} of 9 digits, found {}",
                        r + 1,
                        show_text(tok)
                    ),
                ));
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
        self.next_token()?;
        let tok = &self.tok;
        let ok = tok.len() == CELLS && tok.iter().all(|&c| c.is_ascii_digit() || c == b'.');
        if !ok {
            return Err(ReadError::unreadable(
                line,
                format!("expected 81 digits, found {}", show_text(tok)),
            ));
        }
        let mut grid = [0u8; CELLS];
        for (g, &c) in grid.iter_mut().zip(tok) {
            *g = if c == b'.' { 0 } else { c - b'0' };
        }
        Ok(Answer::Grid(grid))
    }

    /// A LeetCode board `[["1","2",...],...]`, blanks and line breaks anywhere between symbols.
    fn board(&mut self) -> Result<Answer, ReadError> {
        // Longer than any board (9 * 9 cells of 4 symbols, brackets and commas).
        const MOST: usize = 512;
        let line = self.line;
        let mut sym: Vec<u8> = Vec::new();
        let mut depth = 0u32;
        'read: loop {
            self.fill_to(1)?;
            let w = self.window();
            if w.is_empty() {
                break;
            }
            for (i, &b) in w.iter().enumerate() {
                if is_space(b) {
                    continue;
                }
                sym.push(b);
                match b {
                    b'[' => depth += 1,
                    b']' => depth = depth.saturating_sub(1),
                    _ => {}
                }
                if depth == 0 || sym.len() >= MOST {
                    self.advance(i + 1);
                    break 'read;
                }
            }
            self.advance(w.len());
        }
        match parse_board(&sym) {
            Some(grid) => Ok(Answer::Grid(grid)),
            None => Err(ReadError::unreadable(
                line,
                format!(
                    "expected a board [[\"1\",...],...] of 9 rows of 9 digits, found {}",
                    show_text(&sym)
                ),
            )),
        }
    }

    /// After the last case: `None` when only blanks are left, else the line of the next token
    /// and the rest of that line.
    pub fn rest(&mut self) -> Result<Option<(u64, Vec<u8>)>, ReadError> {
        self.skip_space()?;
        if self.peek()?.is_none() {
            return Ok(None);
        }
        Ok(Some((self.line, self.peek_line()?)))
    }

    /// The next byte, blank or not, with its line and column, without moving: for `--strict`,
    /// where nothing may follow the last case.
    pub fn leftover(&mut self) -> Result<Option<(u64, u64, u8)>, ReadError> {
        Ok(self.peek()?.map(|b| (self.line, self.col, b)))
    }
}

/// The grid of a board spelled `[["1","2",...],...]` without blanks (`.` or `0` empty).
fn parse_board(sym: &[u8]) -> Option<Grid> {
    let mut s = sym.iter().copied();
    let mut grid = [0u8; CELLS];
    let mut ok = s.next() == Some(b'[');
    for r in 0..N {
        if r > 0 {
            ok &= s.next() == Some(b',');
        }
        ok &= s.next() == Some(b'[');
        for c in 0..N {
            if !ok {
                return None;
            }
            if c > 0 {
                ok &= s.next() == Some(b',');
            }
            ok &= s.next() == Some(b'"');
            match s.next() {
                Some(d @ b'0'..=b'9') => grid[r * N + c] = d - b'0',
                Some(b'.') => grid[r * N + c] = 0,
                _ => return None,
            }
            ok &= s.next() == Some(b'"');
        }
        ok &= s.next() == Some(b']');
    }
    ok &= s.next() == Some(b']') && s.next().is_none();
    ok.then_some(grid)
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
    use crate::input::tests::Trickle;

    const SOLVED: &str = "143628579\n572139468\n986754231\n391542786\n468917352\n\
                          725863914\n237481695\n619275843\n854396127\n";

    fn grid_of(s: &str) -> Grid {
        let mut g = [0u8; CELLS];
        for (c, b) in g.iter_mut().zip(s.bytes().filter(u8::is_ascii_digit)) {
            *c = b - b'0';
        }
        g
    }

    fn reader_by(format: Format, text: &[u8], step: usize) -> AnswerReader {
        let t = Trickle {
            data: text.to_vec(),
            pos: 0,
            step,
        };
        AnswerReader::new(format, Source::stream("out".into(), Box::new(t)))
    }

    fn reader(format: Format, text: &[u8]) -> AnswerReader {
        reader_by(format, text, usize::MAX)
    }

    /// Every answer of `text` and the error that ends it, read with `k` counting from 1.
    fn all(mut r: AnswerReader) -> (Vec<Item>, Option<ReadError>) {
        let mut items = Vec::new();
        for k in 1.. {
            match r.next(k) {
                Ok(Some(i)) => items.push(i),
                Ok(None) => return (items, None),
                Err(e) => return (items, Some(e)),
            }
        }
        unreachable!()
    }

    #[test]
    fn words_come_from_the_writer() {
        let r = reader(Format::Hdu4069, b"");
        assert_eq!(r.no_solution_words(), "No solution");
        assert_eq!(r.multiple_words().as_deref(), Some("Multiple Solutions"));
        assert_eq!(r.header_of(17).as_deref(), Some("Case 17:"));
        let p = reader(Format::Poj2676, b"");
        assert_eq!(p.multiple_words(), None);
        assert_eq!(p.header_of(1), None);
    }

    #[test]
    fn poj_grids_and_words_with_lines_and_spans() {
        let text = format!(
            "{SOLVED}\r\n  No solution  \r\n{}",
            SOLVED.replace('\n', " \r\n")
        );
        let mut r = reader(Format::Poj2676, text.as_bytes()).capture();
        let a = r.next(1).unwrap().unwrap();
        assert_eq!(a.answer, Answer::Grid(grid_of(SOLVED)));
        assert_eq!(a.rows, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(a.raw, SOLVED.as_bytes());
        let b = r.next(2).unwrap().unwrap();
        assert_eq!(b.answer, Answer::NoSolution);
        assert_eq!((b.line, b.span_line, b.span_col), (11, 10, 1));
        assert_eq!(b.raw, b"\r\n  No solution  \r\n");
        let c = r.next(3).unwrap().unwrap();
        assert_eq!(c.answer, Answer::Grid(grid_of(SOLVED)));
        assert_eq!(c.rows[8], 20);
        assert_eq!(r.next(4), Ok(None));
        assert_eq!(r.rest(), Ok(None));
    }

    #[test]
    fn any_chunking_reads_the_same() {
        let text = format!(
            "Case 1:\n{SOLVED}Case\n2:\r\nNo\n solution\nCase 3: Multiple Solutions Case 4: {}",
            SOLVED.replace('\n', " ")
        );
        let want = all(reader(Format::Hdu4069, text.as_bytes()).capture());
        assert_eq!(want.0.len(), 4);
        assert_eq!(want.1, None);
        assert_eq!(want.0[1].answer, Answer::NoSolution);
        assert_eq!(want.0[2].answer, Answer::Multiple);
        assert_eq!(want.0[3].answer, Answer::Grid(grid_of(SOLVED)));
        for step in [1, 2, 3, 7, 10, 64] {
            let got = all(reader_by(Format::Hdu4069, text.as_bytes(), step).capture());
            assert_eq!(got, want, "step {step}");
        }
    }

    #[test]
    fn tokens_not_lines_one_per_line_or_all_on_one() {
        let one_line = SOLVED.replace('\n', " ");
        let one_per_line = format!("Case\n1:\n{SOLVED}");
        for (format, text) in [
            (Format::Poj2676, one_line.clone()),
            (Format::Hdu4069, format!("Case 1: {one_line}")),
            (Format::Hdu4069, one_per_line),
        ] {
            let (items, e) = all(reader(format, text.as_bytes()));
            assert_eq!(e, None, "{text:?}");
            assert_eq!(items[0].answer, Answer::Grid(grid_of(SOLVED)));
        }
    }

    #[test]
    fn short_rows_and_wrong_words() {
        let mut r = reader(Format::Poj2676, b"12345678\n");
        let e = r.next(1).unwrap_err();
        assert_eq!(e.msg, "expected row 1 of 9 digits, found \"12345678\"");
        let mut r = reader(Format::Poj2676, b"No Solution at all\n");
        assert_eq!(
            r.next(1).unwrap().unwrap().answer,
            Answer::Other(b"No Solution at all".to_vec())
        );
        // Bytes that are not UTF-8 stay as printed.
        let mut r = reader(Format::Poj2676, b"No\xff solution\n");
        assert_eq!(
            r.next(1).unwrap().unwrap().answer,
            Answer::Other(b"No\xff solution".to_vec())
        );
        assert_eq!(show_text(b"No\xff"), "\"No\\xff\"");
    }

    #[test]
    fn hdu_headers_missing_wrong_and_misspelled_numbers() {
        let text = format!("Case 1:\nMultiple   Solutions\nCase 3:\n{SOLVED}");
        let mut r = reader(Format::Hdu4069, text.as_bytes());
        assert_eq!(r.next(1).unwrap().unwrap().answer, Answer::Multiple);
        let e = r.next(2).unwrap_err();
        assert_eq!(e.kind, ErrorKind::WrongCase);
        assert_eq!(
            (e.line, e.msg.as_str()),
            (3, "expected \"Case 2:\", found \"Case 3:\"")
        );
        let mut r = reader(Format::Hdu4069, SOLVED.as_bytes());
        let e = r.next(1).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unreadable);
        assert_eq!(e.msg, "expected \"Case 1:\", found \"143628579\"");
        for (text, found) in [
            ("Case 01:\n", "Case 01:"),
            ("Case +1:\n", "Case +1:"),
            ("Case 1 :\n", "Case 1 :"),
            ("case 1:\n", "case 1:"),
        ] {
            let e = reader(Format::Hdu4069, text.as_bytes())
                .next(1)
                .unwrap_err();
            assert_eq!(e.kind, ErrorKind::Unreadable, "{text}");
            assert_eq!(e.msg, format!("expected \"Case 1:\", found \"{found}\""));
        }
    }

    #[test]
    fn line_and_leetcode_grids() {
        let line: String = SOLVED.split_whitespace().collect();
        let text = format!("{line}\n{}\n", &line[1..]);
        let mut r = reader(Format::Line, text.as_bytes());
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
        // One board on one line, then the same one symbol group a line, then a bad one.
        let text = format!(
            "[{}]\n{}\n[[\"1\"]]\n",
            board.join(","),
            format!("[{}]", board.join(",")).replace(' ', "\n")
        );
        let mut r = reader(Format::Leetcode, text.as_bytes());
        for k in 1..=2 {
            assert_eq!(
                r.next(k).unwrap().unwrap().answer,
                Answer::Grid(grid_of(SOLVED))
            );
        }
        let e = r.next(3).unwrap_err();
        assert_eq!(e.line, 2 + 9 * 8 + 1);
        assert!(e.msg.ends_with("found \"[[\\\"1\\\"]]\""), "{}", e.msg);
    }

    #[test]
    fn rest_names_extra_output_and_leftover_any_byte() {
        let mut r = reader(Format::Poj2676, b"\n\n  extra words \r\n");
        assert_eq!(r.leftover(), Ok(Some((1, 1, b'\n'))));
        assert_eq!(r.rest(), Ok(Some((3, b"extra words".to_vec()))));
    }

    #[test]
    fn a_token_without_end_is_cut_at_the_limit() {
        let text = vec![b'1'; 3 * LIMIT];
        let e = reader_by(Format::Poj2676, &text, 1000).next(1).unwrap_err();
        assert!(
            e.msg
                .starts_with("expected row 1 of 9 digits, found \"1111")
        );
    }
}
