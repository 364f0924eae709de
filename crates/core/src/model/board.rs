//! A case of any size: the givens on a [`Geometry`], and the checks on such grids (clashes,
//! per-cell clash marks, complete solutions) that readers, checkers and solvers share.

use super::geometry::{Geometry, MAX_EXTRAS};
use super::validate::Clash;
use super::{CELLS, Puzzle};
use std::sync::Arc;

/// The givens of one case, row-major, `0` for an empty cell and `1..=N` for a value, on the
/// geometry they are played on.
///
/// `cells` holds exactly `geometry.cells()` values, each in `0..=N`; readers reject anything
/// else before building a board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub geometry: Arc<Geometry>,
    pub cells: Vec<u8>,
}

impl Board {
    /// A board from its geometry and cells.
    ///
    /// # Panics
    /// When `cells` has the wrong length or a value above the side.
    pub fn new(geometry: Arc<Geometry>, cells: Vec<u8>) -> Board {
        assert_eq!(cells.len(), geometry.cells(), "one value per cell");
        assert!(
            cells.iter().all(|&v| (v as usize) <= geometry.side()),
            "values within 0..=N"
        );
        Board { geometry, cells }
    }

    /// The empty grid of a geometry.
    pub fn empty(geometry: Arc<Geometry>) -> Board {
        let cells = vec![0; geometry.cells()];
        Board { geometry, cells }
    }

    /// Side `N` of the grid.
    #[inline]
    pub fn side(&self) -> usize {
        self.geometry.side()
    }

    /// Number of givens.
    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The board of a 9x9 puzzle.
    pub fn from_puzzle(p: &Puzzle) -> Board {
        Board {
            geometry: Geometry::from_layout(&p.layout),
            cells: p.cells.to_vec(),
        }
    }

    /// The 9x9 puzzle of this board, when the tuned 9x9 solvers can take it (side 9, no extra
    /// units).
    pub fn to_puzzle(&self) -> Option<Puzzle> {
        let layout = self.geometry.layout9()?;
        let cells: [u8; CELLS] = self.cells[..].try_into().ok()?;
        Some(Puzzle { cells, layout })
    }

    /// The first clash among the filled cells of `grid` (the givens themselves, or a candidate
    /// answer) on this board's geometry: the earliest second occurrence in row-major order,
    /// rows before columns before regions before extra units for the same cell.
    pub fn first_clash(&self, grid: &[u8]) -> Option<Clash> {
        first_clash(&self.geometry, grid)
    }

    /// True when `grid` is full, keeps every given, has no clash and keeps the geometry's
    /// rules.
    pub fn is_solved_by(&self, grid: &[u8]) -> bool {
        let side = self.side() as u8;
        grid.len() == self.cells.len()
            && grid.iter().all(|&v| (1..=side).contains(&v))
            && self.cells.iter().zip(grid).all(|(&g, &s)| g == 0 || g == s)
            && self.first_clash(grid).is_none()
            && self.broken_rule(grid).is_none()
    }

    /// The first rule beyond units (a cage, a relation) that the filled cells of `grid`
    /// break: the cell to point at and why ([`super::Rules::broken`]).
    pub fn broken_rule(&self, grid: &[u8]) -> Option<(usize, String)> {
        self.geometry.rules().and_then(|r| r.broken(grid))
    }
}

/// The first clash of `grid` on `g`; see [`Board::first_clash`]. Values above the side and
/// zeros are not looked at.
pub fn first_clash(g: &Geometry, grid: &[u8]) -> Option<Clash> {
    let side = g.side();
    // The values seen in each unit, bit `v` for value `v` (a side is at most 100): on the
    // stack up to a 16x16 grid's units, since `validate` asks this of every case (and
    // `--format auto` of every case of the input's head, as several formats). Room for the
    // largest grid's units (5 KiB) cleared at every call, and each cell's units found by
    // dividing by the side, took 280 ns on a 9x9 grid and 2.0 us on a 16x16 one; now 138 ns
    // and 1.5 us.
    let mut small = [0u128; SMALL_UNITS];
    let mut large = Vec::new();
    let seen: &mut [u128] = match g.unit_count() {
        n if n <= SMALL_UNITS => &mut small[..n],
        n => {
            large.resize(n, 0);
            &mut large
        }
    };
    let (regions, extras) = (g.regions(), !g.extras().is_empty());
    for (row, values) in grid.chunks(side).enumerate() {
        for (col, &v) in values.iter().enumerate() {
            if v == 0 || v as usize > side {
                continue;
            }
            let cell = row * side + col;
            let bit = 1u128 << v;
            let fixed = [row, side + col, 2 * side + regions[cell] as usize];
            let mut again = (seen[fixed[0]] | seen[fixed[1]] | seen[fixed[2]]) & bit != 0;
            for u in fixed {
                seen[u] |= bit;
            }
            if extras {
                for u in g.extra_units_of(cell) {
                    again |= seen[u] & bit != 0;
                    seen[u] |= bit;
                }
            }
            if again {
                return clash_at(g, grid, cell);
            }
        }
    }
    None
}

/// The units of a grid of side 16 with every extra unit: [`first_clash`] clears this many on
/// the stack.
const SMALL_UNITS: usize = 3 * 16 + MAX_EXTRAS;

/// The clash at `cell`, whose value is in one of its units already: the first such unit in
/// unit order, and the unit's first cell with the value (its cells are ascending).
#[cold]
fn clash_at(g: &Geometry, grid: &[u8], cell: usize) -> Option<Clash> {
    let v = grid[cell];
    let (u, first) = g.units_of(cell).find_map(|u| {
        let first = g
            .unit(u)
            .iter()
            .map(|&c| c as usize)
            .find(|&c| grid[c] == v)?;
        (first < cell).then_some((u, first))
    })?;
    Some(Clash {
        unit: g.unit_kind(u),
        digit: v,
        first,
        second: cell,
        side: g.side(),
    })
}

