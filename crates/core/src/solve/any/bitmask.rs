//! The bitmask solver for boards of every size and geometry (1x1 to 25x25; standard boxes,
//! jigsaw regions, extra units such as the diagonals): candidate masks per cell and place
//! masks per unit and digit, naked and hidden singles and locked candidates, fewest
//! alternatives first.
//!
//! # State
//!
//! A search node is one run of words on a stack kept in the solver:
//!
//! ```text
//!   cand[cell]           candidate digits of each cell, bit d for digit d + 1 (N <= 25 bits);
//!                        a placed cell keeps exactly its digit's bit
//!   pos[unit * N + d]    where digit d + 1 may still go in the unit, bit i for the unit's
//!                        i-th cell; PLACED once the digit is placed there
//!   placed[unit], left   digits placed in each unit; cells not placed yet
//! ```
//!
//! The two views of the candidates are kept in step. The per-geometry tables (each unit's
//! cells, each cell's units and its place in them, where lines meet regions) are rebuilt only
//! when a board's geometry differs from the last one's (the same `Arc`, or equal contents).
//!
//! # Propagation
//!
//! Placing a digit in a cell strikes the cell's other candidates, and strikes the digit from
//! exactly the cells of the cell's units that still have it (read off `pos`: no peer is
//! visited for nothing, which matters when most of a grid is given). Every strike updates the
//! cell's mask and its units' place masks: a cell left with one candidate is a naked single
//! and a unit left with one place for a digit a hidden single, both queued; a cell or a place
//! mask left empty is a contradiction. Queued singles are placed until none is left. Then
//! locked candidates: a digit whose places in a region lie on one line is struck from the
//! rest of the line, and one whose places in a line lie in one region from the rest of the
//! region, which with `pos` is one mask test per unit and digit; then singles again, to a
//! fixed point. Extra units (diagonals) are units like any other for singles; locked
//! candidates look only where lines meet regions. Every rule only strikes candidates, so the
//! fixed point does not depend on the order they run in.
//!
//! # Search
//!
//! A node at its fixed point branches on a digit's places in a unit when some unit has fewer
//! places for a digit than any cell has candidates (DLX's smallest column), else on a cell
//! with the fewest candidates, and among those on the one with the most unsolved peers: on
//! the minimal 16x16 puzzles this makes the tree about ten times smaller than taking the
//! first such cell. A guess copies the node to the next stack slot; the last choice of a
//! branch reuses the parent's slot. Each guess places a cell, so `cells + 1` slots suffice,
//! and nothing is allocated per puzzle or per node once the stack is sized for the geometry.
//!
//! # Heavy tails, turns and the contract
//!
//! One choice order can stall for seconds on a near-empty or jigsaw grid that another order
//! settles at once (see `crate::solve::generic`), so complete searches in different orders take
//! turns under a guess budget growing 4x a round, and the first to finish answers.
//! [`Search::search`] hands no solution over before a turn finds one; the turn that finds the
//! first solution is committed (its budget lifted) and runs to the end, so every solution
//! reaches the sink exactly once, in an order that depends only on the board and on what the
//! sink answers.
//!
//! # Digit symmetry
//!
//! Digits that no placed cell holds are interchangeable: swapping two of them maps the
//! solutions of a node onto themselves. [`Search::count`] uses this in two ways. With `k`
//! digits absent from the givens, every solution stands for `k!` of them, so when `k! >= limit`
//! one solution settles the count. Otherwise a restricted search counts exactly: when a unit
//! already holds every used digit, its empty cells hold exactly the `k` unused ones, so they
//! are placed in increasing order up front and each solution weighs `k!`; and at a cell branch
//! it tries only the smallest unused candidate, weighed by the number of unused candidates
//! there. The search of [`Search::search`] never restricts: its sink sees every solution.
//!
//! # Boards that fall to singles (issue 20)
//!
//! On `sudoku16_unique_1000` (110-180 givens, nearly all solved by singles) a whole
//! `solve --format poj3076 --threads 1` run was about 19-21 ms of CPU against about 295 ms
//! for the seeds' `nxn_dlx poj3076` (14x; `python3 scripts/alternate.py 11 ...`, mean CPU,
//! 2026-11-25, a loaded machine). Sampled on 16 copies of the set: `start` 36%, `place` 34%,
//! `settle` 13%, reading 6%, writing 1%; an empty input's process start-up is 1.2 ms.
//! In `start`, the givens' clash check and the hidden-single scan of the units are the hot
//! lines, and the branch on "given or empty" per cell mispredicts about once a given.
//! Tried here and rejected (alternating runs of 16 copies of the set, `alternate.py 7`, mean
//! CPU):
//!
//! - Scattering an empty cell's candidates into its units' place masks digit by digit with
//!   the units inside (one loop end to mispredict per cell rather than per unit): 1.03x,
//!   quartiles 0.84-1.17 on one copy, not a measured gain.
//! - That, and both cell loops of `start` without a branch per cell (an empty cell adds no
//!   bit, the clash and range checks looked at once at the end, a given's mask selected
//!   without a branch): 0.98x (249 ms against 260 ms); the `used` fold for every cell,
//!   givens included, costs what the mispredictions did.
//!
//! What paid instead is a path beside this search: with the bitmask kind, the engine first
//! tries naked and hidden singles on digit bitboards for a standard-box 16x16 board
//! (`super::sixteen`, which holds the figures), and this search runs only on the boards they
//! do not fill (77 of the 1000), exactly as before.
//!
//! # Branch and bound
//!
//! With [`Sink::weights`], every node whose best possible score (each cell's weight times its
//! largest candidate: its digit once placed) is not above [`Sink::floor`] is skipped, and
//! branches try large digits first, so that good scores (and a high floor) come early.

use super::{METER_STEP, Search, Sink, splitmix};
use crate::model::{Board, Geometry, MAX_SOLVE_BOX};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The largest side the masks hold: one bit per digit in a `u32`.
const MAX_SIDE: usize = MAX_SOLVE_BOX * MAX_SOLVE_BOX;

/// The place mask of a digit placed in a unit: bits beyond any unit's cells, so that however
/// many places are struck from it later it never looks like one place or none and never lies
/// in a segment; [`placed`] tells it from a real mask.
const PLACED: u32 = !0;

/// True for a place mask that is [`PLACED`] (with some places struck since, maybe).
#[inline]
fn placed(m: u32) -> bool {
    m >> 31 != 0
}

/// Guesses a turn of the plain search gets in the first round; later rounds get 4x more each.
const FIRST_BUDGET: u64 = 1 << 12;
/// The same for the searches that only need one solution (cheap to stop and restart).
const FIRST_BUDGET_ONE: u64 = 1 << 10;

/// Candidates bitmask search on any geometry, with its scratch space; reuse one per thread.
#[derive(Default)]
pub struct BitmaskSearch {
    t: Tables,
    /// The nodes, [`Tables::stride`] words each; slot 0 is the propagated root.
    stack: Vec<u32>,
    /// Cells waiting to be placed, and place masks that fell to one place.
    queues: Queues,
    /// Unsolved cells per segment (scratch of [`BitmaskSearch::pick`]).
    open: Vec<u8>,
    /// Three words per segment (scratch of [`locked`]).
    unions: Vec<u32>,
    /// Each unit's cells, heaviest first (scratch of [`beaten`]).
    by_weight: Vec<u16>,
    /// The split (rows, columns, regions) that last pruned: tried first.
    split: usize,
    /// Each cell's largest candidate (scratch of [`beaten`]).
    top: Vec<u8>,
    /// The solution being handed over, one digit per cell.
    grid: Vec<u8>,
    /// The first solution of the last count.
    first: Vec<u8>,
    guesses: u64,
    /// The running turn gives up once `guesses` exceeds this.
    budget: u64,
    aborted: bool,
    order: Order,
    /// What the running turn branches on at a tie between a cell and a digit's places.
    ties: Ties,
    /// State of the rotated order's choices.
    rng: u64,
    /// The restricted (digit-symmetric) search is running.
    symmetric: bool,
    /// The most guesses a search or count may make in all its turns ([`Search::set_cap`]).
    cap: Option<u64>,
    /// The last search or count stopped at `cap`.
    capped: bool,
    meter: Option<Arc<AtomicU64>>,
    /// The search of boards with a domino tiling, built on first use.
    domino: Option<Box<super::domino::DominoSearch>>,
}

impl BitmaskSearch {
    pub fn new() -> Self {
        Self::default()
    }

    /// A board whose rules carry a domino tiling goes to its own search
    /// ([`super::domino`]), under this search's cap and meter.
    fn dominoes(
        &mut self,
        board: &Board,
        tiling: &crate::model::Tiling,
        sink: &mut dyn Sink,
    ) -> bool {
        let d = self.domino.get_or_insert_with(Default::default);
        let stopped = d.search(board, tiling, sink, self.cap, self.meter.clone());
        self.guesses = d.nodes;
        self.capped = d.capped;
        stopped
    }

    /// Guesses made by the last search or count: every choice tried at a branch counts one.
    /// Zero means propagation alone settled the board.
    pub fn guesses(&self) -> u64 {
        self.guesses
    }
}

/// A cell's place in one of its units: where the unit's place masks start, and the cell's bit
/// in them.
#[derive(Clone, Copy, Default)]
struct Link {
    /// `unit * side`: the unit's first place mask.
    at: u16,
    unit: u16,
    bit: u32,
}

/// Where a line meets a region.
#[derive(Clone, Copy)]
struct Segment {
    line: u16,
    region: u16,
    /// The segment's cells as positions in the line and in the region, and as a list:
    /// `seg_cells[start..end]`.
    in_line: u32,
    in_region: u32,
    start: u32,
    end: u32,
}

