//! Random jigsaw layouts: nine connected regions of nine cells, grown from the standard boxes by
//! random swaps of border cells, always with at least one solution.
//!
//! A random solution `S` of the standard boxes is drawn first, and a cell `a` of region A only
//! trades places with the one cell `b` of a neighbouring region B that holds the same digit in
//! `S`. Both regions then still hold each digit once and rows and columns are untouched, so `S`
//! stays a solution of the new layout, and no solver ever has to search the new layout. (Growing
//! layouts blindly and solving the empty grid afterwards now and then spent seconds proving a bad
//! layout unsolvable.)

use crate::rng::Rng;
use crate::model::cells::{BIT, Cells, adjacent, cells_holding, component};
use crate::model::{CELLS, Grid, Layout, N, col_of, row_of};
use crate::solve::Solver;

/// Successful swaps applied to the standard boxes: enough that regions wander far from boxes.
const SWAPS: usize = 300;

/// A random jigsaw layout that admits at least one solution: [`random_layout_and_fill`] without
/// its fill. `solver` only completes a standard grid, so any solver will do and the time is
/// bounded by one standard solve per attempt.
pub fn random_layout(rng: &mut Rng, solver: &mut dyn Solver) -> Layout {
    random_layout_and_fill(rng, solver).0
}

/// A random jigsaw layout together with a solution on it, built without search (see above).
pub fn random_layout_and_fill(rng: &mut Rng, solver: &mut dyn Solver) -> (Layout, Grid) {
    loop {
        let fill = super::grids::random_solution(Layout::standard(), rng, solver);
        let holding: [Cells; N] = std::array::from_fn(|d| cells_holding(&fill, d as u8 + 1));
        let mut regions = Regions::new(Layout::standard().regions());
        let mut done = 0;
        let mut tries = 0;
        while done < SWAPS && tries < SWAPS * 50 {
            tries += 1;
            if regions.try_swap_keeping(&fill, &holding, rng) {
                done += 1;
            }
        }
        let layout = Layout::from_regions(&regions.id).expect("swaps keep regions connected");
        if !layout.is_standard() {
            return (layout, fill);
        }
    }
}

/// A layout being grown: each cell's region, and each region's cells as a set.
struct Regions {
    id: [u8; CELLS],
    cells: [Cells; N],
}

impl Regions {
    fn new(id: &[u8; CELLS]) -> Self {
        Regions {
            id: *id,
            cells: std::array::from_fn(|g| cells_holding(id, g as u8)),
        }
    }

    /// Picks a cell `a` on a border between regions A and B, and `b`, the cell of B holding
    /// the same digit of `fill` (`holding[d - 1]`: the cells where `fill` holds `d`); swaps
    /// their regions and keeps the swap only if `b` still touches A, `a` touches B and both
    /// regions stay connected.
    fn try_swap_keeping(&mut self, fill: &Grid, holding: &[Cells; N], rng: &mut Rng) -> bool {
        let a = rng.below(CELLS as u64) as usize;
        let ns = neighbours(a);
        let k = rng.below(4) as usize;
        let Some(n) = ns[k] else { return false };
        let (ra, rb) = (self.id[a] as usize, self.id[n] as usize);
        if ra == rb {
            return false;
        }
        // B holds each digit of `fill` once, so this is one cell.
        let same = self.cells[rb] & holding[fill[a] as usize - 1];
        if same == 0 {
            return false;
        }
        let b = same.trailing_zeros() as usize;
        let touches =
            |c: usize, r: usize, not: usize| adjacent(BIT[c]) & self.cells[r] & !BIT[not] != 0;
        if !touches(b, ra, a) || !touches(a, rb, b) {
            return false;
        }
        let pair = BIT[a] | BIT[b];
        self.cells[ra] ^= pair;
        self.cells[rb] ^= pair;
        let connected = |set: Cells| component(set) == set;
        if connected(self.cells[ra]) && connected(self.cells[rb]) {
            self.id[a] = rb as u8;
            self.id[b] = ra as u8;
            true
        } else {
            self.cells[ra] ^= pair;
            self.cells[rb] ^= pair;
            false
        }
    }
}

fn neighbours(cell: usize) -> [Option<usize>; 4] {
    let (r, c) = (row_of(cell), col_of(cell));
    [
        (r > 0).then(|| cell - N),
        (c + 1 < N).then(|| cell + 1),
        (r + 1 < N).then(|| cell + N),
        (c > 0).then(|| cell - 1),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;
    use crate::solve::generic::GenericSolver;

    #[test]
    fn built_layouts_keep_their_fill() {
        let mut solver = crate::solve::bands::BandSolver::new();
        let mut rng = Rng::new(4);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..20 {
            let (l, g) = random_layout_and_fill(&mut rng, &mut solver);
            assert!(!l.is_standard());
            let empty = Puzzle {
                cells: [0; CELLS],
                layout: l,
            };
            assert!(crate::model::is_solution_of(&empty, &g));
            seen.insert(*l.regions());
        }
        assert_eq!(seen.len(), 20);
    }

    #[test]
    fn layouts_are_valid_varied_and_reproducible() {
        let mut solver = GenericSolver::new();
        let mut seen = std::collections::HashSet::new();
        for seed in 0..10 {
            let l = random_layout(&mut Rng::new(seed), &mut solver);
            assert!(!l.is_standard());
            assert_eq!(Layout::from_regions(l.regions()), Ok(l));
            assert_eq!(Layout::from_walls(&l.walls()), Ok(l));
            assert_eq!(random_layout(&mut Rng::new(seed), &mut solver), l);
            let empty = Puzzle {
                cells: [0; CELLS],
                layout: l,
            };
            assert!(solver.solve(&empty, 1).count > 0);
            seen.insert(*l.regions());
        }
        assert!(seen.len() >= 9, "layouts repeat: {}", seen.len());
    }
}
