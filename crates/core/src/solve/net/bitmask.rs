//! The bitmask search of a [`Net`]: a candidate mask per slot, and a guess on the open slot
//! with the fewest candidates (the lowest slot on a tie), values ascending.
//!
//! Before each guess, propagation to a fixed point: naked singles and the order of a split
//! cell's values on every assignment; in each unit with as many slots as values (a Tight-Fit
//! row of three split cells, a Hexodoku window of K = 7), the pigeonhole (its open slots need
//! as many candidate values between them) and hidden singles; the bounds of a split cell's
//! values (the smaller below the larger's largest candidate). Without the unit rules a
//! Tight-Fit grid of a dozen split cells took seconds to prove it had no solution. In a unit
//! with fewer slots than values the pigeonhole seldom bites: on 150 seeded SGU 437 cases
//! (K 7 to 12, ranks up to 100,000; whole runs of `solve -f sgu437`, one case each) checking
//! it there too took 1.6 times as long in all, 2.3 times on the slowest case. A unit with
//! more slots than values has no solution at all.
//!
//! Twins: on a net without split cells, two values that no given names and no slot holds yet
//! swap in every solution below a node, so guessing either has as many solutions. The first
//! such guess is walked; the others are counted at once (`NetBitmask::fresh`), unless the
//! solution to keep in order is below them. SGU 437's empty hexagons are all twins: K = 7's
//! 10,080 solutions (its second sample) are counted in 14 nodes.

use super::{NetSearch, Tally};
use crate::model::Net;

/// The bitmask search of nets; reusable scratch (see the module doc).
///
/// ```
/// use sudoku_judge_core::model::Net;
/// use sudoku_judge_core::solve::net::{NetSearch, bitmask::NetBitmask};
///
/// // Two cells in a unit, values 1..=3, the second split: 3 solutions (1|23, 2|13, 3|12).
/// let net = Net::new(3, &[1, 2], vec![vec![0, 1]]).unwrap();
/// let (count, first) = NetBitmask::new().count(&net, &[0, 0, 0], 10);
/// assert_eq!(count, 3);
/// assert!(net.is_solution(&first.unwrap()));
/// ```
#[derive(Default)]
pub struct NetBitmask {
    /// Candidates per slot, one level of `slots` after another.
    dom: Vec<u32>,
    /// The value of each slot (`0`: open), one level after another.
    val: Vec<u8>,
    queue: Vec<(u16, u8)>,
    slots: usize,
    /// Every value.
    all: u32,
    /// No cell is split: values not given are interchangeable ([`NetBitmask::fresh`]).
    symmetric: bool,
    tally: Tally,
}

/// The mask of values below `v` (bits `0..v - 1`).
fn below(v: u8) -> u32 {
    (1u32 << (v - 1)) - 1
}

impl NetBitmask {
    /// An empty search, sized on first use.
    pub fn new() -> NetBitmask {
        NetBitmask::default()
    }

    /// Sets slot `slot` of level `at` to `v` and propagates; false when a slot runs out of
    /// candidates or two slots would need one value.
    fn assign(&mut self, net: &Net, at: usize, slot: usize, v: u8) -> bool {
        self.queue.clear();
        self.queue.push((slot as u16, v));
        self.settle(net, at)
    }

