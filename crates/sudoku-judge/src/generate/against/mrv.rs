//! The seeds' DFS (`poj2676_dfs`) as a node counter, for any size and region layout: at each
//! level the candidate counts of the cells still empty are recounted and those cells sorted by
//! count with libstdc++'s `std::sort` (not stable: ties fall where its introsort leaves them,
//! starting from row-major order and then from the order the deeper levels left behind, as in
//! the seed's shared array), the first cell is tried with each digit it allows in ascending
//! order, and the search stops at the limit's solution. A node is one call of `dfs`.

use super::{Count, Tally, Units, nothing, stdsort};
use crate::model::Board;

/// An empty cell and its candidate count (the seed's `struct p`, `x` and `y` as one index):
/// the count in the high half, the cell in the low one, so that the sort moves four bytes and
/// compares the high halves only (ties are left in the order the sort leaves them).
type Slot = u32;

/// The count of a slot.
#[inline]
fn z(s: Slot) -> u32 {
    s >> 16
}

/// The cell of a slot.
#[inline]
fn cell(s: Slot) -> usize {
    (s & 0xFFFF) as usize
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
        .map(|cell| cell as Slot)
        .collect();
    let depth = slots.len();
    let mut s = Search {
        cells: board.cells.clone(),
        slots,
        buf: Vec::new(),
        tally: Tally::new(cap, limit, depth, record.then_some(units.side)),
    };
    s.dfs(&mut units, 0);
    Some(s.tally.with_weights())
}

struct Search {
    cells: Vec<u8>,
    slots: Vec<Slot>,
    /// Scratch of the sort.
    buf: Vec<Slot>,
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
            let c = cell(*slot);
            *slot = units.free(c).count_ones() << 16 | c as u32;
        }
        stdsort::sort_by_small_key(
            &mut self.slots[d..],
            units.side + 1,
            &|s: &Slot| z(*s) as usize,
            &mut self.buf,
        );
        let c = cell(self.slots[d]);
        let mut free = units.free(c);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let digit = bit.trailing_zeros() as usize + 1;
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
        self.tally.close(d);
        false
    }
}
