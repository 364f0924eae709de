//! The seeds' DFS (`poj2676_dfs`) as a node counter, for any size and region layout: at each
//! level the candidate counts of the cells still empty are recounted and those cells sorted by
//! count with libstdc++'s `std::sort` (not stable: ties fall where its introsort leaves them,
//! starting from row-major order and then from the order the deeper levels left behind, as in
//! the seed's shared array), the first cell is tried with each digit it allows in ascending
//! order, and the search stops at the limit's solution. A node is one call of `dfs`.

use super::{Count, Tally, Units, nothing, stdsort};
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
    let order: Vec<u16> = (0..board.cells.len())
        .filter(|&c| board.cells[c] == 0)
        .map(|cell| cell as u16)
        .collect();
    let depth = order.len();
    let mut s = Search {
        cells: board.cells.clone(),
        keys: vec![0; depth + stdsort::PAD],
        order,
        scratch: stdsort::Scratch::default(),
        tally: Tally::new(cap, limit, depth, record.then_some(units.side)),
    };
    s.run(&mut units);
    Some(s.tally.with_weights())
}

/// The seed's state: the grid, its array of empty cells (`struct p`) in the order the sorts
/// have left it, and each one's candidate count (`z`) at the current level.
struct Search {
    cells: Vec<u8>,
    /// The empty cells in the shared array's order.
    order: Vec<u16>,
    /// Candidate counts of `order`'s cells from the current level on, padded for
    /// [`stdsort::sort_pairs`]; recounted at every level.
    keys: Vec<u8>,
    scratch: stdsort::Scratch,
    tally: Tally,
}

impl Search {
    /// The search from the root, compiled for the CPU at hand: counting candidates is a
    /// `popcnt` a cell where the CPU has one (the baseline build counts bits with a dozen
    /// instructions), and the sort's bit searches `tzcnt` and `lzcnt`. The same operations
    /// either way, so the same nodes.
    fn run(&mut self, units: &mut Units) {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
        {
            Modern::dfs(self, units, 0);
            return;
        }
        Baseline::dfs(self, units, 0);
    }

    /// The seed's `dfs(d)`; true when the search must stop (limit or cap). `C` picks the
    /// compiled copy the recursion calls.
    #[inline(always)]
    fn dfs<C: Cpu>(&mut self, units: &mut Units, d: usize) -> bool {
        if !self.tally.enter() {
            return true;
        }
        let n = self.order.len();
        if d == n {
            return self.tally.solved(&self.cells);
        }
        for (k, &c) in self.keys[d..n].iter_mut().zip(&self.order[d..]) {
            *k = units.free(c as usize).count_ones() as u8;
        }
        stdsort::sort_pairs(
            &mut self.keys[d..],
            &mut self.order[d..],
            n - d,
            units.side + 1,
            &mut self.scratch,
        );
        let c = self.order[d] as usize;
        let mut free = units.free(c);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let digit = bit.trailing_zeros() as usize + 1;
            units.flip(c, bit);
            self.cells[c] = digit as u8;
            let mark = self.tally.mark();
            if C::dfs(self, units, d + 1) {
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

/// A compiled copy of [`Search::dfs`].
trait Cpu {
    fn dfs(s: &mut Search, units: &mut Units, d: usize) -> bool;
}

/// What the build targets.
struct Baseline;

impl Cpu for Baseline {
    fn dfs(s: &mut Search, units: &mut Units, d: usize) -> bool {
        s.dfs::<Baseline>(units, d)
    }
}

/// CPUs with `popcnt`, BMI1, BMI2 and `lzcnt`.
#[cfg(target_arch = "x86_64")]
struct Modern;

#[cfg(target_arch = "x86_64")]
impl Cpu for Modern {
    #[inline(always)]
    fn dfs(s: &mut Search, units: &mut Units, d: usize) -> bool {
        // SAFETY: only reached from `Search::run` once the CPU is known to have them.
        unsafe { dfs_modern(s, units, d) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
fn dfs_modern(s: &mut Search, units: &mut Units, d: usize) -> bool {
    s.dfs::<Modern>(units, d)
}
