//! Cases against a named naive search: node counters that re-implement three plain solvers
//! faithfully ([`rowmajor`], [`mrv`], [`dlx`]; the two plain backtracking ones keep one
//! `Tally`, which can also record the subtrees along the path to the solution), a seeded
//! local search that keeps a case valid and unique while it drives one counter up
//! ([`climb`]), the digit relabelling that puts the solution last in the tree ([`labels`]),
//! and the case sets `gen --against` writes ([`set`]).
//!
//! A node is one call of the strategy's recursive search function (the root included), so a
//! count is deterministic: the same case gives the same count on any machine, never a timing.
//! Every counter stops at a node cap, so no case can make it run for ever.
//!
//! # Speed (issue 30 item 3)
//!
//! CPU seconds on one core (`/usr/bin/time -f '%U %e'`), median of 3 runs alternating with
//! the build before (main at `afef05a`), release build, a shared 2-core machine at load 8-10
//! (2026-11-27):
//!
//! | command | before | after | target |
//! |---|---|---|---|
//! | `gen -f poj2676 --against mrv -n 10 -s 1 -j 1 -q -o F` | 30.3 s | 10.5 s | < 5 s |
//! | `gen -f nums --size 16 --against dlx -n 10 -s 1 -j 1 -q -o F` | 42.9 s | 16.5 s | < 10 s |
//! | `gen -f poj2676 --against rowmajor -n 5 -s 1 -j 1 -q -o F` | 2.5 s | 0.9 s | |
//!
//! Row-major ascending backtracking's nodes to the first solution, uncounted cap, on those 5
//! rowmajor cases against `gen -f poj2676 --difficulty hard --minimal -n 5 -s 1`'s: 7.58 M
//! against 0.256 M before (30x), 35.0 M after (137x; target 100x, held by a test).
//!
//! Where the time went (perf): the DLX counter's walk along the header list (62% of the dlx
//! run; now a byte scan, [`dlx`]), the mrv counter's `std::sort` replica and a division per
//! cell and unit ([`mrv`], `stdsort`: the final insertion sort is now a counting sort),
//! and 8,000 uniqueness checks per start walking all 40 starts to fewer givens (two thirds of
//! the mrv run; now only the four largest starts walk, [`set`]). The dlx bytes are unchanged;
//! the mrv cases change (4.30 M nodes in all against 5.61 M, the smallest case 3,250 against
//! 15,106, every case still far above its plain case). Left: mrv's partitions (a third of a
//! node; branch-free partitioning would keep the order), DLX's covering (now most of its
//! node), and `gen -f nums --size 25 --minimal`, whose uniqueness checks below about 300
//! givens take the bitmask solver seconds to minutes each (propagation alone takes a start
//! from 363 givens to 272 in 0.1 s; most of the rest are needed givens whose second solution
//! the solver is slow to find).
//!
//! Second round (branch `i30-fast`, 2026-11-27, load 4-8 on the 2 cores; same bytes for every
//! case checked: `gen -f poj2676 --against mrv -n 10 -s 1..2`, `gen -f poj3076 --against dlx
//! -n 10 -s 1`, `cmp` against main `b7a611e`). Node cost from `cargo bench --bench against`
//! (fixed cases in `crates/cli/benches/against/`, thread CPU time, fastest of 3, alternating
//! builds): mrv 470 -> 265 ns a node, dlx 16x16 385 -> 180 ns a node. Whole runs (`/usr/bin/time
//! -f %U`, one run each, noisy): `gen -f poj2676 --against mrv -n 10 -s 1 -j 1` 11.2 -> 6.3 s
//! (`-s 2` 11.2 -> 7.0 s); `gen -f poj3076 --against dlx -n 10 -s 1 -j 1` 15.3 -> 10.1 s (before
//! the dlx node shrink below). What did it, perf first:
//!
//! - mrv: the counting sort's histogram and scatter chained through memory (a third of the
//!   node), the partitions mispredicted about once a key, and `count_ones` was a dozen
//!   instructions in the baseline build. Now keys are bytes beside the cells
//!   (`stdsort::sort_pairs`): partitions jump by bit searches in masks of keys at least and at
//!   most the pivot, the stable pass takes each key's positions from its mask, and the
//!   search is compiled for `popcnt`/BMI/`lzcnt` when the CPU has them (the sort inlined into
//!   it, its recursion an explicit stack). The masked partition alone, compiled for baseline
//!   x86-64 with `u128` masks, gained nothing (480 ns a node): the gain came with `u64` masks,
//!   inlining and the CPU features.
//! - dlx: the search for the first column holding the smallest size was a byte-at-a-time loop
//!   (70% of `dance`); now 16 bytes a compare, and `dance` is compiled for AVX2 when the CPU
//!   has it (385 -> 200 ns). Then a node is 12 bytes, not 24 (rows' left and right are
//!   implicit, the header list is never walked): 200 -> 180 ns.
//! - The climb counts a case it has met again from a memo (the same path, the budget still
//!   charged): 15% of the nodes counted on `poj2676 --against mrv -s 1` were repeats. The walk
//!   to fewer givens keeps each case's uniqueness: 30-45% of its 8,000 checks repeated one.
//! - Tried, not kept: uniqueness after removing a given checked as "no solution with another
//!   digit there" (one first-solution search per other candidate) in `minimised` on 16x16:
//!   no gain measured (1.28/0.90/1.14 s against 1.01/1.15/1.24 s of minimising for 3 cases).
//!   Early-abandoning a count at the best so far cannot apply: a count is known only once its
//!   search ends, the counts that lose are the cheap ones, and an accepted move needs its
//!   exact count. Left: on 16x16 `minimised` is about 40% of a dlx run (0.7 ms a check, two
//!   thirds of them failing); the targets of issue 30 item 3 (mrv < 5 s, dlx < 10 s) are not
//!   yet shown to hold with margin on this loaded machine.
//!
//! Third round (2026-11-27, a quiet machine): a cell's units are byte indices into 256 masks,
//! so the recount at every mrv node checks no bounds. `python3 scripts/alternate.py 5 'A gen
//! -f poj2676 --against mrv -n 10 -s 1 -j 1 -q -o F' 'B ...'` (the build before and this one,
//! same bytes): 4.09 s and 3.91 s median, per-round ratio 1.06x (quartiles 1.03-1.10). On the
//! same machine an hour earlier the build before took 4.93-5.16 s (5 runs): the machine's
//! speed drifts by a fifth, so compare builds side by side.

