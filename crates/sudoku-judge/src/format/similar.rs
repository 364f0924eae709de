//! The spelling of [`Rows::Grids`](super::spec::Rows::Grids) (NWRRC 2013 "Intellectual
//! Property", Luogu P7087) and of its answer, read for the generic reader
//! ([`super::generic`]) and written for the one writer ([`super::spell`]):
//!
//! - The input: the number of puzzles `n` on a line, then the puzzles, one row per line of
//!   one character per cell, a blank line between two puzzles. The whole input is one case:
//!   its board is the first puzzle, carrying the others along ([`Rules::with_more`]), as a
//!   killer set's first puzzle carries the others. The problem's bound on `n` (20) is its
//!   record's `max_cases`, a promise `validate` holds a case to; the reader takes up to
//!   [`MAX_GRIDS`].
//! - The answer ([`Answer::Similar`](crate::model::Answer::Similar)): for each pair `i < j`
//!   in order, `Yes`, the number of operations and one operation a line (`D x y`, `R a b`,
//!   `r a b`, `C a b`, `c a b`, `F`: [`Op`]'s spelling), or `No`.
//!
//! Errors are `(byte offset, message)`, turned into line, column and case by the reader.

use crate::model::symmetry::Op;
use crate::model::{Board, Rules};

/// The most puzzles the reader takes in one input: their pairs are answered one by one, about
/// half a million of them at this bound.
pub const MAX_GRIDS: usize = 1000;

/// The most operations an answer to one pair may list (the problem's bound).
pub const MAX_OPS: usize = 1000;

/// One case of the puzzles `grids`: the first, carrying the others along
/// ([`Rules::with_more`]).
pub fn set(mut grids: Vec<Board>) -> Board {
    let first = grids.remove(0);
    let g = &first.geometry;
    let rules = Rules::new(g.side(), Vec::new(), Vec::new()).expect("no rules");
    let geometry = crate::model::Geometry::standard(g.box_size()).with_rules(rules.with_more(grids));
    Board::new(std::sync::Arc::new(geometry), first.cells)
}

/// The cells of every puzzle of a [`set`] case, the board's first.
pub fn puzzles(board: &Board) -> Vec<&[u8]> {
    let more = board.geometry.rules().map_or(&[][..], |r| r.more());
    std::iter::once(&board.cells[..])
        .chain(more.iter().map(|b| &b.cells[..]))
        .collect()
}

/// Appends a [`set`] case as [`Rows::Grids`](super::spec::Rows::Grids) spells it: the number
/// of puzzles, then each puzzle's rows (one character per cell, as `put` spells a value), a
/// blank line between two puzzles.
pub(crate) fn write_case(board: &Board, put: &dyn Fn(u8, &mut Vec<u8>), out: &mut Vec<u8>) {
    let all = puzzles(board);
    out.extend_from_slice(itoa::Buffer::new().format(all.len()).as_bytes());
    out.push(b'\n');
    for (k, cells) in all.iter().enumerate() {
        if k > 0 {
            out.push(b'\n');
        }
        for row in cells.chunks(board.side()) {
            for &v in row {
                put(v, out);
            }
            out.push(b'\n');
        }
    }
}

/// Appends the answer to every pair: `Yes`, the number of operations and one a line, or `No`.
pub fn write_answer(pairs: &[Option<Vec<Op>>], out: &mut Vec<u8>) {
    use std::io::Write;
    for pair in pairs {
        match pair {
            Some(ops) => {
                out.extend_from_slice(b"Yes\n");
                out.extend_from_slice(itoa::Buffer::new().format(ops.len()).as_bytes());
                out.push(b'\n');
                for op in ops {
                    let _ = writeln!(out, "{op}");
                }
            }
            None => out.extend_from_slice(b"No\n"),
        }
    }
}

/// How many pairs `n` puzzles make (`n (n - 1) / 2`).
pub fn pairs(n: usize) -> usize {
    n * n.saturating_sub(1) / 2
}

