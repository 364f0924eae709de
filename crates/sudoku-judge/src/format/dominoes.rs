//! The spelling of [`super::spec::Rows::Dominoes`] (Su-Domino-Ku: MCPC 2011 D, HDU 4210, BOJ
//! 4574), read for the generic reader ([`super::generic`]) and written for the one writer
//! ([`super::spell`]): a case is a line with the number N of dominoes placed, N lines
//! `U LU V LV` (value `U` at location `LU`, value `V` at the neighbouring `LV`), then a line of
//! nine locations, where the digits 1 to 9 stand alone. A location is a row letter `A`-`I`
//! (top to bottom) and a column digit `1`-`9` (left to right): `C5`. The rest of the grid is
//! for the other dominoes ([`crate::model::dominoes`]).
//!
//! Errors are `(byte offset, message)`, turned into line, column and case by the reader.

use super::cursor::{show_byte, show_token, tokens};
use crate::model::dominoes::{Tiling, adjacent};
use crate::model::{Board, Geometry, Rules};
use std::sync::Arc;

type Fault = (usize, String);

/// A placed domino as read: its two cells and their values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub a: u16,
    pub x: u8,
    pub b: u16,
    pub y: u8,
}

/// The most dominoes a 9x9 case can have placed.
pub const MAX_PLACED: usize = 36;
/// The dominoes placed that the statement allows (MCPC 2011 D: 10 <= N <= 35), which
/// `validate` holds a case to; the reader takes 1 to [`MAX_PLACED`].
pub const PROMISED_PLACED: std::ops::RangeInclusive<usize> = 10..=35;

/// Reads the line with the number of dominoes placed (`1..=36`; `0` ends the input and is
/// the reader's).
pub(crate) fn count_line(buf: &[u8], start: usize, end: usize) -> Result<usize, Fault> {
    let t = tokens(buf, start, end);
    let Some(&(at, tok)) = t.first() else {
        return Err((start, "expected the number of dominoes".into()));
    };
    if t.len() > 1 {
        return Err((t[1].0, format!("unexpected {} after the number of dominoes", show_byte(buf[t[1].0]))));
    }
    let n = std::str::from_utf8(tok)
        .ok()
        .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|s| s.parse::<usize>().ok());
    match n {
        Some(n) if (1..=MAX_PLACED).contains(&n) => Ok(n),
        _ => Err((
            at,
            format!("expected the number of dominoes placed (1 to {MAX_PLACED}), found {}", show_token(tok)),
        )),
    }
}

/// A location token (`A1`-`I9`) at `at`: its cell.
fn location(at: usize, tok: &[u8]) -> Result<u16, Fault> {
    match tok {
        [r @ b'A'..=b'I', c @ b'1'..=b'9'] => Ok(u16::from(r - b'A') * 9 + u16::from(c - b'1')),
        _ => Err((
            at,
            format!("expected a location A1 to I9, found {}", show_token(tok)),
        )),
    }
}

/// A value token (`1`-`9`) at `at`.
fn value(at: usize, tok: &[u8]) -> Result<u8, Fault> {
    match tok {
        [d @ b'1'..=b'9'] => Ok(d - b'0'),
        _ => Err((
            at,
            format!("expected a digit 1 to 9, found {}", show_token(tok)),
        )),
    }
}

/// Reads a placed domino's line `U LU V LV`.
pub(crate) fn domino_line(buf: &[u8], start: usize, end: usize) -> Result<Placed, Fault> {
    let t = tokens(buf, start, end);
    if t.len() != 4 {
        let at = t.get(4).map_or(end, |t| t.0);
        return Err((at, format!("a domino is 4 tokens `U LU V LV`, found {}", t.len())));
    }
    let p = Placed {
        x: value(t[0].0, t[0].1)?,
        a: location(t[1].0, t[1].1)?,
        y: value(t[2].0, t[2].1)?,
        b: location(t[3].0, t[3].1)?,
    };
    if !adjacent(9, p.a.into(), p.b.into()) {
        return Err((t[3].0, "the two cells of a domino are not neighbours".into()));
    }
    Ok(p)
}

/// Reads the line of the nine locations of the digits 1 to 9.
pub(crate) fn singles_line(buf: &[u8], start: usize, end: usize) -> Result<Vec<u16>, Fault> {
    let t = tokens(buf, start, end);
    if t.len() != 9 {
        let at = t.get(9).map_or(end, |t| t.0);
        return Err((at, format!("expected the 9 locations of the digits 1 to 9, found {} tokens", t.len())));
    }
    t.iter().map(|&(at, tok)| location(at, tok)).collect()
}

/// The board of a case read: the values of the placed dominoes and the singles as givens,
/// the tiling as its rules. An error (at `at`) when two of them share a cell.
pub(crate) fn board(placed: &[Placed], singles: &[u16], at: usize) -> Result<Board, Fault> {
    let mut cells = vec![0u8; 81];
    for p in placed {
        cells[p.a as usize] = p.x;
        cells[p.b as usize] = p.y;
    }
    for (d, &c) in singles.iter().enumerate() {
        cells[c as usize] = d as u8 + 1;
    }
    let pairs = placed.iter().map(|p| (p.a, p.b)).collect();
    let tiling = Tiling::new(9, pairs, singles.to_vec()).map_err(|e| {
        let msg = match e {
            crate::model::TilingError::Twice { cell } => {
                format!("{} is covered twice", name(cell as u16))
            }
            e => e.to_string(),
        };
        (at, msg)
    })?;
    let rules = Rules::new(9, vec![], vec![]).expect("no cages").with_tiling(tiling);
    Ok(Board::new(Arc::new(Geometry::standard(3).with_rules(rules)), cells))
}

/// A cell's location, `C5`.
pub fn name(cell: u16) -> String {
    let (r, c) = (cell / 9, cell % 9);
    format!("{}{}", (b'A' + r as u8) as char, c + 1)
}

/// Writes a case of a board with a tiling: its placed dominoes with the board's values, then
/// its singles.
pub(crate) fn write_case(board: &Board, out: &mut Vec<u8>) {
    let Some(t) = board.geometry.rules().and_then(|r| r.tiling()) else {
        return;
    };
    out.extend_from_slice(format!("{}\n", t.placed().len()).as_bytes());
    for &(a, b) in t.placed() {
        let v = |c: u16| board.cells[c as usize];
        let line = format!("{} {} {} {}\n", v(a), name(a), v(b), name(b));
        out.extend_from_slice(line.as_bytes());
    }
    let singles: Vec<String> = t.singles().iter().map(|&c| name(c)).collect();
    out.extend_from_slice(singles.join(" ").as_bytes());
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read() {
        let line = b"6 B2 1 B3";
        let p = domino_line(line, 0, line.len()).unwrap();
        assert_eq!((p.x, p.a, p.y, p.b), (6, 10, 1, 11));
        let bad = b"6 B2 1 B4";
        assert!(domino_line(bad, 0, bad.len()).unwrap_err().1.contains("not neighbours"));
        let bad = b"6 J2 1 B3";
        assert!(domino_line(bad, 0, bad.len()).unwrap_err().1.contains("A1 to I9"));
        assert_eq!(count_line(b"35", 0, 2), Ok(35));
        assert!(count_line(b"37", 0, 2).is_err());
        let s = b"C5 A3 D9 I4 A9 E5 A2 C6 I1";
        assert_eq!(singles_line(s, 0, s.len()).unwrap()[0], 22);
        assert_eq!(name(22), "C5");
    }
}
