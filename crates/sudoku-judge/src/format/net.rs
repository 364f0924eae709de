//! The spelling of the cases on a net ([`crate::model::Net`]), read for the generic reader
//! ([`super::generic`]), written for the one writer ([`super::spell`]) and read back by
//! `check`:
//! - [`Rows::Hexagon`] (SGU 437 "Hexodoku"): a line `K N`, then the 31 values of the hexagon's
//!   cells as tokens in any layout (`0` empty); an answer is the 31 values on one line.
//! - [`Rows::Split`] (Tight-Fit Sudoku): six lines of six tokens, a cell one value or a split
//!   cell's two joined by `/`, smaller first (`-` empty, alone or as a half: `-/5`).
//!
//! Errors are `(byte offset, message)`, turned into line, column and case by the reader.

use super::cursor::{show_token, tokens};
use super::spec::{Cells, Rows};
use crate::model::net::MAX_WIDTH;
use crate::model::{Case, Net};
use std::sync::Arc;

type Fault = (usize, String);

/// The cells of SGU 437's hexagon.
pub const HEXAGON_CELLS: usize = 31;
/// The values `K` a hexagon case may have (SGU 437: `7 <= K <= 31`).
pub const HEXAGON_VALUES: std::ops::RangeInclusive<usize> = 7..=31;
/// The side of Tight-Fit's grid.
pub const SPLIT_SIDE: usize = 6;
/// The values of Tight-Fit's cells: `1..=9`.
pub const SPLIT_VALUES: usize = 9;

/// Reads a hexagon case's first line `K N`.
pub(crate) fn hexagon_head(buf: &[u8], start: usize, end: usize) -> Result<(usize, u64), Fault> {
    let t = tokens(buf, start, end);
    if t.len() != 2 {
        let at = t.get(2).map_or(end, |t| t.0);
        return Err((at, format!("expected the line `K N`, found {} tokens", t.len())));
    }
    let number = |tok: &[u8]| {
        std::str::from_utf8(tok)
            .ok()
            .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|s| s.parse::<u64>().ok())
    };
    let (lo, hi) = (*HEXAGON_VALUES.start(), *HEXAGON_VALUES.end());
    let k = match number(t[0].1) {
        Some(k) if (lo as u64..=hi as u64).contains(&k) => k as usize,
        _ => {
            let msg = format!("expected K, the values ({lo} to {hi}), found {}", show_token(t[0].1));
            return Err((t[0].0, msg));
        }
    };
    match number(t[1].1) {
        Some(n) if n >= 1 => Ok((k, n)),
        _ => {
            let msg = format!("expected N, the solution asked (1 or more), found {}", show_token(t[1].1));
            Err((t[1].0, msg))
        }
    }
}

/// Reads a line of a hexagon case's values (`0..=k`), appended to `values`; more than the
/// hexagon's 31 cells is an error.
pub(crate) fn hexagon_values(
    buf: &[u8],
    start: usize,
    end: usize,
    k: usize,
    values: &mut Vec<u8>,
) -> Result<(), Fault> {
    for (at, tok) in tokens(buf, start, end) {
        if values.len() == HEXAGON_CELLS {
            return Err((at, format!("unexpected {} after the {HEXAGON_CELLS} cells", show_token(tok))));
        }
        match cell_values(tok, Cells::Numbers, k) {
            Ok(v) if v.len() == 1 => values.push(v[0]),
            _ => return Err((at, format!("expected a value 0 to {k}, found {}", show_token(tok)))),
        }
    }
    Ok(())
}

/// Reads a row of a split grid: six cells, each one token; appends whether each is split and
/// its values.
pub(crate) fn split_row(
    buf: &[u8],
    start: usize,
    end: usize,
    cells: Cells,
    splits: &mut Vec<bool>,
    values: &mut Vec<u8>,
) -> Result<(), Fault> {
    let t = tokens(buf, start, end);
    if t.len() != SPLIT_SIDE {
        let at = t.get(SPLIT_SIDE).map_or(end, |t| t.0);
        return Err((at, format!("a row is {SPLIT_SIDE} cells, found {}", t.len())));
    }
    for (at, tok) in t {
        match cell_values(tok, cells, SPLIT_VALUES) {
            Ok(v) if v.len() <= 2 => {
                splits.push(v.len() == 2);
                values.extend_from_slice(&v);
            }
            _ => {
                let msg = format!("expected a cell (`-`, a digit 1 to 9, or two joined by `/`), found {}", show_token(tok));
                return Err((at, msg));
            }
        }
    }
    Ok(())
}

/// The values of one cell's token in the alphabet `cells` (`0` for an empty one): one, or up
/// to [`MAX_WIDTH`] joined by `/`; an error for anything else or a value above `k`.
pub fn cell_values(tok: &[u8], cells: Cells, k: usize) -> Result<Vec<u8>, String> {
    let bad = || format!("not a cell: {}", show_token(tok));
    let mut out = Vec::with_capacity(2);
    for part in tok.split(|&b| b == b'/') {
        let v = match (cells, part) {
            (Cells::Numbers, p) if !p.is_empty() && p.len() <= 3 && p.iter().all(u8::is_ascii_digit) => {
                p.iter().fold(0usize, |n, d| n * 10 + usize::from(d - b'0'))
            }
            (Cells::Alphabet { values, empty }, &[b]) => {
                if empty.contains(&b) {
                    0
                } else {
                    values.iter().position(|&x| x == b).map(|i| i + 1).ok_or_else(bad)?
                }
            }
            _ => return Err(bad()),
        };
        if v > k || out.len() == MAX_WIDTH {
            return Err(bad());
        }
        out.push(v as u8);
    }
    Ok(out)
}