/// The per-geometry tables; see the module doc.
#[derive(Default)]
struct Tables {
    geometry: Option<Arc<Geometry>>,
    side: usize,
    cells: usize,
    units: usize,
    /// All `side` digits.
    full: u32,
    /// Words per node: cells, place masks, placed masks, `left`.
    stride: usize,
    /// The cells of unit `u`: `unit_cells[u * side..(u + 1) * side]`.
    unit_cells: Vec<u16>,
    /// The units of cell `c`, row, column, region, then extras:
    /// `links[link_start[c]..link_start[c + 1]]`.
    links: Vec<Link>,
    link_start: Vec<u32>,
    /// Where lines meet regions, line by line: line `l`'s are `line_segs[l]..line_segs[l + 1]`.
    segs: Vec<Segment>,
    line_segs: Vec<u32>,
    /// The cells of every segment, segment after segment.
    seg_cells: Vec<u16>,
    /// The segments of region `r` along rows, then along columns:
    /// `region_segs[region_seg_start[2 * r + k]..region_seg_start[2 * r + k + 1]]`.
    region_segs: Vec<u16>,
    region_seg_start: Vec<u32>,
    /// Per cell, its segments along its row and along its column.
    cell_segs: Vec<[u16; 2]>,
    /// The geometry's cages and relations, when it has any (`super::rules`).
    rules: Option<super::rules::Tables>,
}

impl Tables {
    /// Makes the tables those of `g`, rebuilding them only when `g` differs from the current
    /// geometry. False when `g` is too large for the solver.
    fn prepare(&mut self, g: &Arc<Geometry>) -> bool {
        if let Some(cur) = &self.geometry {
            if Arc::ptr_eq(cur, g) {
                return true;
            }
            if **cur == **g {
                // Keep the new pointer, so that the next board on it compares by address.
                self.geometry = Some(g.clone());
                return true;
            }
        }
        if g.side() > MAX_SIDE {
            return false;
        }
        self.build(g);
        true
    }

    fn build(&mut self, g: &Arc<Geometry>) {
        let (side, cells, units) = (g.side(), g.cells(), g.unit_count());
        self.geometry = Some(g.clone());
        (self.side, self.cells, self.units) = (side, cells, units);
        self.full = (1 << side) - 1;
        self.stride = cells + units * side + units + 1;
        self.unit_cells.clear();
        for u in 0..units {
            self.unit_cells.extend_from_slice(g.unit(u));
        }
        self.links.clear();
        self.link_start.clear();
        for c in 0..cells {
            self.link_start.push(self.links.len() as u32);
            for u in g.units_of(c) {
                let i = g.unit(u).iter().position(|&x| x as usize == c);
                self.links.push(Link {
                    at: (u * side) as u16,
                    unit: u as u16,
                    bit: 1 << i.expect("a cell is in each of its units"),
                });
            }
        }
        self.link_start.push(self.links.len() as u32);
        self.segs.clear();
        self.seg_cells.clear();
        self.line_segs.clear();
        self.cell_segs.clear();
        self.cell_segs.resize(cells, [0; 2]);
        for line in 0..2 * side {
            self.line_segs.push(self.segs.len() as u32);
            for region in 2 * side..3 * side {
                let (mut in_line, mut in_region) = (0, 0);
                let start = self.seg_cells.len() as u32;
                for (i, &c) in g.unit(line).iter().enumerate() {
                    if let Some(j) = g.unit(region).iter().position(|&x| x == c) {
                        in_line |= 1 << i;
                        in_region |= 1 << j;
                        self.seg_cells.push(c);
                        self.cell_segs[c as usize][line / side] = self.segs.len() as u16;
                    }
                }
                if in_line != 0 {
                    self.segs.push(Segment {
                        line: line as u16,
                        region: region as u16,
                        in_line,
                        in_region,
                        start,
                        end: self.seg_cells.len() as u32,
                    });
                }
            }
        }
        self.line_segs.push(self.segs.len() as u32);
        self.region_segs.clear();
        self.region_seg_start.clear();
        for region in 2 * side..3 * side {
            for rows in [true, false] {
                self.region_seg_start.push(self.region_segs.len() as u32);
                for (i, s) in self.segs.iter().enumerate() {
                    if s.region as usize == region && ((s.line as usize) < side) == rows {
                        self.region_segs.push(i as u16);
                    }
                }
            }
        }
        self.region_seg_start.push(self.region_segs.len() as u32);
        self.rules = g.rules().map(super::rules::Tables::new);
    }

    #[inline]
    fn unit(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.side..(u + 1) * self.side]
    }

    #[inline]
    fn links(&self, c: usize) -> &[Link] {
        &self.links[self.link_start[c] as usize..self.link_start[c + 1] as usize]
    }
}

/// True when `m` has exactly two bits set (without `count_ones`: see
/// [`BitmaskSearch::pick`]).
#[inline]
fn two(m: u32) -> bool {
    let rest = m & m.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// The candidate bit of digit `v` (bit `v - 1`); none for 0 or a digit past 32.
pub(super) fn digit_bit(v: u8) -> u32 {
    1u32.checked_shl(u32::from(v).wrapping_sub(1)).unwrap_or(0)
}

/// The positions of the set bits of a word, lowest first.
pub(super) struct Bits(pub(super) u32);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            i
        })
    }
}

/// One node's parts, borrowed out of its stack slot.
struct Node<'a> {
    cand: &'a mut [u32],
    pos: &'a mut [u32],
    /// `placed[unit]`, then `left`.
    meta: &'a mut [u32],
}

impl<'a> Node<'a> {
    fn of(t: &Tables, slot: &'a mut [u32]) -> Node<'a> {
        let (cand, rest) = slot.split_at_mut(t.cells);
        let (pos, meta) = rest.split_at_mut(t.units * t.side);
        Node { cand, pos, meta }
    }

    #[inline]
    fn left(&self) -> u32 {
        self.meta[self.meta.len() - 1]
    }
}

/// The work lists of propagation, emptied whenever it stops.
#[derive(Default)]
struct Queues {
    /// Cells whose candidates fell to one.
    naked: Vec<u16>,
    /// Place masks (as `unit * side + digit`) that fell to one place.
    hidden: Vec<u16>,
}

impl Queues {
    fn size_for(&mut self, t: &Tables) {
        self.naked.reserve(t.cells + 1);
        self.hidden.reserve(t.units * t.side + 1);
    }

