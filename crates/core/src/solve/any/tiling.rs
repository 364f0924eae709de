//! The rows of the DLX search of boards whose rules carry a domino tiling (Su-Domino-Ku),
//! which the DLX search ([`super::dlx`]) hands such a board to: the grid and its tiling as
//! one exact cover ([`super::laid::Laid`]).
//!
//! Primary items: every cell, every unit of the geometry with every digit, and every domino
//! `{a, b}`, `a != b`. A row lays digits on the board: a single takes one digit (covering its
//! cell and the digit in its units); a placed domino, or two orthogonally adjacent free cells,
//! take an ordered pair `x != y` (covering both cells, each digit in its cell's units, and the
//! domino `{x, y}`). Rows that break a given are left out. A solution is a digit grid, and two
//! tilings of one grid are one solution ([`crate::model::dominoes`]), so the search hands each
//! grid to the sink the first time it meets it, as the bitmask family's domino search
//! ([`super::domino`]) does.

use super::laid::{Laid, NONE};
use crate::model::Board;
use crate::model::dominoes::{Tiling, adjacent, pair};

/// Fills `laid` with the rows of `board`'s grid and `tiling`; false when the tiling is not
/// the grid's or a cell has no row.
pub(super) fn build(laid: &mut Laid, board: &Board, tiling: &Tiling) -> bool {
    let g = &board.geometry;
    let (side, cells) = (g.side(), g.cells());
    if tiling.side() != side || board.cells.len() != cells {
        return false;
    }
    let units = g.unit_count();
    laid.clear(cells + units * side + side * (side - 1) / 2);
    // The domino `{a, b}`'s item: pairs are numbered in `pair`'s order, then packed.
    let mut domino_item = vec![usize::MAX; 128];
    let mut k = 0;
    for a in 1..=side as u8 {
        for b in a + 1..=side as u8 {
            domino_item[pair(a, b) as usize] = cells + units * side + k;
            k += 1;
        }
    }
    let units_of: Vec<Vec<usize>> = (0..cells).map(|c| g.units_of(c).collect()).collect();
    let keeps = |c: usize, v: u8| board.cells[c] == 0 || board.cells[c] == v;
    let mut items =
        Vec::with_capacity(2 + 2 * units_of.iter().map(Vec::len).max().unwrap_or(0) + 1);
    let mut add = |laid: &mut Laid, (p, x): (usize, u8), second: Option<(usize, u8)>| {
        items.clear();
        items.push(p);
        items.extend(
            units_of[p]
                .iter()
                .map(|&u| cells + u * side + x as usize - 1),
        );
        let mut lays = [(p as u16, x), (NONE, 0)];
        if let Some((q, y)) = second {
            items.push(q);
            items.extend(
                units_of[q]
                    .iter()
                    .map(|&u| cells + u * side + y as usize - 1),
            );
            items.push(domino_item[pair(x, y) as usize]);
            lays[1] = (q as u16, y);
        }
        laid.add(&items, lays);
    };
    let digits = 1..=side as u8;
    for &c in tiling.singles() {
        for x in digits.clone().filter(|&x| keeps(c as usize, x)) {
            add(laid, (c as usize, x), None);
        }
    }
    let free = tiling.free();
    let pairs = tiling
        .placed()
        .iter()
        .map(|&(a, b)| (a as usize, b as usize))
        .chain(
            (0..cells)
                .flat_map(|p| {
                    [p + 1, p + side]
                        .into_iter()
                        .filter(move |&q| q < cells && adjacent(side, p, q))
                        .map(move |q| (p, q))
                })
                .filter(|&(p, q)| free[p] && free[q]),
        );
    for (p, q) in pairs.collect::<Vec<_>>() {
        for x in digits.clone().filter(|&x| keeps(p, x)) {
            for y in digits.clone().filter(|&y| y != x && keeps(q, y)) {
                add(laid, (p, x), Some((q, y)));
            }
        }
    }
    (0..cells).all(|c| laid.rows_of(c) > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Geometry, Rules};
    use crate::solve::any::CountTo;

    /// Seeded 4x4 boards (four singles, some of them given, no domino placed): the DLX and
    /// the bitmask family's domino search count the same grids.
    #[test]
    fn counts_match_the_bitmask_domino_search() {
        let mut rng = crate::rng::Rng::for_item(4210, 0);
        let mut checked = 0;
        for _ in 0..40 {
            let mut cells: Vec<u16> = (0..16).collect();
            rng.shuffle(&mut cells);
            let singles: Vec<u16> = cells[..4].to_vec();
            let Ok(t) = Tiling::new(4, vec![], singles.clone()) else {
                continue;
            };
            let rules = Rules::new(4, vec![], vec![])
                .unwrap()
                .with_tiling(t.clone());
            let mut b = Board::empty(std::sync::Arc::new(Geometry::standard(2).with_rules(rules)));
            for (d, &c) in singles.iter().enumerate() {
                if rng.below(2) == 0 {
                    b.cells[c as usize] = d as u8 + 1;
                }
            }
            let mut dlx = CountTo::new(u64::MAX);
            let mut laid = Laid::default();
            if build(&mut laid, &b, &t) {
                laid.search(&b, true, &mut dlx, None, None);
            }
            let mut bit = CountTo::new(u64::MAX);
            super::super::domino::DominoSearch::default().search(&b, &t, &mut bit, None, None);
            assert_eq!(dlx.count, bit.count, "{singles:?} {:?}", b.cells);
            if dlx.count > 0 {
                assert!(b.is_solved_by(&dlx.first));
                checked += 1;
            }
        }
        assert!(checked > 5);
    }
}
