//! A problem file read into a [`Spec`]: the keys [`super::write`] writes, each checked for
//! its type and its range, unknown keys and tables refused, and the record checked as a whole
//! (an alphabet that covers its sizes, wall-coded cells only where HDU 4069's layout is, a
//! tuned reader only under the record it was tuned for), so that every reader and writer can
//! take the record it gives. Errors name the line and column of the key at fault.

use super::names;
use crate::format::holds::{Held, Holds};
use super::toml::{self, At, Entry, Table, Value};
use crate::format::judges::JUDGES;
use crate::format::spec::{
    Cells, Container, Gen, Input, Label, Marks, Output, Promise, Rows, Sep, Size, Spec, Words,
};
use crate::model::{MAX_BOX, MAX_SOLVE_BOX};
use std::fmt;

/// Why a problem file could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// Line and column (1-based) of the key or value at fault.
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for RecordError {}

fn error(at: At, message: impl Into<String>) -> RecordError {
    RecordError {
        line: at.line,
        column: at.column,
        message: message.into(),
    }
}

/// The tables a record has; any other is an error.
const TABLES: [&str; 8] = [
    "",
    "input",
    "output",
    "output.words",
    "promise",
    "holds",
    "generate",
    "sample",
];

/// Reads a problem file. The record lives as long as the program: a loaded problem is served
/// as the built-in ones are, by a `&'static Spec`.
pub fn load(text: &str) -> Result<&'static Spec, RecordError> {
    let tables = toml::parse(text).map_err(|e| error(e.at, e.message))?;
    for t in &tables {
        if !TABLES.contains(&t.name.as_str()) {
            return Err(error(
                t.at,
                format!(
                    "unknown table [{}]: a problem file has [input], [output], \
                     [output.words], [promise], [holds], [generate] and [sample]",
                    t.name
                ),
            ));
        }
    }
    let end = At {
        line: text.lines().count().max(1),
        column: 1,
    };
    let get = |name: &str| Keys::of(tables.iter().find(|t| t.name == name), name, end);
    let mut root = get("");
    let name = leak(root.str("name")?);
    if name.is_empty() || name.contains(char::is_whitespace) || name == "auto" {
        return Err(error(
            root.at("name"),
            "a name is one word, not empty and not `auto`",
        ));
    }
    let aliases = leak_all(root.strs_or("aliases", Vec::new())?);
    let judge = leak(root.str_or("judge", String::new())?);
    let summary = leak(root.str_or("summary", String::new())?);
    let mode_at = root.at("mode");
    let mode = root.word("mode", names::MODES, None)?;
    let any_grid = root.bool_or("any_grid", false)?;
    let notes = leak_all(root.strs_or("notes", Vec::new())?);
    let tuned = root.opt_word("tuned", names::TUNED)?;
    let tuned_at = root.at("tuned");
    let end_to_end = root.bool_or("end_to_end", false)?;
    root.finish()?;

    let input = read_input(&mut get("input"))?;
    let output = read_output(&mut get("output"), &mut get("output.words"))?;
    let promise = read_promise(&mut get("promise"))?;
    let holds = read_holds(&mut get("holds"))?;
    let generate = read_generate(&mut get("generate"))?;
    let mut sample = get("sample");
    let sample_in = leak(sample.str_or("input", String::new())?);
    let sample_out = leak(sample.str_or("output", String::new())?);
    sample.finish()?;

    let spec = Spec {
        name,
        aliases,
        judge,
        summary,
        input,
        output,
        mode,
        any_grid,
        promise,
        notes,
        sample: (sample_in, sample_out),
        tuned,
        end_to_end,
        holds,
        generate,
    };
    check_tuned(&spec, tuned_at)?;
    if spec.on_net() && !crate::solve::net::serves(spec.mode) {
        let served: Vec<&str> = names::MODES
            .iter()
            .filter(|(m, _)| crate::solve::net::serves(*m))
            .map(|&(_, w)| w)
            .collect();
        return Err(error(
            mode_at,
            format!("a case on a net is answered in mode {} only", served.join(", ")),
        ));
    }
    Ok(Box::leak(Box::new(spec)))
}

