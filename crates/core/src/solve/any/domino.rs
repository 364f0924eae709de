//! The search of boards whose rules carry a domino tiling ([`crate::model::dominoes`],
//! Su-Domino-Ku), which the bitmask search ([`super::bitmask`]) hands such a board to.
//!
//! It places the tiling and the digits together. A node holds each cell's candidates (bit
//! `d`: digit `d + 1`), the cells covered (by a domino, or a single given its digit) and the
//! pairs used. Propagation runs naked and hidden singles on the geometry's units to a fixed
//! point; then every uncovered cell's moves are counted (a free cell: each uncovered free
//! neighbour with two of their candidates forming an unused pair; a cell of a placed domino:
//! its partner alone; a single: each candidate), and a cell without one, or an unused pair no
//! two uncovered neighbours can hold any more, is a contradiction. The search branches on the
//! cell with the fewest moves (the first of them in row-major order).
//!
//! A solution is a digit grid: two tilings of one grid are one solution (HDU 4210's second
//! sample puzzle has two). The search walks tilings, so it hands a grid to the sink only the
//! first time it meets it (the grids handed over are kept in a set until the search ends).
//! Every move tried is a node, charged to the cap as the bitmask search's guesses are.

use super::{METER_STEP, Sink};
use crate::model::Board;
use crate::model::dominoes::{Tiling, all_pairs, pair};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What covers a cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A domino yet to be laid.
    Free,
    /// No domino: it takes a digit alone.
    Single,
    /// A placed domino, with the other cell.
    Placed(u16),
}

/// A search node.
#[derive(Clone, Default)]
struct Node {
    cand: Vec<u32>,
    /// Cells whose digit has been struck from their peers.
    fixed: u128,
    covered: u128,
    used: u128,
}

/// The search, with its per-board tables and scratch; see the module doc.
#[derive(Default)]
pub(super) struct DominoSearch {
    side: usize,
    cells: usize,
    full: u32,
    /// The pairs of `1..=side`.
    pairs: u128,
    units: Vec<Vec<u16>>,
    peers: Vec<Vec<u16>>,
    /// Each cell's orthogonal neighbours.
    around: Vec<Vec<u16>>,
    role: Vec<Role>,
    /// `with[a * 2^side + m]`: the pairs of digit `a + 1` with a digit of mask `m`.
    with: Vec<u128>,
    /// The side `with` was built for.
    with_side: usize,
    /// The node of each depth.
    stack: Vec<Node>,
    /// The grids handed over by this search.
    seen: HashSet<Vec<u8>>,
    grid: Vec<u8>,
    pub(super) nodes: u64,
    cap: Option<u64>,
    pub(super) capped: bool,
    meter: Option<Arc<AtomicU64>>,
}

/// A move: cover `cell` with digit `a`, and `other` (when not `u16::MAX`) with `b`.
#[derive(Clone, Copy)]
struct Move {
    cell: u16,
    other: u16,
    a: u8,
    b: u8,
}

impl DominoSearch {
    /// Hands each solution (a digit grid, once) of `board` under `tiling` to `sink`; true when
    /// the sink stopped the search. `cap` bounds the nodes ([`super::Search::set_cap`]).
    pub(super) fn search(
        &mut self,
        board: &Board,
        tiling: &Tiling,
        sink: &mut dyn Sink,
        cap: Option<u64>,
        meter: Option<Arc<AtomicU64>>,
    ) -> bool {
        self.nodes = 0;
        self.capped = false;
        self.cap = cap;
        self.meter = meter;
        self.seen.clear();
        if !self.prepare(board, tiling) {
            return false;
        }
        let stopped = self.walk(0, sink);
        self.seen.clear();
        self.meter = None;
        stopped && !self.capped
    }

