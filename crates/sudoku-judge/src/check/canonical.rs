//! `validate --strict`: an input's bytes against the canonical spelling of the cases read from
//! them. The cases go back through the writer `gen` uses (a [`Spelling`]: the format's
//! [`spell::write_count`] and [`spell::write_case`]: the layout of the judge's own data), both
//! byte streams are compared
//! as they come, and the first difference is reported with its position and in a problem
//! setter's words ("trailing space", "leading zero", "missing blank line between cases 1 and
//! 2", "missing line `---`").
//!
//! Nothing here knows a format's layout beyond what its [`Spelling`] says for messages: a format
//! with a canonical writer gets the strict check for free. Memory stays bounded: the canonical
//! bytes of the case being compared, and the input's bytes only where they run ahead (blank
//! lines the reader skipped before the next case, or the rows of a case it is still reading).

use crate::format::cursor::{is_blank, is_space, show_byte};
use crate::format::spec::{Cells, Container, Sep, Spec};
use crate::format::{ParseError, Pos, spell};
use crate::model::Case;
use std::collections::VecDeque;

/// Input bytes kept while they run ahead of the canonical ones: blank lines, comments and
/// decoration the reader skipped, and the rows of a case it has not finished. The largest
/// canonical case (100x100 numbers of POJ 3435) is about 40 KB, so the first difference always
/// falls among the bytes kept.
const AHEAD: usize = 1 << 16;

/// How a format spells its input: what the round trip writes and compares with, and the few
/// words its messages need.
pub trait Spelling {
    /// Appends the count line for `declared` cases (`None`: the reader read none), nothing
    /// for formats without one.
    fn count(&self, declared: Option<u64>, out: &mut Vec<u8>);

    /// Appends case `number` (1-based) with its separators.
    fn case(&self, number: u64, case: &Case, out: &mut Vec<u8>);

    /// The word of a line that may follow the last case besides nothing (POJ 3074's `end`).
    fn terminator(&self) -> Option<&'static str>;

    /// The bytes of the format's decoration lines (`---`, `+---+---+---+`), named whole in
    /// messages; empty when it has none.
    fn decoration(&self) -> &'static [u8] {
        b""
    }

    /// What the values of a row are called in messages: `numbers`, `cells`.
    fn values(&self) -> &'static str {
        "numbers"
    }
}

/// A spec format's canonical input, as [`spell`] writes it.
#[derive(Clone, Copy, Debug)]
pub struct SpecSpelling {
    spec: &'static Spec,
    /// Without the blank line before each case (HDU 5547's published sample).
    bare: bool,
}

impl SpecSpelling {
    /// The spellings `--strict` accepts for `spec`: the canonical one, and for a format whose
    /// statement puts a blank line before every case, also the same without any (HDU 5547: the
    /// statement has them, its rendered sample lost them; JUDGES.md asks for both).
    pub fn all(spec: &'static Spec) -> Vec<SpecSpelling> {
        let mut all = vec![SpecSpelling { spec, bare: false }];
        if spec.input.sep == Sep::BlankBefore {
            all.push(SpecSpelling { spec, bare: true });
        }
        all
    }
}

impl Spelling for SpecSpelling {
    fn count(&self, declared: Option<u64>, out: &mut Vec<u8>) {
        match declared {
            // The count the reader read, also before an end-of-file format's cases (UVa 11570
            // takes one or none).
            Some(d) => spell::write_count_line(d, out),
            None => spell::write_count(self.spec, 0, out),
        }
    }

    fn case(&self, number: u64, case: &Case, out: &mut Vec<u8>) {
        let start = out.len();
        if self.spec.input.label.is_some() && case.label().is_some() {
            // The label the judge's data has (`Grid 07` for case 7), not the one read.
            let bare = case.clone().with_label(None);
            spell::write_case(self.spec, number, &bare, out);
        } else {
            spell::write_case(self.spec, number, case, out);
        }
        if self.bare && out.get(start) == Some(&b'\n') {
            out.remove(start);
        }
    }