/// A tuned reader serves only the layout it was written for: the record must read and answer
/// as the built-in record that names it does.
fn check_tuned(spec: &Spec, at: At) -> Result<(), RecordError> {
    let Some(f) = spec.tuned else {
        if spec.end_to_end {
            return Err(error(at, "end_to_end = true needs a tuned reader"));
        }
        return Ok(());
    };
    let same = |b: &Spec| {
        b.tuned == Some(f)
            && b.end_to_end == spec.end_to_end
            && b.mode == spec.mode
            && b.input == spec.input
            && (!b.end_to_end || b.output == spec.output)
    };
    if JUDGES.iter().any(same) {
        return Ok(());
    }
    Err(error(
        at,
        format!(
            "tuned = \"{}\" serves only the input, mode and (with end_to_end) output of the \
             built-in records that name it; leave `tuned` out to read this layout with the \
             generic reader",
            names::tuned(f)
        ),
    ))
}

fn read_input(t: &mut Keys) -> Result<Input, RecordError> {
    let container = match t.str("container")?.as_str() {
        "count" => Container::Count,
        "eof" => Container::Eof,
        "single" => Container::Single,
        "end-word" => Container::EndWord(leak(t.str("end_word")?)),
        "no-input" => Container::NoInput,
        other => return Err(t.bad_word("container", other, names::CONTAINERS)),
    };
    let size = match t.str("size")?.as_str() {
        "fixed" => Size::Fixed(t.int("box", 1, MAX_BOX as i64)? as usize),
        "line" => {
            let min = t.int("box_min", 1, MAX_BOX as i64)? as usize;
            let max = t.int("box_max", min as i64, MAX_BOX as i64)? as usize;
            Size::Line { min, max }
        }
        "from-length" => Size::FromLength,
        "net" => Size::Net,
        other => return Err(t.bad_word("size", other, names::SIZES)),
    };
    let label = match t.opt_str("label_word")? {
        Some(word) => Some(Label {
            word: leak(word),
            max: t.int("label_max", 1, 1 << 20)? as usize,
        }),
        None => None,
    };
    let rows_at = t.at("rows");
    let rows = if t.opt_str_peek("rows") == Some("marks") {
        t.take_used("rows");
        Rows::Marks(Marks {
            kind: t.word("mark_kind", names::MARK_KINDS, None)?,
            spacing: t.word("mark_spacing", names::MARK_SPACINGS, None)?,
        })
    } else {
        t.word("rows", names::ROWS, None)?
    };
    let cells_at = t.at("cells");
    let cells = match t.str("cells")?.as_str() {
        "alphabet" => {
            let values_at = t.at("values");
            let values = t.str("values")?.into_bytes();
            let empty = t.str("empty")?.into_bytes();
            check_alphabet(&values, &empty, size, values_at)?;
            Cells::Alphabet {
                values: leak_bytes(values),
                empty: leak_bytes(empty),
            }
        }
        "numbers" => Cells::Numbers,
        "walls" => Cells::Walls,
        "by-size" => Cells::BySize,
        other => return Err(t.bad_word("cells", other, names::CELLS)),
    };
    if matches!(cells, Cells::Walls) && (size != Size::Fixed(3) || rows != Rows::Tokens) {
        return Err(error(
            cells_at,
            "cells = \"walls\" (HDU 4069's wall-coded numbers) needs size = \"fixed\", box = 3 \
             and rows = \"tokens\"",
        ));
    }
    check_net(size, rows, cells, rows_at)?;
    check_characters(size, rows, cells, cells_at)?;
    let sep = read_sep(t, "sep")?;
    let decoration = leak_bytes(t.str_or("decoration", String::new())?.into_bytes());
    let diagonals = t.bool_or("diagonals", false)?;
    let max_cases = t.opt_int("max_cases", 1, i64::MAX)?.map(|n| n as u64);
    t.finish()?;
    Ok(Input {
        container,
        size,
        label,
        rows,
        cells,
        sep,
        decoration,
        diagonals,
        max_cases,
    })
}

