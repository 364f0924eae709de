//! `--format auto`: which format an input is in, from its first bytes, and which reader serves
//! it ([`tuned`]).
//!
//! [`detect`] is the content rule: the format an input's shape points at. The formats of other
//! sizes have tell-tale shapes (rows of 16 letters, a size line, `*` or `X` cells), and so do
//! a few 9x9 ones (`?` cells, `Grid 01` labels, framed and boxed rows). Many judge formats
//! spell the same bytes, though (a count, then rows of nine spaced numbers is POJ 2676 with
//! blanks, SPOJ SUDOGOB, URI 1383, AOJ 0126, ...), so `--format auto` does not stop here:
//! `crate::check::guess` reads the input with every format, takes the content rule's pick only
//! among those that read it with the same answers, says what else reads it, and refuses where
//! the answers differ.

use super::Format;
use super::cursor::{BAD, CELL, is_blank, puzzle_token};
use super::judges::find;
use super::spec::Spec;
use crate::input::Source;
use std::io;

/// Bytes read ahead of the reading to tell a format, or a reader, from the content.
pub const HEAD: usize = 64 * 1024;

/// A format told from the content, and the rule that told it.
#[derive(Clone, Copy, Debug)]
pub struct Detected {
    pub spec: &'static Spec,
    pub why: &'static str,
}

/// The hand-tuned 9x9 reader that reads `spec`'s input, given its first bytes: the one the
/// spec names (the core formats', or one it borrows: LeetCode 36 reads LeetCode 37's boards),
/// except for 81-character lines whose first puzzle is of another size; `None`: the generic
/// reader.
pub fn tuned(spec: &'static Spec, head: &[u8]) -> Option<Format> {
    match spec.tuned? {
        Format::Line => match first_line(head) {
            // Lines of another size take the generic reader; anything else (81 cells, `end`,
            // garbage) the tuned one, which also words the errors of 9x9 files.
            // A line's size is its puzzle's token (a bad byte inside it is named by the
            // reader of that size), or its run of cells when a tail follows them.
            Some(l) if [1, 16, 256, 625].contains(&puzzle_token(l)) => None,
            Some(l) if [1, 16, 256, 625].contains(&cell_run(l)) && puzzle_token(l) != 81 => None,
            _ => Some(Format::Line),
        },
        f => Some(f),
    }
}

/// The first bytes of `source` that [`tuned`] needs to pick `spec`'s reader, read ahead (not
/// consumed): up to [`HEAD`] bytes for 81-character lines, whose first puzzle may be of
/// another size; nothing for every other format.
pub fn reader_head<'s>(spec: &Spec, source: &'s mut Source) -> io::Result<&'s [u8]> {
    match spec.tuned {
        Some(Format::Line) => source.head(HEAD),
        _ => Ok(&[]),
    }
}

/// The first line that is not blank or a `#` comment, trimmed.
fn first_line(head: &[u8]) -> Option<&[u8]> {
    lines(head).find(|l| l[0] != b'#')
}

/// The non-blank lines of `head`, trimmed.
pub(super) fn lines(head: &[u8]) -> impl Iterator<Item = &[u8]> {
    head.split(|&b| b == b'\n')
        .map(super::trim_blank)
        .filter(|l| !l.is_empty())
}

/// Length of the run of one-line cell bytes (digits, `.`, letters `A`-`Y`) at the start.
fn cell_run(l: &[u8]) -> usize {
    l.iter()
        .take_while(|&&b| CELL[b as usize] != BAD || (b'A'..=b'Y').contains(&b))
        .count()
}

fn number(l: &[u8]) -> Option<usize> {
    if l.is_empty() || l.len() > 6 || !l.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(l).ok()?.parse().ok()
}

fn tokens(l: &[u8]) -> impl Iterator<Item = &[u8]> {
    l.split(|&b| is_blank(b)).filter(|t| !t.is_empty())
}

fn all_in(l: &[u8], set: &[u8]) -> bool {
    l.iter().all(|b| set.contains(b))
}

const POJ3076: &[u8] = b"ABCDEFGHIJKLMNOP-";
const HEX: &[u8] = b"123456789ABCDEFG.";

