//! The DLX search of boards whose rules carry a domino tiling (Su-Domino-Ku), which the DLX
//! search ([`super::dlx`]) hands such a board to: the grid and its tiling as one exact cover
//! ([`crate::solve::cover::Cover`]).
//!
//! Primary items: every cell, every unit of the geometry with every digit, and every domino
//! `{a, b}`, `a != b`. A row lays digits on the board: a single takes one digit (covering its
//! cell and the digit in its units); a placed domino, or two orthogonally adjacent free cells,
//! take an ordered pair `x != y` (covering both cells, each digit in its cell's units, and the
//! domino `{x, y}`). Rows that break a given are left out. A solution is a digit grid, and two
//! tilings of one grid are one solution ([`crate::model::dominoes`]), so each grid goes to the
//! sink the first time the search meets it, as the bitmask family's domino search
//! ([`super::domino`]) does. Every row tried is a node, charged to the cap and the meter.

use super::{METER_STEP, Sink};
use crate::model::Board;
use crate::model::dominoes::{Tiling, adjacent, pair};
use crate::solve::cover::{Cover, Nodes, Walk};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// No second cell: a row of a single.
const NONE: u16 = u16::MAX;

/// The search and its scratch; see the module doc.
#[derive(Default)]
pub(super) struct TilingDlx {
    matrix: Cover,
    /// Per row: its cells and their digits (`NONE` for a single's second).
    rows: Vec<(u16, u8, u16, u8)>,
    pub(super) nodes: u64,
    pub(super) capped: bool,
}

impl TilingDlx {
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
        if !self.build(board, tiling) {
            return false;
        }
        let mut walk = Grids {
            rows: &self.rows,
            grid: board.cells.clone(),
            seen: HashSet::new(),
            sink,
            nodes: Nodes::new(cap, meter.as_deref(), METER_STEP),
        };
        let stopped = self.matrix.search(false, &mut walk);
        (self.nodes, self.capped) = (walk.nodes.count, walk.nodes.capped);
        stopped && !self.capped
    }

    /// The matrix of `board`'s grid and tiling; false when the tiling is not the grid's or a
    /// cell has no row.
    fn build(&mut self, board: &Board, tiling: &Tiling) -> bool {
        let g = &board.geometry;
        let (side, cells) = (g.side(), g.cells());
        if tiling.side() != side || board.cells.len() != cells {
            return false;
        }
        let units = g.unit_count();
        let dominoes = side * (side - 1) / 2;
        self.matrix.reset(
            cells + units * side + dominoes,
            &vec![true; cells + units * side + dominoes],
        );
        self.rows.clear();
        // The domino `{a, b}`'s item: pairs are numbered in `pair`'s order, then packed.
        let mut domino_item = vec![usize::MAX; 128];
        let mut k = 0;
        for a in 1..=side as u8 {
            for b in a + 1..=side as u8 {
                domino_item[pair(a, b) as usize] = cells + units * side + k;
                k += 1;
            }
        }
        let units_of: Vec<Vec<usize>> = (0..cells).map(|c| g.units_of(c).collect()).collect();
        let keeps = |c: usize, v: u8| board.cells[c] == 0 || board.cells[c] == v;
        let mut items =
            Vec::with_capacity(2 + 2 * units_of.iter().map(Vec::len).max().unwrap_or(0) + 1);
        let mut add =
            |m: &mut Cover, rows: &mut Vec<_>, (p, x): (usize, u8), second: Option<(usize, u8)>| {
                items.clear();
                items.push(p);
                items.extend(
                    units_of[p]
                        .iter()
                        .map(|&u| cells + u * side + x as usize - 1),
                );
                let mut row = (p as u16, x, NONE, 0);
                if let Some((q, y)) = second {
                    items.push(q);
                    items.extend(
                        units_of[q]
                            .iter()
                            .map(|&u| cells + u * side + y as usize - 1),
                    );
                    items.push(domino_item[pair(x, y) as usize]);
                    row.2 = q as u16;
                    row.3 = y;
                }
                m.add_row(rows.len() as u32, &items);
                rows.push(row);
            };
        let digits = 1..=side as u8;
        for &c in tiling.singles() {
            for x in digits.clone().filter(|&x| keeps(c as usize, x)) {
                add(&mut self.matrix, &mut self.rows, (c as usize, x), None);
            }
        }
        let free = tiling.free();
        let pairs = tiling
            .placed()
            .iter()
            .map(|&(a, b)| (a as usize, b as usize))
            .chain(
                (0..cells)
                    .flat_map(|p| {
                        [p + 1, p + side]
                            .into_iter()
                            .filter(move |&q| q < cells && adjacent(side, p, q))
                            .map(move |q| (p, q))
                    })
                    .filter(|&(p, q)| free[p] && free[q]),
            );
        for (p, q) in pairs.collect::<Vec<_>>() {
            for x in digits.clone().filter(|&x| keeps(p, x)) {
                for y in digits.clone().filter(|&y| y != x && keeps(q, y)) {
                    add(&mut self.matrix, &mut self.rows, (p, x), Some((q, y)));
                }
            }
        }
        (0..cells).all(|c| self.matrix.rows_of(c) > 0)
    }
}

/// The grids the matrix yields, each handed to the sink once.
struct Grids<'a> {
    rows: &'a [(u16, u8, u16, u8)],
    grid: Vec<u8>,
    seen: HashSet<Vec<u8>>,
    sink: &'a mut dyn Sink,
    nodes: Nodes<'a>,
}

impl Walk for Grids<'_> {
    fn node(&mut self) -> bool {
        self.nodes.tick()
    }

    fn solution(&mut self, chosen: &[u32]) -> bool {
        for &r in chosen {
            let (p, x, q, y) = self.rows[r as usize];
            self.grid[p as usize] = x;
            if q != NONE {
                self.grid[q as usize] = y;
            }
        }
        if self.seen.contains(&self.grid) {
            return false;
        }
        self.seen.insert(self.grid.clone());
        !self.sink.solution(&self.grid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Geometry, Rules};
    use crate::solve::any::CountTo;

    /// Seeded 4x4 boards (four singles, some of them given, no domino placed): the DLX and
    /// the bitmask family's domino search count the same grids.
    #[test]
    fn counts_match_the_bitmask_domino_search() {
        let mut rng = crate::rng::Rng::for_item(4210, 0);
        let mut checked = 0;
        for _ in 0..40 {
            let mut cells: Vec<u16> = (0..16).collect();
            rng.shuffle(&mut cells);
            let singles: Vec<u16> = cells[..4].to_vec();
            let Ok(t) = Tiling::new(4, vec![], singles.clone()) else {
                continue;
            };
            let rules = Rules::new(4, vec![], vec![])
                .unwrap()
                .with_tiling(t.clone());
            let mut b = Board::empty(std::sync::Arc::new(Geometry::standard(2).with_rules(rules)));
            for (d, &c) in singles.iter().enumerate() {
                if rng.below(2) == 0 {
                    b.cells[c as usize] = d as u8 + 1;
                }
            }
            let mut dlx = CountTo::new(u64::MAX);
            TilingDlx::default().search(&b, &t, &mut dlx, None, None);
            let mut bit = CountTo::new(u64::MAX);
            super::super::domino::DominoSearch::default().search(&b, &t, &mut bit, None, None);
            assert_eq!(dlx.count, bit.count, "{singles:?} {:?}", b.cells);
            if dlx.count > 0 {
                assert!(b.is_solved_by(&dlx.first));
                checked += 1;
            }
        }
        assert!(checked > 5);
    }
}
