//! `validate --strict`: an input's bytes against the canonical spelling of the cases read from
//! them. The cases go back through the writer `gen` uses ([`write_header`], [`write_puzzle`]:
//! the layout of the judge's own data), both byte streams are compared as they come, and the
//! first difference is reported with its position and in a problem setter's words ("trailing
//! space", "leading zero", "blank line", "missing outer wall on the left side of r3c1").
//!
//! Nothing here knows a format's layout beyond a few words for messages: a format with a
//! canonical writer gets the strict check for free. Memory stays bounded: the canonical bytes
//! of the case being compared, and the input's bytes only where they run ahead (blank lines
//! the reader skipped before the next case).

use crate::format::cursor::{is_blank, is_space, show_byte};
use crate::format::{Format, ParseError, Pos};
use crate::generate::set::{write_header, write_puzzle};
use crate::model::{N, Puzzle, Side, cell_name};
use std::collections::VecDeque;

/// Input bytes kept while they run ahead of the canonical ones. They are blank (the reader
/// only skips blank lines and comments between cases), and no canonical case starts with this
/// much blank space, so the first difference always falls among the bytes kept.
const AHEAD: usize = 1 << 16;

/// The bytes that may follow the last case besides nothing: POJ 3074's closing `end` line.
fn terminator(format: Format) -> Option<&'static [u8]> {
    match format {
        Format::Line => Some(b"end\n"),
        _ => None,
    }
}

/// The comparison of one input with its canonical spelling.
pub struct RoundTrip {
    format: Format,
    /// Canonical bytes from the start of the case being compared; `want[..at]` matched.
    want: Vec<u8>,
    at: usize,
    /// Where each case still in `want` starts, and its number.
    starts: VecDeque<(usize, u64)>,
    /// Input bytes read ahead of the canonical ones, at most [`AHEAD`].
    ahead: Vec<u8>,
    clipped: bool,
    /// Position of the next input byte to compare, the byte before it, and the token it is in
    /// (since the last blank or line break: its first 64 bytes and its length), for messages.
    pos: Pos,
    prev: Option<u8>,
    token: Vec<u8>,
    token_len: u64,
    header: bool,
    cases: u64,
    fault: Option<ParseError>,
    /// Cases matched in full before the fault.
    good: u64,
}

impl RoundTrip {
    pub fn new(format: Format) -> Self {
        RoundTrip {
            format,
            want: Vec::new(),
            at: 0,
            starts: VecDeque::new(),
            ahead: Vec::new(),
            clipped: false,
            pos: Pos { line: 1, col: 1 },
            prev: None,
            token: Vec::new(),
            token_len: 0,
            header: false,
            cases: 0,
            fault: None,
            good: 0,
        }
    }

    /// The first difference, once found.
    pub fn fault(&self) -> Option<&ParseError> {
        self.fault.as_ref()
    }

    /// Cases matched in full before the fault (or spelled, when there is none).
    pub fn good(&self) -> u64 {
        if self.fault.is_none() {
            return self.cases;
        }
        self.good
    }

    /// Cases spelled so far.
    pub fn cases(&self) -> u64 {
        self.cases
    }

    /// Position of the next input byte to compare.
    pub fn pos(&self) -> Pos {
        self.pos
    }

    /// True once the count line (if the format has one) is spelled.
    pub fn has_header(&self) -> bool {
        self.header
    }

    /// Spells the count line for `declared` cases (nothing for formats without one).
    pub fn header(&mut self, declared: u64) {
        self.header = true;
        write_header(self.format, declared, &mut self.want);
        self.settle();
    }

    /// Spells the next case.
    pub fn case(&mut self, p: &Puzzle) {
        if !self.header {
            self.header(0);
        }
        self.cases += 1;
        self.starts.push_back((self.want.len(), self.cases));
        write_puzzle(self.format, p, self.cases == 1, &mut self.want);
        self.settle();
    }

