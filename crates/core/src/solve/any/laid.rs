//! The exact covers whose rows lay digits on a board ([`Laid`]), which the DLX search
//! ([`super::dlx`]) builds for boards with rules: Su-Domino-Ku's grid and tiling
//! (`tiling.rs`) and Killer Sudoku's cages (`cages.rs`) each fill one with their rows, and
//! this one search hands the grids its solutions lay to the sink. Every row tried is a node,
//! charged to the cap and the meter.

use super::{METER_STEP, Sink};
use crate::model::Board;
use crate::solve::cover::{Cover, Nodes, Walk};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// No cell: the unused half of a row's digits (a single's, a cage's digit set's).
pub(super) const NONE: u16 = u16::MAX;

/// An exact cover, every item primary, whose rows each lay up to two digits (a cell and its
/// digit each, [`NONE`] for none); reusable scratch.
#[derive(Default)]
pub(super) struct Laid {
    matrix: Cover,
    rows: Vec<[(u16, u8); 2]>,
    pub(super) nodes: u64,
    pub(super) capped: bool,
}

impl Laid {
    /// Empties the matrix for `items` primary items.
    pub(super) fn clear(&mut self, items: usize) {
        self.matrix.reset(items, &vec![true; items]);
        self.rows.clear();
    }

    /// Adds a row covering `items` that lays `lays`.
    pub(super) fn add(&mut self, items: &[usize], lays: [(u16, u8); 2]) {
        self.matrix.add_row(self.rows.len() as u32, items);
        self.rows.push(lays);
    }

    /// The rows of item `item`.
    pub(super) fn rows_of(&self, item: usize) -> u32 {
        self.matrix.rows_of(item)
    }

    /// Hands the grid each solution lays on `board`'s givens to `sink` (with `once`, a grid
    /// only the first time: two tilings of one Su-Domino-Ku grid are one solution); true when
    /// the sink stopped the search. `cap` bounds the nodes ([`super::Search::set_cap`]).
    pub(super) fn search(
        &mut self,
        board: &Board,
        once: bool,
        sink: &mut dyn Sink,
        cap: Option<u64>,
        meter: Option<Arc<AtomicU64>>,
    ) -> bool {
        let mut walk = Grids {
            rows: &self.rows,
            grid: board.cells.clone(),
            seen: once.then(HashSet::new),
            sink,
            nodes: Nodes::new(cap, meter.as_deref(), METER_STEP),
        };
        let stopped = self.matrix.search(false, &mut walk);
        (self.nodes, self.capped) = (walk.nodes.count, walk.nodes.capped);
        stopped && !self.capped
    }
}

/// The grids the matrix yields, each handed to the sink (once, where `seen` is kept).
struct Grids<'a> {
    rows: &'a [[(u16, u8); 2]],
    grid: Vec<u8>,
    seen: Option<HashSet<Vec<u8>>>,
    sink: &'a mut dyn Sink,
    nodes: Nodes<'a>,
}

impl Walk for Grids<'_> {
    fn node(&mut self) -> bool {
        self.nodes.tick()
    }

    fn solution(&mut self, chosen: &[u32]) -> bool {
        for &r in chosen {
            for (c, d) in self.rows[r as usize] {
                if c != NONE {
                    self.grid[c as usize] = d;
                }
            }
        }
        if let Some(seen) = &mut self.seen
            && !seen.insert(self.grid.clone())
        {
            return false;
        }
        !self.sink.solution(&self.grid)
    }
}
