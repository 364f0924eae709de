//! The checker's judge of every spec format's files (all but those of the four core formats,
//! which `super::nine` judges), behind [`super::check`]: the contestant's output read as a
//! stream of whitespace-separated tokens (or, with `--strict`, bytes) against the input's cases,
//! and optionally the judge's answer file, which must itself be right.
//!
//! Each case's expected answer comes from the engine in the problem's mode. Headers, separators
//! and verdict words must match token for token. An answer grid must be *a* solution where any
//! solution is right — the problem accepts any (a special judge), or says the solution is unique
//! (then any solution is that one) — and *the* solution where the problem picks one (the
//! lexicographically smallest, the grid of singles); Codeforces 1335D's grid must break every
//! unit with at most N changes; NWRRC 2013's operations must turn one puzzle into the other
//! (`similar.rs`).
//!
//! The output is read in bounded memory whatever its size: read by tokens, every byte is let go
//! of once the token after it is read (blanks inside a case are never held, however many);
//! with `--strict` one case's bytes are kept (at most [`CASE_LIMIT`]) until it is compared with
//! its canonical spelling. The first fault ends the reading of the output (with `--all`, the
//! input is still read to its end and its cases counted).

use super::{Judge, Options, Report, Verdict, place};
use crate::format::readback::{GridError, TokenStream, cell_like, read_grid};
use crate::format::spec::{Cells, Container, GridStyle, Sep, Size, Spec};
use crate::format::spell;
use crate::input::Source;
use crate::model::{Board, Case};
use crate::pipeline::ordered_map;
use crate::solve::SolverKind;
use crate::solve::engine::{Answer, Engine, Mode, OverBudget};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The most bytes one case's answer may span in the output with `--strict` (a 25x25 grid takes
/// about 2 KB; Jutge P79494's list of 10,000 boxed 9x9 solutions, its cap, 2.4 MB).
pub const CASE_LIMIT: usize = 1 << 22;
/// The longest token read where the format echoes no longer label; a longer one is a
/// presentation error. A format whose answers echo a label reads up to the label's limit
/// ([`Spec::token_limit`]), so that whatever `solve` echoes, `check` reads.
pub const TOKEN_LIMIT: usize = 4096;

/// A token of the output: where it is in the stream's window, and its line.
#[derive(Clone, Copy, Debug)]
struct Tok {
    start: usize,
    end: usize,
    line: u64,
    col: u64,
}

/// A fault found while reading: the verdict and the message after `case k, `.
type Found = (Verdict, String);

/// The contestant's output (or the answer file) as tokens, one case at a time.
struct Stream {
    src: Source,
    /// Scan position in the window.
    off: usize,
    /// Line of the byte at `off`.
    line: u64,
    /// Column of the byte at `off`.
    col: u64,
    /// Line and column of the window's first byte.
    start_line: u64,
    start_col: u64,
    /// Keep the case's bytes from its start (`--strict` compares them); otherwise everything
    /// before the next token is dropped as it is read.
    keep: bool,
    /// The longest token read ([`Spec::token_limit`]).
    token_limit: usize,
    /// Tokens read so far.
    taken: u64,
}

impl Stream {
    fn new(src: Source, keep: bool, token_limit: usize) -> Self {
        Stream {
            src,
            off: 0,
            line: 1,
            col: 1,
            start_line: 1,
            start_col: 1,
            keep,
            token_limit,
            taken: 0,
        }
    }

    /// Drops the bytes before `off` (blanks and tokens already judged).
    fn drop_read(&mut self) {
        self.src.consume(self.off);
        self.off = 0;
        self.start_line = self.line;
        self.start_col = self.col;
    }

    /// The byte at `i` of the window, reading more when needed; `None` at the end of input.
    fn byte(&mut self, i: usize) -> Result<Option<u8>, Found> {
        loop {
            let (w, eof) = self.src.window();
            if let Some(&b) = w.get(i) {
                return Ok(Some(b));
            }
            if eof {
                return Ok(None);
            }
            if w.len() > CASE_LIMIT {
                let msg = format!("the answer is longer than {CASE_LIMIT} bytes");
                return Err((Verdict::PresentationError, msg));
            }
            match self.src.fill() {
                Ok(_) => {}
                Err(e) => return Err((Verdict::Fail, format!("reading the output: {e}"))),
            }
        }
    }

