//! Answer files and contestants' outputs read back case by case as what they say — the words
//! of the answer and its grid, in the format's own spelling — so that `show` can draw them next
//! to the case. The four core formats are read by [`AnswerReader`] (the checker's reader);
//! every other format by its [`Spec`]'s output description, token by token as judges read.
//!
//! Nothing is judged here: a grid that breaks the rules is read as it is written, and only text
//! that is not an answer of the format at all (a token that is no cell, a missing header) is an
//! error, with its line and column.

use super::Format;
use super::answers::{Answer, AnswerReader};
use super::generic::{BAD, Table, table};
use super::spec::{Cells, GridStyle, Rows, Sep, Spec};
use super::spell;
use crate::input::Source;
use crate::model::Case;
use crate::model::Mode;
use std::fmt;

/// What one case's answer says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Said {
    /// The words before any grid (`No solution`, `Easy`, a count), tokens joined by single
    /// spaces; empty when the answer is a grid alone.
    pub words: String,
    /// The grid, row-major, `0` for an empty cell (`.` in Kattis simplysudoku's partial grids).
    pub grid: Option<Vec<u8>>,
    /// AOJ 0126's marks: per cell, whether it was written with a `*`.
    pub marks: Option<Vec<bool>>,
}

/// Text that is not an answer of the format: where, in which case, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadBackError {
    pub line: u64,
    pub col: u64,
    pub case: u64,
    pub msg: String,
}

impl fmt::Display for ReadBackError {
    /// `12:3: case 2: expected a row of 9 cells, found "12a"` (the caller prefixes the name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: case {}: {}",
            self.line, self.col, self.case, self.msg
        )
    }
}

/// One answer or output file, read case after case.
pub struct ReadBack {
    inner: Inner,
}

enum Inner {
    Core(Box<AnswerReader>),
    Spec(Tokens),
}

impl ReadBack {
    /// Reads `path` as answers of `spec`; `core` is the tuned format serving the input (the
    /// checker's reader then reads the answers too).
    pub fn open(spec: &'static Spec, core: Option<Format>, path: &str) -> std::io::Result<Self> {
        let inner = match core {
            Some(f) => Inner::Core(Box::new(AnswerReader::new(f, Source::open(path)?))),
            None => Inner::Spec(Tokens {
                spec,
                bytes: std::fs::read(path)?,
                at: 0,
                line: 1,
                col: 1,
            }),
        };
        Ok(ReadBack { inner })
    }

    /// The answer of case `k` (1-based) to `case`; `None` when the file has ended.
    pub fn next(&mut self, k: u64, case: &Case) -> Result<Option<Said>, ReadBackError> {
        match &mut self.inner {
            Inner::Core(r) => core(r, k),
            Inner::Spec(t) => t.case(k, case),
        }
    }
}

/// A case's answer from the checker's reader of a core format.
fn core(r: &mut AnswerReader, k: u64) -> Result<Option<Said>, ReadBackError> {
    let item = r.next(k).map_err(|e| ReadBackError {
        line: e.line,
        col: 1,
        case: k,
        msg: e.msg,
    })?;
    Ok(item.map(|item| match item.answer {
        Answer::Grid(g) => Said {
            grid: Some(g.to_vec()),
            ..Said::default()
        },
        Answer::NoSolution => words(r.no_solution_words()),
        Answer::Multiple => words(r.multiple_words().unwrap_or_default()),
        Answer::Other(w) => words(String::from_utf8_lossy(&w).into_owned()),
    }))
}

fn words(w: String) -> Said {
    Said {
        words: w,
        ..Said::default()
    }
}

/// A token: its bytes' range and where it starts.
#[derive(Clone, Copy)]
struct Tok {
    start: usize,
    end: usize,
    line: u64,
    col: u64,
}

/// A spec format's answers as whitespace-separated tokens.
struct Tokens {
    spec: &'static Spec,
    bytes: Vec<u8>,
    at: usize,
    line: u64,
    col: u64,
}