    /// Compares the next input bytes. With `whole` false the bytes may run past the cases
    /// spelled so far (the reader stopped on an error there): only the part the canonical
    /// bytes cover is judged.
    pub fn read(&mut self, bytes: &[u8], whole: bool) {
        if self.fault.is_some() {
            return;
        }
        if !whole {
            let n = bytes.len().min(self.want.len() - self.at);
            if self.ahead.is_empty() {
                self.compare(&bytes[..n]);
            }
            self.ahead.clear();
            return;
        }
        if self.ahead.is_empty() {
            self.compare(bytes);
        } else {
            let room = AHEAD - self.ahead.len();
            self.clipped |= bytes.len() > room;
            self.ahead
                .extend_from_slice(&bytes[..bytes.len().min(room)]);
            self.settle();
        }
    }

    /// The end of the input: `rest` is what the reader left unread after its end. Every
    /// canonical byte must have been matched, and nothing may follow but the format's
    /// terminator line.
    pub fn finish(&mut self, rest: &[u8]) {
        if !self.header {
            self.header(0);
        }
        self.read(rest, true);
        if self.fault.is_some() {
            return;
        }
        if let (Some(&b), Some(t)) = (self.ahead.first(), terminator(self.format))
            && t[0] == b
        {
            // Case 0: after the last case.
            self.starts.push_back((self.want.len(), 0));
            self.want.extend_from_slice(t);
            self.settle();
        }
        if self.fault.is_none() && !self.ahead.is_empty() {
            self.fail(&self.ahead.clone());
        }
        if self.fault.is_none() && self.at < self.want.len() {
            self.fail(&[]);
        }
    }

    /// Compares the bytes read ahead with canonical bytes just spelled.
    fn settle(&mut self) {
        if self.ahead.is_empty() || self.fault.is_some() {
            return;
        }
        let ahead = std::mem::take(&mut self.ahead);
        self.compare(&ahead);
        if self.clipped && self.ahead.is_empty() && self.fault.is_none() {
            self.good = self.good_before();
            let msg = format!("more than {AHEAD} blank bytes in a row");
            self.fault = Some(self.error(msg));
        }
    }

    /// Matches `s` against the unmatched canonical bytes; what runs past them is kept ahead.
    fn compare(&mut self, s: &[u8]) {
        let n = s.len().min(self.want.len() - self.at);
        let want = &self.want[self.at..self.at + n];
        let differ = if s[..n] == *want {
            None
        } else {
            s[..n].iter().zip(want).position(|(a, b)| a != b)
        };
        let matched = differ.unwrap_or(n);
        self.advance(&s[..matched]);
        self.at += matched;
        if let Some(i) = differ {
            self.fail(&s[i..]);
            return;
        }
        if s.len() > n {
            let extra = &s[n..];
            self.clipped |= extra.len() > AHEAD;
            self.ahead
                .extend_from_slice(&extra[..extra.len().min(AHEAD)]);
        }
        self.compact();
    }

    /// Moves the input position over matched bytes.
    fn advance(&mut self, s: &[u8]) {
        let Some(&last) = s.last() else {
            return;
        };
        match memchr::memrchr(b'\n', s) {
            Some(j) => {
                self.pos.line += memchr::memchr_iter(b'\n', s).count() as u64;
                self.pos.col = (s.len() - j) as u64;
            }
            None => self.pos.col += s.len() as u64,
        }
        self.prev = Some(last);
        let from = match s.iter().rposition(|&b| is_space(b)) {
            Some(j) => {
                self.token.clear();
                self.token_len = 0;
                j + 1
            }
            None => 0,
        };
        self.token_len += (s.len() - from) as u64;
        let room = 64usize.saturating_sub(self.token.len());
        let part = &s[from..];
        self.token.extend_from_slice(&part[..part.len().min(room)]);
    }

    /// Drops the canonical bytes of cases fully matched.
    fn compact(&mut self) {
        while self.starts.len() > 1 && self.starts[1].0 <= self.at {
            self.starts.pop_front();
        }
        let drop = match self.starts.front() {
            Some(&(s, _)) if s <= self.at => s,
            _ => return,
        };
        if drop == 0 {
            return;
        }
        self.want.drain(..drop);
        self.at -= drop;
        for s in &mut self.starts {
            s.0 -= drop;
        }
    }

