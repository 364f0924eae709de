//! A random tiling of a solved 9x9 grid by the 36 dominoes and nine singles of Su-Domino-Ku,
//! for [`super::tiled`]: every cell covered once, either by a domino (two orthogonal
//! neighbours) or as a single, each pair of distinct digits on exactly one domino and each
//! digit on exactly one single.
//!
//! This is an exact cover, searched with the fewest options first: at each node every domino
//! not yet placed counts the neighbour pairs of uncovered cells that carry its digits, every
//! uncovered cell counts the dominoes that may cover it (and itself as a single while its
//! digit has none), and the search branches on the smallest count, its options in random
//! order. On 2,000 seeded random grids, 1,346 had a tiling, found in 70 nodes on average
//! (1,272 at most); nearly every other grid has two digits that are nowhere neighbours, so
//! one domino has no place at the first node (14 nodes at most).
//!
//! Before it, the grid and its tiling were searched together from nine random singles,
//! through the domino search of the core: about 4 µs a node, and one draw of the singles in
//! two ran out of its 20,000 nodes, so `gen -f hdu4210` took 50 to 130 ms a case.

use crate::model::dominoes::{all_pairs, pair};
use crate::rng::Rng;

/// Side of the grid.
const SIDE: usize = 9;
/// Cells of the grid.
const CELLS: usize = SIDE * SIDE;
/// Distinct dominoes: pairs of distinct digits.
const DOMINOES: usize = SIDE * (SIDE - 1) / 2;

/// Nodes one search may take before its grid is given up: four times the most any of 2,000
/// seeded grids took.
const BUDGET: u64 = 5_000;

/// A tiling: the singles (`singles[d - 1]` holds digit `d`) and the dominoes as cell pairs.
pub type Tiles = (Vec<u16>, Vec<(u16, u16)>);

/// A random tiling of `grid` (a solved 9x9 grid), its dominoes each from a cell to its right
/// or lower neighbour, in the order placed. `None` when the grid has none, or the search ran
/// out of its node budget.
pub fn random_tiling(grid: &[u8], rng: &mut Rng) -> Option<Tiles> {
    assert_eq!(grid.len(), CELLS);
    let mut s = Search::new(grid);
    let mut placed = Vec::with_capacity(DOMINOES + SIDE);
    if !s.go((1u128 << CELLS) - 1, all_pairs(SIDE), 0, &mut placed, rng) {
        return None;
    }
    let mut singles = vec![0u16; SIDE];
    let mut tiles = Vec::with_capacity(DOMINOES);
    for p in placed {
        match p {
            Place::Domino(e) => {
                let (a, b, _) = s.edges[e];
                tiles.push((a as u16, b as u16));
            }
            Place::Single(c) => singles[grid[c] as usize - 1] = c as u16,
        }
    }
    Some((singles, tiles))
}

/// One choice of the search: a neighbour pair (an index into `edges`) or a cell as a single.
#[derive(Clone, Copy)]
enum Place {
    Domino(usize),
    Single(usize),
}

/// The grid's neighbour pairs and the search's node count.
struct Search<'g> {
    grid: &'g [u8],
    /// Every neighbour pair: a cell, its right or lower neighbour, and the domino (its
    /// [`pair`] bit) their digits make.
    edges: Vec<(usize, usize, usize)>,
    /// The pairs carrying each domino, by its [`pair`] bit.
    by_domino: Vec<Vec<usize>>,
    /// The pairs holding each cell.
    by_cell: Vec<Vec<usize>>,
    nodes: u64,
}

impl<'g> Search<'g> {
    fn new(grid: &'g [u8]) -> Self {
        let mut edges = Vec::new();
        for c in 0..CELLS {
            let right = (c % SIDE + 1 < SIDE).then_some(c + 1);
            let down = (c + SIDE < CELLS).then_some(c + SIDE);
            for e in [right, down].into_iter().flatten() {
                // Neighbours in one row or column of a solved grid never hold one digit.
                if grid[c] != grid[e] {
                    edges.push((c, e, pair(grid[c], grid[e]) as usize));
                }
            }
        }
        let mut by_domino = vec![Vec::new(); u128::BITS as usize];
        let mut by_cell = vec![Vec::new(); CELLS];
        for (i, &(a, b, d)) in edges.iter().enumerate() {
            by_domino[d].push(i);
            by_cell[a].push(i);
            by_cell[b].push(i);
        }
        Search {
            grid,
            edges,
            by_domino,
            by_cell,
            nodes: 0,
        }
    }

