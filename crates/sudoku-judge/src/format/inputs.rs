//! The input writers of the four tuned formats: a case set's count line and each puzzle as the
//! judge's input spells it (`gen` writes inputs with them, `validate --strict` compares against
//! them). Every other format's inputs are spelled by `spell`.

use super::Format;
use crate::model::{CELLS, N, Puzzle};

/// Writes the count line of a T-prefixed format (nothing for 81-character lines).
pub fn write_header(format: Format, count: u64, out: &mut Vec<u8>) {
    if matches!(format, Format::Poj2676 | Format::Hdu4069) {
        out.extend_from_slice(itoa::Buffer::new().format(count).as_bytes());
        out.push(b'\n');
    }
}

/// Appends one puzzle as the judge's input spells it. `first` says whether it is the first case
/// of the file (HDU 4069 cases are separated by a blank line, as in the problem's sample).
///
/// Only HDU 4069 can carry a jigsaw layout; the other formats write the digits alone.
pub fn write_puzzle(format: Format, puzzle: &Puzzle, first: bool, out: &mut Vec<u8>) {
    match format {
        Format::Poj2676 => {
            for r in 0..N {
                out.extend(puzzle.cells[r * N..r * N + N].iter().map(|&d| b'0' + d));
                out.push(b'\n');
            }
        }
        Format::Hdu4069 => {
            if !first {
                out.push(b'\n');
            }
            let walls = puzzle.layout.walls();
            let mut buf = itoa::Buffer::new();
            for r in 0..N {
                for c in 0..N {
                    let cell = r * N + c;
                    if c > 0 {
                        out.push(b' ');
                    }
                    let v = walls[cell] as u32 + puzzle.cells[cell] as u32;
                    out.extend_from_slice(buf.format(v).as_bytes());
                }
                out.push(b'\n');
            }
        }
        Format::Line => {
            out.extend(
                puzzle
                    .cells
                    .iter()
                    .map(|&d| if d == 0 { b'.' } else { b'0' + d }),
            );
            out.push(b'\n');
        }
        Format::Leetcode => super::leetcode::write_board(&puzzle.cells, out),
    }
    debug_assert!(puzzle.cells.len() == CELLS);
}