impl Tokens {
    /// The next token, without taking it.
    fn peek(&self) -> Option<Tok> {
        let (mut at, mut line, mut col) = (self.at, self.line, self.col);
        while let Some(&b) = self.bytes.get(at) {
            if !b.is_ascii_whitespace() {
                break;
            }
            if b == b'\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
            at += 1;
        }
        if at == self.bytes.len() {
            return None;
        }
        let end = self.bytes[at..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(self.bytes.len(), |n| at + n);
        Some(Tok {
            start: at,
            end,
            line,
            col,
        })
    }

    fn take(&mut self, t: Tok) {
        self.at = t.end;
        self.line = t.line;
        self.col = t.col + (t.end - t.start) as u64;
    }

    fn text(&self, t: Tok) -> &[u8] {
        &self.bytes[t.start..t.end]
    }

    /// Takes the words of `phrase` when the next tokens are exactly they.
    fn phrase(&mut self, phrase: &str) -> bool {
        let (at, line, col) = (self.at, self.line, self.col);
        for word in phrase.split_ascii_whitespace() {
            match self.peek() {
                Some(t) if self.text(t) == word.as_bytes() => self.take(t),
                _ => {
                    (self.at, self.line, self.col) = (at, line, col);
                    return false;
                }
            }
        }
        true
    }

    /// An error at the next token (or at the end of the file).
    fn error(&self, k: u64, what: &str) -> ReadBackError {
        let (line, col, found) = match self.peek() {
            Some(t) => (
                t.line,
                t.col,
                format!("\"{}\"", self.text(t).escape_ascii()),
            ),
            None => (self.line, self.col, "the end of the file".to_string()),
        };
        ReadBackError {
            line,
            col,
            case: k,
            msg: format!("expected {what}, found {found}"),
        }
    }

    /// The answer of case `k`.
    fn case(&mut self, k: u64, case: &Case) -> Result<Option<Said>, ReadBackError> {
        let spec = self.spec;
        if let Sep::LineBetween(line) = spec.output.sep
            && k > 1
        {
            self.phrase(line);
        }
        if self.peek().is_none() {
            return Ok(None);
        }
        if let Some(h) = spell::header(spec, k, case)
            && !self.phrase(&h)
        {
            return Err(self.error(k, &format!("\"{h}\"")));
        }
        let mut said = Said::default();
        match spec.mode {
            Mode::Exact | Mode::Best | Mode::Positions | Mode::OnePass => {
                let t = self
                    .peek()
                    .filter(|&t| self.text(t).iter().all(u8::is_ascii_digit));
                let Some(t) = t else {
                    return Err(self.error(k, "a number"));
                };
                said.words = String::from_utf8_lossy(self.text(t)).into_owned();
                self.take(t);
                if spec.mode == Mode::Exact && said.words == "1" {
                    self.grid(k, case, false, &mut said)?;
                }
            }
            Mode::Singles => {
                let w = &spec.output.words;
                let easy = w.easy.unwrap_or("Easy");
                let not_easy = w.not_easy.unwrap_or("Not easy");
                // The longer phrase first: `Not easy` is not `Not` and a grid.
                let found = [not_easy, easy].into_iter().find(|p| self.phrase(p));
                let Some(p) = found else {
                    return Err(self.error(k, &format!("\"{easy}\" or \"{not_easy}\"")));
                };
                said.words = p.to_string();
                self.grid(k, case, true, &mut said)?;
            }
            Mode::Hatching => match self.known_words() {
                Some(p) => said.words = p.to_string(),
                None => self.grid(k, case, true, &mut said)?,
            },
            Mode::CountSmallest => match self.known_words() {
                Some(p) => said.words = p.to_string(),
                None => {
                    // The grid, then the count in its sentence (`We have {n} way(s) ...`).
                    self.grid(k, case, false, &mut said)?;
                    let sentence = spec.output.words.count_after.unwrap_or("{n}");
                    let (before, after) = sentence.split_once("{n}").unwrap_or((sentence, ""));
                    let n = self
                        .phrase(before)
                        .then(|| self.peek())
                        .flatten()
                        .filter(|&t| self.text(t).iter().all(u8::is_ascii_digit));
                    let Some(t) = n else {
                        return Err(self.error(k, &format!("\"{sentence}\"")));
                    };
                    said.words = String::from_utf8_lossy(self.text(t)).into_owned();
                    self.take(t);
                    if !self.phrase(after) {
                        return Err(self.error(k, &format!("\"{sentence}\"")));
                    }
                }
            },
            Mode::Similar => said.words = self.similar(k, case)?,
            Mode::Every => match self.known_words() {
                Some(p) => said.words = p.to_string(),
                None => return self.every(k, case, said).map(Some),
            },
            _ => match self.known_words() {
                // A word before the grid (SGU 437's `Found`), then the grid.
                Some(p) if Some(p) == spec.output.words.found => {
                    said.words = p.to_string();
                    self.grid(k, case, false, &mut said)?;
                }
                Some(p) => said.words = p.to_string(),
                None => self.grid(k, case, false, &mut said)?,
            },
        }
        self.line_after(k)?;
        Ok(Some(said))
    }

    /// The line the format writes after every case ([`Sep::LineAfter`]), if it has one.
    fn line_after(&mut self, k: u64) -> Result<(), ReadBackError> {
        if let Sep::LineAfter(line) = self.spec.output.sep
            && !self.phrase(line)
        {
            return Err(self.error(k, &format!("\"{line}\"")));
        }
        Ok(())
    }

    /// Jutge P79494's list of solutions, up to the line after the case: what it says is how
    /// many grids it lists (`3 solutions`), and its grid the first of them.
    fn every(&mut self, k: u64, case: &Case, mut said: Said) -> Result<Said, ReadBackError> {
        let mut first = None;
        let mut n = 0u64;
        loop {
            if let Sep::LineAfter(line) = self.spec.output.sep
                && self.phrase(line)
            {
                break;
            }
            if self.peek().is_none() {
                self.line_after(k)?;
                break;
            }
            self.grid(k, case, false, &mut said)?;
            n += 1;
            first = first.or(said.grid.take());
        }
        said.grid = first;
        said.words = format!("{n} solution{}", if n == 1 { "" } else { "s" });
        Ok(said)
    }

    /// NWRRC 2013's answer to every pair of the case's puzzles: `Yes`, a count and that many
    /// operations, or `No`; what it says is the words `Yes` and `No` in order (the operations
    /// are read, not applied).
    fn similar(&mut self, k: u64, case: &Case) -> Result<String, ReadBackError> {
        let n = super::similar::puzzles(&case.to_board()).len();
        let mut said = Vec::new();
        for _ in 0..super::similar::pairs(n) {
            let word = self.peek().map(|t| (t, self.text(t) == b"Yes", self.text(t) == b"No"));
            let Some((t, yes, no)) = word.filter(|w| w.1 || w.2) else {
                return Err(self.error(k, "Yes or No"));
            };
            self.take(t);
            said.push(if yes { "Yes" } else { "No" });
            if no {
                continue;
            }
            let count = self.peek().and_then(|t| {
                let v = super::cursor::decimal(self.text(t))?;
                Some((t, v)).filter(|_| v <= super::similar::MAX_OPS)
            });
            let Some((t, q)) = count else {
                return Err(self.error(k, "the number of operations (0-1000)"));
            };
            self.take(t);
            for _ in 0..q {
                let Some(t) = self.peek() else {
                    return Err(self.error(k, "an operation"));
                };
                let letter = self.text(t).to_vec();
                let at = (self.at, self.line, self.col);
                self.take(t);
                let mut next = || {
                    let t = self.peek()?;
                    let v = self.text(t).to_vec();
                    self.take(t);
                    Some(v)
                };
                if super::similar::parse_op(&letter, &mut next).is_err() {
                    (self.at, self.line, self.col) = at;
                    return Err(self.error(k, "an operation (D x y, R a b, r a b, C a b, c a b or F)"));
                }
            }
        }
        Ok(said.join(" "))
    }

    /// Takes the longest of the format's answer words that comes next.
    fn known_words(&mut self) -> Option<&'static str> {
        let w = &self.spec.output.words;
        let mut all: Vec<&'static str> = [
            w.none,
            w.multiple,
            w.not_minimal,
            w.illegal,
            w.unique,
            w.yes,
            w.no,
            w.easy,
            w.not_easy,
            w.found,
        ]
        .into_iter()
        .flatten()
        .chain([spell::NO_SOLUTION, "Not Minimal", "Illegal", "Legal"])
        .collect();
        all.sort_by_key(|p| std::cmp::Reverse(p.split_ascii_whitespace().count()));
        all.into_iter().find(|p| self.phrase(p))
    }

    /// Reads a grid in the format's output style into `said`; `dots` reads `.` as empty.
    fn grid(
        &mut self,
        k: u64,
        case: &Case,
        dots: bool,
        said: &mut Said,
    ) -> Result<(), ReadBackError> {
        let side = case.side();
        let style = self.spec.output.grid;
        if style != GridStyle::Marks {
            let (values, _) = read_grid(self.spec, case, style, dots, (0, 3), self)
                .map_err(|GridError { what, .. }| self.error(k, &what))?;
            said.grid = Some(values);
            return Ok(());
        }
        // `*` or a space before each value: `9*1` is two cells, the second marked.
        let mut table = table(self.spec.input.cells, side);
        if let Some(t) = table.as_mut()
            && dots
        {
            t[b'.' as usize] = 0;
        }
        let what = format!("a number 1-{side}, '*' before it when marked");
        let (mut values, mut marks) = (Vec::with_capacity(side * side), Vec::new());
        while values.len() < side * side {
            let Some(tk) = self.peek() else {
                return Err(self.error(k, &what));
            };
            let text = self.text(tk);
            let mut cells = Vec::new();
            let mut i = 0;
            while i < text.len() {
                let mark = text[i] == b'*';
                let from = i + usize::from(mark);
                let to = text[from..]
                    .iter()
                    .position(|&b| b == b'*')
                    .map_or(text.len(), |p| from + p);
                cells.push((mark, value(&table, dots, 3, side, &text[from..to])));
                i = to;
            }
            if cells.is_empty() || values.len() + cells.len() > side * side {
                return Err(self.error(k, &what));
            }
            for (mark, v) in cells {
                let Some(v) = v else {
                    return Err(self.error(k, &what));
                };
                values.push(v);
                marks.push(mark);
            }
            self.take(tk);
        }
        said.grid = Some(values);
        said.marks = Some(marks);
        Ok(())
    }
}

