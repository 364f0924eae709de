//! A [`Spec`] written as a problem file (`formats --export NAME`): every field as a key, in
//! the order the file format's documentation gives them, with a comment naming each key's
//! choices, so that a setter can copy a built-in record and change it.

use super::names;
use crate::format::holds::{Held, Holds};
use crate::format::spec::{Cells, Container, Input, Output, Promise, Rows, Sep, Size, Spec};
use std::fmt::Write as _;

/// The problem file of `spec`. Reading it back ([`super::load`]) gives the same record.
pub fn export(spec: &Spec) -> String {
    let mut w = Out(String::new());
    w.0.push_str(&format!(
        "# sudoku-judge problem file: `sudoku-judge formats --export {}` wrote it.\n\
         # Serve it with `--format path/to/this.toml`; `sudoku-judge formats --help` names\n\
         # every key. Keys left out take their defaults.\n\n",
        spec.name
    ));
    w.str("name", spec.name);
    w.strs("aliases", spec.aliases);
    w.str("judge", spec.judge);
    w.str("summary", spec.summary);
    w.word("mode", names::mode(spec.mode), &names::list(names::MODES));
    w.bool("any_grid", spec.any_grid);
    w.strs("notes", spec.notes);
    if let Some(f) = spec.tuned {
        w.word("tuned", names::tuned(f), &names::list(names::TUNED));
        w.bool("end_to_end", spec.end_to_end);
    }
    input(&mut w, &spec.input);
    output(&mut w, &spec.output);
    promise(&mut w, &spec.promise);
    holds(&mut w, &spec.holds);
    w.0.push_str("\n[generate]\n");
    let g = &spec.generate;
    w.int("unique", g.unique.into());
    w.int("none", g.none.into());
    w.int("multiple", g.multiple.into());
    if let Some((lo, hi)) = g.clues {
        w.int("clues_min", lo as i64);
        w.int("clues_max", hi as i64);
    }
    w.bool("easy", g.easy);
    w.0.push_str("\n[sample]\n");
    w.long("input", spec.sample.0);
    w.long("output", spec.sample.1);
    w.0
}

fn input(w: &mut Out, i: &Input) {
    w.0.push_str("\n[input]\n");
    match i.container {
        Container::Count => w.word("container", "count", names::CONTAINERS),
        Container::Eof => w.word("container", "eof", names::CONTAINERS),
        Container::Single => w.word("container", "single", names::CONTAINERS),
        Container::EndWord(word) => {
            w.word("container", "end-word", names::CONTAINERS);
            w.str("end_word", word);
        }
        Container::NoInput => w.word("container", "no-input", names::CONTAINERS),
    }
    match i.size {
        Size::Fixed(n) => {
            w.word("size", "fixed", names::SIZES);
            w.int("box", n as i64);
        }
        Size::Line { min, max } => {
            w.word("size", "line", names::SIZES);
            w.int("box_min", min as i64);
            w.int("box_max", max as i64);
        }
        Size::FromLength => w.word("size", "from-length", names::SIZES),
        Size::Net => w.word("size", "net", names::SIZES),
    }
    if let Some(label) = i.label {
        w.str("label_word", label.word);
        w.int("label_max", label.max as i64);
    }
    let rows = names::list(names::ROWS) + " | marks (with mark_kind, mark_spacing)";
    match i.rows {
        Rows::Marks(m) => {
            w.word("rows", "marks", &rows);
            let kind = names::word(names::MARK_KINDS, m.kind);
            w.word("mark_kind", kind, &names::list(names::MARK_KINDS));
            let spacing = names::word(names::MARK_SPACINGS, m.spacing);
            w.word("mark_spacing", spacing, &names::list(names::MARK_SPACINGS));
        }
        other => w.word("rows", names::rows(other), &rows),
    }
    match i.cells {
        Cells::Alphabet { values, empty } => {
            w.word("cells", "alphabet", names::CELLS);
            w.bytes("values", values);
            w.bytes("empty", empty);
        }
        Cells::Numbers => w.word("cells", "numbers", names::CELLS),
        Cells::Walls => w.word("cells", "walls", names::CELLS),
        Cells::BySize => w.word("cells", "by-size", names::CELLS),
    }
    sep(w, "sep", i.sep);
    w.bytes("decoration", i.decoration);
    w.bool("diagonals", i.diagonals);
    if let Some(n) = i.max_cases {
        w.int("max_cases", n as i64);
    }
}

