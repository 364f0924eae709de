//! Lazy Larry's one greedy pass (ECOO 2013 Round 1 P3 "Hexudoku", VARIANTS.md F11): scanning
//! the cells row-major, each empty cell gets the smallest value that no cell of its row, column
//! or region holds (the values placed earlier in the pass included), or stays empty when every
//! value is taken. One pass, no going back; givens that clash are taken as they are.

use crate::model::Board;

/// The board after one greedy pass, and how many empty cells the pass filled.
///
/// ```
/// use sudoku_judge_core::model::{Board, Geometry};
/// use sudoku_judge_core::solve::onepass::one_pass;
///
/// // 4x4: the first row 1 . . 2; the second cell gets 3 (1 and 2 are in the row), the third 4.
/// let mut b = Board::empty(Geometry::standard(2));
/// b.cells[0] = 1;
/// b.cells[3] = 2;
/// let (filled, after) = one_pass(&b);
/// assert_eq!(&after[..4], &[1, 3, 4, 2]);
/// assert_eq!(filled, 14); // every blank
/// ```
pub fn one_pass(board: &Board) -> (u64, Vec<u8>) {
    let g = &board.geometry;
    let side = g.side();
    let mut cells = board.cells.clone();
    // Per row, column and region, whether it holds each value `0..=side` (a flag per value,
    // not a bit: a problem file may give this mode a grid wider than a word).
    let width = side + 1;
    let mut rows = vec![false; side * width];
    let mut cols = vec![false; side * width];
    let mut regions = vec![false; side * width];
    let units = |cell: usize| (cell / side, cell % side, g.region_of(cell));
    for (cell, &v) in cells.iter().enumerate() {
        let v = usize::from(v);
        if v != 0 && v <= side {
            let (r, c, k) = units(cell);
            rows[r * width + v] = true;
            cols[c * width + v] = true;
            regions[k * width + v] = true;
        }
    }
    let mut filled = 0;
    for (cell, value) in cells.iter_mut().enumerate() {
        if *value != 0 {
            continue;
        }
        let (r, c, k) = units(cell);
        let free = (1..=side)
            .find(|&v| !rows[r * width + v] && !cols[c * width + v] && !regions[k * width + v]);
        let Some(v) = free else { continue };
        *value = v as u8;
        rows[r * width + v] = true;
        cols[c * width + v] = true;
        regions[k * width + v] = true;
        filled += 1;
    }
    (filled, cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Geometry;
    use crate::rng::Rng;

    /// The statement's worked example, hex digits `0`-`F` as values 1-16, `-` empty.
    fn hex(rows: &[&str]) -> Board {
        let cells = rows
            .concat()
            .bytes()
            .map(|b| match b {
                b'-' => 0,
                b'0'..=b'9' => b - b'0' + 1,
                _ => b - b'A' + 11,
            })
            .collect();
        Board::new(Geometry::standard(4), cells)
    }

    const BEFORE: [&str; 16] = [
        "D15---0--8-----3",
        "----7-C--4EB----",
        "6--B-E-2--9-----",
        "--C---487--0----",
        "A--85--64---B--0",
        "-3D----E-----7--",
        "-----------41---",
        "-7----D---------",
        "C-------B-------",
        "---E3--------4--",
        "---9------A---0-",
        "-5-----1--------",
        "-------C----9---",
        "B-------0--A3---",
        "----4-----------",
        "-D--8----C--5---",
    ];

    const AFTER: [&str; 16] = [
        "D152690AC8F-4B73",
        "083A71C524EB69DF",
        "647BDE32159-08AC",
        "9ECFB-487360215-",
        "A218537649CDBEF0",
        "43D0128E56BFA79-",
        "569C0ABF32741D8-",
        "E7B-94D-801-C235",
        "C021A564B738DFE9",
        "7A6E3029D15C84B-",
        "3B49C7ED6FA2-501",
        "85FD-B-19E0-7326",
        "1F03265CEB479A-8",
        "B984ED170-2A36C-",
        "2CA54F90-D81E--7",
        "-DE68-A3FC-95012",
    ];

    /// A grid wider than a machine word (64x64, a problem file may ask for it): the first row
    /// of an empty grid is 1, 2, ..., 64 and every value stays in range.
    #[test]
    fn grids_wider_than_a_word_are_passed_too() {
        let b = Board::empty(Geometry::standard(8));
        let (filled, after) = one_pass(&b);
        assert_eq!(after[..64].to_vec(), (1..=64).collect::<Vec<u8>>());
        assert!(filled >= 64 && filled as usize <= after.len());
        assert!(after.iter().all(|&v| v <= 64));
    }

    #[test]
    fn the_statements_example_cell_for_cell() {
        let before = hex(&BEFORE);
        let after = hex(&AFTER);
        let (filled, cells) = one_pass(&before);
        assert_eq!(cells, after.cells);
        let blanks = |b: &[u8]| b.iter().filter(|&&v| v == 0).count() as u64;
        assert_eq!(filled, blanks(&before.cells) - blanks(&after.cells));
        assert_eq!(filled, 176);
    }

    /// The pass as the statement tells it: for each blank in reading order, try 0, 1, ... and
    /// look along the row, the column and the quadrant for the value.
    fn naive(board: &Board) -> (u64, Vec<u8>) {
        let g = &board.geometry;
        let side = g.side();
        let mut cells = board.cells.clone();
        let mut filled = 0;
        for cell in 0..cells.len() {
            if cells[cell] != 0 {
                continue;
            }
            let seen = |cells: &[u8], v: u8| {
                (0..cells.len()).any(|o| {
                    cells[o] == v
                        && (o / side == cell / side
                            || o % side == cell % side
                            || g.region_of(o) == g.region_of(cell))
                })
            };
            if let Some(v) = (1..=side as u8).find(|&v| !seen(&cells, v)) {
                cells[cell] = v;
                filled += 1;
            }
        }
        (filled, cells)
    }

    #[test]
    fn agrees_with_the_naive_pass() {
        let mut rng = Rng::new(2013);
        for k in 0..3000u64 {
            let n = [2, 3, 4, 4, 4][(k % 5) as usize];
            let g = Geometry::standard(n);
            let side = g.side();
            // From nearly empty to nearly full, clashes allowed.
            let density = rng.below(101);
            let cells = (0..g.cells())
                .map(|_| {
                    if rng.below(100) < density {
                        1 + rng.below(side as u64) as u8
                    } else {
                        0
                    }
                })
                .collect();
            let b = Board::new(g, cells);
            assert_eq!(one_pass(&b), naive(&b), "board {k}");
        }
    }
}
