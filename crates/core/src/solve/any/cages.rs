//! The rows of the DLX search of boards whose rules carry cages with sums (Killer Sudoku),
//! which the DLX search ([`super::dlx`]) hands such a board to: cages as combination rows of
//! one exact cover ([`super::laid::Laid`]).
//!
//! Primary items: every cell, every unit of the geometry with every digit, every cage, and
//! every cage with every digit. A cell's row lays a digit (one its given allows), covering the
//! cell, the digit in each of its units and the digit in each of its cages. A cage's row is
//! one of the digit sets its size and sum allow ([`crate::model::Rules::combos`]), covering
//! the cage and each digit *not* in the set. So each digit of a cage is covered exactly once,
//! by a cell of the cage that holds it or by the set that leaves it out: the cage's cells hold
//! the set, each digit once. A solution's cell rows are its grid, so every solution is one
//! grid.

use super::laid::{Laid, NONE};
use crate::model::{Board, Rules};

/// Fills `laid` with the rows of `board`'s cells and `rules`' cages; false when the givens
/// clash or a cell has no digit left.
pub(super) fn build(laid: &mut Laid, board: &Board, rules: &Rules) -> bool {
    if board.first_clash(&board.cells).is_some() {
        return false;
    }
    let g = &board.geometry;
    let (side, cells, units) = (g.side(), g.cells(), g.unit_count());
    let cages = rules.cages();
    let unit_item = |u: usize, d: u8| cells + u * side + d as usize - 1;
    let cage_item = |c: usize| cells + units * side + c;
    let cage_digit =
        |c: usize, d: u8| cells + units * side + cages.len() + c * side + d as usize - 1;
    let items = cells + units * side + cages.len() * (1 + side);
    laid.clear(items);
    let mut cages_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (i, cage) in cages.iter().enumerate() {
        for &c in cage.cells.iter() {
            cages_of[c as usize].push(i);
        }
    }
    let mut row = Vec::new();
    for (c, in_cages) in cages_of.iter().enumerate() {
        for d in 1..=side as u8 {
            if board.cells[c] != 0 && board.cells[c] != d {
                continue;
            }
            row.clear();
            row.push(c);
            row.extend(g.units_of(c).map(|u| unit_item(u, d)));
            row.extend(in_cages.iter().map(|&k| cage_digit(k, d)));
            laid.add(&row, [(c as u16, d), (NONE, 0)]);
        }
        if laid.rows_of(c) == 0 {
            return false;
        }
    }
    for (k, cage) in cages.iter().enumerate() {
        // A set must hold the cage's givens.
        let given = cage
            .cells
            .iter()
            .map(|&c| board.cells[c as usize])
            .filter(|&v| v != 0)
            .fold(0u32, |m, v| m | 1 << (v - 1));
        for &set in rules.combos(k).iter().filter(|&&s| s & given == given) {
            row.clear();
            row.push(cage_item(k));
            row.extend(
                (1..=side as u8)
                    .filter(|&d| set >> (d - 1) & 1 == 0)
                    .map(|d| cage_digit(k, d)),
            );
            laid.add(&row, [(NONE, 0); 2]);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cage, Geometry};
    use crate::solve::any::bitmask::BitmaskSearch;
    use crate::solve::any::{CountTo, Search};

    /// Seeded 4x4 boards cut into random cages with their sums (some givens kept): the DLX and
    /// the bitmask search (cage propagators) count the same grids, and each first grid is a
    /// solution.
    #[test]
    fn counts_match_the_bitmask_search() {
        let mut rng = crate::rng::Rng::for_item(2013, 0);
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let (mut checked, mut several) = (0, 0);
        for _ in 0..300 {
            // Cages: runs of one to three cells along the rows.
            let mut cages = Vec::new();
            let mut c = 0;
            while c < 16 {
                let len = (1 + rng.below(3) as usize).min(4 - c % 4);
                let cells: Vec<u16> = (c..c + len).map(|x| x as u16).collect();
                let sum = cells.iter().map(|&x| solution[x as usize] as u32).sum();
                if rng.below(3) > 0 {
                    cages.push(Cage {
                        cells: cells.into(),
                        sum,
                    });
                }
                c += len;
            }
            let rules = Rules::new(4, cages, vec![]).unwrap();
            let mut b = Board::empty(std::sync::Arc::new(
                Geometry::standard(2).with_rules(rules.clone()),
            ));
            for (cell, &v) in b.cells.iter_mut().zip(&solution) {
                if rng.below(6) == 0 {
                    *cell = v;
                }
            }
            let mut dlx = CountTo::new(u64::MAX);
            let mut laid = Laid::default();
            if build(&mut laid, &b, &rules) {
                laid.search(&b, false, &mut dlx, None, None);
            }
            let mut first = Vec::new();
            let n = BitmaskSearch::new().count(&b, u64::MAX, &mut first);
            assert_eq!(dlx.count, n, "{:?}", b.cells);
            assert!(dlx.count >= 1 && b.is_solved_by(&dlx.first));
            checked += 1;
            several += usize::from(n > 1);
        }
        assert!(checked == 300 && several > 50, "{several}");
    }
}