    /// Empties both lists and answers false: how propagation reports a contradiction.
    #[cold]
    fn fail(&mut self) -> bool {
        self.naked.clear();
        self.hidden.clear();
        false
    }
}

/// Cell `c` has lost digit `d + 1`: its bit leaves the digit's place mask in each of its
/// units. False when a mask is left empty; one left with a single place is queued.
#[inline(always)]
fn lose(t: &Tables, pos: &mut [u32], q: &mut Queues, c: usize, d: usize) -> bool {
    for l in t.links(c) {
        let i = l.at as usize + d;
        let m = pos[i] & !l.bit;
        pos[i] = m;
        if m & m.wrapping_sub(1) == 0 {
            if m == 0 {
                return false;
            }
            q.hidden.push(i as u16);
        }
    }
    true
}

/// Strikes digit `d + 1`, a candidate, from cell `c`, which is not placed. False on a
/// contradiction.
#[inline(always)]
fn strike(t: &Tables, node: &mut Node, q: &mut Queues, c: usize, d: usize) -> bool {
    let m = node.cand[c] & !(1 << d);
    node.cand[c] = m;
    if m & m.wrapping_sub(1) == 0 {
        if m == 0 {
            return false;
        }
        q.naked.push(c as u16);
    }
    lose(t, node.pos, q, c, d)
}

/// Places digit `bit` in cell `c`, which has it as a candidate: strikes the cell's other
/// candidates, and the digit from the cells of its units that have it, queueing what that
/// makes single. False on a contradiction.
#[inline]
fn place(t: &Tables, node: &mut Node, q: &mut Queues, c: usize, bit: u32) -> bool {
    let d = bit.trailing_zeros() as usize;
    for e in Bits(node.cand[c] & !bit) {
        if !lose(t, node.pos, q, c, e) {
            return false;
        }
    }
    node.cand[c] = bit;
    let left = node.meta.len() - 1;
    node.meta[left] -= 1;
    for l in t.links(c) {
        node.meta[l.unit as usize] |= bit;
        let i = l.at as usize + d;
        let others = node.pos[i] & !l.bit;
        node.pos[i] = PLACED;
        // A unit where the digit is placed already (only in a node that is about to be
        // found contradictory) has no places to strike.
        if placed(others) {
            continue;
        }
        let cells = &t.unit_cells[l.at as usize..];
        for j in Bits(others) {
            let p = cells[j] as usize;
            // A cell in two of these units lost the digit in the first.
            if node.cand[p] & bit != 0 && !strike(t, node, q, p, d) {
                return false;
            }
        }
    }
    true
}

/// Places the queued singles, and whatever they make single, to a fixed point. False on a
/// contradiction; the queues are empty either way.
fn singles(t: &Tables, node: &mut Node, q: &mut Queues) -> bool {
    loop {
        while let Some(c) = q.naked.pop() {
            let c = c as usize;
            let bit = node.cand[c];
            // Placed already as a hidden single (a cell of its row placed with this digit
            // elsewhere would have struck it from this one).
            if node.meta[c / t.side] & bit != 0 {
                continue;
            }
            if !place(t, node, q, c, bit) {
                return q.fail();
            }
        }
        let Some(i) = q.hidden.pop() else {
            return true;
        };
        let (u, bit) = (i as usize / t.side, 1 << (i as usize % t.side));
        if node.meta[u] & bit != 0 {
            continue;
        }
        let m = node.pos[i as usize];
        let c = t.unit_cells[u * t.side + m.trailing_zeros() as usize] as usize;
        if m & m.wrapping_sub(1) != 0 || !place(t, node, q, c, bit) {
            return q.fail();
        }
    }
}

/// Strikes the digits `mask` from cell `c`, which is not placed. False on a contradiction.
#[inline]
fn strike_all(t: &Tables, node: &mut Node, q: &mut Queues, c: usize, mask: u32) -> bool {
    let m = node.cand[c];
    let gone = m & mask;
    let rest = m & !gone;
    node.cand[c] = rest;
    if rest & rest.wrapping_sub(1) == 0 {
        if rest == 0 {
            return false;
        }
        q.naked.push(c as u16);
    }
    Bits(gone).all(|d| lose(t, node.pos, q, c, d))
}

/// Locked candidates, once over every segment: a digit whose places in a region all lie on
/// one line is struck from the rest of that line (pointing), and one whose places in a line
/// all lie in one region from the rest of that region (claiming). For a segment whose cells
/// have the candidates `a`, where the other segments of its line have `line` and the other
/// segments of its region along the same direction have `region`, the digits to strike are
/// `a & !line & region` from the rest of the region and `a & !region & line` from the rest of
/// the line, so nothing is scanned unless something goes. (Taking these unions of cells is
/// cheaper than testing every unit's place mask of every digit against its segments.)
/// `scratch` holds three words per segment. False on a contradiction; `changed` is set when
/// anything was struck.
fn locked(
    t: &Tables,
    node: &mut Node,
    q: &mut Queues,
    scratch: &mut [u32],
    changed: &mut bool,
) -> bool {
    let n = t.segs.len();
    let (unions, rest) = scratch.split_at_mut(n);
    let (in_line, in_region) = rest.split_at_mut(n);
    for (u, s) in unions.iter_mut().zip(&t.segs) {
        let cells = &t.seg_cells[s.start as usize..s.end as usize];
        *u = cells.iter().fold(0, |m, &c| m | node.cand[c as usize]);
    }
    // The other segments of each line (consecutive) and of each region along each direction.
    for w in t.line_segs.windows(2) {
        others(unions, w[0] as usize..w[1] as usize, |i| i, in_line);
    }
    for w in t.region_seg_start.windows(2) {
        let ids = &t.region_segs[w[0] as usize..w[1] as usize];
        others(unions, 0..ids.len(), |i| ids[i] as usize, in_region);
    }
    for (i, s) in t.segs.iter().enumerate() {
        let (a, line, region) = (unions[i], in_line[i], in_region[i]);
        for (digits, unit, keep) in [
            (a & !line & region, s.region, s.in_region),
            (a & !region & line, s.line, s.in_line),
        ] {
            if digits == 0 {
                continue;
            }
            *changed = true;
            let cells = t.unit(unit as usize);
            for (j, &c) in cells.iter().enumerate() {
                if keep >> j & 1 == 0 && !strike_all(t, node, q, c as usize, digits) {
                    return q.fail();
                }
            }
        }
    }
    true
}

/// For the segments `ids(k)`, `k` in `range`: the union of the others' `unions`, into `out`.
fn others(
    unions: &[u32],
    range: std::ops::Range<usize>,
    ids: impl Fn(usize) -> usize,
    out: &mut [u32],
) {
    let mut before = 0;
    for k in range.clone() {
        out[ids(k)] = before;
        before |= unions[ids(k)];
    }
    let mut after = 0;
    for k in range.rev() {
        out[ids(k)] |= after;
        after |= unions[ids(k)];
    }
}

/// A node's candidates as the rules' propagators see them (`super::rules::Domains`).
struct Domains<'a, 'n> {
    t: &'a Tables,
    node: &'a mut Node<'n>,
    q: &'a mut Queues,
    changed: bool,
}

impl super::rules::Domains for Domains<'_, '_> {
    #[inline]
    fn get(&self, c: usize) -> u32 {
        self.node.cand[c]
    }

    #[inline]
    fn keep(&mut self, c: usize, keep: u32) -> bool {
        let m = self.node.cand[c];
        let gone = m & !keep;
        if gone == 0 {
            return true;
        }
        // A placed (or forced) cell would lose its digit.
        if m & m.wrapping_sub(1) == 0 {
            return false;
        }
        self.changed = true;
        strike_all(self.t, self.node, self.q, c, gone)
    }
}

/// Singles, the rules beyond units (cages, relations: `super::rules`) and locked candidates
/// to a fixed point. False on a contradiction.
fn settle(t: &Tables, node: &mut Node, q: &mut Queues, scratch: &mut [u32]) -> bool {
    loop {
        if !singles(t, node, q) {
            return false;
        }
        if let Some(rules) = &t.rules {
            let mut d = Domains {
                t,
                node: &mut *node,
                q: &mut *q,
                changed: false,
            };
            if !rules.enforce(&mut d) {
                return q.fail();
            }
            let changed = d.changed;
            if changed {
                continue;
            }
        }
        if node.left() == 0 {
            return true;
        }
        let mut changed = false;
        if !locked(t, node, q, scratch, &mut changed) {
            return false;
        }
        if !changed {
            return true;
        }
    }
}

/// The order a branch's choices are tried in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Order {
    /// First to last (small digits, low cells first).
    #[default]
    Forward,
    /// Last to first.
    Reverse,
    /// First to last from a starting point drawn per branch from a seeded stream: a different
    /// order at every node, the same on every run.
    Rotated(u64),
}

impl Order {
    /// Forward for reverse and the other way round.
    fn reversed(self) -> Order {
        match self {
            Order::Forward => Order::Reverse,
            Order::Reverse => Order::Forward,
            rotated => rotated,
        }
    }
}

/// What wins when a digit has as few places in a unit as the best cell has candidates (both
/// more than two): see [`BitmaskSearch::pick`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Ties {
    /// The digit's places: near-empty 25x25 jigsaw and X-sudoku grids find solutions in
    /// hundreds of guesses where cells first take tens of thousands.
    #[default]
    Places,
    /// The cell: a partly filled 16x16 grid with no solution (the lexicographically smallest
    /// answer's probes) is refuted in thousands of guesses where places first took millions.
    Cells,
}

/// The alternatives of a node: `(cell, digit bit, weight)`, exactly one of which holds in every
/// solution of the node (with digit symmetry, up to relabelling: the weight is how many
/// solutions each one found stands for).
struct Branch {
    choices: [(u16, u32, u32); MAX_SIDE],
    len: usize,
}

/// Where a search's solutions go.
trait Collect {
    /// A first solution commits the running turn: its budget is lifted, so that it goes on to
    /// hand over every solution (see the module doc). Counting needs no such care: a turn that
    /// runs out of budget is simply restarted from zero.
    const COMMITS: bool;
    /// A solution, standing for `weight` solutions; false stops the search.
    fn found(&mut self, grid: &[u8], weight: u64) -> bool;
    /// Branch and bound: the weights (one per cell) and the floor, when bounding.
    fn bound(&self) -> Option<(&[u32], Option<u64>)> {
        None
    }
}

/// Counts solutions up to a limit and keeps the first.
struct Counter {
    limit: u64,
    count: u64,
    first: Vec<u8>,
}

impl Collect for Counter {
    const COMMITS: bool = false;

    fn found(&mut self, grid: &[u8], weight: u64) -> bool {
        if self.count == 0 {
            self.first.clear();
            self.first.extend_from_slice(grid);
        }
        self.count = self.count.saturating_add(weight);
        self.count < self.limit
    }
}

/// Hands solutions to a [`Sink`].
struct ToSink<'s> {
    sink: &'s mut dyn Sink,
    /// The sink's weights are usable (one per cell): bound with them.
    bounded: bool,
    stopped: bool,
}

impl Collect for ToSink<'_> {
    const COMMITS: bool = true;

    fn found(&mut self, grid: &[u8], _weight: u64) -> bool {
        self.stopped = !self.sink.solution(grid);
        !self.stopped
    }

    fn bound(&self) -> Option<(&[u32], Option<u64>)> {
        if !self.bounded {
            return None;
        }
        Some((self.sink.weights()?, self.sink.floor()))
    }
}

/// Branch and bound: true when no solution of the node can score above `floor`.
///
/// Rows, columns and regions each split the grid, so the score is the sum over the units of
/// any one of them, and a bound on each unit's share bounds the node. A unit's share is its
/// placed cells' exact score plus the best way to give its missing digits to its open cells,
/// relaxed so that an open cell may take any missing digit up to its largest candidate. Those
/// sets are nested, and then it is best to give each digit, largest first, to the heaviest
/// cell that can still take it (swapping the largest digit onto the heaviest cell able to take
/// it never lowers the score, and leaves every other cell able to take what it had). This is
/// never above the two simpler bounds (each cell's weight times its largest candidate; the
/// missing digits paired largest with heaviest). `first` is the split to try first, and
/// becomes the one that pruned. `by_weight` lists each unit's cells heaviest first.
fn beaten(
    t: &Tables,
    node: &Node,
    weights: &[u32],
    by_weight: &[u16],
    floor: u64,
    first: &mut usize,
    top: &mut [u8],
) -> bool {
    let side = t.side;
    // Each cell's largest candidate, and the placed cells' score (the same in every split).
    let mut placed = 0;
    for ((t, &m), &w) in top.iter_mut().zip(node.cand.iter()).zip(weights) {
        *t = (32 - m.leading_zeros()) as u8;
        if m & m.wrapping_sub(1) == 0 {
            placed += u64::from(w) * u64::from(*t);
        }
    }
    let start = *first;
    (0..3).map(|k| (start + k) % 3).any(|split| {
        let mut total = placed;
        for u in split * side..(split + 1) * side {
            // Past the floor: this split cannot prune, the next may.
            if total > floor {
                return false;
            }
            let mut missing = t.full & !node.meta[u];
            if missing == 0 {
                continue;
            }
            let cells = &by_weight[u * side..(u + 1) * side];
            let open = cells.iter().enumerate().fold(0u32, |o, (i, &c)| {
                let m = node.cand[c as usize];
                o | u32::from(m & m.wrapping_sub(1) != 0) << i
            });
            let mut open = open;
            while missing != 0 {
                let d = 32 - missing.leading_zeros();
                missing &= !(1 << (d - 1));
                let Some(i) = Bits(open).find(|&i| u32::from(top[cells[i] as usize]) >= d) else {
                    // No open cell can take it: the node has no solution at all.
                    return true;
                };
                open &= !(1 << i);
                total += u64::from(weights[cells[i] as usize]) * u64::from(d);
            }
        }
        let pruned = total <= floor;
        if pruned {
            *first = split;
        }
        pruned
    })
}