    /// The next token, or `None` at the end of the output.
    fn next(&mut self) -> Result<Option<Tok>, Found> {
        while let Some(b) = self.byte(self.off)? {
            if !b.is_ascii_whitespace() {
                break;
            }
            if b == b'\n' {
                self.line += 1;
                self.col = 1;
            } else {
                self.col += 1;
            }
            self.off += 1;
            if !self.keep && self.off == self.src.window().0.len() {
                self.drop_read();
            }
        }
        if !self.keep {
            self.drop_read();
        }
        let start = self.off;
        let (line, col) = (self.line, self.col);
        while let Some(b) = self.byte(self.off)? {
            if b.is_ascii_whitespace() {
                break;
            }
            self.off += 1;
            self.col += 1;
            if self.off - start > self.token_limit {
                let limit = self.token_limit;
                let msg = format!("line {line}: a token of more than {limit} bytes");
                return Err((Verdict::PresentationError, msg));
            }
        }
        self.taken += u64::from(self.off > start);
        Ok((self.off > start).then_some(Tok {
            start,
            end: self.off,
            line,
            col,
        }))
    }

    fn text(&self, t: Tok) -> &[u8] {
        &self.src.window().0[t.start..t.end]
    }

    /// Looks ahead without reading: how many tokens are left, counted up to `most`, and the
    /// first of them.
    fn ahead(&mut self, most: usize) -> Result<(usize, Vec<u8>), Found> {
        let (mut i, mut count, mut first) = (self.off, 0, Vec::new());
        while count < most {
            while self.byte(i)?.is_some_and(|b| b.is_ascii_whitespace()) {
                i += 1;
            }
            let start = i;
            while self.byte(i)?.is_some_and(|b| !b.is_ascii_whitespace()) {
                i += 1;
            }
            if i == start {
                break;
            }
            if count == 0 {
                first = self.src.window().0[start..i].to_vec();
            }
            count += 1;
        }
        Ok((count, first))
    }

    /// Drops what the judged case spanned. With `canonical`, the bytes from the case's start
    /// must be exactly those; the first difference is a presentation error.
    fn finish(&mut self, canonical: Option<&[u8]>) -> Result<(), Found> {
        let Some(want) = canonical else {
            self.src.consume(self.off);
            self.start_line = self.line;
            self.start_col = self.col;
            self.off = 0;
            return Ok(());
        };
        for (i, &w) in want.iter().enumerate() {
            let got = self.byte(i)?;
            if got != Some(w) {
                let w = self.src.window().0;
                let msg = format!(
                    "{}: expected {}, found {}",
                    place(w, i.min(w.len()), self.start_line, 1),
                    show(Some(want[i])),
                    show(got)
                );
                return Err((Verdict::PresentationError, msg));
            }
        }
        self.line = self.start_line + want.iter().filter(|&&b| b == b'\n').count() as u64;
        self.col = match want.iter().rposition(|&b| b == b'\n') {
            Some(nl) => (want.len() - nl) as u64,
            None => self.start_col + want.len() as u64,
        };
        self.start_line = self.line;
        self.start_col = self.col;
        self.src.consume(want.len());
        self.off = 0;
        Ok(())
    }
}

/// The output as the grid reader reads it.
impl TokenStream for Stream {
    type Tok = Tok;
    type Error = Found;

    fn next_tok(&mut self) -> Result<Option<Tok>, Found> {
        self.next()
    }

    fn text(&self, t: Tok) -> &[u8] {
        Stream::text(self, t)
    }
}

/// A byte as messages show it: `'x'`, `'\n'`, or `the end of output`.
fn show(b: Option<u8>) -> String {
    match b {
        None => "the end of output".to_string(),
        Some(b) => crate::format::cursor::show_byte(b),
    }
}

/// A token as messages show it, its bytes escaped where not printable.
fn quote(t: &[u8]) -> String {
    format!("\"{}\"", t.escape_ascii())
}