    /// Makes the queued assignments of level `at` and what they imply; false on a
    /// contradiction.
    fn settle(&mut self, net: &Net, at: usize) -> bool {
        let base = at * self.slots;
        while let Some((s, v)) = self.queue.pop() {
            let s = s as usize;
            let bit = 1u32 << (v - 1);
            if self.val[base + s] != 0 {
                if self.val[base + s] != v {
                    return false;
                }
                continue;
            }
            if self.dom[base + s] & bit == 0 {
                return false;
            }
            self.val[base + s] = v;
            self.dom[base + s] = bit;
            for &p in net.peers(s) {
                let p = p as usize;
                let d = &mut self.dom[base + p];
                if *d & bit != 0 {
                    *d &= !bit;
                    if !self.narrowed(base, p) {
                        return false;
                    }
                }
            }
            let cell = net.slots_of(net.cell_of(s));
            if cell.len() > 1 {
                let (lower, higher) = (below(v), !(below(v) | bit));
                for q in cell {
                    let keep = if q < s { lower } else { higher };
                    if q != s && self.dom[base + q] & !keep != 0 {
                        self.dom[base + q] &= keep;
                        if !self.narrowed(base, q) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// After slot `p`'s candidates shrank: false when none is left, and a single candidate of
    /// an open slot is queued.
    fn narrowed(&mut self, base: usize, p: usize) -> bool {
        let d = self.dom[base + p];
        if d == 0 {
            return false;
        }
        if d & (d - 1) == 0 && self.val[base + p] == 0 {
            self.queue.push((p as u16, d.trailing_zeros() as u8 + 1));
        }
        true
    }

    /// One pass of the unit rules and a split cell's bounds over level `at` (see the module
    /// doc): `None` on a contradiction, else whether a candidate went.
    fn units_pass(&mut self, net: &Net, at: usize) -> Option<bool> {
        let base = at * self.slots;
        let all = self.all;
        let mut changed = false;
        self.queue.clear();
        let dom = &mut self.dom[base..base + self.slots];
        let val = &self.val[base..base + self.slots];
        for u in 0..net.units().len() {
            let slots = net.unit_slots(u);
            // A smaller unit is skipped (see the module doc); a larger one was refused.
            if slots.len() != net.values() {
                continue;
            }
            let (mut open, mut union, mut once, mut twice) = (0u32, 0u32, 0u32, 0u32);
            for &s in slots {
                let (d, free) = (dom[s as usize], val[s as usize] == 0);
                open += free as u32;
                twice |= once & d;
                once |= d;
                union |= if free { d } else { 0 };
            }
            let placed = once & !union;
            if union.count_ones() < open {
                return None;
            }
            if once != all {
                return None;
            }
            let mut hidden = once & !twice & !placed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                // Gone when an earlier hidden single of this unit took its slot.
                let s = slots
                    .iter()
                    .map(|&s| s as usize)
                    .find(|&s| dom[s] & bit != 0)?;
                if val[s] == 0 && dom[s] != bit {
                    dom[s] = bit;
                    self.queue.push((s as u16, bit.trailing_zeros() as u8 + 1));
                    changed = true;
                }
            }
        }
        // A split cell's bounds; none to keep on a net without one.
        let split = if self.symmetric { 0 } else { net.cells() };
        for cell in 0..split {
            let slots = net.slots_of(cell);
            for s in slots.start + 1..slots.end {
                let (lo, hi) = (self.dom[base + s - 1], self.dom[base + s]);
                if lo == 0 || hi == 0 {
                    return None;
                }
                // hi above lo's smallest, lo below hi's largest.
                let above = !(lo & lo.wrapping_neg()).wrapping_mul(2).wrapping_sub(1);
                let below = (1u32 << (31 - hi.leading_zeros())) - 1;
                for (q, keep) in [(s, above), (s - 1, below)] {
                    if self.dom[base + q] & !keep != 0 {
                        self.dom[base + q] &= keep;
                        changed = true;
                        if !self.narrowed(base, q) {
                            return None;
                        }
                    }
                }
            }
        }
        if !self.queue.is_empty() && !self.settle(net, at) {
            return None;
        }
        Some(changed)
    }

    /// The solutions of level `base` with at most one open slot, `open`, in order: each of its
    /// candidates is one, as every peer is set and took its value from it. True when the
    /// limit is reached. On dense nets (SGU 437's hexagon of K = 31) most solutions end here:
    /// one node each before, one candidate each now.
    fn leaves(&mut self, base: usize, open: usize) -> bool {
        let mut left = if open == usize::MAX {
            0
        } else {
            self.dom[base + open]
        };
        loop {
            if open != usize::MAX {
                if left == 0 {
                    return false;
                }
                self.val[base + open] = left.trailing_zeros() as u8 + 1;
                left &= left - 1;
            }
            if self.tally.solution() {
                self.tally.keep(self.val[base..base + self.slots].to_vec());
            }
            if self.tally.full() {
                return true;
            }
            if open == usize::MAX {
                return false;
            }
        }
    }

    /// Searches below level `at`; true when the limit is reached.
    fn go(&mut self, net: &Net, at: usize) -> bool {
        loop {
            match self.units_pass(net, at) {
                None => return false,
                Some(true) => continue,
                Some(false) => break,
            }
        }
        let base = at * self.slots;
        let (mut best, mut fewest, mut open) = (usize::MAX, u32::MAX, 0);
        for s in 0..self.slots {
            if self.val[base + s] == 0 {
                open += 1;
                let n = self.dom[base + s].count_ones();
                if n < fewest && !(self.tally.ordered && open > 1) {
                    (best, fewest) = (s, n);
                }
                if open > 1 && (self.tally.ordered || fewest <= 1) {
                    break;
                }
            }
        }
        if open <= 1 {
            return self.leaves(base, best);
        }
        let next = base + self.slots;
        if self.dom.len() < next + self.slots {
            self.dom.resize(next + self.slots, 0);
            self.val.resize(next + self.slots, 0);
        }
        let fresh = self.fresh(base);
        // The solutions below the first fresh value, once walked.
        let mut twin = None;
        let mut left = self.dom[base + best];
        while left != 0 {
            let v = left.trailing_zeros() as u8 + 1;
            let bit = left & left.wrapping_neg();
            left &= left - 1;
            if let Some(count) = twin.filter(|_| fresh & bit != 0) {
                match self.tally.skip(count) {
                    Some(true) => return true,
                    Some(false) => continue,
                    None => {}
                }
            }
            if self.tally.node() {
                return true;
            }
            let before = self.tally.count;
            self.dom.copy_within(base..next, next);
            self.val.copy_within(base..next, next);
            if self.assign(net, at + 1, best, v) && self.go(net, at + 1) {
                return true;
            }
            if fresh & bit != 0 && twin.is_none() {
                twin = Some(self.tally.count - before);
            }
        }
        false
    }

    /// The values no slot of level `base` holds (the givens hold theirs from level 0 on), when
    /// the net has no split cell (else none): any two of them can be swapped in every solution
    /// below, so a guess of one has as many solutions as a guess of the other.
    fn fresh(&self, base: usize) -> u32 {
        if !self.symmetric {
            return 0;
        }
        self.all & !super::held(&self.val[base..base + self.slots])
    }
}

impl NetSearch for NetBitmask {
    fn count(&mut self, net: &Net, givens: &[u8], limit: u64) -> (u64, Option<Vec<u8>>) {
        assert_eq!(givens.len(), net.slots(), "one given per slot");
        self.slots = net.slots();
        self.tally.start(limit);
        self.dom.clear();
        self.val.clear();
        self.all = u32::MAX >> (32 - net.values());
        self.symmetric = net.slots() == net.cells();
        if net.crowded_unit().is_some() {
            return (0, None);
        }
        self.dom.resize(self.slots, self.all);
        self.val.resize(self.slots, 0);
        for (slot, &v) in givens.iter().enumerate() {
            if v != 0 && (v as usize > net.values() || !self.assign(net, 0, slot, v)) {
                return (0, None);
            }
        }
        self.go(net, 0);
        self.tally.finish()
    }

    fn nodes(&self) -> u64 {
        self.tally.nodes
    }

    fn set_cap(&mut self, cap: Option<u64>) {
        self.tally.cap = cap;
    }

    fn capped(&self) -> bool {
        self.tally.capped
    }

    fn set_ordered(&mut self, ordered: bool) {
        self.tally.ordered = ordered;
    }
}