/// How a search of the root ended.
enum Root {
    /// Clashing givens, or a contradiction before any guess.
    None,
    /// Propagation alone filled the grid.
    Solved,
    /// Slot 0 holds the propagated root, which needs guesses.
    Open,
}

impl BitmaskSearch {
    fn cand(&self, slot: usize) -> &[u32] {
        let s = slot * self.t.stride;
        &self.stack[s..s + self.t.cells]
    }

    /// `placed[unit]`, then `left`.
    fn meta(&self, slot: usize) -> &[u32] {
        let s = slot * self.t.stride;
        &self.stack[s + self.t.cells + self.t.units * self.t.side..s + self.t.stride]
    }

    /// Copies the node in `slot` into `slot + 1`.
    fn push(&mut self, slot: usize) {
        let s = self.t.stride;
        self.stack
            .copy_within(slot * s..(slot + 1) * s, (slot + 1) * s);
    }

    /// Prepares the tables and the stack for `board` and propagates its givens into slot 0;
    /// with `exclude = Some((cell, digit))`, after striking `digit` from the empty `cell`.
    fn start(&mut self, board: &Board, exclude: Option<(usize, u8)>) -> Root {
        self.guesses = 0;
        self.capped = false;
        if !self.t.prepare(&board.geometry) || board.cells.len() != self.t.cells {
            return Root::None;
        }
        let want = self.t.stride * (self.t.cells + 1);
        if self.stack.len() < want {
            self.stack.resize(want, 0);
        }
        self.queues.size_for(&self.t);
        self.open.resize(self.t.segs.len(), 0);
        self.unions.resize(3 * self.t.segs.len(), 0);
        self.grid.resize(self.t.cells, 0);
        let s = self.t.stride;
        let (t, q) = (&self.t, &mut self.queues);
        let mut node = Node::of(t, &mut self.stack[..s]);
        // The givens: a digit already in one of the cell's units is a clash.
        node.meta.fill(0);
        for (c, &v) in board.cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            if v as usize > t.side {
                return Root::None;
            }
            let bit = 1u32 << (v - 1);
            for l in t.links(c) {
                if node.meta[l.unit as usize] & bit != 0 {
                    return Root::None;
                }
                node.meta[l.unit as usize] |= bit;
            }
        }
        // Every empty cell gets the digits none of its units holds, and the place masks
        // follow; a placed digit's mask is PLACED.
        let mut left = 0;
        q.naked.clear();
        q.hidden.clear();
        node.pos.fill(0);
        for (c, &v) in board.cells.iter().enumerate() {
            let m = if v != 0 {
                1 << (v - 1)
            } else {
                let used = t
                    .links(c)
                    .iter()
                    .fold(0, |m, l| m | node.meta[l.unit as usize]);
                let m = t.full & !used;
                if m == 0 {
                    return Root::None;
                }
                left += 1;
                if m & (m - 1) == 0 {
                    q.naked.push(c as u16);
                }
                for l in t.links(c) {
                    for d in Bits(m) {
                        node.pos[l.at as usize + d] |= l.bit;
                    }
                }
                m
            };
            node.cand[c] = m;
        }
        node.meta[t.units] = left;
        for u in 0..t.units {
            let (done, at) = (node.meta[u], u * t.side);
            for d in Bits(done) {
                node.pos[at + d] = PLACED;
            }
            for d in Bits(t.full & !done) {
                let m = node.pos[at + d];
                if m & m.wrapping_sub(1) == 0 {
                    if m == 0 {
                        return Root::None;
                    }
                    q.hidden.push((at + d) as u16);
                }
            }
        }
        if let Some((c, v)) = exclude {
            let bit = digit_bit(v);
            if node.cand[c] == bit
                || node.cand[c] & bit != 0 && !strike(t, &mut node, q, c, usize::from(v - 1))
            {
                return Root::None;
            }
        }
        if !settle(t, &mut node, q, &mut self.unions) {
            return Root::None;
        }
        if node.left() == 0 {
            Root::Solved
        } else {
            Root::Open
        }
    }

    /// The candidates of each cell of `board` once propagation (naked and hidden singles,
    /// locked candidates) has run from its givens, after striking `digit` from `cell` when
    /// `exclude` is `Some((cell, digit))` (nothing to strike if the cell does not have it; no
    /// candidate left if it holds it as a given). One mask per cell, bit `d` for digit `d + 1`;
    /// a placed cell keeps exactly its digit's bit. Every solution's digits are among them.
    /// `None` when propagation finds a contradiction (clashing givens included).
    ///
    /// ```
    /// use sudoku_judge_core::model::{Board, Geometry};
    /// use sudoku_judge_core::solve::any::bitmask::BitmaskSearch;
    ///
    /// // 4x4: the first row is 1 2 3 4 and the first column 1 3 2 4 (givens or forced).
    /// let cells = vec![1, 2, 3, 0, 3, 0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 0];
    /// let board = Board::new(Geometry::standard(2), cells);
    /// let mut search = BitmaskSearch::new();
    /// assert_eq!(search.candidates(&board, None).unwrap()[3], 0b1000);
    /// // Cell 3 cannot avoid its only digit.
    /// assert!(search.candidates(&board, Some((3, 4))).is_none());
    /// ```
    pub fn candidates(&mut self, board: &Board, exclude: Option<(usize, u8)>) -> Option<&[u32]> {
        if let Some((c, _)) = exclude {
            assert!(c < board.cells.len(), "cell {c} is off the board");
        }
        match self.start(board, exclude) {
            Root::None => None,
            Root::Solved | Root::Open => Some(self.cand(0)),
        }
    }

    /// The digits of the node in `slot` into `self.grid`.
    fn fill_grid(&mut self, slot: usize) {
        let s = slot * self.t.stride;
        let cand = &self.stack[s..s + self.t.cells];
        for (g, &m) in self.grid.iter_mut().zip(cand) {
            *g = m.trailing_zeros() as u8 + 1;
        }
    }

    /// Digits placed in no cell of the node in `slot`.
    fn unused(&self, slot: usize) -> u32 {
        let rows = &self.meta(slot)[..self.t.side];
        self.t.full & !rows.iter().fold(0, |m, &r| m | r)
    }

    /// What to branch on at the node in `slot` (propagated, consistent, not full); see the
    /// module doc. In the restricted search, a cell branch keeps one unused digit for all.
    ///
    /// Builds for baseline x86-64 have no `popcnt` instruction, so `count_ones` is a dozen
    /// instructions: the common case (some cell or place mask with exactly two bits) is
    /// found with two cheaper tests, and counts are taken only when there is none.
    fn pick(&mut self, slot: usize) -> Branch {
        let rotated = matches!(self.order, Order::Rotated(_));
        let mut b = Branch {
            choices: [(0, 0, 1); MAX_SIDE],
            len: 0,
        };
        let t = &self.t;
        let s = slot * t.stride;
        let cand = &self.stack[s..s + t.cells];
        // Unsolved cells per segment, where lines meet regions; whether some cell has two
        // candidates.
        let open = &mut self.open;
        open.fill(0);
        let mut pair = false;
        for (c, &m) in cand.iter().enumerate() {
            let rest = m & m.wrapping_sub(1);
            if rest != 0 {
                pair |= rest & rest.wrapping_sub(1) == 0;
                let [a, b] = t.cell_segs[c];
                open[a as usize] += 1;
                open[b as usize] += 1;
            }
        }
        let best_n = if pair {
            2
        } else {
            cand.iter()
                .map(|&m| m.count_ones())
                .filter(|&n| n >= 2)
                .min()
                .unwrap_or(2)
        };
        if best_n > 2 {
            // A digit with no more places in some unit than the best cell has candidates
            // (none has fewer than two at a fixed point): the fewest, the first found if
            // several. Which wins a tie with the cells depends on the turn (see [`Ties`]); no
            // puzzle of the 16x16 and 25x25 sets ever meets such a tie (a fixed point there
            // always has a cell with two candidates).
            let pos = &self.stack[s + t.cells..s + t.cells + t.units * t.side];
            // The rotated orders start looking at a random place: among equals, a random one.
            let from = if rotated {
                (splitmix(&mut self.rng) % pos.len() as u64) as usize
            } else {
                0
            };
            let order = (from..pos.len()).chain(0..from);
            let fewest = match order.clone().find(|&i| two(pos[i])) {
                // Fewer places than the cell's candidates (so at least three of those).
                _ if self.ties == Ties::Cells => order
                    .filter(|&i| !placed(pos[i]))
                    .min_by_key(|&i| pos[i].count_ones())
                    .filter(|&i| pos[i].count_ones() < best_n),
                Some(at) => Some(at),
                // Three places: two bits once the lowest is cleared (never for PLACED).
                None if best_n == 3 => order
                    .clone()
                    .find(|&i| two(pos[i] & pos[i].wrapping_sub(1))),
                None => order
                    .filter(|&i| !placed(pos[i]))
                    .min_by_key(|&i| pos[i].count_ones())
                    .filter(|&i| pos[i].count_ones() <= best_n),
            };
            if let Some(at) = fewest {
                let bit = 1 << (at % t.side);
                let cells = &t.unit_cells[at - at % t.side..];
                for j in Bits(pos[at]) {
                    b.choices[b.len] = (cells[j], bit, 1);
                    b.len += 1;
                }
                return b;
            }
        }
        // Among the cells with the fewest candidates, the most unsolved peers (up to a
        // constant): the unsolved cells of its units, less those counted twice where its
        // line meets its region (extra units are simply added).
        let meta = &self.stack[s + t.cells + t.units * t.side..s + t.stride];
        let unsolved = |u: u16| t.side as i32 - meta[u as usize].count_ones() as i32;
        let (mut best, mut most) = (0, i32::MIN);
        let from = if rotated {
            (splitmix(&mut self.rng) % t.cells as u64) as usize
        } else {
            0
        };
        for c in (from..t.cells).chain(0..from) {
            let m = cand[c];
            if if pair {
                !two(m)
            } else {
                m.count_ones() != best_n
            } {
                continue;
            }
            let [a, b] = t.cell_segs[c];
            let degree = t.links(c).iter().map(|l| unsolved(l.unit)).sum::<i32>()
                - i32::from(open[a as usize])
                - i32::from(open[b as usize]);
            if degree > most {
                (best, most) = (c, degree);
            }
        }
        let mut m = cand[best];
        let mut keep_one = 0;
        let mut weight = 1;
        if self.symmetric {
            let free = m & self.unused(slot);
            if free.count_ones() >= 2 {
                keep_one = free & free.wrapping_neg();
                weight = free.count_ones();
                m = (m & !free) | keep_one;
            }
        }
        for d in Bits(m) {
            let bit = 1 << d;
            let w = if bit == keep_one { weight } else { 1 };
            b.choices[b.len] = (best as u16, bit, w);
            b.len += 1;
        }
        b
    }

    /// Explores the node in `slot` (propagated, consistent, not full), whose solutions each
    /// stand for `weight`. True when the search must stop (the collector said so, or the
    /// budget ran out).
    fn dfs<C: Collect>(&mut self, col: &mut C, slot: usize, weight: u64) -> bool {
        let branch = self.pick(slot);
        let len = branch.len;
        let first = match self.order {
            Order::Rotated(_) => (splitmix(&mut self.rng) % len as u64) as usize,
            _ => 0,
        };
        for i in 0..len {
            let k = match self.order {
                Order::Reverse => len - 1 - i,
                _ => (first + i) % len,
            };
            let (cell, bit, w) = branch.choices[k];
            if self.cap.is_some_and(|c| self.guesses >= c) {
                self.capped = true;
                self.aborted = true;
                return true;
            }
            self.guesses += 1;
            if self.guesses.is_multiple_of(METER_STEP)
                && let Some(m) = &self.meter
            {
                m.fetch_add(METER_STEP, Relaxed);
            }
            if self.guesses > self.budget {
                self.aborted = true;
                return true;
            }
            // The last choice needs no copy: the parent is not looked at again.
            let next = if i + 1 == len {
                slot
            } else {
                self.push(slot);
                slot + 1
            };
            let s = self.t.stride;
            let (t, q) = (&self.t, &mut self.queues);
            let mut node = Node::of(t, &mut self.stack[next * s..(next + 1) * s]);
            if !place(t, &mut node, q, cell as usize, bit) {
                q.fail();
                continue;
            }
            if !settle(t, &mut node, q, &mut self.unions) {
                continue;
            }
            if let Some((weights, Some(floor))) = col.bound()
                && beaten(
                    t,
                    &node,
                    weights,
                    &self.by_weight,
                    floor,
                    &mut self.split,
                    &mut self.top,
                )
            {
                continue;
            }
            let weight = weight.saturating_mul(u64::from(w));
            let stop = if node.left() == 0 {
                self.fill_grid(next);
                if C::COMMITS {
                    self.budget = u64::MAX;
                }
                !col.found(&self.grid, weight)
            } else {
                self.dfs(col, next, weight)
            };
            if stop {
                return true;
            }
        }
        false
    }

    /// One complete search from the root in slot 0, in `order`, restricted or not, giving up
    /// after `budget` guesses (false) unless it finds a solution first.
    fn run<C: Collect>(
        &mut self,
        col: &mut C,
        restricted: bool,
        order: Order,
        ties: Ties,
        budget: u64,
    ) -> bool {
        self.order = order;
        self.ties = ties;
        if let Order::Rotated(seed) = order {
            self.rng = seed;
        }
        self.budget = self.guesses.saturating_add(budget);
        self.aborted = false;
        self.symmetric = restricted;
        self.push(0);
        let mut weight = 1;
        if restricted {
            match self.fill_unit(1) {
                Some(w) => weight = w,
                None => return true,
            }
            if self.meta(1)[self.t.units] == 0 {
                self.fill_grid(1);
                col.found(&self.grid, weight);
                return true;
            }
        }
        self.dfs(col, 1, weight);
        !self.aborted
    }

    /// In the restricted search: when some unit holds every digit placed so far, its empty
    /// cells hold exactly the unused digits, and any solution can be relabelled so that they
    /// increase along those cells; places them so and returns the weight of each solution
    /// left, `k!` for `k` unused digits (1 when no unit qualifies). `None` when placing them
    /// contradicts (then the node has no solution at all).
    fn fill_unit(&mut self, slot: usize) -> Option<u64> {
        let unused = self.unused(slot);
        let k = unused.count_ones();
        if k < 2 {
            return Some(1);
        }
        let t = &self.t;
        let meta = self.meta(slot);
        let Some(u) = (0..t.units).find(|&u| meta[u] | unused == t.full) else {
            return Some(1);
        };
        // The empty cells, before any is placed.
        let cand = self.cand(slot);
        let empty = t
            .unit(u)
            .iter()
            .enumerate()
            .filter(|&(_, &c)| cand[c as usize].count_ones() > 1)
            .fold(0u32, |m, (j, _)| m | 1 << j);
        let s = t.stride;
        let (t, q) = (&self.t, &mut self.queues);
        let mut node = Node::of(t, &mut self.stack[slot * s..(slot + 1) * s]);
        for (j, d) in Bits(empty).zip(Bits(unused)) {
            let c = t.unit(u)[j] as usize;
            let bit = 1 << d;
            // Placing an earlier one may have made this cell single: with this digit it is
            // queued (and placing it now is the same), without it the node has no solution.
            if node.cand[c] & bit == 0 || !place(t, &mut node, q, c, bit) {
                q.fail();
                return None;
            }
        }
        if !settle(t, &mut node, q, &mut self.unions) {
            return None;
        }
        Some((2..=u64::from(k)).fold(1, |f, i| f.saturating_mul(i)))
    }

    /// Complete searches taking turns until one finishes; round `r`'s turns are `turns(r)`:
    /// restricted or not, the order of the choices, what wins ties, and a right shift of the
    /// round's budget, which starts at `budget` and grows 4x a round.
    fn in_turns<C: Collect, const T: usize>(
        &mut self,
        col: &mut C,
        reset: impl Fn(&mut C),
        mut budget: u64,
        turns: impl Fn(u64) -> [(bool, Order, Ties, u32); T],
    ) {
        for round in 0.. {
            for (restricted, order, ties, shift) in turns(round) {
                reset(col);
                if self.run(col, restricted, order, ties, budget >> shift) || self.capped {
                    return;
                }
            }
            budget = budget.saturating_mul(4);
        }
    }
}