    /// Whether pair `e` can still take its domino: both cells uncovered (`free`) and the
    /// domino not yet placed (in `left`).
    fn open(&self, e: usize, free: u128, left: u128) -> bool {
        let (a, b, d) = self.edges[e];
        free >> a & 1 != 0 && free >> b & 1 != 0 && left >> d & 1 != 0
    }

    /// Whether cell `c` may be its digit's single (`singles`: the digits that have one).
    fn single(&self, c: usize, singles: u16) -> bool {
        singles >> self.grid[c] & 1 == 0
    }

    /// Covers the cells of `free` with the dominoes of `left` and singles of the digits
    /// not in `singles`, pushing each choice to `out`; false when there is no way (or the
    /// budget ran out).
    fn go(&mut self, free: u128, left: u128, singles: u16, out: &mut Vec<Place>, rng: &mut Rng) -> bool {
        self.nodes += 1;
        if self.nodes > BUDGET {
            return false;
        }
        if free == 0 {
            return true;
        }
        // The constraint with the fewest options: a domino (`Ok`) or a cell (`Err`).
        let mut best: (usize, Result<usize, usize>) = (usize::MAX, Ok(0));
        let mut dominoes = left;
        while dominoes != 0 {
            let d = dominoes.trailing_zeros() as usize;
            dominoes &= dominoes - 1;
            let n = self.by_domino[d].iter().filter(|&&e| self.open(e, free, left)).count();
            if n < best.0 {
                best = (n, Ok(d));
            }
        }
        let mut rest = free;
        while rest != 0 && best.0 > 1 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let n = self.by_cell[c].iter().filter(|&&e| self.open(e, free, left)).count()
                + usize::from(self.single(c, singles));
            if n < best.0 {
                best = (n, Err(c));
            }
        }
        if best.0 == 0 {
            return false;
        }
        let pairs = match best.1 {
            Ok(d) => &self.by_domino[d],
            Err(c) => &self.by_cell[c],
        };
        let mut options: Vec<Place> = pairs
            .iter()
            .filter(|&&e| self.open(e, free, left))
            .map(|&e| Place::Domino(e))
            .collect();
        if let Err(c) = best.1
            && self.single(c, singles)
        {
            options.push(Place::Single(c));
        }
        rng.shuffle(&mut options);
        for p in options {
            out.push(p);
            let found = match p {
                Place::Domino(e) => {
                    let (a, b, d) = self.edges[e];
                    self.go(free & !(1 << a | 1 << b), left & !(1 << d), singles, out, rng)
                }
                Place::Single(c) => {
                    self.go(free & !(1 << c), left, singles | 1 << self.grid[c], out, rng)
                }
            };
            if found {
                return true;
            }
            out.pop();
            if self.nodes > BUDGET {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::grids::random_solution;
    use crate::model::Layout;
    use crate::model::dominoes::Tiling;
    use crate::solve::bands::BandSolver;

    /// Every tiling found covers each cell once, with each domino and each digit's single
    /// once, and the core's tiling check takes it; most random grids have one.
    #[test]
    fn tilings_found_are_whole_and_most_grids_have_one() {
        let mut solver = BandSolver::new();
        let mut rng = Rng::new(5);
        let mut found = 0;
        for _ in 0..300 {
            let g = random_solution(Layout::standard(), &mut rng, &mut solver);
            let Some((singles, tiles)) = random_tiling(&g, &mut rng) else {
                continue;
            };
            found += 1;
            assert_eq!(tiles.len(), DOMINOES);
            let mut covered = [0u8; CELLS];
            let mut dominoes = std::collections::HashSet::new();
            for &(a, b) in &tiles {
                let (a, b) = (a as usize, b as usize);
                assert!(b == a + 1 && a % SIDE + 1 < SIDE || b == a + SIDE, "{a} {b}");
                assert!(g[a] != g[b] && dominoes.insert(pair(g[a], g[b])));
                covered[a] += 1;
                covered[b] += 1;
            }
            for (d, &c) in singles.iter().enumerate() {
                assert_eq!(g[c as usize], d as u8 + 1);
                covered[c as usize] += 1;
            }
            assert!(covered.iter().all(|&n| n == 1));
            // The singles' own tiling search finds one too, and the full tiling is valid.
            assert!(Tiling::new(9, vec![], singles.clone()).unwrap().tile(&g).is_some());
            assert!(Tiling::new(9, tiles, singles).is_ok());
        }
        assert!(found > 150, "{found} of 300 grids tiled");
    }
}
