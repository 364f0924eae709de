//! Cross-hatching alone (COCI 2008/2009 #3 "CROSS", VARIANTS.md F7): for a digit and a region
//! that lacks it, the region's empty cells whose row and column hold no such digit are its
//! places; one place gets the digit, none is a contradiction. Repeated over every digit and
//! region until nothing is placed. Narrower than [`super::singles`]: no naked singles, and
//! hidden singles only in regions and only by the digits already placed in rows and columns.
//!
//! The result does not depend on the order of the placements: a placement only takes places
//! away from the others, so a forced digit stays forced until it is placed, and two that
//! collide leave one of them no place, a contradiction whichever goes first.

use crate::model::Board;

/// What cross-hatching makes of a board: the values placed (`0` where none is), or `None`
/// when the givens clash or some region lacks a digit and has no place for it.
///
/// ```
/// use sudoku_judge_core::model::{Board, Geometry};
/// use sudoku_judge_core::solve::hatching::hatch;
///
/// // COCI's first sample: the top-left cell can only be a 4.
/// let mut b = Board::empty(Geometry::standard(3));
/// for (cell, v) in [(2, 9), (14, 4), (25, 4), (37, 4)] {
///     b.cells[cell] = v;
/// }
/// assert_eq!(hatch(&b).unwrap()[0], 4);
/// b.cells[1] = 4; // a second 4 in the first row
/// assert_eq!(hatch(&b), None);
/// ```
pub fn hatch(board: &Board) -> Option<Vec<u8>> {
    if board.first_clash(&board.cells).is_some() {
        return None;
    }
    let g = &board.geometry;
    let side = g.side();
    let mut cells = board.cells.clone();
    // Per digit, a bit per row, column and region that holds it.
    let mut rows = vec![0u64; side + 1];
    let mut cols = vec![0u64; side + 1];
    let mut regions = vec![0u64; side + 1];
    let place = |cells: &mut [u8],
                 rows: &mut [u64],
                 cols: &mut [u64],
                 regions: &mut [u64],
                 cell: usize,
                 v: u8| {
        cells[cell] = v;
        let v = usize::from(v);
        rows[v] |= 1 << (cell / side);
        cols[v] |= 1 << (cell % side);
        regions[v] |= 1 << g.region_of(cell);
    };
    for cell in 0..cells.len() {
        let v = cells[cell];
        if v != 0 {
            place(&mut cells, &mut rows, &mut cols, &mut regions, cell, v);
        }
    }
    let members: Vec<Vec<usize>> = (0..side)
        .map(|r| (0..cells.len()).filter(|&c| g.region_of(c) == r).collect())
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for v in 1..=side as u8 {
            let d = usize::from(v);
            for (r, region) in members.iter().enumerate() {
                if regions[d] & 1 << r != 0 {
                    continue;
                }
                let mut places = region.iter().filter(|&&c| {
                    cells[c] == 0
                        && rows[d] & 1 << (c / side) == 0
                        && cols[d] & 1 << (c % side) == 0
                });
                match (places.next(), places.next()) {
                    (None, _) => return None,
                    (Some(&c), None) => {
                        place(&mut cells, &mut rows, &mut cols, &mut regions, c, v);
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
    }
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Geometry;

    fn board(rows: &[&str]) -> Board {
        let cells = rows
            .concat()
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Board::new(Geometry::standard(3), cells)
    }

    #[test]
    fn cocis_samples() {
        let solvable = board(&[
            "...1...6.",
            "18...9...",
            "..7.642..",
            "2.9..6.5.",
            ".43...72.",
            ".6.3..9.1",
            "..265.1..",
            "...2...97",
            ".5...3...",
        ]);
        let want = board(&[
            "524137869",
            "186529473",
            "397864215",
            "219476358",
            "843915726",
            "765382941",
            "972658134",
            "638241597",
            "451793682",
        ]);
        assert_eq!(hatch(&solvable), Some(want.cells));
        let clash = board(&[
            "1........",
            "..1......",
            ".......1.",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        assert_eq!(hatch(&clash), None);
        let no_place = board(&[
            "........2",
            "....1....",
            "1........",
            "......1..",
            ".........",
            ".........",
            ".........",
            ".......1.",
            ".........",
        ]);
        assert_eq!(hatch(&no_place), None);
    }
}