/// `show`'s answer file as a [`TokenStream`]: a token is taken once the grid reader has it, so
/// an error points at the token that does not fit (or at the end of the file).
impl TokenStream for Tokens {
    type Tok = Tok;
    type Error = std::convert::Infallible;

    fn next_tok(&mut self) -> Result<Option<Tok>, Self::Error> {
        Ok(self.peek())
    }

    fn text(&self, t: Tok) -> &[u8] {
        Tokens::text(self, t)
    }

    fn fits(&mut self, t: Tok) {
        self.take(t);
    }
}

/// A stream of whitespace-separated tokens: the checker's reading of a contestant's output, or
/// `show`'s of an answer file. The one grid reader ([`read_grid`]) takes its cells from it.
pub trait TokenStream {
    /// A token read: where it is.
    type Tok: Copy;
    /// Why the stream could not give one (an I/O error, a token too long).
    type Error;
    /// The next token, or `None` at the end.
    fn next_tok(&mut self) -> Result<Option<Self::Tok>, Self::Error>;
    /// A token's bytes.
    fn text(&self, t: Self::Tok) -> &[u8];
    /// Told that `t` was read as part of the grid (a stream that peeks takes it here).
    fn fits(&mut self, _t: Self::Tok) {}
}

/// A grid read from `S`: its values, row-major, and the token each row starts with; or why not.
pub type GridRead<S> = Result<
    (Vec<u8>, Vec<<S as TokenStream>::Tok>),
    GridError<<S as TokenStream>::Tok, <S as TokenStream>::Error>,
