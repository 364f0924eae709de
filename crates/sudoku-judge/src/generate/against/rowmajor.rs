//! The beginner's backtracking as a node counter: the empty cells in row-major order, for each
//! the digits in ascending order that clash with no given or placed digit of its row, column
//! and region, no propagation and no look-ahead. A node is one call of the recursive function:
//! the root, then one per digit placed; the search stops at the limit's solution.

use super::{Count, Tally, Units, nothing};
use crate::model::Board;

/// See [`super::Strategy::count`].
pub fn count(board: &Board, limit: u32, cap: u64) -> Count {
    search(board, limit, cap, false).map_or_else(nothing, |(c, _)| c)
}

/// See [`super::Strategy::order_weights`].
pub fn order_weights(board: &Board, cap: u64) -> Option<(Count, Vec<u64>)> {
    search(board, 2, cap, true)
}

fn search(board: &Board, limit: u32, cap: u64, record: bool) -> Option<(Count, Vec<u64>)> {
    let mut units = Units::of(board)?;
    let empty: Vec<usize> = (0..board.cells.len())
        .filter(|&c| board.cells[c] == 0)
        .collect();
    let depth = empty.len();
    let mut s = Search {
        cells: board.cells.clone(),
        empty,
        tally: Tally::new(cap, limit, depth, record.then_some(units.side)),
    };
    s.go(&mut units, 0);
    Some(s.tally.with_weights())
}

struct Search {
    cells: Vec<u8>,
    empty: Vec<usize>,
    tally: Tally,
}

impl Search {
    /// Fills the `k`-th empty cell and on; true when the search must stop (limit or cap).
    fn go(&mut self, units: &mut Units, k: usize) -> bool {
        if !self.tally.enter() {
            return true;
        }
        let Some(&c) = self.empty.get(k) else {
            return self.tally.solved(&self.cells);
        };
        // The digits it may take, lowest first: the child's placements are lifted again
        // before the next digit is tried, so the mask stays what the loop would recompute.
        let mut free = units.free(c);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let d = bit.trailing_zeros() as usize + 1;
            units.flip(c, bit);
            self.cells[c] = d as u8;
            let mark = self.tally.mark();
            let stop = self.go(units, k + 1);
            units.flip(c, bit);
            self.cells[c] = 0;
            if stop {
                return true;
            }
            self.tally.child(k, d, mark);
        }
        self.tally.close(k);
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::generate::against::Strategy;
    use crate::generate::against::tests::board;

    /// The empty 4x4 grid fills without a dead end (each cell takes the smallest digit its row,
    /// column and box leave: 1234 / 3412 / 2143 / 4321): the root and 16 placements.
    #[test]
    fn the_empty_4x4_takes_17_nodes() {
        let c = Strategy::Rowmajor.count(&board(2, &"0".repeat(16)), 1, u64::MAX);
        assert_eq!(c.nodes, 17);
        assert_eq!(c.first, board(2, "1234341221434321").cells);
    }

    /// Solution 2134 / 3412 / 1243 / 4321 with r1c1, r1c2 and r3c1 empty: r1c1 may be 1 or 2;
    /// 1 leaves r1c2 nothing (its row has 1, 3, 4, its column 2) and 2 leads straight to the
    /// solution. Nodes: the root, r1c1=1 (dead), r1c1=2, r1c2=1, r3c1=1 (solved) = 5; counting
    /// to 2 finds no other digit to try anywhere, so 5 again. The seeds' DFS takes the forced
    /// cells first (r1c2, r3c1, then r1c1): 4 nodes. DLX covers the 13 givens, then the three
    /// cells, each forced: 17.
    #[test]
    fn a_dead_end_by_hand() {
        let b = board(2, "..34 3412 .243 4321");
        for limit in [1, 2] {
            let c = Strategy::Rowmajor.count(&b, limit, u64::MAX);
            assert_eq!((c.nodes, c.solutions), (5, 1));
            assert_eq!(c.first, board(2, "2134341212434321").cells);
        }
        assert_eq!(Strategy::Mrv.count(&b, 1, u64::MAX).nodes, 4);
        assert_eq!(Strategy::Dlx.count(&b, 1, u64::MAX).nodes, 17);
    }

    /// Nine cells a row-major search must try all digits below the right one in: the first row
    /// of the solution is 987654321 and only that row is empty (each cell forced by its column).
    /// With rows 2-9 given, every cell of row 1 has one candidate, so no dead end: 10 nodes.
    #[test]
    fn forced_cells_cost_one_node_each() {
        let solved =
            "987654321654321987321987654896745213745213896213896745579468132468132579132579468";
        let mut cells = board(3, solved).cells;
        cells[..9].fill(0);
        let b = Board::new(crate::model::Geometry::standard(3), cells);
        assert_eq!(Strategy::Rowmajor.count(&b, 1, u64::MAX).nodes, 10);
    }

    use crate::model::Board;
}