    /// Builds the tables and the root node; false when the givens already clash.
    fn prepare(&mut self, board: &Board, tiling: &Tiling) -> bool {
        let g = &board.geometry;
        let (side, cells) = (g.side(), g.cells());
        if tiling.side() != side || board.cells.len() != cells || cells > 128 {
            return false;
        }
        self.side = side;
        self.cells = cells;
        self.full = (1u32 << side) - 1;
        self.pairs = all_pairs(side);
        if self.with_side != side {
            self.with_side = side;
            self.with = (0..side << side)
                .map(|i| {
                    let (a, m) = ((i >> side) as u8 + 1, i & ((1 << side) - 1));
                    (1..=side as u8)
                        .filter(|&b| b != a && m >> (b - 1) & 1 != 0)
                        .fold(0u128, |acc, b| acc | 1 << pair(a, b))
                })
                .collect();
        }
        self.units = (0..g.unit_count()).map(|u| g.unit(u).to_vec()).collect();
        self.peers = vec![Vec::new(); cells];
        for u in &self.units {
            for &a in u {
                for &b in u {
                    if a != b && !self.peers[a as usize].contains(&b) {
                        self.peers[a as usize].push(b);
                    }
                }
            }
        }
        self.around = (0..cells)
            .map(|c| {
                let (r, k) = (c / side, c % side);
                let mut v = Vec::with_capacity(4);
                if r > 0 {
                    v.push((c - side) as u16);
                }
                if k > 0 {
                    v.push((c - 1) as u16);
                }
                if k + 1 < side {
                    v.push((c + 1) as u16);
                }
                if r + 1 < side {
                    v.push((c + side) as u16);
                }
                v
            })
            .collect();
        self.role = vec![Role::Free; cells];
        for &(a, b) in tiling.placed() {
            self.role[a as usize] = Role::Placed(b);
            self.role[b as usize] = Role::Placed(a);
        }
        for &c in tiling.singles() {
            self.role[c as usize] = Role::Single;
        }
        self.grid.resize(cells, 0);
        if self.stack.is_empty() {
            self.stack.push(Node::default());
        }
        let root = &mut self.stack[0];
        root.cand.clear();
        root.fixed = 0;
        root.covered = 0;
        root.used = 0;
        for &v in &board.cells {
            let m = match v as usize {
                0 => self.full,
                v if v <= side => 1 << (v - 1),
                _ => return false,
            };
            root.cand.push(m);
        }
        true
    }

    /// Counts a node against the cap and the meter; false once past the cap.
    fn charge(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(METER_STEP)
            && let Some(m) = &self.meter
        {
            m.fetch_add(METER_STEP, Relaxed);
        }
        if self.cap.is_some_and(|c| self.nodes > c) {
            self.nodes -= 1;
            self.capped = true;
            return false;
        }
        true
    }

    /// Searches below the node at `depth`; true when the search must stop (the sink said so,
    /// or the cap was reached).
    fn walk(&mut self, depth: usize, sink: &mut dyn Sink) -> bool {
        if !self.settle(depth) {
            return false;
        }
        let Some((best, _)) = self.pick(depth) else {
            return false;
        };
        let Some(cell) = best else {
            // Every cell covered, every digit known.
            let node = &self.stack[depth];
            for (g, &m) in self.grid.iter_mut().zip(&node.cand) {
                *g = m.trailing_zeros() as u8 + 1;
            }
            if self.seen.contains(&self.grid) {
                return false;
            }
            self.seen.insert(self.grid.clone());
            return !sink.solution(&self.grid);
        };
        let mut moves = Vec::new();
        self.moves(depth, cell, &mut moves);
        if self.stack.len() <= depth + 1 {
            self.stack.push(Node::default());
        }
        for m in moves {
            if !self.charge() {
                return true;
            }
            let (head, tail) = self.stack.split_at_mut(depth + 1);
            let (from, to) = (&head[depth], &mut tail[0]);
            to.clone_from(from);
            to.cand[m.cell as usize] = 1 << (m.a - 1);
            to.covered |= 1 << m.cell;
            if m.other != u16::MAX {
                to.cand[m.other as usize] = 1 << (m.b - 1);
                to.covered |= 1 << m.other;
                to.used |= 1 << pair(m.a, m.b);
            }
            if self.walk(depth + 1, sink) {
                return true;
            }
        }
        false
    }