    fn terminator(&self) -> Option<&'static str> {
        match self.spec.input.container {
            Container::EndWord(w) => Some(w),
            _ => None,
        }
    }

    fn decoration(&self) -> &'static [u8] {
        self.spec.input.decoration
    }

    /// Numbers, and every value of the formats read by a tuned reader, are `numbers`.
    fn values(&self) -> &'static str {
        match self.spec.input.cells {
            _ if self.spec.tuned.is_some() => "numbers",
            Cells::Numbers | Cells::Walls => "numbers",
            _ => "cells",
        }
    }
}

/// The comparison of one input with its canonical spelling.
pub struct RoundTrip<S: Spelling> {
    spelling: S,
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
    /// The most cases the input may hold, and the message for one more; `over` once the reader
    /// has gone past them (the cases beyond are not spelled).
    limit: Option<(u64, String)>,
    over: bool,
}

impl<S: Spelling> RoundTrip<S> {
    pub fn new(spelling: S) -> Self {
        RoundTrip {
            spelling,
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
            limit: None,
            over: false,
        }
    }

    /// Holds the input to at most `most` cases; the next one is a fault with `msg`.
    pub fn limit(&mut self, most: u64, msg: String) {
        self.limit = Some((most, msg));
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

    /// Spells the count line for `declared` cases, as the reader read it (nothing for formats
    /// without one).
    pub fn header(&mut self, declared: u64) {
        self.spell_header(Some(declared));
    }

    fn spell_header(&mut self, declared: Option<u64>) {
        self.header = true;
        self.spelling.count(declared, &mut self.want);
        self.settle();
    }

    /// Spells the next case.
    pub fn case(&mut self, case: &Case) {
        if !self.header {
            self.spell_header(None);
        }
        if self.over
            || self
                .limit
                .as_ref()
                .is_some_and(|(most, _)| self.cases >= *most)
        {
            self.over = true;
            return;
        }
        self.cases += 1;
        self.starts.push_back((self.want.len(), self.cases));
        self.spelling.case(self.cases, case, &mut self.want);
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
            self.spell_header(None);
        }
        self.read(rest, true);
        if self.fault.is_some() {
            return;
        }
        if let (Some(&b), Some(t)) = (self.ahead.first(), self.spelling.terminator())
            && t.as_bytes()[0] == b
            && !self.over
        {
            // Case 0: after the last case.
            self.starts.push_back((self.want.len(), 0));
            self.want.extend_from_slice(t.as_bytes());
            self.want.push(b'\n');
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
            if self.over && self.past_limit(extra) {
                return;
            }
            self.clipped |= extra.len() > AHEAD;
            self.ahead
                .extend_from_slice(&extra[..extra.len().min(AHEAD)]);
        }
        self.compact();
    }

