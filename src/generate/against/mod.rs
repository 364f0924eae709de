//! Cases against a named naive search: node counters that re-implement three plain solvers
//! faithfully ([`rowmajor`], [`mrv`], [`dlx`]), a seeded local search that keeps a case valid
//! and unique while it drives one counter up ([`climb`]), and the case sets `gen --against`
//! writes ([`set`]).
//!
//! A node is one call of the strategy's recursive search function (the root included), so a
//! count is deterministic: the same case gives the same count on any machine, never a timing.
//! Every counter stops at a node cap, so no case can make it run for ever.

pub mod climb;
pub mod dlx;
pub mod mrv;
pub mod rowmajor;
pub mod set;
mod stdsort;

use crate::model::Board;

/// A naive search that cases can be made against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Cells in row-major order, digits ascending, no propagation: the beginner's backtracking.
    Rowmajor,
    /// Fewest candidates first, digits ascending: the seeds' DFS (`poj2676_dfs`), whose cell
    /// order is what libstdc++'s `std::sort` leaves after sorting by candidate count.
    Mrv,
    /// Algorithm X on dancing links, the first column with fewest rows: the seeds' DLX
    /// (`nxn_dlx`, `hdu4069_dlx`).
    Dlx,
}

/// Every strategy, in the order `-v` reports them.
pub const STRATEGIES: [Strategy; 3] = [Strategy::Rowmajor, Strategy::Mrv, Strategy::Dlx];

impl Strategy {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Rowmajor => "rowmajor",
            Strategy::Mrv => "mrv",
            Strategy::Dlx => "dlx",
        }
    }

    /// Nodes the strategy visits on `board` until it has found `limit` solutions (1: solve,
    /// 2: tell unique from multiple) or exhausted the tree, stopping at `cap` nodes. Only the
    /// rows, columns and regions of the geometry are known to the strategies (no extra units).
    pub fn count(self, board: &Board, limit: u32, cap: u64) -> Count {
        match self {
            Strategy::Rowmajor => rowmajor::count(board, limit, cap),
            Strategy::Mrv => mrv::count(board, limit, cap),
            Strategy::Dlx => dlx::count(board, limit, cap),
        }
    }
}

/// What a counter saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Calls of the search function, the root included; at most the cap.
    pub nodes: u64,
    /// Solutions found, at most the limit.
    pub solutions: u32,
    /// The cap stopped the search.
    pub capped: bool,
    /// The first solution found (row-major), empty when none was.
    pub first: Vec<u8>,
}

/// The widest grid a counter takes (its candidate sets are `u64` bit masks).
pub const MAX_SIDE: usize = 64;

/// A counter's budget: nodes so far against the cap.
struct Budget {
    nodes: u64,
    cap: u64,
}

impl Budget {
    fn new(cap: u64) -> Budget {
        Budget { nodes: 0, cap }
    }

    /// Counts a node; false when the cap is reached and the search must stop.
    #[inline]
    fn enter(&mut self) -> bool {
        if self.nodes >= self.cap {
            return false;
        }
        self.nodes += 1;
        true
    }

    fn capped(&self) -> bool {
        self.nodes >= self.cap
    }
}

/// Row, column and region masks of the digits placed on a board; `None` when the givens
/// already clash or the grid is wider than [`MAX_SIDE`].
struct Units {
    side: usize,
    region: Vec<usize>,
    row: Vec<u64>,
    col: Vec<u64>,
    reg: Vec<u64>,
}

impl Units {
    fn of(board: &Board) -> Option<Units> {
        let side = board.side();
        if side > MAX_SIDE || side == 0 {
            return None;
        }
        let g = &board.geometry;
        let mut u = Units {
            side,
            region: (0..board.cells.len()).map(|c| g.region_of(c)).collect(),
            row: vec![0; side],
            col: vec![0; side],
            reg: vec![0; side],
        };
        for (c, &v) in board.cells.iter().enumerate() {
            if v != 0 {
                let bit = 1u64 << (v - 1);
                if !u.allows(c, bit) {
                    return None;
                }
                u.flip(c, bit);
            }
        }
        Some(u)
    }

    /// Digits (bit `d - 1` for `d`) that cell `c` may take.
    #[inline]
    fn free(&self, c: usize) -> u64 {
        let all = if self.side == 64 {
            u64::MAX
        } else {
            (1u64 << self.side) - 1
        };
        !(self.row[c / self.side] | self.col[c % self.side] | self.reg[self.region[c]]) & all
    }

    #[inline]
    fn allows(&self, c: usize, bit: u64) -> bool {
        self.free(c) & bit != 0
    }

    /// Places or lifts digit `bit` at cell `c`.
    #[inline]
    fn flip(&mut self, c: usize, bit: u64) {
        self.row[c / self.side] ^= bit;
        self.col[c % self.side] ^= bit;
        self.reg[self.region[c]] ^= bit;
    }
}

/// The count of a board the strategies cannot search (clashing givens, too wide): no node.
fn nothing() -> Count {
    Count {
        nodes: 0,
        solutions: 0,
        capped: false,
        first: Vec::new(),
    }
}