>;

/// A grid that could not be read: the token `found` (`None`: the end of the stream, or the
/// stream's error) is not `what` the grid needs there.
pub struct GridError<T, E> {
    pub what: String,
    pub found: Option<T>,
    pub stream: Option<E>,
}

/// The value a token spells in `table` (numbers where there is none; `dots`: `.` is empty, not `0`;
/// a number of more than `longest` digits is none).
fn value(table: &Option<Table>, dots: bool, longest: usize, side: usize, tok: &[u8]) -> Option<u8> {
    match table {
        Some(t) if tok.len() == 1 && t[tok[0] as usize] != BAD => Some(t[tok[0] as usize]),
        Some(_) => None,
        None if dots && tok == b"." => Some(0),
        None if tok.is_empty() || tok.len() > longest => None,
        // Where `.` is the empty cell, `0` is no cell (Kattis simplysudoku writes `.`).
        None => super::cursor::decimal(tok)
            .filter(|&v| v <= side && (v > 0 || !dots))
            .map(|v| v as u8),
    }
}

/// Whether every byte of `tok` spells a cell of `spec`'s grids of side `side` (a digit where
/// its cells are numbers): a token that reads as a piece of a grid, not as a word.
pub fn cell_like(spec: &Spec, side: usize, tok: &[u8]) -> bool {
    let t = table(spec.input.cells, side);
    !tok.is_empty()
        && tok.iter().all(|&b| match &t {
            Some(t) => t[b as usize] != BAD || b == b'.',
            None => b.is_ascii_digit(),
        })
}