/// The format of an input, from its first bytes; `None` when nothing fits.
pub fn detect(head: &[u8]) -> Option<Detected> {
    let hit = |name: &str, why: &'static str| {
        Some(Detected {
            spec: find(name).expect("a format of the table"),
            why,
        })
    };
    let mut ls = lines(head);
    let l0 = first_line(head)?;
    if l0.starts_with(b"+-") {
        return hit("coci-2023-sudoku", "a framed grid (`+---+` lines)");
    }
    if l0[0] != b'#' && l0[0] != b'[' {
        let run = cell_run(l0);
        if [16, 256, 625].contains(&run) && (run == l0.len() || !l0[run].is_ascii_alphanumeric()) {
            return hit("line", "one-line puzzles of 16, 256 or 625 cells");
        }
    }
    if l0.len() == 16 && all_in(l0, POJ3076) {
        return hit("poj3076", "rows of 16 letters A-P and '-' with no count");
    }
    if let Some(v) = number(l0) {
        let _ = ls.next();
        if let Some(l1) = ls.next() {
            if l1.starts_with(b"Grid") {
                return hit("spoj-novice42", "a count, then `Grid NN` labels");
            }
            if l1.len() == 16 && all_in(l1, POJ3076) {
                return hit(
                    "spoj-sudoku",
                    "a count, then rows of 16 letters A-P and '-'",
                );
            }
            if (2..=4).contains(&v) && l1.len() == v * v && all_in(l1, HEX) && head.contains(&b'.')
            {
                return hit("hdu3909", "a size line, then rows of characters with '.'");
            }
            if l1.len() == 4 && all_in(l1, b"1234*X") {
                return if head.contains(&b'X') {
                    hit("dmoj-miniaturesudoku", "a count, then rows of 4 with 'X'")
                } else {
                    hit("hdu5547", "a count, then rows of 4 characters")
                };
            }
            if l1.len() == 9 && all_in(l1, b"123456789?") && l1.contains(&b'?') {
                return hit("hdu3111", "a count, then rows of 9 with '?'");
            }
            if l1.len() == 9 && all_in(l1, b"123456789.") && l1.contains(&b'.') {
                return hit("codechef-j1", "a count, then rows of 9 with '.'");
            }
            if l1.contains(&b'|') {
                return hit("jutge-p78955", "a count, then boxed rows with '|'");
            }
            if (1..=5).contains(&v)
                && let Some(more) = one_grid_then(head, v)
            {
                // UVa 989 stops at 9x9: a larger size line anywhere means another format.
                let small = v <= 3 && largest_size_line(head) <= 3;
                return match (small, more) {
                    (true, _) => hit("uva989", "a size line n, then n² rows of n² numbers"),
                    (false, false) => hit(
                        "mindcoding-fiendishsudoku",
                        "one case: a size line n of 4 or 5, then n² rows of n² numbers",
                    ),
                    (false, true) => hit(
                        "nums",
                        "size lines n of 4 or 5, each followed by n² rows of n² numbers",
                    ),
                };
            }
        }
    }
    if l0.len() >= 17 && tokens(l0).count() == 9 && tokens(l0).any(|t| t == b"?") {
        return hit("hdu1426", "rows of 9 tokens with '?'");
    }
    let core = Format::detect(head)?;
    let why = match core {
        Format::Poj2676 => "a count, then rows of 9 digits",
        Format::Hdu4069 => "a count, then rows of 9 numbers of several digits (walls)",
        Format::Line => "81-character lines",
        Format::Leetcode => "a `[[` board",
    };
    hit(core.name(), why)
}

/// The largest number alone on a line right after a blank line (a size line of a size-line
/// format's later case), 0 if none.
fn largest_size_line(head: &[u8]) -> usize {
    let mut blank = false;
    let mut largest = 0;
    for l in head.split(|&b| b == b'\n').map(super::trim_blank) {
        if blank && let Some(n) = number(l) {
            largest = largest.max(n);
        }
        blank = l.is_empty();
    }
    largest
}

/// After the size line `v`, when the head holds `v²` rows of `v²` numbers each at most `v²`
/// (HDU 4069's wall codes are larger) and then either nothing more (`Some(false)`) or, after
/// blank lines, another size line (`Some(true)`): one case of a size-line format. `None` when
/// it holds anything else (a count followed by cases of rows, say).
fn one_grid_then(head: &[u8], v: usize) -> Option<bool> {
    let side = v * v;
    let mut it = head
        .split(|&b| b == b'\n')
        .map(super::trim_blank)
        .skip_while(|l| l.is_empty());
    let _ = it.next();
    let mut rows = 0;
    for l in it {
        if l.is_empty() {
            continue;
        }
        if rows == side {
            return number(l).map(|_| true);
        }
        let values: Vec<Option<usize>> = tokens(l)
            .map(|t| number(t).filter(|&x| x <= side))
            .collect();
        if values.len() != side || values.contains(&None) {
            return None;
        }
        rows += 1;
    }
    (rows == side).then_some(false)
}