/// How an answer grid is judged.
#[derive(Clone, Copy)]
enum Rule<'a> {
    /// Exactly this grid.
    Exact(&'a [u8]),
    /// Any solution of the case.
    Valid,
    /// Codeforces 1335D: at most N cells changed, a repeat in every unit.
    Anti,
}

/// Judges one case's answer in `s` against `want`; returns the answer as printed (for the
/// canonical spelling `--strict` compares with).
fn judge(spec: &Spec, k: u64, case: &Case, want: &Answer, s: &mut Stream) -> Result<Answer, Found> {
    if let Sep::LineBetween(line) = spec.output.sep
        && k > 1
    {
        expect_words(s, line)?;
    }
    let said = judge_answer(spec, k, case, want, s)?;
    if let Sep::LineAfter(line) = spec.output.sep {
        expect_words(s, line)?;
    }
    Ok(said)
}

/// [`judge`] of the answer itself, between the lines that separate cases.
fn judge_answer(
    spec: &Spec,
    k: u64,
    case: &Case,
    want: &Answer,
    s: &mut Stream,
) -> Result<Answer, Found> {
    let w = &spec.output.words;
    if let Some(h) = spell::header(spec, k, case) {
        expect_words(s, &h)?;
    }
    fn rule(mode: Mode, g: &[u8]) -> Rule<'_> {
        match mode {
            Mode::Lexmin | Mode::Singles | Mode::Nth => Rule::Exact(g),
            Mode::Anti => Rule::Anti,
            _ => Rule::Valid,
        }
    }
    match want {
        Answer::Solved(g) => match w.unique {
            Some(u) => expect_words(s, u).map(|()| want.clone()),
            None => {
                if let Some(found) = w.found {
                    expect_words(s, found)?;
                }
                grid(spec, case, s, rule(spec.mode, g), false).map(Answer::Solved)
            }
        },
        Answer::NoSolution => {
            expect_words(s, w.none.unwrap_or(spell::NO_SOLUTION)).map(|()| want.clone())
        }
        Answer::Multiple(_) => match w.multiple {
            Some(m) => expect_words(s, m).map(|()| want.clone()),
            None => grid(spec, case, s, Rule::Valid, false).map(Answer::Multiple),
        },
        Answer::NotMinimal(_) => {
            expect_words(s, w.not_minimal.unwrap_or("Not Minimal")).map(|()| want.clone())
        }
        Answer::Illegal => {
            expect_words(s, w.illegal.or(w.no).unwrap_or("Illegal")).map(|()| want.clone())
        }
        Answer::Legal => expect_words(s, w.yes.unwrap_or("Legal")).map(|()| want.clone()),
        Answer::Count(n, g) if w.count_after.is_some() => {
            grid(spec, case, s, Rule::Exact(g), false)?;
            let said = w.count_after.unwrap_or_default();
            expect_words(s, &said.replace("{n}", itoa::Buffer::new().format(*n)))?;
            Ok(want.clone())
        }
        Answer::Count(n, g) => {
            expect_words(s, itoa::Buffer::new().format(*n))?;
            if *n == 1 {
                grid(spec, case, s, Rule::Exact(g), false)?;
            }
            Ok(want.clone())
        }
        Answer::Marks(m) => {
            // Fully determined by the input: compared token for token with the canonical form.
            let mut text = Vec::new();
            spell::write_grid(spec, GridStyle::Marks, case.cells(), Some(m), &mut text);
            expect_words(s, &String::from_utf8_lossy(&text))?;
            Ok(want.clone())
        }
        Answer::Partial { cells, .. } if spec.mode == Mode::Hatching => {
            grid(spec, case, s, Rule::Exact(cells), true)?;
            Ok(want.clone())
        }
        Answer::Partial { cells, solved } => {
            let word = if *solved { w.easy } else { w.not_easy };
            expect_words(s, word.unwrap_or(if *solved { "Easy" } else { "Not easy" }))?;
            grid(spec, case, s, Rule::Exact(cells), true)?;
            Ok(want.clone())
        }
        Answer::Score(n, _) => {
            expect_words(s, itoa::Buffer::new().format(*n)).map(|()| want.clone())
        }
        Answer::Similar(truth) => {
            let board = case.to_board();
            let puzzles = crate::format::similar::puzzles(&board);
            let mut next = || -> Result<Option<super::similar::Token>, Found> {
                let t = s.next()?;
                Ok(t.map(|t| (s.text(t).to_vec(), t.line, t.col)))
            };
            super::similar::judge(&puzzles, truth, &mut next).map(Answer::Similar)
        }
        // Every solution in order, each exactly: a missing, extra or misplaced one is told at
        // the first grid that differs (or at the line after the case).
        Answer::Every(all) if all.is_empty() => {
            expect_words(s, w.none.unwrap_or(spell::NO_SOLUTION)).map(|()| want.clone())
        }
        Answer::Every(all) => {
            for g in all {
                grid(spec, case, s, Rule::Exact(g), false)?;
            }
            Ok(want.clone())
        }
        Answer::Sums(sums) => {
            // Fully determined by the input: compared token for token.
            let mut text = Vec::new();
            crate::format::rules::write_sums(sums, case.side(), &mut text);
            expect_words(s, &String::from_utf8_lossy(&text))?;
            Ok(want.clone())
        }
    }
}

