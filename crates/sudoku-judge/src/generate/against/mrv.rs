//! The seeds' DFS (`poj2676_dfs`) as a node counter, for any size and region layout: at each
//! level the candidate counts of the cells still empty are recounted and those cells sorted by
//! count with libstdc++'s `std::sort` (not stable: ties fall where its introsort leaves them,
//! starting from row-major order and then from the order the deeper levels left behind, as in
//! the seed's shared array), the first cell is tried with each digit it allows in ascending
//! order, and the search stops at the limit's solution. A node is one call of `dfs`.

use super::{Count, Tally, Units, nothing, stdsort};
use crate::model::Board;

/// An empty cell and its candidate count (the seed's `struct p`, `x` and `y` as one index).
#[derive(Clone, Copy)]
struct Slot {
    cell: usize,
    z: u32,
}

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
    let slots: Vec<Slot> = (0..board.cells.len())
        .filter(|&c| board.cells[c] == 0)
        .map(|cell| Slot { cell, z: 0 })
        .collect();
    let depth = slots.len();
    let mut s = Search {
        cells: board.cells.clone(),
        slots,
        tally: Tally::new(cap, limit, depth, record.then_some(units.side)),
    };
    s.dfs(&mut units, 0);
    Some(s.tally.with_weights())
}

struct Search {
    cells: Vec<u8>,
    slots: Vec<Slot>,
    tally: Tally,
}

impl Search {
    /// The seed's `dfs(d)`; true when the search must stop (limit or cap).
    fn dfs(&mut self, units: &mut Units, d: usize) -> bool {
        if !self.tally.enter() {
            return true;
        }
        if d == self.slots.len() {
            return self.tally.solved(&self.cells);
        }
        for slot in &mut self.slots[d..] {
            slot.z = units.free(slot.cell).count_ones();
        }
        stdsort::sort(&mut self.slots[d..], &|a: &Slot, b: &Slot| a.z < b.z);
        let c = self.slots[d].cell;
        for digit in 1..=units.side {
            let bit = 1u64 << (digit - 1);
            if units.allows(c, bit) {
                units.flip(c, bit);
                self.cells[c] = digit as u8;
                let mark = self.tally.mark();
                if self.dfs(units, d + 1) {
                    return true;
                }
                self.tally.child(d, digit, mark);
                units.flip(c, bit);
                self.cells[c] = 0;
            }
        }
        self.tally.close(d);
        false
    }
}