#[cfg(test)]
mod tests {
    use super::super::judges::JUDGES;
    use super::*;

    fn name(head: &str) -> Option<&'static str> {
        detect(head.as_bytes()).map(|d| d.spec.name)
    }

    #[test]
    fn distinctive_samples_are_told_apart() {
        for n in [
            "poj2676",
            "hdu4069",
            "line",
            "leetcode",
            "poj3076",
            "spoj-sudoku",
            "uva989",
            "hdu5547",
            "dmoj-miniaturesudoku",
            "hdu3909",
            "mindcoding-fiendishsudoku",
            "hdu1426",
            "hdu3111",
            "spoj-novice42",
            "coci-2023-sudoku",
            "jutge-p78955",
            "codechef-j1",
        ] {
            let spec = find(n).unwrap();
            let want = match n {
                // A 9x9 case with a size line reads as UVa 989 (the two agree on unique
                // puzzles); MindCoding is told apart at 16x16 and 25x25.
                "mindcoding-fiendishsudoku" => "uva989",
                _ => n,
            };
            assert_eq!(name(spec.sample.0), Some(want), "{n}");
        }
        let m = format!("4\n{}\n", "0 ".repeat(16).trim_end());
        assert_eq!(name(&m), None, "one row is not enough");
        let grid16 = format!(
            "4\n{}",
            format!("{}\n", "0 ".repeat(16).trim_end()).repeat(16)
        );
        assert_eq!(name(&grid16), Some("mindcoding-fiendishsudoku"));
        for size in ["size4", "size16", "size25"] {
            let text = std::fs::read_to_string(format!(
                "{}/testdata/line/{size}.in",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap();
            assert_eq!(name(&text), Some("line"), "{size}");
        }
    }

    #[test]
    fn a_poj_file_with_spaced_digits_stays_poj() {
        // T = 3 and three 9x9 grids: not UVa 989's one 9x9 grid after its size line.
        let row = "1 0 3 0 0 0 5 0 9\n";
        assert_eq!(name(&format!("3\n{}", row.repeat(27))), Some("poj2676"));
        assert_eq!(name(&format!("3\n{}", row.repeat(9))), Some("uva989"));
        // SPOJ SUDOGOB: a count of 3, then tables of spaced numbers with blank lines between.
        // The content rule points at POJ 2676; `check::guess` then finds that only SUDOGOB's
        // reader reads it as its judge lays it out, and takes that.
        let table = "3 0 6 0 0 2 5 0 0\n".repeat(9);
        assert_eq!(
            name(&format!("3\n{table}\n{table}\n{table}")),
            Some("poj2676")
        );
    }

    #[test]
    fn every_sample_detects_to_something_or_nothing_without_panicking() {
        for spec in JUDGES {
            let _ = detect(spec.sample.0.as_bytes());
            let _ = detect(&spec.sample.0.as_bytes()[..spec.sample.0.len() / 2]);
        }
        assert_eq!(name(""), None);
        assert_eq!(name("\n\n"), None);
    }

    #[test]
    fn lines_route_by_the_first_puzzle() {
        let line = find("line").unwrap();
        let r = |h: &str| tuned(line, h.as_bytes());
        assert_eq!(r(&".".repeat(81)), Some(Format::Line));
        assert_eq!(r("# c\nend\n"), Some(Format::Line));
        assert_eq!(r(&".".repeat(256)), None);
        assert_eq!(r("42..3.2423.1.43.\n"), None);
        // By the puzzle's token: a bad byte inside a 256-cell line goes to the reader that
        // names it with that size's alphabet, not to the 9x9 one.
        assert_eq!(r(&format!("{}Z{}", ".".repeat(199), ".".repeat(56))), None);
        assert_eq!(r(&format!(".Z{}", ".".repeat(79))), Some(Format::Line));
        assert_eq!(r(&format!("{}:1:x", ".".repeat(16))), None);
        assert_eq!(r(&format!("{}Zx", ".".repeat(81))), Some(Format::Line));
        assert_eq!(tuned(find("poj3076").unwrap(), b""), None);
        assert_eq!(tuned(find("hdu4069").unwrap(), b""), Some(Format::Hdu4069));
        assert_eq!(
            tuned(find("leetcode36").unwrap(), b""),
            Some(Format::Leetcode)
        );
    }
}