/// Reads an operation from its tokens: `letter` (one of `DRrCcF`) and, but for `F`, the two
/// numbers `next` gives (`None` at the end). A number out of range, or `r`/`c` across bands
/// or stacks, is `Err` with the message (the problem's operations are only those).
pub fn parse_op(letter: &[u8], next: &mut dyn FnMut() -> Option<Vec<u8>>) -> Result<Op, String> {
    let (make, most, what): (fn(u8, u8) -> Op, u8, &str) = match letter {
        b"F" => return Ok(Op::Flip),
        b"D" => (Op::Digits, 9, "a digit 1-9"),
        b"R" => (Op::Bands, 3, "a band 1-3"),
        b"C" => (Op::Stacks, 3, "a stack 1-3"),
        b"r" => (Op::Rows, 9, "a row 1-9"),
        b"c" => (Op::Cols, 9, "a column 1-9"),
        _ => {
            let shown = String::from_utf8_lossy(letter);
            return Err(format!(
                "expected an operation (D, R, r, C, c or F), found \"{}\"",
                shown.escape_default()
            ));
        }
    };
    let mut number = || -> Result<u8, String> {
        let Some(t) = next() else {
            return Err(format!("expected {what}, found the end of output"));
        };
        match std::str::from_utf8(&t).ok().and_then(|s| s.parse::<u8>().ok()) {
            Some(v) if (1..=most).contains(&v) && t[0] != b'+' && t[0] != b'0' => Ok(v),
            _ => Err(format!(
                "expected {what}, found \"{}\"",
                String::from_utf8_lossy(&t).escape_default()
            )),
        }
    };
    let (a, b) = (number()?, number()?);
    let op = make(a, b);
    if matches!(op, Op::Rows(..) | Op::Cols(..)) && (a - 1) / 3 != (b - 1) / 3 {
        let (lines, groups) = match op {
            Op::Rows(..) => ("rows", "band"),
            _ => ("columns", "stack"),
        };
        return Err(format!("{op}: {lines} {a} and {b} are not in one {groups}"));
    }
    Ok(op)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Geometry;

    fn parse(text: &str) -> Result<Op, String> {
        let mut words = text.split(' ');
        let letter = words.next().unwrap_or_default().as_bytes().to_vec();
        parse_op(&letter, &mut || words.next().map(|w| w.as_bytes().to_vec()))
    }

    #[test]
    fn operations_read_back_as_they_are_written_and_nothing_else() {
        for op in [
            Op::Flip,
            Op::Digits(1, 9),
            Op::Bands(3, 1),
            Op::Stacks(2, 3),
            Op::Rows(7, 9),
            Op::Cols(4, 6),
        ] {
            assert_eq!(parse(&op.to_string()), Ok(op));
        }
        for bad in ["r 1 4", "c 3 4", "R 1 4", "D 0 1", "D 1 10", "C 01 2", "C +1 2", "X", "D 1"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse("r 1 4"),
            Err("r 1 4: rows 1 and 4 are not in one band".to_string())
        );
    }

    #[test]
    fn a_set_carries_every_puzzle_and_writes_them_apart() {
        let g = Geometry::standard(3);
        let mut b = Board::empty(g.clone());
        b.cells[4] = 7;
        let case = set(vec![Board::empty(g), b]);
        assert_eq!(puzzles(&case).len(), 2);
        assert_eq!(puzzles(&case)[1][4], 7);
        let mut out = Vec::new();
        write_case(&case, &|v, out| out.push(if v == 0 { b'.' } else { b'0' + v }), &mut out);
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("2\n.........\n"));
        assert!(text.contains(".........\n\n....7....\n"));
        let mut out = Vec::new();
        write_answer(&[Some(vec![Op::Flip, Op::Digits(1, 8)]), None], &mut out);
        assert_eq!(out, b"Yes\n2\nF\nD 1 8\nNo\n");
        assert_eq!((pairs(1), pairs(4), pairs(20)), (0, 6, 190));
        let count = |line: &[u8]| super::super::cursor::puzzle_count(line, 0, line.len(), MAX_GRIDS);
        assert_eq!(count(b"21"), Ok(21));
        assert!(count(b"0").is_err() && count(b"2x").is_err() && count(b"1001").is_err());
    }
}
