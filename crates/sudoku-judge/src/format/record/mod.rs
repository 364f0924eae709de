//! Problems as files: a [`Spec`](super::spec::Spec) written as a small TOML file
//! ([`export`], `sudoku-judge formats --export NAME`) and read back ([`load`], `--format
//! path/to/problem.toml`), so that a setter's own problem is served by every command as a
//! built-in one is. Exporting a built-in record and loading it gives the same record, field
//! for field (the tests hold every record of the table to it).
//!
//! The file is the record's fields as keys: the top-level keys (`name`, `mode`, ...), then
//! the tables `[input]`, `[output]`, `[output.words]`, `[promise]`, `[generate]` and
//! `[sample]`. [`toml`] reads the part of TOML the file uses; [`names`] is the one table of
//! words for each choice; [`write`] and [`read`] map the record to keys and back.

mod names;
mod read;
mod toml;
mod write;

pub use read::{RecordError, load};
pub use write::export;

/// What the keys of a problem file mean, for `formats --help` and the README.
pub const KEYS: &str = "\
The keys of a problem file:

top level:      name (required), aliases, judge, summary, mode (required), any_grid, notes,
                tuned and end_to_end (the built-in core formats' fast readers)
[input]:        container = count | eof | single | end-word (with end_word) | no-input;
                size = fixed (with box) | line (with box_min, box_max) | from-length | net;
                label_word and label_max; rows = chars | tokens | boxed | framed | free |
                one-line | killer | killer-set | dominoes | pair | grids | hexagon | split |
                marks (with mark_kind = order | sum-vs-side, mark_spacing = spaces | tight |
                grouped); cells = alphabet (with values, empty) | numbers | walls | by-size;
                sep = none | blank-between | blank-after | blank-before | line-between |
                line-after (each with sep_line); decoration; diagonals; max_cases
[output]:       header (`{k}` the case number, `{label}` the label line); inline; grid = chars
                | tokens | boxed | one-line | marks; sep (as in [input])
[output.words]: none, multiple, not_minimal, illegal, unique, yes, no, easy, not_easy,
                count_after (a line after the grid, n in braces the count), found (a line
                before a solution grid)
[promise]:      solutions = any | some | one; empty_min and empty_max
[holds]:        clash, unsolvable, several, full, empty = promise | yes | no (with
                KIND_confidence = statement | sample | accepted | inferred, KIND_evidence)
[generate]:     unique, none, multiple (weights); clues_min and clues_max; easy
[sample]:       input, output";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::JUDGES;

    /// [`KEYS`] names every word a key takes (it had fallen behind by five rows, a container,
    /// a size, a separator and the word `found`), and holds no `{n}`, which clap's help turns
    /// into a line break.
    #[test]
    fn the_keys_help_names_every_word() {
        let mut words: Vec<&str> = Vec::new();
        words.extend(names::ROWS.iter().map(|(_, w)| *w));
        words.extend(names::GRIDS.iter().map(|(_, w)| *w));
        words.extend(names::SOLUTIONS.iter().map(|(_, w)| *w));
        words.extend(names::MARK_KINDS.iter().map(|(_, w)| *w));
        words.extend(names::MARK_SPACINGS.iter().map(|(_, w)| *w));
        words.extend(names::CONFIDENCES.iter().map(|(_, w)| *w));
        words.extend(names::words(&crate::format::spec::Words::NONE).map(|(k, _)| k));
        for list in [names::CONTAINERS, names::SIZES, names::CELLS, names::SEPS] {
            words.extend(list.split(" | ").map(|w| w.split(' ').next().unwrap_or(w)));
        }
        let flat = KEYS.split_whitespace().collect::<Vec<_>>().join(" ");
        for w in words {
            assert!(flat.contains(w), "{w}");
        }
        assert!(!KEYS.contains("{n}"));
    }

    /// Every built-in record survives the round trip field for field, and exporting the
    /// loaded record writes the same file.
    #[test]
    fn every_record_round_trips() {
        for spec in JUDGES {
            let text = export(spec);
            let loaded = load(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", spec.name));
            assert_eq!(format!("{loaded:?}"), format!("{spec:?}"), "{}", spec.name);
            assert_eq!(export(loaded), text, "{}", spec.name);
        }
    }

    fn poj2676() -> String {
        export(crate::format::judges::find("poj2676").unwrap())
    }

    /// A mistake in a file is reported at its line, with what was expected.
    #[test]
    fn mistakes_are_reported_at_their_line() {
        let base = poj2676();
        let line_of = |text: &str, key: &str| {
            1 + text
                .lines()
                .position(|l| l.starts_with(key))
                .unwrap_or_else(|| panic!("{key}"))
        };
        let cases: Vec<(String, &str, &str)> = vec![
            (base.replace("mode = \"first\"", "mode = \"fast\""), "mode =", "is one of first | unique"),
            (base.replace("box = 3", "box = 11"), "box =", "outside 1 to 10"),
            (base.replace("any_grid = true", "any_grid = 1"), "any_grid =", "takes true or false"),
            (base.replace("diagonals = false", "diagonal = false"), "diagonal =", "unknown key `diagonal` in [input]"),
            (base.replace("values = \"123456789\"", "values = \"12345678\""), "values =", "8 values cannot spell a 9x9 grid"),
            (base.replace("values = \"123456789\"", "values = \"123456780\""), "values =", "'0' is named twice"),
            (base.replace("rows = \"chars\"", "rows = \"tokens\""), "tuned =", "serves only the input"),
            (base.replace("cells = \"alphabet\"", "cells = \"walls\""), "cells =", "needs size = \"fixed\", box = 3 and rows = \"tokens\""),
            (base.replace("[promise]", "[promises]"), "[promises]", "unknown table [promises]"),
            // Records that read and then made the reader or the generator panic.
            (base.replace("cells = \"alphabet\"", "cells = \"numbers\""), "cells =", "take cells = \"alphabet\" or \"by-size\""),
            (base.replace("unique = 100", "unique = 0"), "unique =", "add up to 0"),
            (base.replace("name = \"poj2676\"", "name = \"auto\""), "name =", "not `auto`"),
        ];
        for (text, key, what) in cases {
            let e = load(&text).unwrap_err();
            assert_eq!(e.line, line_of(&text, key), "{what}: {e}");
            assert!(e.to_string().contains(what), "{what}: {e}");
        }
        let no_mode: String = base
            .lines()
            .filter(|l| !l.starts_with("mode = "))
            .map(|l| format!("{l}\n"))
            .collect();
        let e = load(&no_mode).unwrap_err();
        assert!(e.message.contains("missing key `mode`"), "{e}");
        assert_eq!(e.line, 1);
        let e = load("name = \"x\"\nmode = \"first\"\n[input]\ncontainer = \"eof\"\n").unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (3, "missing key `size` (a string) in [input]"));
    }

    /// Keys left out take their defaults: a short file is a whole record.
    #[test]
    fn a_short_file_is_enough() {
        let text = "name = \"mine\"\nmode = \"unique\"\n\n[input]\ncontainer = \"count\"\n\
                    size = \"fixed\"\nbox = 2\nrows = \"tokens\"\ncells = \"numbers\"\n\n\
                    [output]\ngrid = \"tokens\"\n\n[output.words]\nnone = \"NO\"\n";
        let spec = load(text).unwrap();
        assert_eq!(spec.name, "mine");
        assert_eq!(spec.output.words.none, Some("NO"));
        assert_eq!(spec.generate.unique, 100);
        assert!(spec.tuned.is_none() && !spec.any_grid);
        assert_eq!(load(&export(spec)).map(|s| format!("{s:?}")), Ok(format!("{spec:?}")));
    }
}