/// A net's rows go with `size = "net"` and no other: a hexagon's values are numbers, a split
/// grid's an alphabet (of nine values at least, [`check_alphabet`]).
fn check_net(size: Size, rows: Rows, cells: Cells, at: At) -> Result<(), RecordError> {
    let fits = match rows {
        Rows::Hexagon => size == Size::Net && cells == Cells::Numbers,
        Rows::Split => size == Size::Net && matches!(cells, Cells::Alphabet { .. }),
        _ => size != Size::Net,
    };
    if fits {
        return Ok(());
    }
    Err(error(
        at,
        "rows = \"hexagon\" (with cells = \"numbers\") and rows = \"split\" (with cells = \
         \"alphabet\") are the cases on a net: they go with size = \"net\", and size = \"net\" \
         with them only",
    ))
}

/// Rows of one character per cell (and killer rows, whose cells are characters) take an
/// alphabet, or the digits and letters of `by-size` up to 25x25: numbers cannot be spelled one
/// character a cell. Without this, such a record read and then panicked in the reader.
fn check_characters(size: Size, rows: Rows, cells: Cells, at: At) -> Result<(), RecordError> {
    let characters = matches!(
        rows,
        Rows::Chars | Rows::Framed | Rows::OneLine | Rows::Pair | Rows::Killer
    );
    if characters && matches!(cells, Cells::Numbers | Cells::Walls) {
        return Err(error(
            at,
            "rows of one character per cell (chars, framed, one-line, pair, killer) take \
             cells = \"alphabet\" or \"by-size\", not numbers",
        ));
    }
    let widest = match size {
        Size::Fixed(n) | Size::Line { max: n, .. } => n,
        Size::FromLength | Size::Net => 0,
    };
    if cells == Cells::BySize && widest > 5 {
        return Err(error(
            at,
            "cells = \"by-size\" spells grids up to 25x25 (digits, then letters A-Y)",
        ));
    }
    Ok(())
}

/// An alphabet names each value once, with printable bytes, none of them an empty cell's,
/// and covers the largest grid its sizes allow.
fn check_alphabet(values: &[u8], empty: &[u8], size: Size, at: At) -> Result<(), RecordError> {
    let printable = |b: &u8| b.is_ascii_graphic();
    if !values.iter().all(printable) || !empty.iter().all(printable) || empty.is_empty() {
        return Err(error(
            at,
            "values and empty are printable ASCII characters, and empty names at least one",
        ));
    }
    let mut seen = [false; 256];
    for &b in values.iter().chain(empty) {
        if std::mem::replace(&mut seen[b as usize], true) {
            return Err(error(
                at,
                format!("{:?} is named twice in values and empty", b as char),
            ));
        }
    }
    let widest = match size {
        // Tight-Fit's split cells hold the digits 1 to 9 (`check_net`).
        Size::Net => 3,
        Size::Fixed(n) => n,
        Size::Line { max, .. } => max,
        Size::FromLength => {
            return Err(error(
                at,
                "size = \"from-length\" takes cells = \"by-size\": an alphabet has no \
                 letters for every length a line can have",
            ));
        }
    };
    let side = widest * widest;
    if values.len() < side {
        return Err(error(
            at,
            format!(
                "{} values cannot spell a {side}x{side} grid: it needs {side}",
                values.len()
            ),
        ));
    }
    Ok(())
}

fn read_sep(t: &mut Keys, key: &str) -> Result<Sep, RecordError> {
    Ok(match t.str_or(key, "none".into())?.as_str() {
        "none" => Sep::None,
        "blank-between" => Sep::BlankBetween,
        "blank-after" => Sep::BlankAfter,
        "blank-before" => Sep::BlankBefore,
        "line-between" => Sep::LineBetween(leak(t.str(&format!("{key}_line"))?)),
        "line-after" => Sep::LineAfter(leak(t.str(&format!("{key}_line"))?)),
        other => return Err(t.bad_word(key, other, names::SEPS)),
    })
}

fn read_output(t: &mut Keys, w: &mut Keys) -> Result<Output, RecordError> {
    let header = t.opt_str("header")?.map(leak);
    let inline = t.bool_or("inline", false)?;
    let grid = t.word("grid", names::GRIDS, None)?;
    let sep = read_sep(t, "sep")?;
    t.finish()?;
    let mut words = Words::NONE;
    for (key, _) in names::words(&Words::NONE) {
        if let Some(word) = w.opt_str(key)? {
            *names::word_slot(&mut words, key).expect("a key of names::words") = Some(leak(word));
        }
    }
    w.finish()?;
    Ok(Output {
        header,
        inline,
        grid,
        sep,
        words,
    })
}