impl Search for BitmaskSearch {
    fn search(&mut self, board: &Board, sink: &mut dyn Sink) -> bool {
        if let Some(t) = board.geometry.rules().and_then(|r| r.tiling()) {
            return self.dominoes(board, t, sink);
        }
        let bounded = sink.weights().is_some_and(|w| w.len() == board.cells.len());
        let mut col = ToSink {
            sink,
            bounded,
            stopped: false,
        };
        match self.start(board, None) {
            Root::None => return false,
            Root::Solved => {
                self.fill_grid(0);
                return !col.found(&self.grid, 1);
            }
            Root::Open => {}
        }
        if let Some(weights) = col.sink.weights().filter(|_| bounded) {
            // Each unit's cells, heaviest first (ties in cell order).
            let t = &self.t;
            self.top.resize(t.cells, 0);
            self.by_weight.clear();
            for u in 0..3 * t.side {
                let from = self.by_weight.len();
                self.by_weight.extend_from_slice(t.unit(u));
                self.by_weight[from..].sort_by_key(|&c| std::cmp::Reverse(weights[c as usize]));
            }
            let s = t.stride;
            if let Some(floor) = col.sink.floor()
                && beaten(
                    t,
                    &Node::of(t, &mut self.stack[..s]),
                    weights,
                    &self.by_weight,
                    floor,
                    &mut self.split,
                    &mut self.top,
                )
            {
                return false;
            }
        }
        // Large digits first when bounding: high scores early raise the floor early.
        let plain = if bounded {
            Order::Reverse
        } else {
            Order::Forward
        };
        // No solution reaches the sink before a turn commits, so there is nothing to reset.
        // Most boards settle within the first budget of the plain order, exactly as one
        // unbounded search would; one that does not is either a large tree to exhaust (any
        // order then does the same work) or has solutions the plain order is slow to reach,
        // which a rotated order on a quarter of the budget often finds at once.
        self.in_turns(
            &mut col,
            |_| {},
            FIRST_BUDGET,
            |round| {
                [
                    (false, plain, Ties::Places, 0),
                    (false, plain.reversed(), Ties::Places, 1),
                    (false, Order::Rotated(round + 1), Ties::Places, 2),
                ]
            },
        );
        col.stopped
    }

