//! The boards of ECOO 2013 "Hexudoku" ([`Mode::OnePass`](crate::model::Mode::OnePass)), the
//! kinds a setter of Lazy Larry's one greedy pass wants, in turn by case index: many blanks,
//! few blanks, a board Larry fills to the last cell, and one where he is stuck in the first
//! rows. Each is carved from a solution `s` with the seeded `rng`, so case `i` depends only on
//! `(seed, i)`.

use super::grids::carve_cells;
use crate::rng::Rng;
use crate::model::{Board, Geometry};
use std::sync::Arc;

/// Case `index`'s cells on the geometry `g` of solution `s`.
pub fn board(g: &Arc<Geometry>, s: &[u8], index: u64, rng: &mut Rng) -> Vec<u8> {
    let cells = s.len();
    match index % 4 {
        // Many blanks: a tenth to a third of the cells given.
        0 => carve_cells(s, rng.range(cells / 10, cells / 3), rng),
        // Few blanks: from three quarters of the cells to all but one.
        1 => carve_cells(s, rng.range(cells * 3 / 4, cells - 1), rng),
        2 => filled_to_the_end(g, s, rng),
        // A grid of one band has no cell outside the first band.
        _ if g.box_size() < 2 => carve_cells(s, rng.range(0, cells), rng),
        _ => stuck_early(g, s, rng),
    }
}

/// A board Larry fills completely, with `s` as his result: `s` carved to a quarter to a half
/// of its cells, then each blank Larry would fill with another value than `s`'s, in his order,
/// given `s`'s value. Givens added later only take values away from an earlier blank, whose
/// smaller values were taken already and whose `s` value no unit of `s` repeats, so every
/// blank kept still gets its `s` value.
fn filled_to_the_end(g: &Arc<Geometry>, s: &[u8], rng: &mut Rng) -> Vec<u8> {
    let cells = s.len();
    let mut board = carve_cells(s, rng.range(cells / 4, cells / 2), rng);
    // What Larry has seen: the givens, and `s`'s values in the blanks he has passed.
    let mut seen = board.clone();
    for c in 0..cells {
        if board[c] != 0 {
            continue;
        }
        let probe = Board::new(g.clone(), seen.clone());
        if smallest_free(&probe, c) != Some(s[c]) {
            board[c] = s[c];
        }
        seen[c] = s[c];
    }
    board
}

/// The smallest value no unit of `cell` holds on `board`.
fn smallest_free(board: &Board, cell: usize) -> Option<u8> {
    let g = &board.geometry;
    let side = g.side();
    let (r, col, k) = (cell / side, cell % side, g.region_of(cell));
    let mut held = vec![false; side + 1];
    for (o, &v) in board.cells.iter().enumerate() {
        if v != 0 && (o / side == r || o % side == col || g.region_of(o) == k) {
            held[usize::from(v)] = true;
        }
    }
    (1..=side).find(|&v| !held[v]).map(|v| v as u8)
}

/// A board without a clash on which Larry is stuck in the first rows: a cell `c` of the first
/// band is left blank with the rest of its row given, so only `s[c]` fits it by the row; a cell
/// `d` of `c`'s column outside its band is given `s[c]` instead of its own value, and the
/// cells of `d`'s row and region that held `s[c]` are emptied. The rest is carved at random.
fn stuck_early(g: &Arc<Geometry>, s: &[u8], rng: &mut Rng) -> Vec<u8> {
    let cells = s.len();
    let side = g.side();
    let n = g.box_size();
    let c = rng.range(0, n * side - 1);
    let col = c % side;
    let row = rng.range(n, side - 1);
    let d = row * side + col;
    let v = s[c];
    let mut board = carve_cells(s, rng.range(cells / 3, cells * 2 / 3), rng);
    for o in 0..side {
        let at = c / side * side + o;
        board[at] = s[at];
    }
    board[c] = 0;
    board[d] = v;
    for (o, &w) in s.iter().enumerate() {
        if w == v && o != c && (o / side == row || g.region_of(o) == g.region_of(d)) {
            board[o] = 0;
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::boards::pattern_solution;
    use crate::solve::onepass::one_pass;

    /// Each kind is what it says, on many seeds: the full pass where it should be, a stuck
    /// cell in the first band where it should be, and no clash in the boards built to have
    /// none.
    #[test]
    fn each_kind_is_what_it_says() {
        let g = Geometry::standard(4);
        for seed in 0..200u64 {
            let mut rng = Rng::new(seed);
            let s = pattern_solution(4, &mut rng);
            for index in 0..4u64 {
                let cells = board(&g, &s, index, &mut rng);
                let b = Board::new(g.clone(), cells.clone());
                let blanks = cells.iter().filter(|&&v| v == 0).count();
                let (filled, after) = one_pass(&b);
                match index {
                    0 => assert!(blanks >= 256 * 2 / 3, "{seed}: {blanks}"),
                    1 => assert!((1..=64).contains(&blanks), "{seed}: {blanks}"),
                    2 => {
                        assert_eq!(after, s, "seed {seed}");
                        assert_eq!(filled as usize, blanks);
                        assert!(blanks >= 64, "{seed}: {blanks}");
                    }
                    _ => {
                        let stuck = after.iter().position(|&v| v == 0).unwrap();
                        assert!(stuck < 64, "seed {seed}: first stuck cell {stuck}");
                    }
                }
                assert!(b.first_clash(&b.cells).is_none(), "seed {seed} {index}");
            }
        }
    }
}
