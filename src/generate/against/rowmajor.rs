//! The beginner's backtracking as a node counter: the empty cells in row-major order, for each
//! the digits in ascending order that clash with no given or placed digit of its row, column
//! and region, no propagation and no look-ahead. A node is one call of the recursive function:
//! the root, then one per digit placed; the search stops at the limit's solution.

use super::{Budget, Count, Units, nothing};
use crate::model::Board;

/// See [`super::Strategy::count`].
pub fn count(board: &Board, limit: u32, cap: u64) -> Count {
    let Some(mut units) = Units::of(board) else {
        return nothing();
    };
    let empty: Vec<usize> = (0..board.cells.len())
        .filter(|&c| board.cells[c] == 0)
        .collect();
    let mut s = Search {
        cells: board.cells.clone(),
        empty,
        budget: Budget::new(cap),
        solutions: 0,
        limit: limit.max(1),
        first: Vec::new(),
    };
    s.go(&mut units, 0);
    Count {
        nodes: s.budget.nodes,
        solutions: s.solutions,
        capped: s.budget.capped() && s.solutions < s.limit,
        first: s.first,
    }
}

struct Search {
    cells: Vec<u8>,
    empty: Vec<usize>,
    budget: Budget,
    solutions: u32,
    limit: u32,
    first: Vec<u8>,
}

impl Search {
    /// Fills the `k`-th empty cell and on; true when the search must stop (limit or cap).
    fn go(&mut self, units: &mut Units, k: usize) -> bool {
        if !self.budget.enter() {
            return true;
        }
        let Some(&c) = self.empty.get(k) else {
            self.solutions += 1;
            if self.first.is_empty() {
                self.first = self.cells.clone();
            }
            return self.solutions >= self.limit;
        };
        for d in 1..=units.side {
            let bit = 1u64 << (d - 1);
            if units.allows(c, bit) {
                units.flip(c, bit);
                self.cells[c] = d as u8;
                let stop = self.go(units, k + 1);
                units.flip(c, bit);
                self.cells[c] = 0;
                if stop {
                    return true;
                }
            }
        }
        false
    }
}