/// The case of a hexagon read: `K` values, the `n`-th solution asked, the 31 givens.
pub(crate) fn hexagon_case(k: usize, n: u64, values: Vec<u8>, label: Option<Box<str>>) -> Case {
    let net = Net::hexodoku(k).expect("K within 7..=31");
    Case::net(Arc::new(net), values, n, label)
}

/// The case of a split grid read: its split cells and values.
pub(crate) fn split_case(splits: &[bool], values: Vec<u8>, label: Option<Box<str>>) -> Case {
    let split: &[bool; SPLIT_SIDE * SPLIT_SIDE] = splits.try_into().expect("36 cells");
    Case::net(Arc::new(Net::tight_fit(split)), values, 1, label)
}

/// Appends a net case's input lines in `rows`' spelling (`K N` first for a hexagon).
pub(crate) fn write_case(rows: Rows, cells: Cells, case: &Case, out: &mut Vec<u8>) {
    let Some((net, rank)) = case.as_net() else {
        return;
    };
    if rows == Rows::Hexagon {
        let mut b = itoa::Buffer::new();
        out.extend_from_slice(b.format(net.values()).as_bytes());
        out.push(b' ');
        out.extend_from_slice(b.format(rank).as_bytes());
        out.push(b'\n');
    }
    write_values(rows, cells, net, case.cells(), out);
}

/// Appends `values` (one per slot of `net`) in `rows`' spelling: a hexagon's 31 on one line,
/// a split grid's six rows of six cells.
pub fn write_values(rows: Rows, cells: Cells, net: &Net, values: &[u8], out: &mut Vec<u8>) {
    let per_line = match rows {
        Rows::Split => SPLIT_SIDE,
        _ => net.cells(),
    };
    for c in 0..net.cells() {
        if c % per_line != 0 {
            out.push(b' ');
        }
        write_cell(cells, net, c, values, out);
        if c % per_line == per_line - 1 || c + 1 == net.cells() {
            out.push(b'\n');
        }
    }
}

/// Appends cell `c`'s token: its values (of `values`, one per slot of `net`) joined by `/`.
pub fn write_cell(cells: Cells, net: &Net, c: usize, values: &[u8], out: &mut Vec<u8>) {
    for (i, s) in net.slots_of(c).enumerate() {
        if i > 0 {
            out.push(b'/');
        }
        match cells {
            // Tight-Fit's digits, `-` empty.
            Cells::Alphabet { values: alphabet, empty } => out.push(match values[s] {
                0 => empty[0],
                v => alphabet[v as usize - 1],
            }),
            // SGU 437's numbers, `0` empty.
            _ => out.extend_from_slice(itoa::Buffer::new().format(values[s]).as_bytes()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIGITS: Cells = Cells::Alphabet {
        values: b"123456789",
        empty: b"-",
    };

    #[test]
    fn heads_and_values_say_what_is_wrong() {
        let head = |s: &str| hexagon_head(s.as_bytes(), 0, s.len());
        assert_eq!(head("8 1"), Ok((8, 1)));
        assert_eq!(head("31 100000"), Ok((31, 100_000)));
        assert!(head("6 1").unwrap_err().1.contains("7 to 31"));
        assert!(head("8 0").unwrap_err().1.contains("1 or more"));
        assert_eq!(head("8 1 2").unwrap_err().0, 4);
        let mut v = vec![0; 30];
        let line = b"1 2";
        let e = hexagon_values(line, 0, 3, 8, &mut v).unwrap_err();
        assert_eq!((e.0, v.len()), (2, 31));
        let mut v = Vec::new();
        assert!(hexagon_values(b"9", 0, 1, 8, &mut v).unwrap_err().1.contains("0 to 8"));
    }

    #[test]
    fn split_rows_read_and_write_back() {
        let rows = "-/- -/5 4 3 2 -/-\n- 6 -/- -/- - -/-\n- 7/- - -/- -/- 2\n8 -/- -/- - -/3 -\n-/- - -/- -/- 4 -\n-/- 8 7 6 5/- -/-\n";
        let (mut splits, mut values) = (Vec::new(), Vec::new());
        let mut at = 0;
        for line in rows.lines() {
            split_row(rows.as_bytes(), at, at + line.len(), DIGITS, &mut splits, &mut values).unwrap();
            at += line.len() + 1;
        }
        let case = split_case(&splits, values, None);
        let mut out = Vec::new();
        write_case(Rows::Split, DIGITS, &case, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), rows);
        let bad = b"- - - - - 1/2/3";
        let e = split_row(bad, 0, bad.len(), DIGITS, &mut Vec::new(), &mut Vec::new()).unwrap_err();
        assert_eq!(e.0, 10);
        assert!(split_row(b"- - - - -", 0, 9, DIGITS, &mut Vec::new(), &mut Vec::new()).is_err());
    }

    #[test]
    fn cell_tokens() {
        assert_eq!(cell_values(b"2/8", DIGITS, 9), Ok(vec![2, 8]));
        assert!(cell_values(b"0", DIGITS, 9).is_err());
        assert!(cell_values(b"/", DIGITS, 9).is_err());
        assert!(cell_values(b"1/2/3/4/5", DIGITS, 9).is_err());
        assert_eq!(cell_values(b"0", Cells::Numbers, 7), Ok(vec![0]));
        assert!(cell_values(b"", Cells::Numbers, 7).is_err());
        assert!(cell_values(b"0008", Cells::Numbers, 31).is_err());
    }
}