/// The next tokens must be exactly the words of `text`; a mismatch shows the words read for it.
fn expect_words(s: &mut Stream, text: &str) -> Result<(), Found> {
    // Line by line of `text`, so that a fault in a text of several lines (AOJ 0126's marked
    // grid) is named by its own line, not by the whole text from the answer's first line.
    for want in text.lines().filter(|l| !l.trim_ascii().is_empty()) {
        let mut seen: Vec<u8> = Vec::new();
        let mut first_line = None;
        for word in want.split_ascii_whitespace() {
            let tok = s.next()?;
            if let Some(t) = tok {
                first_line.get_or_insert(t.line);
                if !seen.is_empty() {
                    seen.push(b' ');
                }
                seen.extend_from_slice(s.text(t));
                if s.text(t) == word.as_bytes() {
                    continue;
                }
            }
            let found = if seen.is_empty() {
                "the end of output".to_string()
            } else if tok.is_none() {
                format!("{} and the end of output", quote(&seen))
            } else {
                quote(&seen)
            };
            let line = first_line.unwrap_or(s.line);
            let msg = format!(
                "line {line}: expected {}, found {found}",
                quote(want.trim_ascii().as_bytes())
            );
            return Err((Verdict::WrongAnswer, msg));
        }
    }
    Ok(())
}

/// Reads an answer grid in the format's output style and judges it by `rule`; `dots` allows
/// `.` for an empty cell (Kattis simplysudoku's partial grids).
fn grid(
    spec: &Spec,
    case: &Case,
    s: &mut Stream,
    rule: Rule<'_>,
    dots: bool,
) -> Result<Vec<u8>, Found> {
    let side = case.side();
    let cells = spec.input.cells;
    skip_size_echo(spec, case, s)?;
    let style = match spec.output.grid {
        GridStyle::Marks => GridStyle::Tokens,
        style => style,
    };
    let before = s.taken;
    let (values, rows) = match read_grid(spec, case, style, dots, (1, usize::MAX), s) {
        Ok(read) => read,
        Err(GridError {
            stream: Some(found),
            ..
        }) => return Err(found),
        Err(GridError { what, found, .. }) => {
            // A grid that is not readable is a presentation error, as in the core formats'
            // judge (a short row, a bad cell, an end mid-grid). A wrong answer where no grid
            // began: nothing at all (a missing answer), or a first token that is no piece of
            // a grid (a word: `No solution` where a grid is due).
            let word = |t: Tok| s.taken - before == 1 && !cell_like(spec, side, s.text(t));
            let verdict = match found {
                None if s.taken == before => Verdict::WrongAnswer,
                Some(t) if word(t) => Verdict::WrongAnswer,
                _ => Verdict::PresentationError,
            };
            let found = match found {
                Some(tok) => (tok.line, quote(s.text(tok))),
                None => (s.line, "the end of output".to_string()),
            };
            let msg = format!("line {}: expected {what}, found {}", found.0, found.1);
            return Err((verdict, msg));
        }
    };
    let lines: Vec<u64> = rows.iter().map(|t| t.line).collect();
    if let Some((net, _)) = case.as_net() {
        let line = lines.first().copied().unwrap_or(s.line);
        return judge_net(spec, net, case.cells(), values, rule, line);
    }
    let row_line = |cell: usize| lines.get(cell / side).copied().unwrap_or(s.line);
    match rule {
        Rule::Exact(want) => {
            if let Some(i) = (0..want.len()).find(|&i| values[i] != want[i]) {
                let msg = format!(
                    "line {}: {}: expected {}, found {}",
                    row_line(i),
                    crate::model::geometry::cell_name(side, i),
                    spell_cell(cells, side, want[i], dots),
                    spell_cell(cells, side, values[i], dots)
                );
                return Err((Verdict::WrongAnswer, msg));
            }
        }
        Rule::Valid => {
            if let Some(msg) = invalid(&case.to_board(), &values, cells) {
                return Err((
                    Verdict::WrongAnswer,
                    format!("line {}: {}", row_line(msg.0), msg.1),
                ));
            }
        }
        Rule::Anti => {
            if let Some((cell, msg)) = not_anti(&case.to_board(), &values) {
                return Err((
                    Verdict::WrongAnswer,
                    format!("line {}: {msg}", row_line(cell)),
                ));
            }
        }
    }
    Ok(values)
}