    fn count(&mut self, board: &Board, limit: u64, first: &mut Vec<u8>) -> u64 {
        let limit = limit.max(1);
        first.clear();
        if let Some(t) = board.geometry.rules().and_then(|r| r.tiling()) {
            let mut sink = super::CountTo::new(limit);
            self.dominoes(board, t, &mut sink);
            first.extend_from_slice(&sink.first);
            return sink.count;
        }
        let root = self.start(board, None);
        let mut col = Counter {
            limit,
            count: 0,
            first: std::mem::take(&mut self.first),
        };
        match root {
            Root::None => {}
            Root::Solved => {
                self.fill_grid(0);
                col.found(&self.grid, 1);
            }
            Root::Open => {
                // Cages and relations tell digits apart: no symmetry.
                let k = match self.t.rules {
                    Some(_) => 0,
                    None => u64::from(self.unused(0).count_ones()),
                };
                let orbit = (2..=k).fold(1u64, |f, i| f.saturating_mul(i));
                let reset = |c: &mut Counter| c.count = 0;
                if k >= 2 && orbit >= limit {
                    // One solution stands for `orbit >= limit` of them: any complete search
                    // that stops at the first settles the count. The restricted one and the
                    // plain ones in three orders each get lost on some near-empty jigsaw grids
                    // and settle others at once, so they take turns.
                    col.limit = 1;
                    self.in_turns(&mut col, reset, FIRST_BUDGET_ONE, |round| {
                        [
                            (true, Order::Forward, Ties::Places, 0),
                            (false, Order::Forward, Ties::Places, 0),
                            (false, Order::Reverse, Ties::Cells, 0),
                            (true, Order::Rotated(2 * round + 1), Ties::Places, 2),
                            (false, Order::Rotated(2 * round + 2), Ties::Places, 2),
                        ]
                    });
                    if col.count > 0 {
                        col.count = limit;
                    }
                } else {
                    let restricted = k >= 2;
                    self.in_turns(&mut col, reset, FIRST_BUDGET, |round| {
                        [
                            (restricted, Order::Forward, Ties::Cells, 0),
                            (restricted, Order::Reverse, Ties::Places, 1),
                            (restricted, Order::Rotated(round + 1), Ties::Places, 2),
                        ]
                    });
                }
            }
        }
        let count = col.count.min(limit);
        if count > 0 {
            first.extend_from_slice(&col.first);
        }
        self.first = col.first;
        count
    }

    fn serves(&self, _: &Geometry) -> bool {
        true
    }

    fn set_cap(&mut self, nodes: Option<u64>) {
        self.cap = nodes;
    }

    fn nodes(&self) -> u64 {
        self.guesses
    }

    fn capped(&self) -> bool {
        self.capped
    }

    fn set_meter(&mut self, meter: Option<Arc<AtomicU64>>) {
        self.meter = meter;
    }
}

#[cfg(test)]
mod tests {
    use super::super::testdata::*;
    use super::super::{Best, CountTo};
    use super::*;
    use crate::model::Puzzle;
    use crate::solve::SolverKind;

    /// Counts to `limit` and checks the answer's invariants: the first solution is present
    /// exactly when the count is positive, and it solves the board.
    fn count(s: &mut BitmaskSearch, b: &Board, limit: u64) -> (u64, Vec<u8>) {
        let mut first = vec![9; 3];
        let n = s.count(b, limit, &mut first);
        assert!(n <= limit.max(1));
        assert_eq!(first.is_empty(), n == 0);
        if n > 0 {
            assert!(b.is_solved_by(&first), "{b:?} -> {first:?}");
        }
        (n, first)
    }

    /// Every solution the search hands over, stopping after `stop` of them.
    struct All {
        grids: Vec<Vec<u8>>,
        stop: usize,
    }

    impl Sink for All {
        fn solution(&mut self, cells: &[u8]) -> bool {
            self.grids.push(cells.to_vec());
            self.grids.len() < self.stop
        }
    }

    /// The solutions `search` hands over, checked: each solves the board, none comes twice,
    /// and a second search gives the same ones in the same order.
    fn visit(s: &mut BitmaskSearch, b: &Board, stop: usize) -> Vec<Vec<u8>> {
        let mut all = All {
            grids: Vec::new(),
            stop,
        };
        let stopped = s.search(b, &mut all);
        assert_eq!(stopped, all.grids.len() == stop);
        let mut seen = std::collections::HashSet::new();
        for g in &all.grids {
            assert!(b.is_solved_by(g), "{b:?} -> {g:?}");
            assert!(seen.insert(g.clone()), "a solution handed over twice");
        }
        let mut again = All {
            grids: Vec::new(),
            stop,
        };
        s.search(b, &mut again);
        assert_eq!(
            all.grids, again.grids,
            "the order depends on the board alone"
        );
        all.grids
    }

    fn board(g: &Arc<Geometry>, cells: &[u8]) -> Board {
        Board::new(g.clone(), cells.to_vec())
    }

    #[test]
    fn sudoku16_unique_1000() {
        let mut s = BitmaskSearch::new();
        for (i, (b, answer)) in line_set(SUDOKU16, SUDOKU16_ANSWERS).iter().enumerate() {
            let want = line_cells(answer);
            assert_eq!(count(&mut s, b, 2), (1, want.clone()), "puzzle {}", i + 1);
            let mut sink = CountTo::new(1);
            assert!(s.search(b, &mut sink));
            assert_eq!(sink.first, want, "puzzle {}", i + 1);
        }
    }

    #[test]
    fn sudoku16_hard_100() {
        let mut s = BitmaskSearch::new();
        for (i, (b, answer)) in line_set(SUDOKU16_HARD, SUDOKU16_HARD_ANSWERS)
            .iter()
            .enumerate()
        {
            let want = line_cells(answer);
            assert_eq!(count(&mut s, b, 2), (1, want.clone()), "puzzle {}", i + 1);
            assert_eq!(count(&mut s, b, 1), (1, want), "puzzle {}", i + 1);
        }
    }

    #[test]
    fn sudoku25_unique_50() {
        let mut s = BitmaskSearch::new();
        for (i, (b, want)) in sudoku25().iter().enumerate() {
            assert_eq!(count(&mut s, b, 2), (1, want.clone()), "puzzle {}", i + 1);
        }
    }

    #[test]
    fn sudoku4_all_with_exact_counts_and_every_solution() {
        let all = all_grids(&Geometry::standard(2));
        assert_eq!(all.len(), 288);
        let mut s = BitmaskSearch::new();
        let (mut none, mut multiple) = (0, 0);
        for (i, (b, answer)) in line_set(SUDOKU4, SUDOKU4_ANSWERS).iter().enumerate() {
            let brute: Vec<&Vec<u8>> = completions(&all, &b.cells).collect();
            let clash = b.first_clash(&b.cells).is_some();
            let want = if clash { 0 } else { brute.len() as u64 };
            match *answer {
                "None" => {
                    none += 1;
                    assert_eq!(want, 0, "puzzle {}", i + 1);
                }
                "Multiple" => {
                    multiple += 1;
                    assert!(want >= 2, "puzzle {}", i + 1);
                }
                a => assert_eq!((want, brute[0]), (1, &line_cells(a)), "puzzle {}", i + 1),
            }
            assert_eq!(count(&mut s, b, 2).0, want.min(2), "puzzle {}", i + 1);
            assert_eq!(count(&mut s, b, u64::MAX).0, want, "puzzle {}", i + 1);
            let mut got = visit(&mut s, b, usize::MAX);
            got.sort();
            let mut brute: Vec<Vec<u8>> = brute.into_iter().cloned().collect();
            brute.sort();
            if clash {
                brute.clear();
            }
            assert_eq!(got, brute, "puzzle {}", i + 1);
        }
        assert_eq!((none, multiple), (90, 100));
    }

    #[test]
    fn one_by_one() {
        let mut s = BitmaskSearch::new();
        for g in [
            Geometry::standard(1),
            Arc::new(Geometry::standard(1).with_diagonals()),
        ] {
            for cells in [[0], [1]] {
                assert_eq!(count(&mut s, &board(&g, &cells), 2), (1, vec![1]));
                assert_eq!(visit(&mut s, &board(&g, &cells), 5), vec![vec![1]]);
            }
        }
    }

    /// CodeChef J1 (X-sudoku, unique) and SPOJ HS12DISU (X-sudoku, any answer), JUDGES.md D2.
    #[test]
    fn diagonal_samples() {
        let x = Arc::new(Geometry::standard(3).with_diagonals());
        let mut s = BitmaskSearch::new();
        let j1 = [
            (
                ".8....2.. .1....5.. ..34..7.. ..9.5.... .2...46.. 3........ 9...2.... \
                 ......... ......4.7",
                "486715293 712938546 593462718 679251384 128394675 354876129 945627831 \
                 867143952 231589467",
            ),
            (
                "....41... ...6....5 .....7.9. ....1.3.. .5......1 .2....... ..18...76 \
                 .7......2 ........3",
                "293541768 748692135 615387294 864715329 357269481 129438657 531824976 \
                 476953812 982176543",
            ),
        ];
        for (puzzle, answer) in j1 {
            let b = board(&x, &line_cells(&puzzle.replace(' ', "")));
            let want = line_cells(&answer.replace(' ', ""));
            assert_eq!(count(&mut s, &b, 2), (1, want.clone()));
            assert_eq!(count(&mut s, &b, u64::MAX), (1, want));
            // Without the diagonals the same givens have many solutions.
            let plain = Board::new(Geometry::standard(3), b.cells.clone());
            assert_eq!(count(&mut s, &plain, 2).0, 2);
        }
        let hs = ".45...63. 2...1...5 9..8.5..7 ..9...3.. .3.....7. ..8...5.. 8..5.3..1 \
                  5...2...3 .26...95.";
        let b = board(&x, &line_cells(&hs.replace(' ', "")));
        let sample = line_cells(
            "145792638287316495963845217459271386632458179718639542894563721571924863326187954",
        );
        assert!(b.is_solved_by(&sample));
        let (n, _) = count(&mut s, &b, u64::MAX);
        assert!(n >= 1);
        assert!(visit(&mut s, &b, usize::MAX).contains(&sample));
    }