fn read_promise(t: &mut Keys) -> Result<Promise, RecordError> {
    let solutions = t.word("solutions", names::SOLUTIONS, Some("any"))?;
    let empty = match t.opt_int("empty_min", 0, (MAX_BOX * MAX_BOX).pow(2) as i64)? {
        Some(lo) => Some((
            lo as usize,
            t.int("empty_max", lo, (MAX_BOX * MAX_BOX).pow(2) as i64)? as usize,
        )),
        None => None,
    };
    t.finish()?;
    Ok(Promise::new(solutions, empty))
}

/// `[holds]`: each kind `promise` (the default), or `yes` / `no` with how sure and why.
fn read_holds(t: &mut Keys) -> Result<Holds, RecordError> {
    let mut holds = Holds::PROMISE;
    for &(kind, key) in names::KINDS {
        let held = match t.opt_str(key)?.as_deref() {
            None | Some("promise") => Held::Promise,
            Some(word @ ("yes" | "no")) => {
                let yes = word == "yes";
                let confidence_key = format!("{key}_confidence");
                let confidence = t.word(&confidence_key, names::CONFIDENCES, None)?;
                let evidence = leak(t.str_or(&format!("{key}_evidence"), String::new())?);
                if yes {
                    Held::Yes(confidence, evidence)
                } else {
                    Held::No(confidence, evidence)
                }
            }
            Some(other) => return Err(t.bad_word(key, other, names::HELD)),
        };
        *holds.slot(kind) = held;
    }
    t.finish()?;
    Ok(holds)
}

fn read_generate(t: &mut Keys) -> Result<Gen, RecordError> {
    let weight = |t: &mut Keys, key: &str, default: i64| -> Result<u32, RecordError> {
        Ok(t.opt_int(key, 0, u32::MAX as i64)?.unwrap_or(default) as u32)
    };
    let unique = weight(t, "unique", 100)?;
    let none = weight(t, "none", 0)?;
    let multiple = weight(t, "multiple", 0)?;
    if unique == 0 && none == 0 && multiple == 0 {
        return Err(error(
            t.at("unique"),
            "the weights of unique, none and multiple add up to 0: give one kind a weight",
        ));
    }
    let cells = (MAX_SOLVE_BOX * MAX_SOLVE_BOX).pow(2) as i64;
    let clues = match t.opt_int("clues_min", 0, cells)? {
        Some(lo) => Some((lo as usize, t.int("clues_max", lo, cells)? as usize)),
        None => None,
    };
    let easy = t.bool_or("easy", false)?;
    t.finish()?;
    Ok(Gen {
        unique,
        none,
        multiple,
        clues,
        easy,
    })
}

/// One table's keys, each taken at most once; [`Keys::finish`] refuses the ones left.
struct Keys<'t> {
    name: String,
    /// Where missing keys are reported: the table's header, or the end of the file.
    at: At,
    entries: Vec<(&'t Entry, bool)>,
}

impl<'t> Keys<'t> {
    fn of(table: Option<&'t Table>, name: &str, end: At) -> Keys<'t> {
        Keys {
            name: name.to_string(),
            at: table.map_or(end, |t| t.at),
            entries: table.map_or(Vec::new(), |t| {
                t.entries.iter().map(|e| (e, false)).collect()
            }),
        }
    }

    fn place(&self) -> String {
        if self.name.is_empty() {
            "at the top of the file".into()
        } else {
            format!("in [{}]", self.name)
        }
    }

    fn take(&mut self, key: &str) -> Option<&'t Entry> {
        let (e, used) = self.entries.iter_mut().find(|(e, _)| e.key == key)?;
        *used = true;
        Some(*e)
    }

    /// Where `key`'s value is, or the table's header when it is not given.
    fn at(&self, key: &str) -> At {
        self.entries
            .iter()
            .find(|(e, _)| e.key == key)
            .map_or(self.at, |(e, _)| e.at)
    }

    fn missing(&self, key: &str, what: &str) -> RecordError {
        error(self.at, format!("missing key `{key}` ({what}) {}", self.place()))
    }

    fn wrong(e: &Entry, what: &str) -> RecordError {
        error(
            e.at,
            format!("`{}` takes {what}, found {}", e.key, e.value.kind()),
        )
    }

