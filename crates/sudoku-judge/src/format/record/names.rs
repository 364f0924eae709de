//! The words a problem file spells each choice of a record with: one table per enum, which
//! both the writer and the reader use, and the words of an answer's [`Words`] by key.

use crate::format::Format;
use crate::format::holds::{Confidence, Kind};
use crate::format::spec::{GridStyle, MarkKind, MarkSpacing, Rows, Solutions, Words};
use crate::model::Mode;

/// Every mode and its word.
pub const MODES: &[(Mode, &str)] = &[
    (Mode::First, "first"),
    (Mode::Unique, "unique"),
    (Mode::Lexmin, "lexmin"),
    (Mode::Exact, "exact"),
    (Mode::Verdict, "verdict"),
    (Mode::Legal, "legal"),
    (Mode::Complete, "complete"),
    (Mode::Marks, "marks"),
    (Mode::Singles, "singles"),
    (Mode::Minimal, "minimal"),
    (Mode::Best, "best"),
    (Mode::Anti, "anti"),
    (Mode::SumOfAll, "sum-of-all"),
    (Mode::CountSmallest, "count-smallest"),
    (Mode::Hatching, "hatching"),
    (Mode::Derived, "derived"),
    (Mode::Positions, "positions"),
    (Mode::Similar, "similar"),
    (Mode::OnePass, "one-pass"),
    (Mode::Every, "every"),
    (Mode::Nth, "nth"),
];

/// Every row spelling and its word.
pub const ROWS: &[(Rows, &str)] = &[
    (Rows::Chars, "chars"),
    (Rows::Tokens, "tokens"),
    (Rows::Boxed, "boxed"),
    (Rows::Framed, "framed"),
    (Rows::Free, "free"),
    (Rows::OneLine, "one-line"),
    (Rows::Killer, "killer"),
    (Rows::KillerSet, "killer-set"),
    (Rows::Dominoes, "dominoes"),
    (Rows::Pair, "pair"),
    (Rows::Grids, "grids"),
    (Rows::Hexagon, "hexagon"),
    (Rows::Split, "split"),
];

/// The kinds of relation mark of `rows = "marks"`.
pub const MARK_KINDS: &[(MarkKind, &str)] =
    &[(MarkKind::Order, "order"), (MarkKind::SumVsSide, "sum-vs-side")];

/// How `rows = "marks"` lines are spaced.
pub const MARK_SPACINGS: &[(MarkSpacing, &str)] = &[
    (MarkSpacing::Spaces, "spaces"),
    (MarkSpacing::Tight, "tight"),
    (MarkSpacing::Grouped, "grouped"),
];

/// Every answer grid style and its word.
pub const GRIDS: &[(GridStyle, &str)] = &[
    (GridStyle::Chars, "chars"),
    (GridStyle::Tokens, "tokens"),
    (GridStyle::Boxed, "boxed"),
    (GridStyle::OneLine, "one-line"),
    (GridStyle::Marks, "marks"),
];

/// Every promise of solutions and its word.
pub const SOLUTIONS: &[(Solutions, &str)] = &[
    (Solutions::Any, "any"),
    (Solutions::Some, "some"),
    (Solutions::One, "one"),
];

/// The tuned readers a record may name, by the core format's name.
pub const TUNED: &[(Format, &str)] = &[
    (Format::Poj2676, "poj2676"),
    (Format::Hdu4069, "hdu4069"),
    (Format::Line, "line"),
    (Format::Leetcode, "leetcode"),
];

/// The kinds of case of `[holds]`, by key.
pub const KINDS: &[(Kind, &str)] = &[
    (Kind::Clash, "clash"),
    (Kind::Unsolvable, "unsolvable"),
    (Kind::Several, "several"),
    (Kind::Full, "full"),
    (Kind::Empty, "empty"),
];

/// How sure a `[holds]` entry is (`clash_confidence = "accepted"`).
pub const CONFIDENCES: &[(Confidence, &str)] = &[
    (Confidence::Statement, "statement"),
    (Confidence::Sample, "sample"),
    (Confidence::Accepted, "accepted"),
    (Confidence::Inferred, "inferred"),
];

/// Whether a judge's data holds a kind: `promise` (nothing known beyond the statement),
/// `yes` or `no` (each with `_confidence` and `_evidence`).
pub const HELD: &str = "promise | yes | no (with _confidence, _evidence)";

/// The choices of the keys whose values carry data (`container = "end-word"` with
/// `end_word`, ...), as the comments list them.
pub const CONTAINERS: &str = "count | eof | single | end-word (with end_word) | no-input";
pub const SIZES: &str = "fixed (with box) | line (with box_min, box_max) | from-length | net";
pub const CELLS: &str = "alphabet (with values, empty) | numbers | walls | by-size";
pub const SEPS: &str = "none | blank-between | blank-after | blank-before | line-between | line-after (each with _line)";