fn output(w: &mut Out, o: &Output) {
    w.0.push_str("\n[output]\n");
    if let Some(h) = o.header {
        w.str("header", h);
    }
    w.bool("inline", o.inline);
    w.word("grid", names::grid(o.grid), &names::list(names::GRIDS));
    sep(w, "sep", o.sep);
    w.0.push_str("\n[output.words]\n");
    for (key, word) in names::words(&o.words) {
        if let Some(word) = word {
            w.str(key, word);
        }
    }
}

fn promise(w: &mut Out, p: &Promise) {
    w.0.push_str("\n[promise]\n");
    w.word(
        "solutions",
        names::solutions(p.solutions),
        &names::list(names::SOLUTIONS),
    );
    if let Some((lo, hi)) = p.empty {
        w.int("empty_min", lo as i64);
        w.int("empty_max", hi as i64);
    }
}

fn holds(w: &mut Out, h: &Holds) {
    w.0.push_str("\n[holds]\n");
    for &(kind, key) in names::KINDS {
        match h.of(kind) {
            Held::Promise => w.word(key, "promise", names::HELD),
            Held::Yes(c, why) | Held::No(c, why) => {
                let held = if matches!(h.of(kind), Held::Yes(..)) { "yes" } else { "no" };
                w.word(key, held, names::HELD);
                let confidence = names::word(names::CONFIDENCES, c);
                w.word(&format!("{key}_confidence"), confidence, &names::list(names::CONFIDENCES));
                w.str(&format!("{key}_evidence"), why);
            }
        }
    }
}

fn sep(w: &mut Out, key: &str, sep: Sep) {
    let word = match sep {
        Sep::None => "none",
        Sep::BlankBetween => "blank-between",
        Sep::BlankAfter => "blank-after",
        Sep::BlankBefore => "blank-before",
        Sep::LineBetween(_) => "line-between",
        Sep::LineAfter(_) => "line-after",
    };
    w.word(key, word, names::SEPS);
    if let Sep::LineBetween(line) | Sep::LineAfter(line) = sep {
        w.str(&format!("{key}_line"), line);
    }
}

/// The file being written.
struct Out(String);

impl Out {
    fn str(&mut self, key: &str, value: &str) {
        let _ = writeln!(self.0, "{key} = {}", quoted(value));
    }

    fn bytes(&mut self, key: &str, value: &[u8]) {
        self.str(key, &String::from_utf8_lossy(value));
    }

    /// A word out of a fixed list, with the list as a comment.
    fn word(&mut self, key: &str, value: &str, choices: &str) {
        let _ = writeln!(self.0, "{key} = {}  # {choices}", quoted(value));
    }

    fn strs(&mut self, key: &str, values: &[&str]) {
        if values.is_empty() {
            let _ = writeln!(self.0, "{key} = []");
            return;
        }
        let _ = writeln!(self.0, "{key} = [");
        for v in values {
            let _ = writeln!(self.0, "  {},", quoted(v));
        }
        self.0.push_str("]\n");
    }

    fn int(&mut self, key: &str, value: i64) {
        let _ = writeln!(self.0, "{key} = {value}");
    }

    fn bool(&mut self, key: &str, value: bool) {
        let _ = writeln!(self.0, "{key} = {value}");
    }

    /// A multi-line string: its lines as they are, so that a sample reads as it is.
    fn long(&mut self, key: &str, value: &str) {
        let _ = writeln!(self.0, "{key} = \"\"\"\n{}\"\"\"", escaped(value, true));
    }
}

/// `value` as a one-line basic string.
fn quoted(value: &str) -> String {
    format!("\"{}\"", escaped(value, false))
}

/// `value` with TOML's escapes for a basic string: backslashes, quotes and control
/// characters; in a multi-line string newlines and tabs stay as they are.
fn escaped(value: &str, multi: bool) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' if multi => out.push('\n'),
            '\t' if multi => out.push('\t'),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}
