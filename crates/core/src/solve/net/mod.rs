//! The searches of a [`Net`] (cells and units that are no square grid: SGU 437's hexagon,
//! Tight-Fit Sudoku's split cells), one per solver family behind [`NetSearch`], and the modes
//! built on their counts ([`nth`]: the N-th solution in order).
//!
//! [`bitmask::NetBitmask`] keeps a candidate mask per slot and guesses the slot with the fewest
//! candidates; [`dlx::NetDlx`] is an exact cover with one primary item per cell and a
//! secondary item per unit and value (a unit need not hold every value, K may exceed its size),
//! whose rows are the increasing value tuples of a cell. Both count solutions up to a limit and
//! keep the first; `crate::solve::net` tests hold them to the same counts.

mod answer;
pub mod bitmask;
pub mod dlx;

pub use answer::{Spent, answer, serves};

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

    /// In order (`true`): guess the lowest open slot (the lowest cell not yet chosen), values
    /// ascending, so that solutions come in lexicographic order by slot, and keep the
    /// `limit`-th solution rather than the first. Off by default: the fewest candidates first.
    fn set_ordered(&mut self, ordered: bool);
}

/// The values among `values` as a mask: bit `v - 1` for value `v`, `0` (empty) none. Both
/// families' twins are the values outside it.
fn held(values: &[u8]) -> u32 {
    values
        .iter()
        .filter(|&&v| v != 0)
        .fold(0, |m, &v| m | 1 << (v - 1))
}

/// What a count keeps, the same in both families: solutions counted against the limit, the
/// one kept (the first, or in order the limit-th), nodes against the cap.
#[derive(Default)]
struct Tally {
    count: u64,
    limit: u64,
    kept: Option<Vec<u8>>,
    nodes: u64,
    cap: Option<u64>,
    capped: bool,
    ordered: bool,
}

impl Tally {
    /// A new count to `limit` (at least 1); the cap and the order stay.
    fn start(&mut self, limit: u64) {
        (self.count, self.limit, self.kept, self.nodes) = (0, limit.max(1), None, 0);
        self.capped = false;
    }

    /// Counts a solution: true when it is the one to keep ([`Tally::keep`]).
    fn solution(&mut self) -> bool {
        self.count += 1;
        self.kept.is_none() || (self.ordered && self.count == self.limit)
    }

    fn keep(&mut self, values: Vec<u8>) {
        self.kept = Some(values);
    }

    /// Counts the `count` solutions below a guess alike one walked, without walking them
    /// (see [`bitmask`]): `None` in order when the one to keep is among them, and they must
    /// be walked; else whether the limit is reached. Out of order the count stops at the
    /// limit, as a walk would.
    fn skip(&mut self, count: u64) -> Option<bool> {
        let to = self.count.saturating_add(count);
        if self.ordered && to >= self.limit {
            return None;
        }
        self.count = to.min(self.limit);
        Some(self.full())
    }

    /// True when the limit is reached.
    fn full(&self) -> bool {
        self.count >= self.limit
    }

    /// Counts a node: true when it passes the cap, and the search stops.
    fn node(&mut self) -> bool {
        self.nodes += 1;
        self.capped = self.cap.is_some_and(|cap| self.nodes > cap);
        self.capped
    }

    /// The count and the solution kept.
    fn finish(&mut self) -> (u64, Option<Vec<u8>>) {
        (self.count, self.kept.take())
    }
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
/// The search walks its solutions in order ([`NetSearch::set_ordered`]) and stops at the
/// `n`-th: propagation still runs at every node, so the walk visits few dead ends, and a
/// guess alike one already walked is counted without a walk unless the `n`-th is below it
/// (values no given names, on a net without split cells: see [`bitmask`]).
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
    match answer(search, net, givens, n, crate::model::Mode::Nth, None).0 {
        crate::model::Answer::Solved(s) => Some(s),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