    /// The case the canonical byte at `at` belongs to, and its first byte.
    fn case_at(&self, at: usize) -> Option<(usize, u64)> {
        if at >= self.want.len() {
            return None;
        }
        self.starts.iter().rev().find(|s| s.0 <= at).copied()
    }

    /// Cases matched in full before the current position.
    fn good_before(&self) -> u64 {
        match self.case_at(self.at) {
            Some((_, k)) if k > 0 => k - 1,
            Some(_) => self.cases,
            None if self.at >= self.want.len() => self.cases,
            None => 0,
        }
    }

    fn error(&self, msg: String) -> ParseError {
        let case = self.case_at(self.at).map(|(_, k)| k).filter(|&k| k > 0);
        ParseError {
            pos: self.pos,
            case,
            msg,
        }
    }

    /// Records the difference at the current position: the input goes on with `got` (empty
    /// at its end) where the canonical bytes go on with `want[at..]`.
    fn fail(&mut self, got: &[u8]) {
        let (msg, token) = self.explain(got);
        let mut e = self.error(msg);
        if token {
            // A message about a whole number points at its start.
            e.pos.col -= self.token_len;
        }
        self.fault = Some(e);
        self.good = self.good_before();
    }

    /// Says what is wrong at the current position in a problem setter's words, and whether
    /// it speaks of the whole token the position is in.
    fn explain(&self, got: &[u8]) -> (String, bool) {
        let got_token = self.got_token(got);
        let want_token = self.want_token();
        let in_number = got.first().is_some_and(u8::is_ascii_digit);
        if in_number && is_number(&got_token) && is_number(&want_token) {
            let shown = |t: &[u8]| String::from_utf8_lossy(t).into_owned();
            if got_token.len() > want_token.len()
                && significant(&got_token) == significant(&want_token)
            {
                let msg = format!(
                    "leading zero in {} (expected {})",
                    shown(&got_token),
                    shown(&want_token)
                );
                return (msg, true);
            }
            if let Some(m) = self.walls(&got_token, &want_token) {
                return (m, true);
            }
            if got_token.len() <= 12 && want_token.len() <= 12 {
                let msg = format!(
                    "expected {}, found {}",
                    shown(&want_token),
                    shown(&got_token)
                );
                return (msg, true);
            }
        }
        (self.explain_byte(got), false)
    }

    /// [`RoundTrip::explain`] for differences that are not about a number.
    fn explain_byte(&self, got: &[u8]) -> String {
        let want = self.want.get(self.at).copied();
        let want_rest = &self.want[self.at.min(self.want.len())..];
        let line_start = matches!(self.prev, None | Some(b'\n'));
        let name = |b: u8| match b {
            b' ' => "space".to_string(),
            b'\t' => "tab".to_string(),
            _ => format!("blank {}", show_byte(b)),
        };
        let Some(&g) = got.first() else {
            return match want_rest {
                b"\n" => "no line break at the end of the file".into(),
                _ => format!("the file ends early: expected {}", spell(want)),
            };
        };
        let Some(w) = want else {
            return match g {
                b'\n' => "blank line after the last case".into(),
                b'\r' => "carriage return ('\\r') after the last case".into(),
                b if is_blank(b) => format!("{} after the last case", name(b)),
                _ => format!("unexpected {} after the last case", show_byte(g)),
            };
        };
        if g == b'\r' {
            return if w == b'\n' {
                "CRLF line end: lines must end with '\\n' alone, found '\\r'".into()
            } else {
                format!("unexpected carriage return '\\r': expected {}", spell(want))
            };
        }
        if is_blank(g) {
            return if w == b'\n' {
                format!("trailing {} at the end of the line", name(g))
            } else if line_start {
                format!("leading {} at the start of the line", name(g))
            } else if self.prev.is_some_and(is_blank) {
                format!("extra {}: numbers are separated by a single space", name(g))
            } else if w == b' ' {
                format!("{}: numbers are separated by a single space", name(g))
            } else {
                format!("unexpected {}: expected {}", name(g), spell(want))
            };
        }
        if g == b'\n' {
            return if line_start {
                "blank line (the format has none here)".into()
            } else {
                format!("line ends early: expected {}", spell(want))
            };
        }
        if w == b'\n' {
            return if line_start {
                match self.case_at(self.at) {
                    Some((_, k)) if k > 1 => format!(
                        "missing blank line between cases {} and {k}: found {}",
                        k - 1,
                        show_byte(g)
                    ),
                    _ => format!("expected a blank line, found {}", show_byte(g)),
                }
            } else {
                format!("expected the end of the line, found {}", show_byte(g))
            };
        }
        if g == b'#' && line_start {
            return "comment line (the judge's data has none)".into();
        }
        if matches!(g, b'+' | b'-') {
            return format!("sign {} before a number", show_byte(g));
        }
        format!("expected {}, found {}", spell(want), show_byte(g))
    }