/// Where a problem's one case starts with its size line and its answer is the grid
/// (MindCoding fiendishsudoku's `n`), whether the answer repeats that line is not stated
/// (JUDGES.md C7, inferred): `solve` writes the grid alone, and a grid with the line before it
/// is accepted too. The line is taken for an echo when it is the size and the output holds
/// exactly one token more than the grid.
fn skip_size_echo(spec: &Spec, case: &Case, s: &mut Stream) -> Result<(), Found> {
    if spec.input.container != Container::Single || !matches!(spec.input.size, Size::Line { .. })
    {
        return Ok(());
    }
    let cells = case.side() * case.side();
    let (count, first) = s.ahead(cells + 2)?;
    if count == cells + 1 && first == itoa::Buffer::new().format(case.box_size()).as_bytes() {
        s.next()?;
    }
    Ok(())
}

/// [`grid`]'s judgement of the values read for a case on a net (`line`: where the answer
/// starts): exactly the solution asked, or any that keeps the givens.
fn judge_net(
    spec: &Spec,
    net: &crate::model::Net,
    givens: &[u8],
    values: Vec<u8>,
    rule: Rule<'_>,
    line: u64,
) -> Result<Vec<u8>, Found> {
    let cell = |slot: usize, of: &[u8]| {
        let mut text = Vec::new();
        let c = net.cell_of(slot);
        crate::format::net::write_cell(spec.input.cells, net, c, of, &mut text);
        (c + 1, quote(&text))
    };
    let wrong = |msg: String| Err((Verdict::WrongAnswer, format!("line {line}: {msg}")));
    match rule {
        Rule::Exact(want) => {
            if let Some(i) = (0..want.len()).find(|&i| values[i] != want[i]) {
                let ((c, expected), (_, found)) = (cell(i, want), cell(i, &values));
                return wrong(format!("cell {c}: expected {expected}, found {found}"));
            }
        }
        Rule::Valid | Rule::Anti => {
            if let Some(i) = (0..values.len()).find(|&i| givens[i] != 0 && values[i] != givens[i]) {
                let (c, found) = cell(i, &values);
                return wrong(format!("cell {c}: {found} changes a given"));
            }
            if let Some(i) = values.iter().position(|&v| v == 0) {
                return wrong(format!("cell {} is empty", net.cell_of(i) + 1));
            }
            if let Some((a, b)) = net.clash(&values) {
                let ((x, vx), (y, vy)) = (cell(a, &values), cell(b, &values));
                return wrong(if x == y {
                    format!("cell {x}: {vx} does not increase")
                } else {
                    format!("cells {x} ({vx}) and {y} ({vy}) repeat a value in one unit")
                });
            }
        }
    }
    Ok(values)
}

fn spell_value(cells: Cells, side: usize, v: u8) -> String {
    quote(plain_value(cells, side, v).as_bytes())
}

/// [`spell_value`], with an empty cell spelled `.` where the answer writes it so (`dots`).
fn spell_cell(cells: Cells, side: usize, v: u8, dots: bool) -> String {
    if dots && v == 0 {
        quote(b".")
    } else {
        spell_value(cells, side, v)
    }
}