/// The word of `value` in `table`.
pub fn word<T: PartialEq + Copy>(table: &[(T, &'static str)], value: T) -> &'static str {
    word_of(table, value)
}

/// The word of `value` in `table`.
fn word_of<T: PartialEq + Copy>(table: &[(T, &'static str)], value: T) -> &'static str {
    table
        .iter()
        .find(|(v, _)| *v == value)
        .map(|(_, w)| *w)
        .expect("every choice is in its table (tests/record: every variant round-trips)")
}

/// The value `word` names in `table`.
pub fn parse<T: Copy>(table: &[(T, &'static str)], word: &str) -> Option<T> {
    table.iter().find(|(_, w)| *w == word).map(|(v, _)| *v)
}

/// The words of `table`, for a comment or an error: `first | unique | ...`.
pub fn list<T>(table: &[(T, &'static str)]) -> String {
    table.iter().map(|(_, w)| *w).collect::<Vec<_>>().join(" | ")
}

pub fn mode(m: Mode) -> &'static str {
    word_of(MODES, m)
}

/// The word of a row spelling that carries no data (`rows = "marks"` is written with its
/// `mark_kind` and `mark_spacing` apart).
pub fn rows(r: Rows) -> &'static str {
    word_of(ROWS, r)
}

pub fn grid(g: GridStyle) -> &'static str {
    word_of(GRIDS, g)
}

pub fn solutions(s: Solutions) -> &'static str {
    word_of(SOLUTIONS, s)
}

pub fn tuned(f: Format) -> &'static str {
    word_of(TUNED, f)
}

/// The keys of `[output.words]`, in order, with the words `w` gives them.
pub fn words(w: &Words) -> [(&'static str, Option<&'static str>); 11] {
    [
        ("none", w.none),
        ("multiple", w.multiple),
        ("not_minimal", w.not_minimal),
        ("illegal", w.illegal),
        ("unique", w.unique),
        ("yes", w.yes),
        ("no", w.no),
        ("easy", w.easy),
        ("not_easy", w.not_easy),
        ("count_after", w.count_after),
        ("found", w.found),
    ]
}

/// The slot of [`Words`] that key `key` of `[output.words]` fills.
pub fn word_slot<'w>(w: &'w mut Words, key: &str) -> Option<&'w mut Option<&'static str>> {
    Some(match key {
        "none" => &mut w.none,
        "multiple" => &mut w.multiple,
        "not_minimal" => &mut w.not_minimal,
        "illegal" => &mut w.illegal,
        "unique" => &mut w.unique,
        "yes" => &mut w.yes,
        "no" => &mut w.no,
        "easy" => &mut w.easy,
        "not_easy" => &mut w.not_easy,
        "count_after" => &mut w.count_after,
        "found" => &mut w.found,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::spec::Marks;

    /// A new variant of an enum must be given a word here: the matches fail to compile
    /// without one, and every table's words are distinct.
    #[test]
    fn every_variant_has_one_word() {
        fn exhaustive(m: Mode, r: Rows, g: GridStyle, s: Solutions, f: Format) {
            match m {
                Mode::First
                | Mode::Unique
                | Mode::Lexmin
                | Mode::Exact
                | Mode::Verdict
                | Mode::Legal
                | Mode::Complete
                | Mode::Marks
                | Mode::Singles
                | Mode::Minimal
                | Mode::Best
                | Mode::Anti
                | Mode::SumOfAll
                | Mode::CountSmallest
                | Mode::Hatching
                | Mode::Derived
                | Mode::Positions
                | Mode::Similar
                | Mode::OnePass
                | Mode::Every
                | Mode::Nth => {}
            }
            match r {
                Rows::Chars | Rows::Tokens | Rows::Boxed | Rows::Framed | Rows::Free => {}
                Rows::OneLine | Rows::Killer | Rows::KillerSet | Rows::Dominoes | Rows::Pair => {}
                Rows::Grids | Rows::Hexagon | Rows::Split => {}
                Rows::Marks(Marks { kind, spacing }) => {
                    match kind {
                        MarkKind::Order | MarkKind::SumVsSide => {}
                    }
                    match spacing {
                        MarkSpacing::Spaces | MarkSpacing::Tight | MarkSpacing::Grouped => {}
                    }
                }
            }
            match g {
                GridStyle::Chars | GridStyle::Tokens | GridStyle::Boxed => {}
                GridStyle::OneLine | GridStyle::Marks => {}
            }
            match s {
                Solutions::Any | Solutions::Some | Solutions::One => {}
            }
            match f {
                Format::Poj2676 | Format::Hdu4069 | Format::Line | Format::Leetcode => {}
            }
        }
        exhaustive(
            Mode::First,
            Rows::Chars,
            GridStyle::Chars,
            Solutions::Any,
            Format::Line,
        );
        assert_eq!((MODES.len(), ROWS.len(), GRIDS.len()), (21, 13, 5));
        assert_eq!((MARK_KINDS.len(), MARK_SPACINGS.len()), (2, 3));
        assert_eq!((SOLUTIONS.len(), TUNED.len()), (3, Format::ALL.len()));
        fn distinct<T>(t: &[(T, &str)]) {
            let mut w: Vec<&str> = t.iter().map(|p| p.1).collect();
            w.sort_unstable();
            w.dedup();
            assert_eq!(w.len(), t.len());
        }
        distinct(MODES);
        distinct(ROWS);
        distinct(GRIDS);
        distinct(SOLUTIONS);
        distinct(TUNED);
        distinct(MARK_KINDS);
        distinct(MARK_SPACINGS);
        assert!(!ROWS.iter().any(|(_, w)| *w == "marks"));
        for (m, w) in MODES {
            assert_eq!(parse(MODES, w), Some(*m));
            assert_eq!(mode(*m), *w);
        }
    }
}