/// Reads the answer grid of `case` from `s` in `style` (tokens for [`GridStyle::Marks`]), values
/// spelled as `spec`'s input spells them: `dots` reads `.` as empty (and a number `0` as none);
/// `numbers` is the lowest number messages name and the most digits a number may have. The
/// values, row-major, and the token each row starts with. The one grid reader of `check` and
/// `show`.
pub fn read_grid<S: TokenStream>(
    spec: &Spec,
    case: &Case,
    style: GridStyle,
    dots: bool,
    numbers: (u8, usize),
    s: &mut S,
) -> GridRead<S> {
    let side = case.side();
    let n = case.box_size();
    let cells = spec.input.cells;
    if let Some((net, _)) = case.as_net() {
        return read_net(spec, net, s);
    }
    let mut t = table(cells, side);
    if let Some(t) = t.as_mut()
        && dots
    {
        t[b'.' as usize] = 0;
    }
    let fail = |what: &str, found: Option<S::Tok>| GridError {
        what: what.to_string(),
        found,
        stream: None,
    };
    let next = |s: &mut S, what: &str| match s.next_tok() {
        Ok(Some(tok)) => Ok(tok),
        Ok(None) => Err(fail(what, None)),
        Err(e) => Err(GridError {
            what: what.to_string(),
            found: None,
            stream: Some(e),
        }),
    };
    let mut values: Vec<u8> = Vec::with_capacity(side * side);
    let mut rows: Vec<S::Tok> = Vec::with_capacity(side);
    if matches!(style, GridStyle::Chars | GridStyle::OneLine) {
        let per = if style == GridStyle::OneLine {
            side * side
        } else {
            side
        };
        let what = format!("a row of {per} cells");
        // Numbers written as characters (TIOJ 1581's `1234` rows, and HDU 4069's answers to
        // its wall-coded cells): digits, `0` empty.
        if t.is_none() && matches!(cells, Cells::Numbers | Cells::Walls) && side <= 9 {
            let digits = Cells::Alphabet {
                values: b"123456789",
                empty: b"0",
            };
            t = table(digits, side);
        }
        for _ in 0..side * side / per {
            let tok = next(s, &what)?;
            let text = s.text(tok);
            let row: Option<Vec<u8>> = match &t {
                Some(t) if text.len() == per => text
                    .iter()
                    .map(|&c| Some(t[c as usize]).filter(|&v| v != BAD))
                    .collect(),
                _ => None,
            };
            let Some(row) = row else {
                return Err(fail(&what, Some(tok)));
            };
            values.extend(row);
            rows.push(tok);
            s.fits(tok);
        }
        return Ok((values, rows));
    }
    let boxed = style == GridStyle::Boxed;
    let what = match cells {
        Cells::Numbers if dots => format!("a number 1-{side} or '.'"),
        Cells::Numbers => format!("a number {}-{side}", numbers.0),
        _ => "a cell".to_string(),
    };
    for r in 0..side {
        for c in 0..side {
            if boxed && c > 0 && c % n == 0 {
                let tok = next(s, "\"|\"")?;
                if s.text(tok) != b"|" {
                    return Err(fail("\"|\"", Some(tok)));
                }
                s.fits(tok);
            }
            let tok = next(s, &what)?;
            let Some(v) = value(&t, dots, numbers.1, side, s.text(tok)) else {
                return Err(fail(&what, Some(tok)));
            };
            values.push(v);
            if c == 0 {
                rows.push(tok);
            }
            s.fits(tok);
        }
        if boxed && (r + 1) % n == 0 && r + 1 < side {
            let what = "a line of '-' and '+'";
            let tok = next(s, what)?;
            let x = s.text(tok);
            if !(x.contains(&b'+') && x.iter().all(|&c| c == b'-' || c == b'+')) {
                return Err(fail(what, Some(tok)));
            }
            s.fits(tok);
        }
    }
    Ok((values, rows))
}