/// Value `v` as the format spells a cell (`J` in POJ 3076's letters), unquoted.
fn plain_value(cells: Cells, side: usize, v: u8) -> String {
    let mut out = Vec::new();
    spell::put_value(cells, side, v, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Why `values` is not a solution of `b`: the cell to point at and the message, with values
/// spelled as `cells` spells them.
fn invalid(b: &Board, values: &[u8], cells: Cells) -> Option<(usize, String)> {
    let side = b.side();
    let name = |c| crate::model::geometry::cell_name(side, c);
    let value = |v| plain_value(cells, side, v);
    if let Some(c) = values.iter().position(|&v| v == 0) {
        return Some((c, format!("{}: the cell is empty", name(c))));
    }
    if let Some(c) = (0..values.len()).find(|&c| b.cells[c] != 0 && b.cells[c] != values[c]) {
        let msg = format!(
            "{}: expected the given {}, found {}",
            name(c),
            value(b.cells[c]),
            value(values[c])
        );
        return Some((c, msg));
    }
    b.first_clash(values)
        .map(|clash| (clash.second, clash.spelled(&value(clash.digit))))
        .or_else(|| b.broken_rule(values))
}

/// Why `values` is not an anti-sudoku of the solved grid `b`.
fn not_anti(b: &Board, values: &[u8]) -> Option<(usize, String)> {
    let side = b.side();
    let changed = b.cells.iter().zip(values).filter(|(a, v)| a != v).count();
    if changed > side {
        return Some((
            0,
            format!("{changed} cells changed, at most {side} allowed"),
        ));
    }
    if let Some(c) = values.iter().position(|&v| v == 0) {
        let msg = format!(
            "{}: expected a value 1-{side}",
            crate::model::geometry::cell_name(side, c)
        );
        return Some((c, msg));
    }
    let g = &b.geometry;
    for u in 0..g.unit_count() {
        let mut seen = vec![false; side + 1];
        let repeat = g.unit(u).iter().any(|&c| {
            let v = values[c as usize] as usize;
            std::mem::replace(&mut seen[v], true)
        });
        if !repeat {
            let first = g.unit(u)[0] as usize;
            return Some((first, format!("{} has no repeated value", g.unit_kind(u))));
        }
    }
    None
}

/// The spec formats' judge of a file.
pub(super) struct Tokens<'a> {
    spec: &'static Spec,
    /// The input's name, for messages.
    name: String,
    out: Stream,
    ans: Option<Stream>,
    /// How the answer file is named in messages.
    answer_name: &'a str,
    strict: bool,
    /// The engine of a check on one thread, kept from batch to batch.
    serial: Option<Engine>,
}

impl<'a> Tokens<'a> {
    pub(super) fn new(
        spec: &'static Spec,
        name: String,
        output: Source,
        answer: Option<Source>,
        answer_name: &'a str,
        opts: &Options,
    ) -> Self {
        Tokens {
            spec,
            name,
            out: Stream::new(output, opts.strict, spec.token_limit(TOKEN_LIMIT)),
            ans: answer.map(|a| Stream::new(a, false, spec.token_limit(TOKEN_LIMIT))),
            answer_name,
            strict: opts.strict,
            serial: None,
        }
    }
}

impl Judge for Tokens<'_> {
    /// Judges case after case; the first fault ends the judging (a wrong grid leaves the
    /// output at the next case, but its expected answer is not worth the engine's time).
    fn batch(&mut self, before: u64, batch: &[Case], opts: &Options, report: &mut Report) {
        let spec = self.spec;
        let expected = answers(spec, batch, opts, &mut self.serial);
        for (i, (case, want)) in batch.iter().zip(&expected).enumerate() {
            let k = before + i as u64 + 1;
            let refused = |w: &Answer| crate::work::refused(spec, w);
            let want = match want {
                Ok(w) if refused(w).is_none() => w,
                Ok(w) => {
                    let why = refused(w).unwrap_or_default();
                    let msg = format!("{}: case {k}: {why}", self.name);
                    report.push(Verdict::Fail, Some(k), msg);
                    report.stopped_at = Some(k - 1);
                    return;
                }
                Err(over) => {
                    let why = crate::work::over_budget(spec, case.cells(), *over);
                    let msg = format!("{}: case {k}: {why}", self.name);
                    report.push(Verdict::Fail, Some(k), msg);
                    report.stopped_at = Some(k - 1);
                    return;
                }
            };
            if let Some(a) = self.ans.as_mut()
                && let Err((_, msg)) = judge(spec, k, case, want, a).and_then(|_| a.finish(None))
            {
                let msg = format!("{}: case {k}, {msg}", self.answer_name);
                report.push(Verdict::Fail, Some(k), msg);
                report.stopped_at = Some(k - 1);
                return;
            }
            let out = &mut self.out;
            let judged = judge(spec, k, case, want, out).and_then(|got| {
                let canonical = opts.strict.then(|| {
                    let mut text = Vec::new();
                    spell::write_answer(spec, k, case, &got, &mut text);
                    text
                });
                out.finish(canonical.as_deref())
            });
            if let Err((v, msg)) = judged {
                report.push(v, Some(k), format!("case {k}, {msg}"));
                // A wrong grid leaves the stream at the next case; anything else loses it.
                report.stopped_at = Some(k);
                return;
            }
        }
    }

    fn trailing(&mut self, report: &mut Report) {
        let (out, ans, strict) = (&mut self.out, &mut self.ans, self.strict);
        let n = crate::format::cursor::cases(report.cases);
        // A separator line after the last case, where the problem writes one between cases
        // (HDU 3111's `---`): whether one follows the last is not stated (JUDGES.md A4,
        // inferred), so it is accepted, but for --strict.
        let sep = match self.spec.output.sep {
            Sep::LineBetween(line) if report.cases > 0 && !strict => Some(line.as_bytes()),
            _ => None,
        };
        let next = |s: &mut Stream| match s.next()? {
            Some(t) if Some(s.text(t)) == sep => s.next(),
            t => Ok(t),
        };
        if let Some(a) = ans {
            match next(a) {
                Ok(None) => {}
                Ok(Some(t)) => {
                    let msg = format!(
                        "{}, line {}: expected the end after {n}, found {}",
                        self.answer_name,
                        t.line,
                        quote(a.text(t))
                    );
                    report.push(Verdict::Fail, None, msg);
                }
                Err((_, msg)) => report.push(Verdict::Fail, None, msg),
            }
        }
        let rest = if strict { out.byte(0) } else { Ok(None) };
        match (next(out), rest) {
            (Ok(Some(t)), _) => {
                let msg = format!(
                    "line {}: expected the end of output after {n}, found {}",
                    t.line,
                    quote(out.text(t))
                );
                report.push(Verdict::WrongAnswer, None, msg);
            }
            (Err((v, msg)), _) | (_, Err((v, msg))) => report.push(v, None, msg),
            (Ok(None), Ok(Some(b))) => {
                let msg = format!(
                    "line {}: expected the end of output after {n}, found {}",
                    out.start_line,
                    show(Some(b))
                );
                report.push(Verdict::PresentationError, None, msg);
            }
            (Ok(None), Ok(None)) => {}
        }
    }
}

/// The expected answers of a batch, computed in parallel (one engine per worker), each within
/// the budget. The judging stops at the first case past it, so once one is known every later
/// case is skipped (said to be past it too: never looked at, as an earlier one is).
fn answers(
    spec: &Spec,
    batch: &[Case],
    opts: &Options,
    serial: &mut Option<Engine>,
) -> Vec<Result<Answer, OverBudget>> {
    let failed = AtomicUsize::new(usize::MAX);
    let one = |e: &mut Engine, i: usize| {
        if i > failed.load(Relaxed) {
            return Err(OverBudget {
                budget: opts.budget.unwrap_or(0),
            });
        }
        let a = e.try_reply(&batch[i], spec.mode).map(|r| r.answer(spec.mode));
        if a.is_err() {
            failed.fetch_min(i, Relaxed);
        }
        a
    };
    let engine = || {
        let mut e = Engine::new(SolverKind::Bitmask);
        e.set_budget(opts.budget);
        e
    };
    ordered_map(batch.len(), opts.parallel, 16, serial, engine, one)
}