/// Per cell, true when its value also appears in another cell of one of its units (AOJ 0126's
/// `*` marks). Empty cells and values above the side are never marked.
pub fn clash_marks(g: &Geometry, grid: &[u8]) -> Vec<bool> {
    let side = g.side();
    // How often each value appears in each unit.
    let mut count = vec![0u32; g.unit_count() * (side + 1)];
    let valid = |v: u8| v != 0 && v as usize <= side;
    for (cell, &v) in grid.iter().enumerate() {
        if valid(v) {
            for u in g.units_of(cell) {
                count[u * (side + 1) + v as usize] += 1;
            }
        }
    }
    grid.iter()
        .enumerate()
        .map(|(cell, &v)| {
            valid(v)
                && g.units_of(cell)
                    .any(|u| count[u * (side + 1) + v as usize] > 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testutil::poj_solution;
    use crate::model::{Unit, first_clash as first_clash9};

    #[test]
    fn nine_by_nine_agrees_with_the_tuned_model() {
        let p = Puzzle::standard(poj_solution());
        let b = Board::from_puzzle(&p);
        assert_eq!(b.to_puzzle(), Some(p));
        assert!(b.is_solved_by(&p.cells));
        let mut g = poj_solution();
        g[10] = g[0];
        assert_eq!(b.first_clash(&g), first_clash9(&p, &g));
        assert!(!b.is_solved_by(&g));
    }

    #[test]
    fn clashes_on_diagonals_and_other_sizes() {
        let geo = Arc::new(Geometry::standard(2).with_diagonals());
        let mut b = Board::empty(geo.clone());
        b.cells[0] = 1;
        b.cells[15] = 1;
        let c = b.first_clash(&b.cells).unwrap();
        assert_eq!((c.unit, c.first, c.second), (Unit::Diagonal, 0, 15));
        assert_eq!(
            c.to_string(),
            "the main diagonal has two 1s (r1c1 and r4c4)"
        );
        assert_eq!(
            Board::empty(Geometry::standard(2)).first_clash(&b.cells),
            None
        );
        let marks = clash_marks(&geo, &b.cells);
        assert_eq!(marks.iter().filter(|&&m| m).count(), 2);
        assert!(marks[0] && marks[15]);
    }

    #[test]
    fn marks_every_cell_of_a_repeat() {
        // A 9x9 solution with its first two cells swapped: every repeat is marked (AOJ 0126).
        let mut g = poj_solution();
        g.swap(0, 1);
        let marks = clash_marks(&Geometry::standard(3), &g);
        let marked: Vec<usize> = (0..81).filter(|&c| marks[c]).collect();
        // The two swapped cells clash in their columns with the cells holding their digits.
        assert!(marked.contains(&0) && marked.contains(&1));
        assert!(marked.iter().all(|&c| c % 9 <= 1), "{marked:?}");
        assert_eq!(marked.len(), 4);
    }

    #[test]
    fn the_first_clash_is_the_first_repeat_in_cell_then_unit_order() {
        // What `first_clash` promises, spelled slowly: the first cell (in cell order) whose
        // value an earlier cell of one of its units holds, its first such unit, and that
        // unit's earliest cell holding it.
        fn slowly(g: &Geometry, grid: &[u8]) -> Option<(Unit, u8, usize, usize)> {
            (0..grid.len()).find_map(|cell| {
                let v = grid[cell];
                if v == 0 || v as usize > g.side() {
                    return None;
                }
                g.units_of(cell).find_map(|u| {
                    let first = g
                        .unit(u)
                        .iter()
                        .map(|&c| c as usize)
                        .find(|&c| grid[c] == v)?;
                    (first < cell).then_some((g.unit_kind(u), v, first, cell))
                })
            })
        }
        let mut rng = crate::rng::Rng::new(31);
        let geometries = [
            Geometry::standard(2),
            Arc::new(Geometry::standard(3).with_diagonals()),
            Geometry::standard(3),
            Geometry::standard(4),
            Geometry::standard(5),
        ];
        let mut clashes = 0;
        for g in &geometries {
            for _ in 0..400 {
                let side = g.side() as u64;
                // Sparse grids clash late or not at all, dense ones early; values past the
                // side are never looked at.
                let filled = rng.below(side * side) + 1;
                let grid: Vec<u8> = (0..g.cells())
                    .map(|_| {
                        if rng.below(side * side) < filled {
                            rng.below(side + 2) as u8
                        } else {
                            0
                        }
                    })
                    .collect();
                let got = first_clash(g, &grid).map(|c| (c.unit, c.digit, c.first, c.second));
                assert_eq!(got, slowly(g, &grid), "{g:?} {grid:?}");
                clashes += usize::from(got.is_some());
            }
        }
        assert!(
            (500..2000).contains(&clashes),
            "{clashes} clashes of 2000 grids"
        );
    }

    #[test]
    fn hundred_by_hundred_is_checked() {
        let geo = Geometry::standard(10);
        let mut cells = vec![0u8; geo.cells()];
        cells[0] = 100;
        cells[9999] = 100;
        assert_eq!(first_clash(&geo, &cells), None);
        cells[101] = 100;
        let c = first_clash(&geo, &cells).unwrap();
        assert_eq!((c.unit, c.digit), (Unit::Region(0), 100));
    }
}
