//! The solvers for boards of every size and geometry (1x1 to 25x25, standard boxes, jigsaw
//! regions, extra units such as diagonals): one search, several sinks.
//!
//! A [`Search`] walks the solutions of a [`Board`] in its own order and hands each to a
//! [`Sink`], which decides whether to go on. Counting to a limit ([`CountTo`]), counting all
//! ([`CountTo`] with `u64::MAX`), visiting every solution (any `Sink`) and maximising a weighted
//! score with branch and bound ([`Sink::weights`]) are sinks of the same search; the engine
//! (`crate::solve::engine`) builds the judge modes (lexicographically smallest, minimality, ...)
//! on top. A solver value is per-thread scratch sized for the largest grid: build one per worker
//! and reuse it, so that no puzzle and no search node allocates.

pub mod bitmask;
mod cages;
pub mod dlx;
mod domino;
mod laid;
mod rules;
pub mod sat;
pub(crate) mod sixteen;
#[cfg(test)]
pub(crate) mod testdata;
mod tiling;

use crate::model::Board;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// A search adds its nodes to its meter ([`Search::set_meter`]) in steps of this many, so that
/// a progress line can follow a long search at the cost of one atomic add per step.
pub const METER_STEP: u64 = 1 << 14;

/// Keeps each solution it is handed until it holds `limit` of them (at least 1), then stops
/// the search: `Engine::solutions` and [`Mode::Every`](crate::model::Mode::Every)'s list.
pub(crate) struct Collect {
    limit: usize,
    pub(crate) found: Vec<Vec<u8>>,
}

impl Collect {
    pub(crate) fn new(limit: usize) -> Collect {
        Collect {
            limit: limit.max(1),
            found: Vec::new(),
        }
    }
}

impl Sink for Collect {
    fn solution(&mut self, cells: &[u8]) -> bool {
        self.found.push(cells.to_vec());
        self.found.len() < self.limit
    }
}

/// Where a search's solutions go, and what the search may ask of their receiver.
pub trait Sink {
    /// A solution: every cell filled with `1..=N`, row-major. Returns false to stop the search.
    fn solution(&mut self, cells: &[u8]) -> bool;

    /// Branch and bound: per-cell weights (row-major) of a score `Σ weight × value` that the
    /// receiver maximises. A search may then skip every subtree whose best possible score is not
    /// above [`Sink::floor`]; the solutions it still hands over include every one that beats
    /// the floor at the time it is found. `None` (the default): no bound, every solution.
    fn weights(&self) -> Option<&[u32]> {
        None
    }

    /// The score a subtree must beat to be worth exploring; `None` while nothing is known. Only
    /// asked when [`Sink::weights`] is `Some`.
    fn floor(&self) -> Option<u64> {
        None
    }
}

/// A solver for boards of any size and geometry.
pub trait Search: Send {
    /// Hands the solutions of `board` to `sink`, in this solver's order, until the sink says
    /// stop or none is left; returns true when the sink stopped it. Givens that clash have no
    /// solution. The board's box size is at most [`crate::model::MAX_SOLVE_BOX`].
    fn search(&mut self, board: &Board, sink: &mut dyn Sink) -> bool;

    /// Counts the solutions of `board` up to `limit` (at least 1) and leaves the first one found
    /// in `first` (cleared when there is none). A solver may answer faster than [`Search::search`]
    /// with [`CountTo`] would (by digit symmetry, say), but the count must be the same.
    fn count(&mut self, board: &Board, limit: u64, first: &mut Vec<u8>) -> u64 {
        let mut sink = CountTo::new(limit);
        self.search(board, &mut sink);
        first.clear();
        first.extend_from_slice(&sink.first);
        sink.count
    }

    /// True when this solver serves boards on `g`: every solver serves units; relations
    /// between cells only the bitmask search does ([`crate::model::Rules`]); cages and a
    /// domino tiling both do.
    fn serves(&self, g: &crate::model::Geometry) -> bool {
        !g.has_rules()
    }

    /// Caps every later search and count at `nodes` search nodes, `None` lifting the cap. A
    /// node is one choice tried at a branch (a row of DLX's matrix, a candidate of the
    /// bitmask search), whatever the thread or the turn it runs in, so the same board stops
    /// at the same node on every run. A search that reaches the cap stops there with its
    /// answer unknown, and [`Search::capped`] says so.
    fn set_cap(&mut self, nodes: Option<u64>);

    /// Search nodes the last search or count tried (never more than the cap).
    fn nodes(&self) -> u64;

    /// True when the last search or count stopped at the cap: its count or its solutions
    /// are incomplete.
    fn capped(&self) -> bool;

    /// Where to add the nodes searched, [`METER_STEP`] at a time, while a search runs.
    fn set_meter(&mut self, meter: Option<Arc<AtomicU64>>);
}

/// Counts solutions up to a limit and keeps the first.
#[derive(Clone, Debug, Default)]
pub struct CountTo {
    pub limit: u64,
    pub count: u64,
    /// The first solution; empty until one is found.
    pub first: Vec<u8>,
}

impl CountTo {
    /// A counter that stops the search at `limit` solutions (at least 1).
    pub fn new(limit: u64) -> CountTo {
        CountTo {
            limit: limit.max(1),
            count: 0,
            first: Vec::new(),
        }
    }
}

impl Sink for CountTo {
    fn solution(&mut self, cells: &[u8]) -> bool {
        if self.count == 0 {
            self.first.extend_from_slice(cells);
        }
        self.count += 1;
        self.count < self.limit
    }
}

/// Keeps the solution of the highest score `Σ weight × value` (the first found among equals).
#[derive(Clone, Debug)]
pub struct Best<'w> {
    pub weights: &'w [u32],
    /// The best score and its grid; `None` until a solution is found.
    pub best: Option<(u64, Vec<u8>)>,
}

impl<'w> Best<'w> {
    pub fn new(weights: &'w [u32]) -> Self {
        Best {
            weights,
            best: None,
        }
    }
}

impl Sink for Best<'_> {
    fn solution(&mut self, cells: &[u8]) -> bool {
        let score = score(self.weights, cells);
        if self.best.as_ref().is_none_or(|(b, _)| score > *b) {
            self.best = Some((score, cells.to_vec()));
        }
        true
    }

    fn weights(&self) -> Option<&[u32]> {
        Some(self.weights)
    }

    fn floor(&self) -> Option<u64> {
        self.best.as_ref().map(|(b, _)| *b)
    }
}

/// `Σ weight × value` over the cells.
pub fn score(weights: &[u32], cells: &[u8]) -> u64 {
    weights
        .iter()
        .zip(cells)
        .map(|(&w, &v)| u64::from(w) * u64::from(v))
        .sum()
}

/// SplitMix64's step: a well-spread pseudo-random stream from a counter, the same on every
/// run. The search orders that break ties at random (bitmask's rotated turns, DLX's reversed
/// run) draw from it.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