    #[test]
    fn diagonal_4x4_exact_counts() {
        let x = Arc::new(Geometry::standard(2).with_diagonals());
        let all = all_grids(&x);
        assert!(!all.is_empty() && all.len() < 288);
        let mut s = BitmaskSearch::new();
        let mut rng = Rng(4);
        assert_eq!(
            count(&mut s, &board(&x, &[0; 16]), u64::MAX).0,
            all.len() as u64
        );
        for _ in 0..300 {
            let mut cells = all[rng.below(all.len())].clone();
            for c in cells.iter_mut() {
                if rng.below(3) != 0 {
                    *c = 0;
                }
            }
            let b = board(&x, &cells);
            let want = completions(&all, &cells).count() as u64;
            assert_eq!(count(&mut s, &b, u64::MAX).0, want, "{cells:?}");
            assert_eq!(visit(&mut s, &b, usize::MAX).len() as u64, want);
        }
    }

    #[test]
    fn jigsaw_4x4_exact_counts() {
        let mut s = BitmaskSearch::new();
        let mut rng = Rng(44);
        let mut layouts = 0;
        for _ in 0..6 {
            let solution = pattern_grid(2, &mut rng);
            let g = Arc::new(grow_jigsaw(2, &solution, 20, &mut rng));
            layouts += !g.is_standard() as usize;
            let all = all_grids(&g);
            assert!(all.contains(&solution));
            for _ in 0..60 {
                let mut cells = all[rng.below(all.len())].clone();
                let keep = rng.below(4);
                for c in cells.iter_mut() {
                    if rng.below(4) >= keep {
                        *c = 0;
                    }
                }
                let b = board(&g, &cells);
                let want = completions(&all, &cells).count() as u64;
                for limit in [1, 2, 3, u64::MAX] {
                    assert_eq!(
                        count(&mut s, &b, limit).0,
                        want.min(limit),
                        "{g:?} {cells:?}"
                    );
                }
                let mut got = visit(&mut s, &b, usize::MAX);
                got.sort();
                let want: Vec<Vec<u8>> = completions(&all, &cells).cloned().collect();
                assert_eq!(got, want);
            }
        }
        assert!(layouts >= 3, "the swaps make jigsaw layouts");
    }

    #[test]
    fn jigsaw_16x16() {
        let mut s = BitmaskSearch::new();
        let mut rng = Rng(16);
        for _ in 0..2 {
            let solution = pattern_grid(4, &mut rng);
            let g = Arc::new(grow_jigsaw(4, &solution, 400, &mut rng));
            assert!(!g.is_standard());
            assert!(board(&g, &solution).is_solved_by(&solution));
            // Clues removed in random order while the answer stays unique.
            let mut cells = solution.clone();
            let mut order: Vec<usize> = (0..256).collect();
            rng.shuffle(&mut order);
            for &c in &order {
                let v = cells[c];
                cells[c] = 0;
                if count(&mut s, &board(&g, &cells), 2).0 != 1 {
                    cells[c] = v;
                }
            }
            let b = board(&g, &cells);
            assert_eq!(count(&mut s, &b, 2), (1, solution.clone()));
            let mut sink = CountTo::new(2);
            s.search(&b, &mut sink);
            assert_eq!((sink.count, &sink.first), (1, &solution));
            // One clue fewer: several solutions, each valid, the same count either way.
            let c = (0..256).find(|&c| cells[c] != 0).unwrap();
            cells[c] = 0;
            let b = board(&g, &cells);
            assert_eq!(count(&mut s, &b, 2).0, 2);
            assert_eq!(visit(&mut s, &b, 2).len(), 2);
        }
    }

    /// Luogu P1074 (JUDGES.md D1): the best score over every solution, by branch and bound.
    #[test]
    fn target_sudoku_samples() {
        let weights: Vec<u32> = (0..81)
            .map(|c: i32| 10 - ((c / 9 - 4).abs()).max((c % 9 - 4).abs()) as u32)
            .collect();
        let samples = [
            (
                "7 0 0 9 0 0 0 0 1  1 0 0 0 0 5 9 0 0  0 0 0 2 0 0 0 8 0
                 0 0 5 0 2 0 0 0 3  0 0 0 0 0 0 6 4 8  4 1 3 0 0 0 0 0 0
                 0 0 7 0 0 2 0 9 0  2 0 1 0 6 0 8 0 4  0 8 0 5 0 4 0 1 2",
                2829,
            ),
            (
                "0 0 0 7 0 2 4 5 3  9 0 0 0 0 8 0 0 0  7 4 0 0 0 5 0 1 0
                 1 9 5 0 8 0 0 0 0  0 7 0 0 0 0 0 2 5  0 3 0 5 7 9 1 0 8
                 0 0 0 6 0 1 0 0 0  0 6 0 9 0 0 0 0 1  0 0 0 0 0 0 0 0 6",
                2852,
            ),
        ];
        let mut s = BitmaskSearch::new();
        for (text, want) in samples {
            let cells = nums_grids(text, 3, false).remove(0);
            let b = Board::new(Geometry::standard(3), cells);
            let mut best = Best::new(&weights);
            assert!(!s.search(&b, &mut best));
            let (score, grid) = best.best.unwrap();
            assert_eq!(score, want);
            assert!(b.is_solved_by(&grid));
            assert_eq!(super::super::score(&weights, &grid), want);
            // Every solution visited: 3 and 85 (JUDGES.md), the same best.
            let all = visit(&mut s, &b, usize::MAX);
            assert_eq!(all.len(), if want == 2829 { 3 } else { 85 });
            let top = all.iter().map(|g| super::super::score(&weights, g)).max();
            assert_eq!(top, Some(want));
        }
        // No solution: nothing handed over (the judge prints -1).
        let mut cells = vec![0; 81];
        (cells[0], cells[1]) = (5, 5);
        let mut best = Best::new(&weights);
        s.search(&Board::new(Geometry::standard(3), cells), &mut best);
        assert!(best.best.is_none());
    }

    /// The bound skips subtrees but never the best: the same best as a visit of every
    /// solution, on boards with hundreds of solutions.
    #[test]
    fn branch_and_bound_finds_the_best() {
        let mut rng = Rng(1074);
        let mut s = BitmaskSearch::new();
        let weights: Vec<u32> = (0..81).map(|_| rng.below(20) as u32).collect();
        for _ in 0..20 {
            let mut cells = pattern_grid(3, &mut rng);
            for c in cells.iter_mut() {
                if rng.below(2) == 0 {
                    *c = 0;
                }
            }
            let b = Board::new(Geometry::standard(3), cells);
            let all = visit(&mut s, &b, usize::MAX);
            let want = all.iter().map(|g| super::super::score(&weights, g)).max();
            let mut best = Best::new(&weights);
            s.search(&b, &mut best);
            assert_eq!(best.best.map(|b| b.0), want);
        }
    }

    /// The tuned 9x9 solvers and this one agree on 9x9 boards: tdoku's tests (counts 0, 1
    /// and many), jigsaw layouts (HDU 4069) and puzzles with several solutions.
    #[test]
    fn agrees_with_the_tuned_9x9_solvers() {
        use crate::model::testutil::{grid, hdu4069_cases};
        let mut tuned = SolverKind::Bitmask.build();
        let mut s = BitmaskSearch::new();
        let mut check = |p: &Puzzle, exact: Option<u64>| {
            let b = Board::from_puzzle(p);
            for limit in [1, 2] {
                let want = tuned.solve(p, limit as u32);
                let (n, first) = count(&mut s, &b, limit);
                assert_eq!(n, u64::from(want.count), "{p:?}");
                if n == 1 && limit == 2 {
                    assert_eq!(first, want.solution.unwrap().to_vec());
                }
            }
            if let Some(exact) = exact {
                assert_eq!(count(&mut s, &b, u64::MAX).0, exact, "{p:?}");
            }
        };
        let tdoku = include_str!("../../../testdata/sets/tdoku_test_puzzles");
        for line in tdoku.lines().filter(|l| !l.starts_with('#')) {
            let mut parts = line.split(':');
            let p = Puzzle::standard(grid(parts.next().unwrap()));
            check(&p, Some(parts.next().unwrap().parse().unwrap()));
        }
        let mixed = include_str!("../../../testdata/sets/hdu4069_mixed_300.in");
        for p in hdu4069_cases(mixed) {
            check(&p, None);
        }
        for name in [
            include_str!("../../../testdata/sets/serg_1000"),
            include_str!("../../../testdata/sets/magictour_500"),
        ] {
            for line in name.lines().filter(|l| !l.starts_with('#')).take(300) {
                check(&Puzzle::standard(grid(&line[..81])), None);
            }
        }
    }