/// [`read_grid`] of a case on a net: a token per cell, its values joined by `/` as many as the
/// cell has slots ([`crate::format::net`]); the values, a slot after another, and the token
/// each line of the answer starts with.
fn read_net<S: TokenStream>(spec: &Spec, net: &crate::model::Net, s: &mut S) -> GridRead<S> {
    let per_line = match spec.input.rows {
        Rows::Split => super::net::SPLIT_SIDE,
        _ => net.cells(),
    };
    let mut values = Vec::with_capacity(net.slots());
    let mut rows = Vec::new();
    for c in 0..net.cells() {
        let width = net.slots_of(c).len();
        let what = match (spec.input.cells, width) {
            (Cells::Numbers, _) => format!("a number 1-{}", net.values()),
            (_, 1) => "a cell".to_string(),
            (_, w) => format!("a split cell of {w} values joined by '/'"),
        };
        let tok = match s.next_tok() {
            Ok(Some(tok)) => tok,
            Ok(None) => return Err(GridError { what, found: None, stream: None }),
            Err(e) => return Err(GridError { what, found: None, stream: Some(e) }),
        };
        match super::net::cell_values(s.text(tok), spec.input.cells, net.values()) {
            Ok(v) if v.len() == width => values.extend(v),
            _ => return Err(GridError { what, found: Some(tok), stream: None }),
        }
        if c % per_line == 0 {
            rows.push(tok);
        }
        s.fits(tok);
    }
    Ok((values, rows))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;
    use crate::model::{Board, Geometry};

    fn tokens(name: &str, text: &str) -> Tokens {
        Tokens {
            spec: find(name).unwrap(),
            bytes: text.as_bytes().to_vec(),
            at: 0,
            line: 1,
            col: 1,
        }
    }

    fn case(n: usize) -> Case {
        Case::board(Board::empty(Geometry::standard(n)), None)
    }

    #[test]
    fn grids_words_and_headers_of_spec_formats() {
        // HDU 5547: `Case #k:` then a 4x4 grid of characters.
        let mut t = tokens(
            "hdu5547",
            "Case #1:\n1234\n3412\n2143\n4321\nCase #2:\n12x4\n",
        );
        let said = t.case(1, &case(2)).unwrap().unwrap();
        assert_eq!(said.words, "");
        assert_eq!(said.grid.unwrap()[..5], [1, 2, 3, 4, 3]);
        let e = t.case(2, &case(2)).unwrap_err();
        assert_eq!((e.line, e.col, e.case), (7, 1, 2));
        assert_eq!(
            e.to_string(),
            "7:1: case 2: expected a row of 4 cells, found \"12x4\""
        );
        // SPOJ SUDOGOB: a count, and the grid when it is 1.
        let one = (0..81)
            .map(|i| format!("{} ", i % 9 + 1))
            .collect::<String>();
        let mut t = tokens("spoj-sudogob", &format!("2\n1\n{one}\n0\n"));
        assert_eq!(t.case(1, &case(3)).unwrap().unwrap().words, "2");
        let said = t.case(2, &case(3)).unwrap().unwrap();
        assert_eq!((said.words.as_str(), said.grid.unwrap()[8]), ("1", 9));
        assert_eq!(t.case(3, &case(3)).unwrap().unwrap().grid, None);
        assert_eq!(t.case(4, &case(3)).unwrap(), None);
        // Kattis sudokunique: words of two tokens.
        let mut t = tokens("kattis-sudokunique", "Find another job\nNon-unique\n");
        assert_eq!(
            t.case(1, &case(3)).unwrap().unwrap().words,
            "Find another job"
        );
        assert_eq!(t.case(2, &case(3)).unwrap().unwrap().words, "Non-unique");
    }

    #[test]
    fn marks_and_boxed_rows() {
        let row = " 1 2 3 4 5 6 7 8 9\n";
        let marked = format!("*1*2 3 4 5 6 7 8 9\n{} 9*1 2 3 4 5 6 7 8\n", row.repeat(7));
        let mut t = tokens("aoj0126", &marked);
        let said = t.case(1, &case(3)).unwrap().unwrap();
        let marks = said.marks.unwrap();
        assert!(marks[0] && marks[1] && !marks[2]);
        assert!(!marks[72] && marks[73] && !marks[74]);
        let grid = said.grid.unwrap();
        assert_eq!((grid[1], grid[72], grid[73]), (2, 9, 1));
        let line = "1 2 3 | 4 5 6 | 7 8 9\n";
        let band = line.repeat(3);
        let rule = "------+-------+------\n";
        let text = format!("{band}{rule}{band}{rule}{band}");
        let said = tokens("jutge-p78955", &text).case(1, &case(3)).unwrap();
        assert_eq!(said.unwrap().grid.unwrap()[80], 9);
        let e = tokens("jutge-p78955", &band).case(1, &case(3)).unwrap_err();
        assert!(e.msg.contains("a line of '-' and '+'"), "{e}");
    }
}