    /// The input token at the current position: its bytes already matched, then `got` up to
    /// the next blank or line break (at most 64 bytes).
    fn got_token(&self, got: &[u8]) -> Vec<u8> {
        let end = got.iter().position(|&b| is_space(b)).unwrap_or(got.len());
        let mut t = self.token.clone();
        t.extend_from_slice(&got[..end.min(64)]);
        t
    }

    /// The canonical token at the current position.
    fn want_token(&self) -> Vec<u8> {
        let w = &self.want;
        let start = w[..self.at]
            .iter()
            .rposition(|&b| is_space(b))
            .map_or(0, |j| j + 1);
        let end = w[self.at..]
            .iter()
            .position(|&b| is_space(b))
            .map_or(w.len(), |j| self.at + j);
        w[start..end].to_vec()
    }

    /// HDU 4069: the reader takes the border for a wall whether or not its bits are set, so a
    /// cell whose value lacks an outer wall reads the same; name the wall. `None` when the
    /// difference is another one (or the format has no walls).
    fn walls(&self, got: &[u8], want: &[u8]) -> Option<String> {
        if self.format != Format::Hdu4069 {
            return None;
        }
        let (start, _) = self.case_at(self.at)?;
        let before = &self.want[start..self.at];
        let body = &before[before
            .iter()
            .position(|&b| b != b'\n')
            .unwrap_or(before.len())..];
        let row = memchr::memchr_iter(b'\n', body).count();
        let line = &body[memchr::memrchr(b'\n', body).map_or(0, |j| j + 1)..];
        let col = line.iter().filter(|&&b| b == b' ').count();
        if row >= N || col >= N {
            return None;
        }
        let value = |t: &[u8]| -> Option<u32> { std::str::from_utf8(t).ok()?.parse().ok() };
        let (g, w) = (value(got)?, value(want)?);
        let missing = w & !g & 0xf0;
        if g & 15 != w & 15 || missing == 0 || g & !w & 0xf0 != 0 {
            return None;
        }
        let sides: Vec<&str> = [
            (Side::Up, "up"),
            (Side::Right, "right"),
            (Side::Down, "down"),
            (Side::Left, "left"),
        ]
        .iter()
        .filter(|(s, _)| missing & u32::from(s.bit()) != 0)
        .map(|(_, n)| *n)
        .collect();
        let (walls, side) = if sides.len() == 1 {
            ("wall", "side")
        } else {
            ("walls", "sides")
        };
        Some(format!(
            "{}: missing outer {walls} on the {} {side} (expected {w}, found {g})",
            cell_name(row * N + col),
            sides.join(" and ")
        ))
    }
}

/// A number's digits after its leading zeros.
fn significant(t: &[u8]) -> &[u8] {
    &t[t.iter().position(|&b| b != b'0').unwrap_or(t.len())..]
}

fn is_number(t: &[u8]) -> bool {
    !t.is_empty() && t.iter().all(u8::is_ascii_digit)
}

/// A canonical byte for messages: the end of a line named, not escaped.
fn spell(b: Option<u8>) -> String {
    match b {
        None => "the end of the file".into(),
        Some(b'\n') => "the end of the line".into(),
        Some(b' ') => "a space".into(),
        Some(b) => show_byte(b),
    }
}