    /// The string `key` holds, without taking the key.
    fn opt_str_peek(&self, key: &str) -> Option<&'t str> {
        self.entries.iter().find_map(|(e, _)| match &e.value {
            Value::Str(s) if e.key == key => Some(s.as_str()),
            _ => None,
        })
    }

    /// Marks `key` as taken.
    fn take_used(&mut self, key: &str) {
        self.take(key);
    }

    fn opt_str(&mut self, key: &str) -> Result<Option<String>, RecordError> {
        match self.take(key) {
            None => Ok(None),
            Some(Entry {
                value: Value::Str(s),
                ..
            }) => Ok(Some(s.clone())),
            Some(e) => Err(Self::wrong(e, "a string")),
        }
    }

    fn str(&mut self, key: &str) -> Result<String, RecordError> {
        self.opt_str(key)?
            .ok_or_else(|| self.missing(key, "a string"))
    }

    fn str_or(&mut self, key: &str, default: String) -> Result<String, RecordError> {
        Ok(self.opt_str(key)?.unwrap_or(default))
    }

    fn strs_or(&mut self, key: &str, default: Vec<String>) -> Result<Vec<String>, RecordError> {
        match self.take(key) {
            None => Ok(default),
            Some(Entry {
                value: Value::Strs(v),
                ..
            }) => Ok(v.clone()),
            Some(e) => Err(Self::wrong(e, "an array of strings")),
        }
    }

    fn opt_int(&mut self, key: &str, lo: i64, hi: i64) -> Result<Option<i64>, RecordError> {
        match self.take(key) {
            None => Ok(None),
            Some(e @ Entry {
                value: Value::Int(n),
                ..
            }) => {
                if (lo..=hi).contains(n) {
                    Ok(Some(*n))
                } else {
                    Err(error(
                        e.at,
                        format!("`{key}` is {n}, outside {lo} to {hi}"),
                    ))
                }
            }
            Some(e) => Err(Self::wrong(e, "an integer")),
        }
    }

    fn int(&mut self, key: &str, lo: i64, hi: i64) -> Result<i64, RecordError> {
        self.opt_int(key, lo, hi)?
            .ok_or_else(|| self.missing(key, "an integer"))
    }

    fn bool_or(&mut self, key: &str, default: bool) -> Result<bool, RecordError> {
        match self.take(key) {
            None => Ok(default),
            Some(Entry {
                value: Value::Bool(b),
                ..
            }) => Ok(*b),
            Some(e) => Err(Self::wrong(e, "true or false")),
        }
    }

    fn bad_word(&self, key: &str, word: &str, choices: &str) -> RecordError {
        error(
            self.at(key),
            format!("`{key}` cannot be \"{word}\": it is one of {choices}"),
        )
    }

    fn opt_word<T: Copy>(
        &mut self,
        key: &str,
        table: &[(T, &'static str)],
    ) -> Result<Option<T>, RecordError> {
        match self.opt_str(key)? {
            None => Ok(None),
            Some(w) => names::parse(table, &w)
                .map(Some)
                .ok_or_else(|| self.bad_word(key, &w, &names::list(table))),
        }
    }

    /// A word of `table`; `default` when the key is left out, else the key is required.
    fn word<T: Copy>(
        &mut self,
        key: &str,
        table: &[(T, &'static str)],
        default: Option<&str>,
    ) -> Result<T, RecordError> {
        match (self.opt_word(key, table)?, default) {
            (Some(v), _) => Ok(v),
            (None, Some(d)) => Ok(names::parse(table, d).expect("the default is a word")),
            (None, None) => Err(self.missing(key, &names::list(table))),
        }
    }

    /// Refuses the keys no field took.
    fn finish(&self) -> Result<(), RecordError> {
        match self.entries.iter().find(|(_, used)| !used) {
            None => Ok(()),
            Some((e, _)) => Err(error(
                At {
                    line: e.at.line,
                    column: 1,
                },
                format!("unknown key `{}` {}", e.key, self.place()),
            )),
        }
    }
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn leak_bytes(b: Vec<u8>) -> &'static [u8] {
    Box::leak(b.into_boxed_slice())
}

fn leak_all(v: Vec<String>) -> &'static [&'static str] {
    Box::leak(v.into_iter().map(leak).collect::<Vec<_>>().into_boxed_slice())
}
