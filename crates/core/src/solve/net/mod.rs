//! The searches of a [`Net`] (cells and units that are no square grid: SGU 437's hexagon,
//! Tight-Fit Sudoku's split cells), one per solver family behind [`NetSearch`], and the modes
//! built on their counts ([`nth`]: the N-th solution in order).
//!
//! [`bitmask::NetBitmask`] keeps a candidate mask per slot and guesses the slot with the fewest
//! candidates; [`dlx::NetDlx`] is an exact cover with one primary item per cell and a
//! secondary item per unit and value (a unit need not hold every value, K may exceed its size),
//! whose rows are the increasing value tuples of a cell. Both count solutions up to a limit and
//! keep the first; `crate::solve::net` tests hold them to the same counts.

pub mod bitmask;
pub mod dlx;

use super::SolverKind;
use crate::model::Net;

/// A search of nets: counts solutions up to a limit; per-thread scratch, reused.
pub trait NetSearch: Send {
    /// Counts the solutions of `net` that keep `givens` (a value per slot, `0` for an empty
    /// one) up to `limit` (at least 1), with the first one found. Givens that break a rule
    /// give 0.
    fn count(&mut self, net: &Net, givens: &[u8], limit: u64) -> (u64, Option<Vec<u8>>);

    /// Search nodes the last count tried (guesses, or rows of the matrix).
    fn nodes(&self) -> u64;

    /// Caps the nodes of each count from now on (`None`: no cap). A count that reaches the
    /// cap stops there; [`NetSearch::capped`] then says its answer is not to be trusted.
    fn set_cap(&mut self, cap: Option<u64>);

    /// Whether the last count stopped at the cap.
    fn capped(&self) -> bool;
}

/// A fresh search of nets of this solver family.
///
/// ```
/// use sudoku_judge_core::model::Net;
/// use sudoku_judge_core::solve::{SolverKind, net};
///
/// // SGU 437's second sample: with K = 7 the empty hexagon has 10080 solutions.
/// let hexagon = Net::hexodoku(7).unwrap();
/// for kind in [SolverKind::Bitmask, SolverKind::Dlx] {
///     let (count, _) = net::build(kind).count(&hexagon, &[0; 31], u64::MAX);
///     assert_eq!(count, 10080);
/// }
/// ```
pub fn build(kind: SolverKind) -> Box<dyn NetSearch> {
    match kind {
        SolverKind::Bitmask => Box::new(bitmask::NetBitmask::new()),
        SolverKind::Dlx => Box::new(dlx::NetDlx::new()),
    }
}

/// The `n`-th solution (1-based) of `net` with `givens` in lexicographic order by slot, or
/// `None` when there are fewer than `n`.
///
/// Slots are fixed in order, each to the smallest value whose solutions (counted up to the
/// rank still wanted) reach that rank; the counts of the values passed over are taken off it.
/// So the search walks no solution it does not count, and each count stops at the rank.
///
/// ```
/// use sudoku_judge_core::model::Net;
/// use sudoku_judge_core::solve::{SolverKind, net};
///
/// // SGU 437's first sample: K = 8, the first solution of the empty hexagon.
/// let hexagon = Net::hexodoku(8).unwrap();
/// let mut search = net::build(SolverKind::Bitmask);
/// let first = net::nth(search.as_mut(), &hexagon, &[0; 31], 1).unwrap();
/// assert_eq!(&first[..8], &[1, 2, 1, 3, 4, 5, 2, 2]);
/// // SGU 437's second sample: K = 7 has 10080 solutions, so no 100000th.
/// let small = Net::hexodoku(7).unwrap();
/// assert_eq!(net::nth(search.as_mut(), &small, &[0; 31], 100_000), None);
/// ```
pub fn nth(search: &mut dyn NetSearch, net: &Net, givens: &[u8], n: u64) -> Option<Vec<u8>> {
    assert!(n >= 1, "ranks start at 1");
    let (total, _) = search.count(net, givens, n);
    if total < n {
        return None;
    }
    let mut fixed = givens.to_vec();
    let mut rank = n;
    for slot in 0..fixed.len() {
        if fixed[slot] != 0 {
            continue;
        }
        for v in 1..=net.values() as u8 {
            fixed[slot] = v;
            let (count, _) = search.count(net, &fixed, rank);
            if count >= rank {
                break;
            }
            rank -= count;
        }
    }
    debug_assert_eq!(rank, 1);
    Some(fixed)
}

#[cfg(test)]
mod tests;