pub mod climb;
pub mod dlx;
pub mod labels;
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

    /// True when the strategy's whole tree (counting to 2 on a unique case) has the same shape
    /// whatever the digits are called, so that labels only decide where in it the solution
    /// lies: the plain backtracking counters, whose cell order depends on candidate counts and
    /// positions only (for `mrv` up to the ties the shared array's history breaks). DLX's
    /// column order names digits, so its labels change the tree too.
    pub fn labels_only_order(self) -> bool {
        matches!(self, Strategy::Rowmajor | Strategy::Mrv)
    }

    /// The whole tree counted to 2 solutions (at most `cap` nodes) with, for each pair of
    /// digits, the nodes a search that stops at the first solution visits more when digit `a`
    /// is tried before digit `b`: `weights[(a - 1) * side + (b - 1)]` sums, over the nodes on
    /// the path to the solution where `b` is the solution's digit, the subtree of `a`. `None`
    /// for a strategy without such a recorder (DLX) or a board it cannot search.
    pub fn order_weights(self, board: &Board, cap: u64) -> Option<(Count, Vec<u64>)> {
        match self {
            Strategy::Rowmajor => rowmajor::order_weights(board, cap),
            Strategy::Mrv => mrv::order_weights(board, cap),
            Strategy::Dlx => None,
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

/// What the plain backtracking counters ([`rowmajor`], [`mrv`]) keep as they search: the
/// budget, the solutions found against the limit, the first solution, and, when asked, the
/// subtree of each digit tried along the path to the solution ([`Order`]).
struct Tally {
    budget: Budget,
    solutions: u32,
    limit: u32,
    first: Vec<u8>,
    order: Option<Order>,
}

/// Marks taken before a child's subtree: nodes and solutions so far.
#[derive(Clone, Copy)]
struct Mark {
    nodes: u64,
    solutions: u32,
}

/// The recorder behind [`Strategy::order_weights`]: the subtree of each digit tried at each
/// depth of the current path, which of them held a solution, and the weights summed so far.
struct Order {
    side: usize,
    sizes: Vec<u64>,
    found: Vec<u8>,
    weights: Vec<u64>,
}

impl Tally {
    fn new(cap: u64, limit: u32, depth: usize, side: Option<usize>) -> Tally {
        Tally {
            budget: Budget::new(cap),
            solutions: 0,
            limit: limit.max(1),
            first: Vec::new(),
            order: side.map(|side| Order {
                side,
                sizes: vec![0; (depth + 1) * side],
                found: vec![0; depth + 1],
                weights: vec![0; side * side],
            }),
        }
    }

    /// Counts a node; false when the cap is reached and the search must stop.
    #[inline]
    fn enter(&mut self) -> bool {
        self.budget.enter()
    }

    /// A solution reached with `cells`; true when the limit says stop.
    fn solved(&mut self, cells: &[u8]) -> bool {
        self.solutions += 1;
        if self.first.is_empty() {
            self.first = cells.to_vec();
        }
        self.solutions >= self.limit
    }

    #[inline]
    fn mark(&self) -> Mark {
        Mark {
            nodes: self.budget.nodes,
            solutions: self.solutions,
        }
    }

    /// The subtree of `digit` at depth `d`, begun at `mark`, is done.
    #[inline]
    fn child(&mut self, d: usize, digit: usize, mark: Mark) {
        if let Some(o) = &mut self.order {
            o.sizes[d * o.side + digit - 1] = self.budget.nodes - mark.nodes;
            if self.solutions > mark.solutions && o.found[d] == 0 {
                o.found[d] = digit as u8;
            }
        }
    }

    /// Every digit at depth `d` is done: if one of them held the solution, each other digit's
    /// subtree is what trying it first costs.
    fn close(&mut self, d: usize) {
        if let Some(o) = &mut self.order {
            let side = o.side;
            let row = &mut o.sizes[d * side..(d + 1) * side];
            let s = o.found[d] as usize;
            if s != 0 {
                for (a, size) in row.iter().enumerate() {
                    if a + 1 != s {
                        o.weights[a * side + s - 1] += size;
                    }
                }
            }
            row.fill(0);
            o.found[d] = 0;
        }
    }

    fn count(self) -> Count {
        Count {
            nodes: self.budget.nodes,
            solutions: self.solutions,
            capped: self.budget.capped() && self.solutions < self.limit,
            first: self.first,
        }
    }

    /// The count and, if recorded, the weights.
    fn with_weights(mut self) -> (Count, Vec<u64>) {
        let weights = self.order.take().map(|o| o.weights).unwrap_or_default();
        (self.count(), weights)
    }
}

/// Row, column and region masks of the digits placed on a board; `None` when the givens
/// already clash or the grid is wider than [`MAX_SIDE`]. Each cell's three units are looked
/// up, not computed: a division per cell and unit was most of a node's cost in [`mrv`], which
/// recounts every empty cell at every node.
struct Units {
    side: usize,
    /// Every digit of the grid, one bit each.
    all: u64,
    /// Each cell's row, column and region, as indices into `masks`.
    at: Vec<[u8; 3]>,
    /// The digits placed in each row, then each column, then each region (`3 * MAX_SIDE`
    /// of them at most); as long as a byte can index, so that no lookup is bounds-checked.
    masks: Box<[u64; 256]>,
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
            all: if side == 64 {
                u64::MAX
            } else {
                (1u64 << side) - 1
            },
            at: (0..board.cells.len())
                .map(|c| {
                    [
                        (c / side) as u8,
                        (side + c % side) as u8,
                        (2 * side + g.region_of(c)) as u8,
                    ]
                })
                .collect(),
            masks: Box::new([0; 256]),
        };
        for (c, &v) in board.cells.iter().enumerate() {
            if v != 0 {
                let bit = 1u64 << (v - 1);
                if u.free(c) & bit == 0 {
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
        let [r, k, g] = self.at[c];
        let m = &self.masks;
        !(m[r as usize] | m[k as usize] | m[g as usize]) & self.all
    }

    /// Places or lifts digit `bit` at cell `c`.
    #[inline]
    fn flip(&mut self, c: usize, bit: u64) {
        for i in self.at[c] {
            self.masks[i as usize] ^= bit;
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Format, Reader};
    use crate::model::{Geometry, Puzzle};

    /// A board of box size `n` spelled one digit per cell (`.` or `0` empty).
    pub(crate) fn board(n: usize, s: &str) -> Board {
        let cells: Vec<u8> = s
            .bytes()
            .filter_map(|b| match b {
                b'0'..=b'9' => Some(b - b'0'),
                b'.' => Some(0),
                _ => None,
            })
            .collect();
        Board::new(Geometry::standard(n), cells)
    }

    fn read(format: Format, text: &str) -> Vec<Puzzle> {
        let mut r = Reader::tuned(format);
        let mut out = Vec::new();
        r.parse(text.as_bytes(), true, &mut out, usize::MAX)
            .unwrap();
        out.iter().filter_map(|c| c.puzzle()).collect()
    }

    /// Three 9x9 cases of `gen --format poj2676 --seed 7 --against mrv`, with the node counts
    /// the seeds' own programs report when a counter is added at the top of `dfs` and `dance`
    /// (`poj2676_dfs`, and `nxn_dlx nums` on the same grids): 315 and 89, 289 and 82, 248 and
    /// 82. Both counters must visit exactly the seeds' nodes.
    const SEEDS_SAMPLE: &str = "3
100095080\n000800000\n008007205\n000076000\n690000830\n007300050\n006004000\n900610300\n401000009
000000105\n604107003\n800502004\n068900007\n010030000\n090600050\n079000000\n000000400\n005000671
060250041\n000600500\n400030070\n010087000\n006042005\n000009810\n032006057\n000000004\n000000206
";

    #[test]
    fn mrv_and_dlx_visit_the_seeds_nodes() {
        let puzzles = read(Format::Poj2676, SEEDS_SAMPLE);
        let want = [(315, 89), (289, 82), (248, 82)];
        assert_eq!(puzzles.len(), want.len());
        for (p, (mrv, dlx)) in puzzles.iter().zip(want) {
            let b = Board::from_puzzle(p);
            assert_eq!(Strategy::Mrv.count(&b, 1, u64::MAX).nodes, mrv);
            assert_eq!(Strategy::Dlx.count(&b, 1, u64::MAX).nodes, dlx);
        }
    }

    /// A jigsaw case of `gen --format hdu4069 --seed 2 --against dlx`: `hdu4069_dlx`, which
    /// counts to 2 solutions, calls `dance` 341 times on it.
    #[test]
    fn dlx_on_a_jigsaw_visits_hdu4069_dlx_nodes() {
        let text = "1\n144 16 87 112 144 48 208 16 48\n128 34 208 16 0 71 117 128 32\n128 96 176 201 96 208 80 70 96\n224 150 32 144 16 48 144 16 48\n146 0 32 128 5 36 128 0 103\n192 64 96 194 67 96 128 96 177\n148 25 48 144 16 48 224 144 32\n128 0 38 135 0 32 148 0 41\n199 64 96 196 64 98 200 64 96\n";
        let p = read(Format::Hdu4069, text);
        let b = Board::from_puzzle(&p[0]);
        assert!(!b.geometry.is_standard());
        let c = Strategy::Dlx.count(&b, 2, u64::MAX);
        assert_eq!((c.nodes, c.solutions), (341, 1));
    }

    /// The empty grid: the seeds print these first solutions (`poj2676_dfs` on nine rows of
    /// zeros, `nxn_dlx nums` on `3` and on `2` with empty rows), and call `dfs` 82 times and
    /// `dance` 82 and 17 times. The DFS's grid shows its ties fall as libstdc++'s sort leaves
    /// them (ties broken by position would start the first row 1, 2, 3, not 7, 3, 1).
    #[test]
    fn empty_grids_are_solved_as_the_seeds_solve_them() {
        let empty9 = board(3, &"0".repeat(81));
        let mrv = Strategy::Mrv.count(&empty9, 1, u64::MAX);
        let dfs =
            "731286495486579321529314867193627584642853719857941632965432178374198256218765943";
        assert_eq!(mrv.first, board(3, dfs).cells);
        assert_eq!(mrv.nodes, 82);
        let dlx = Strategy::Dlx.count(&empty9, 1, u64::MAX);
        let seed =
            "123456789789123456456789123312845967697312845845697312231574698968231574574968231";
        assert_eq!(dlx.first, board(3, seed).cells);
        assert_eq!(dlx.nodes, 82);
        let empty4 = board(2, &"0".repeat(16));
        let dlx = Strategy::Dlx.count(&empty4, 1, u64::MAX);
        assert_eq!(dlx.first, board(2, "1234341221434321").cells);
        assert_eq!(dlx.nodes, 17);
    }

    /// A search that stops at its first solution visits the root, the path to the solution and,
    /// at each node of the path, the subtrees of the digits tried before the solution's: the
    /// recorded weights must say exactly that. For `rowmajor` under every labelling (its tree
    /// does not depend on labels); for `mrv` under the labels the weights were recorded with
    /// (its first-solution search is the first part of the whole search).
    #[test]
    fn recorded_weights_predict_the_first_solution_count() {
        let puzzles = read(Format::Poj2676, SEEDS_SAMPLE);
        for p in &puzzles {
            let b = Board::from_puzzle(p);
            let empty = b.cells.iter().filter(|&&v| v == 0).count() as u64;
            let identity: Vec<usize> = (0..9).collect();
            for s in [Strategy::Rowmajor, Strategy::Mrv] {
                let (whole, w) = s.order_weights(&b, u64::MAX).unwrap();
                assert_eq!(whole.nodes, s.count(&b, 2, u64::MAX).nodes);
                let first = s.count(&b, 1, u64::MAX).nodes;
                assert_eq!(first, empty + 1 + labels::worth(9, &w, &identity));
            }
            let (_, w) = Strategy::Rowmajor.order_weights(&b, u64::MAX).unwrap();
            let best = labels::best(9, &w);
            let renamed = Board::new(
                b.geometry.clone(),
                b.cells
                    .iter()
                    .map(|&v| if v == 0 { 0 } else { best[v as usize - 1] })
                    .collect(),
            );
            let mut order = vec![0; 9];
            for (d, &l) in best.iter().enumerate() {
                order[l as usize - 1] = d;
            }
            let first = Strategy::Rowmajor.count(&renamed, 1, u64::MAX).nodes;
            assert_eq!(first, empty + 1 + labels::worth(9, &w, &order));
            assert!(first >= Strategy::Rowmajor.count(&b, 1, u64::MAX).nodes);
        }
    }

    #[test]
    fn the_cap_stops_every_counter() {
        let empty9 = board(3, &"0".repeat(81));
        for s in STRATEGIES {
            let c = s.count(&empty9, 2, 10);
            assert_eq!(
                (c.nodes, c.capped, c.solutions),
                (10, true, 0),
                "{}",
                s.name()
            );
        }
    }

    #[test]
    fn clashing_givens_have_no_node() {
        let b = board(2, "1100 0000 0000 0000");
        for s in STRATEGIES {
            assert_eq!(s.count(&b, 1, 100).nodes, 0, "{}", s.name());
        }
    }
}