    /// Past the last case allowed, with `extra` input bytes beyond the canonical ones: a fault
    /// at the first byte of the next case, once it shows.
    fn past_limit(&mut self, extra: &[u8]) -> bool {
        let blank = extra.iter().take_while(|b| is_space(**b)).count();
        if blank == extra.len() {
            return false;
        }
        let Some((most, msg)) = self.limit.clone() else {
            return false;
        };
        self.advance(&extra[..blank]);
        self.fault = Some(ParseError {
            pos: self.pos,
            case: Some(most + 1),
            msg,
        });
        self.good = most;
        true
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
        let values = self.spelling.values();
        let name = |b: u8| match b {
            b' ' => "space".to_string(),
            b'\t' => "tab".to_string(),
            _ => format!("blank {}", show_byte(b)),
        };
        // The input's line at the difference (what matched of it, then `got`), and the
        // canonical one, for messages about decoration lines (`---`, `+---+---+---+`).
        let got_line = self.got_line(got);
        let want_line = self.want_line();
        let deco = |l: &[u8]| self.is_decoration(l);
        let Some(&g) = got.first() else {
            return match want_rest {
                b"\n" if !line_start => "no line break at the end of the file".into(),
                [b'\n', ..] if line_start => format!("missing blank line {}", self.place()),
                _ if deco(&want_line) => format!(
                    "the file ends early: expected the line {}",
                    quote(&want_line)
                ),
                _ => format!("the file ends early: expected {}", spell(want)),
            };
        };
        let Some(w) = want else {
            return match g {
                b'\n' => "blank line after the last case".into(),
                b'\r' => "carriage return ('\\r') after the last case".into(),
                b if is_blank(b) => format!("{} after the last case", name(b)),
                _ if line_start && deco(&got_line) => format!(
                    "line {} after the last case (the format has none there)",
                    quote(&got_line)
                ),
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
            let rest = &got[..memchr::memchr(b'\n', got).unwrap_or(got.len())];
            return if w == b'\n' && rest.iter().all(|&b| is_space(b)) {
                format!("trailing {} at the end of the line", name(g))
            } else if w == b'\n' {
                format!("expected the end of the line, found a {}", name(g))
            } else if line_start {
                format!("leading {} at the start of the line", name(g))
            } else if self.prev.is_some_and(is_blank) {
                format!(
                    "extra {}: {values} are separated by a single space",
                    name(g)
                )
            } else if w == b' ' {
                format!("{}: {values} are separated by a single space", name(g))
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
        if deco(&want_line) {
            return if line_start && !deco(&got_line) {
                format!("missing line {}{}", quote(&want_line), self.place_of_line())
            } else {
                format!(
                    "expected the line {}, found {}",
                    quote(&want_line),
                    quote(&got_line)
                )
            };
        }
        if line_start && deco(&got_line) {
            return format!(
                "unexpected line {} (the format has none here)",
                quote(&got_line)
            );
        }
        if w == b'\n' {
            return if line_start {
                format!(
                    "missing blank line {}: found {}",
                    self.place(),
                    show_byte(g)
                )
            } else {
                format!("expected the end of the line, found {}", show_byte(g))
            };
        }
        if g == b'#' && line_start {
            return "comment line (the judge's data has none)".into();
        }
        if matches!(g, b'+' | b'-') && got.get(1).is_some_and(u8::is_ascii_digit) {
            return format!("sign {} before a number", show_byte(g));
        }
        format!("expected {}, found {}", spell(want), show_byte(g))
    }

    /// Where the canonical separator byte at `at` sits among the cases: `between cases 1 and
    /// 2`, `before case 1`, `after case 3`.
    fn place(&self) -> String {
        let Some((start, k)) = self.case_at(self.at) else {
            return "before the first case".into();
        };
        let end = self
            .starts
            .iter()
            .find(|s| s.0 > start)
            .map_or(self.want.len(), |s| s.0);
        match k {
            0 => "after the last case".into(),
            1 if self.at == start => "before case 1".into(),
            k if self.at == start => format!("between cases {} and {k}", k - 1),
            k if self.at + 1 == end => format!("after case {k}"),
            k => format!("in case {k}"),
        }
    }

    /// [`RoundTrip::place`] for a separator line starting at `at`: ` between cases 1 and 2`
    /// when it starts a case, nothing inside one (the error names the case).
    fn place_of_line(&self) -> String {
        match self.case_at(self.at) {
            Some((start, k)) if self.at == start && k > 1 => {
                format!(" between cases {} and {k}", k - 1)
            }
            _ => String::new(),
        }
    }

    fn is_decoration(&self, line: &[u8]) -> bool {
        let d = self.spelling.decoration();
        !d.is_empty() && !line.is_empty() && line.iter().all(|b| d.contains(b))
    }

    /// The input's line at the current position: the canonical bytes it matched since its
    /// start, then `got` up to the line break (at most 64 bytes of it).
    fn got_line(&self, got: &[u8]) -> Vec<u8> {
        let at = self.at.min(self.want.len());
        let start = memchr::memrchr(b'\n', &self.want[..at]).map_or(0, |j| j + 1);
        let mut l = self.want[start..at].to_vec();
        let end = memchr::memchr(b'\n', got).unwrap_or(got.len());
        l.extend_from_slice(&got[..end.min(64)]);
        while l.last().is_some_and(|&b| is_space(b)) {
            l.pop();
        }
        l
    }

    /// The canonical line the current position is in, without its line break.
    fn want_line(&self) -> Vec<u8> {
        let w = &self.want;
        let at = self.at.min(w.len());
        let start = memchr::memrchr(b'\n', &w[..at]).map_or(0, |j| j + 1);
        let end = memchr::memchr(b'\n', &w[at..]).map_or(w.len(), |j| at + j);
        w[start..end].to_vec()
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

/// A line for messages, in backquotes: `` `------+-------+------` ``.
fn quote(line: &[u8]) -> String {
    format!("`{}`", String::from_utf8_lossy(line))
}