    #[test]
    fn counts_up_to_every_limit() {
        // A 9x9 solution without its 7s, 8s and 9s: 3 absent digits (orbits of 6), with 6 or
        // more solutions; the count is exact at every limit, by either path.
        let mut rng = Rng(9);
        let mut s = BitmaskSearch::new();
        for _ in 0..5 {
            let mut cells = pattern_grid(3, &mut rng);
            cells.iter_mut().filter(|v| **v >= 7).for_each(|v| *v = 0);
            let b = Board::new(Geometry::standard(3), cells);
            let all = visit(&mut s, &b, usize::MAX);
            let n = all.len() as u64;
            assert!(n >= 6 && n.is_multiple_of(6), "{n}");
            for limit in (0..=n + 1).chain([u64::MAX]) {
                assert_eq!(count(&mut s, &b, limit).0, n.min(limit.max(1)));
            }
            for stop in [1, 2, n as usize] {
                assert_eq!(visit(&mut s, &b, stop).len(), stop);
            }
        }
        // The empty 4x4 grid: 288, by symmetry on a filled unit.
        let b = Board::empty(Geometry::standard(2));
        assert_eq!(count(&mut s, &b, u64::MAX).0, 288);
        assert_eq!(visit(&mut s, &b, usize::MAX).len(), 288);
        // Counts beyond u64 saturate: the empty 9x9 grid has 9! * ... solutions.
        let b = Board::empty(Geometry::standard(5));
        assert_eq!(count(&mut s, &b, u64::MAX).0, u64::MAX);
    }

    #[test]
    fn clashes_and_bad_boards_give_nothing() {
        let mut s = BitmaskSearch::new();
        let g = Geometry::standard(4);
        let mut cells = vec![0; 256];
        (cells[0], cells[17]) = (3, 3); // the same box
        let b = board(&g, &cells);
        assert_eq!(count(&mut s, &b, 2).0, 0);
        assert_eq!(s.guesses(), 0);
        assert!(visit(&mut s, &b, 10).is_empty());
        // Boards that break Board's invariants (fields are public) are answered, not panicked on.
        let bad = Board {
            geometry: g.clone(),
            cells: vec![0; 255],
        };
        assert_eq!(count(&mut s, &bad, 2).0, 0);
        let bad = Board {
            geometry: g.clone(),
            cells: vec![17; 256],
        };
        assert_eq!(count(&mut s, &bad, 2).0, 0);
        assert_eq!(count(&mut s, &Board::empty(Geometry::standard(6)), 2).0, 0);
        // A clash on a diagonal only.
        let x = Arc::new(Geometry::standard(4).with_diagonals());
        let mut cells = vec![0; 256];
        (cells[0], cells[255]) = (1, 1);
        assert_eq!(count(&mut s, &board(&x, &cells), 2).0, 0);
        assert_eq!(count(&mut s, &board(&g, &cells), 2).0, 2);
    }

    #[test]
    fn near_empty_grids_settle_quickly() {
        let mut s = BitmaskSearch::new();
        let mut rng = Rng(25);
        for n in [3, 4, 5] {
            let solution = pattern_grid(n, &mut rng);
            let jig = Arc::new(grow_jigsaw(n, &solution, 50 * n * n, &mut rng));
            for g in [
                Geometry::standard(n),
                Arc::new(Geometry::standard(n).with_diagonals()),
                jig,
            ] {
                let b = Board::empty(g.clone());
                assert_eq!(count(&mut s, &b, 2).0, 2, "{g:?}");
                assert_eq!(count(&mut s, &b, 1).0, 1, "{g:?}");
                assert_eq!(visit(&mut s, &b, 3).len(), 3, "{g:?}");
                // A few givens of a solution.
                let mut cells = vec![0; g.cells()];
                for _ in 0..n * n {
                    let c = rng.below(g.cells());
                    cells[c] = solution[c];
                }
                if g.is_standard() && !g.has_extras() {
                    assert_eq!(count(&mut s, &board(&g, &cells), 2).0, 2, "{g:?}");
                }
            }
        }
    }

    #[test]
    fn geometry_switches_rebuild_the_tables() {
        let mut s = BitmaskSearch::new();
        let u16: Vec<_> = line_set(SUDOKU16, SUDOKU16_ANSWERS)
            .into_iter()
            .take(3)
            .collect();
        let s25: Vec<_> = sudoku25().into_iter().take(2).collect();
        let x = Arc::new(Geometry::standard(3).with_diagonals());
        for _ in 0..2 {
            for (b, a) in &u16 {
                assert_eq!(count(&mut s, b, 2), (1, line_cells(a)));
                // An equal geometry behind another pointer.
                let copy = Board::new(Arc::new((*b.geometry).clone()), b.cells.clone());
                assert_eq!(count(&mut s, &copy, 2), (1, line_cells(a)));
            }
            for (b, a) in &s25 {
                assert_eq!(count(&mut s, b, 2), (1, a.clone()));
            }
            assert_eq!(count(&mut s, &Board::empty(x.clone()), 2).0, 2);
            assert_eq!(count(&mut s, &Board::empty(Geometry::standard(1)), 2).0, 1);
        }
    }
}

#[cfg(test)]
mod stats {
    use super::super::testdata::*;
    use super::*;

    /// This thread's CPU time in seconds (the machine is shared: wall time is noise).
    fn cpu() -> f64 {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
        s.split(' ').next().unwrap().parse::<f64>().unwrap() * 1e-9
    }

    /// Guesses and time per puzzle of the hard sets:
    /// `cargo test --release --lib any::bitmask::stats -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn hard_sets() {
        let mut s = BitmaskSearch::new();
        let mut first = Vec::new();
        let mut sets: Vec<(&str, Vec<Board>)> = vec![(
            "hard16",
            line_set(SUDOKU16_HARD, SUDOKU16_HARD_ANSWERS)
                .into_iter()
                .map(|x| x.0)
                .collect(),
        )];
        sets.push(("s25", sudoku25().into_iter().map(|x| x.0).collect()));
        sets.push((
            "u16",
            line_set(SUDOKU16, SUDOKU16_ANSWERS)
                .into_iter()
                .map(|x| x.0)
                .collect(),
        ));
        let only = std::env::var("BM_SET").unwrap_or_default();
        let max: usize = std::env::var("BM_MAX").map_or(usize::MAX, |v| v.parse().unwrap());
        for (name, boards) in sets {
            if !only.is_empty() && only != name {
                continue;
            }
            let boards = &boards[..boards.len().min(max)];
            let (mut total_g, mut total_t) = (0, 0.0);
            let mut worst = (0.0, 0, 0);
            let t0 = cpu();
            for (i, b) in boards.iter().enumerate() {
                let t = std::time::Instant::now();
                s.count(b, 2, &mut first);
                let dt = t.elapsed().as_secs_f64();
                total_g += s.guesses();
                if dt > worst.0 {
                    worst = (dt, i + 1, s.guesses());
                }
            }
            total_t += cpu() - t0;
            println!(
                "{name}: {total_t:.3} s, {total_g} guesses, {:.2} us/guess; worst {worst:?}",
                total_t * 1e6 / total_g as f64
            );
        }
    }
}
#[cfg(test)]
mod probe {
    use super::super::Best;
    use super::super::testdata::*;
    use super::*;

    /// This thread's CPU time in seconds: the machine is shared, and wall time counts the
    /// time other jobs had the core.
    fn cpu() -> f64 {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
        s.split(' ').next().unwrap().parse::<f64>().unwrap() * 1e-9
    }

    /// Luogu P1074 timing (thread CPU time): random boards with `P_GIVENS` (default 24, the fewest the
    /// problem allows) givens of a random grid, `P_N` of them (default 1000):
    /// `cargo test --release --lib any::bitmask::probe -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn target_sudoku_times() {
        let weights: Vec<u32> = (0..81)
            .map(|c: i32| 10 - ((c / 9 - 4).abs()).max((c % 9 - 4).abs()) as u32)
            .collect();
        let var = |name, default| std::env::var(name).map_or(default, |v| v.parse().unwrap());
        let (n, givens) = (var("P_N", 1000), var("P_GIVENS", 24));
        let mut s = BitmaskSearch::new();
        let mut rng = Rng(1074);
        let (mut total, mut slow, mut guesses) = (0.0, 0, 0);
        let mut times = Vec::new();
        for _ in 0..n {
            let full = pattern_grid(3, &mut rng);
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            let mut cells = vec![0; 81];
            for &c in &order[..givens] {
                cells[c] = full[c];
            }
            let b = Board::new(Geometry::standard(3), cells);
            let t = cpu();
            let mut best = Best::new(&weights);
            s.search(&b, &mut best);
            let dt = cpu() - t;
            assert!(best.best.is_some());
            total += dt;
            guesses += s.guesses();
            slow += (dt > 0.05) as usize;
            times.push(dt);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{n} boards, {givens} givens: {total:.3} s, {guesses} guesses, median {:.1} ms, \
             99th percentile {:.1} ms, worst {:.1} ms, {slow} over 50 ms",
            times[n / 2] * 1e3,
            times[n * 99 / 100] * 1e3,
            times[n - 1] * 1e3
        );
    }
}

#[cfg(test)]
mod probe9 {
    use super::*;
    #[test]
    #[ignore]
    fn nine() {
        let text = include_str!("../../../testdata/sets/magictour_500");
        let boards: Vec<Board> = text
            .lines()
            .filter(|l| l.len() >= 81)
            .map(|l| {
                Board::new(
                    Geometry::standard(3),
                    l[..81]
                        .bytes()
                        .map(|b| if b == b'.' { 0 } else { b - b'0' })
                        .collect(),
                )
            })
            .collect();
        let mut s = BitmaskSearch::new();
        let mut first = Vec::new();
        let t = std::time::Instant::now();
        let mut g = 0;
        for b in &boards {
            s.count(b, 2, &mut first);
            g += s.guesses();
        }
        let dt = t.elapsed().as_secs_f64();
        println!(
            "magictour: {} boards {dt:.3} s {g} guesses {:.2} us/guess",
            boards.len(),
            dt * 1e6 / g as f64
        );
    }
}