    /// Naked and hidden singles to a fixed point; false on a contradiction.
    fn settle(&mut self, depth: usize) -> bool {
        let node = &mut self.stack[depth];
        loop {
            let mut changed = false;
            for c in 0..self.cells {
                let m = node.cand[c];
                if m == 0 {
                    return false;
                }
                if node.fixed >> c & 1 != 0 || m & (m - 1) != 0 {
                    continue;
                }
                node.fixed |= 1 << c;
                changed = true;
                for &p in &self.peers[c] {
                    let q = &mut node.cand[p as usize];
                    if *q & m != 0 {
                        *q &= !m;
                        if *q == 0 {
                            return false;
                        }
                    }
                }
            }
            for u in &self.units {
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in u {
                    let m = node.cand[c as usize];
                    twice |= once & m;
                    once |= m;
                }
                if once != self.full {
                    return false;
                }
                let alone = once & !twice;
                if alone == 0 {
                    continue;
                }
                for &c in u {
                    let m = node.cand[c as usize];
                    if m & alone != 0 && m & (m - 1) != 0 {
                        let keep = m & alone;
                        if keep & (keep - 1) != 0 {
                            return false;
                        }
                        node.cand[c as usize] = keep;
                        changed = true;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The uncovered cell with the fewest moves (`Some((None, 0))` when every cell is
    /// covered); `None` on a contradiction: a cell without a move, or an unused pair that no
    /// move can place.
    fn pick(&self, depth: usize) -> Option<(Option<u16>, u32)> {
        let node = &self.stack[depth];
        let mut best: Option<(u16, u32)> = None;
        let mut possible = 0u128;
        for c in 0..self.cells {
            if node.covered >> c & 1 != 0 {
                continue;
            }
            let mc = node.cand[c];
            let n = match self.role[c] {
                Role::Single => mc.count_ones(),
                Role::Placed(e) => {
                    self.pairs_of(mc, node.cand[e as usize], node.used, &mut possible)
                }
                Role::Free => {
                    let mut n = 0;
                    for &e in &self.around[c] {
                        if node.covered >> e & 1 == 0 && self.role[e as usize] == Role::Free {
                            n += self.pairs_of(mc, node.cand[e as usize], node.used, &mut possible);
                        }
                    }
                    n
                }
            };
            if n == 0 {
                return None;
            }
            if best.is_none_or(|(_, k)| n < k) {
                best = Some((c as u16, n));
            }
        }
        if self.pairs & !node.used & !possible != 0 {
            return None;
        }
        Some(match best {
            Some((c, n)) => (Some(c), n),
            None => (None, 0),
        })
    }

    /// The unused pairs of a digit of `ma` and a digit of `mb`, counted as ordered moves,
    /// added to `possible`.
    fn pairs_of(&self, ma: u32, mb: u32, used: u128, possible: &mut u128) -> u32 {
        let mut n = 0;
        let mut ra = ma;
        while ra != 0 {
            let a = ra.trailing_zeros() as usize;
            ra &= ra - 1;
            let p = self.with[a << self.side | mb as usize] & !used;
            n += p.count_ones();
            *possible |= p;
        }
        n
    }

    /// The moves of `cell` at the node of `depth`, in order: neighbour, then its digit, then
    /// the other's.
    fn moves(&self, depth: usize, cell: u16, out: &mut Vec<Move>) {
        let node = &self.stack[depth];
        let c = cell as usize;
        let digits = |m: u32| {
            (0..self.side as u8)
                .filter(move |d| m >> d & 1 != 0)
                .map(|d| d + 1)
        };
        let pairs_with = |e: u16, out: &mut Vec<Move>| {
            for a in digits(node.cand[c]) {
                for b in digits(node.cand[e as usize]) {
                    if a != b && node.used >> pair(a, b) & 1 == 0 {
                        out.push(Move {
                            cell,
                            other: e,
                            a,
                            b,
                        });
                    }
                }
            }
        };
        match self.role[c] {
            Role::Single => out.extend(digits(node.cand[c]).map(|a| Move {
                cell,
                other: u16::MAX,
                a,
                b: 0,
            })),
            Role::Placed(e) => pairs_with(e, out),
            Role::Free => {
                for &e in &self.around[c] {
                    if node.covered >> e & 1 == 0 && self.role[e as usize] == Role::Free {
                        pairs_with(e, out);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::CountTo;
    use super::*;
    use crate::model::Geometry;

    /// HDU 4210's sample: its two puzzles as boards, and their solutions.
    fn sample() -> Vec<(Board, Tiling, &'static str)> {
        let loc = |s: &str| {
            let b = s.as_bytes();
            u16::from(b[0] - b'A') * 9 + u16::from(b[1] - b'1')
        };
        let puzzle = |dominoes: &str, singles: &str| {
            let mut cells = vec![0u8; 81];
            let mut placed = Vec::new();
            for line in dominoes.lines() {
                let t: Vec<&str> = line.split(' ').collect();
                let (a, b) = (loc(t[1]), loc(t[3]));
                cells[a as usize] = t[0].parse().unwrap();
                cells[b as usize] = t[2].parse().unwrap();
                placed.push((a, b));
            }
            let singles: Vec<u16> = singles.split(' ').map(loc).collect();
            for (d, &c) in singles.iter().enumerate() {
                cells[c as usize] = d as u8 + 1;
            }
            let t = Tiling::new(9, placed, singles).unwrap();
            let rules = crate::model::Rules::new(9, vec![], vec![])
                .unwrap()
                .with_tiling(t.clone());
            let g = Arc::new(Geometry::standard(3).with_rules(rules));
            (Board::new(g, cells), t)
        };
        let (b1, t1) = puzzle(
            "6 B2 1 B3\n2 C4 9 C3\n6 D3 8 E3\n7 E1 4 F1\n8 B7 4 B8\n3 F5 2 F6\n7 F7 6 F8\n\
             5 G4 9 G5\n7 I8 8 I9\n7 C9 2 B9",
            "C5 A3 D9 I4 A9 E5 A2 C6 I1",
        );
        let (b2, t2) = puzzle(
            "5 I9 2 H9\n6 A5 7 A6\n4 B8 6 C8\n3 B5 8 B4\n3 C3 2 D3\n9 D2 8 E2\n3 G2 5 H2\n\
             1 A2 8 A1\n1 H8 3 I8\n8 I3 7 I4\n4 I6 9 I7",
            "I5 E6 D1 F2 B3 G9 H7 C9 E5",
        );
        vec![
            (
                b1,
                t1,
                "872643195361975842549218637126754983738169254495832761284597316657381429913426578",
            ),
            (
                b2,
                t2,
                "814267593965831247273945168392176854586492371741358629137529486459683712628714935",
            ),
        ]
    }

    #[test]
    fn the_sample_has_one_grid_each() {
        let mut s = DominoSearch::default();
        for (board, tiling, want) in sample() {
            let mut count = CountTo::new(u64::MAX);
            assert!(!s.search(&board, &tiling, &mut count, None, None));
            assert_eq!(count.count, 1, "one grid");
            let got: String = count.first.iter().map(|&d| (b'0' + d) as char).collect();
            assert_eq!(got, want);
            assert!(board.is_solved_by(&count.first));
        }
    }

    #[test]
    fn the_cap_stops_the_search() {
        let mut s = DominoSearch::default();
        let (board, tiling, _) = sample().swap_remove(0);
        let mut count = CountTo::new(u64::MAX);
        assert!(!s.search(&board, &tiling, &mut count, Some(3), None));
        assert!(s.capped);
        assert_eq!(s.nodes, 3);
    }
}
