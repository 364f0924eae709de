//! Consistency of givens and of solutions: clashing digits in a row, column or region.

use super::geometry::cell_name;
use super::unit::Unit;
use super::{Grid, N, Puzzle, col_of, row_of};
use std::fmt;

/// Two cells of one unit holding the same digit; `first < second` in row-major order on a grid
/// of side `side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    pub unit: Unit,
    pub digit: u8,
    pub first: usize,
    pub second: usize,
    pub side: usize,
}

impl Clash {
    /// The clash said with its value spelled `value` (`row 1 has two Bs (r1c1 and r1c2)` where
    /// a format writes letters); [`fmt::Display`] spells it as a number.
    pub fn spelled(&self, value: &str) -> String {
        format!(
            "{} has two {value}s ({} and {})",
            self.unit,
            cell_name(self.side, self.first),
            cell_name(self.side, self.second)
        )
    }
}

impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spelled(&self.digit.to_string()))
    }
}

/// The first clash among the filled cells of `grid` on the puzzle's layout, scanning cells in
/// row-major order and reporting the earliest second occurrence; rows are checked before
/// columns before regions for the same cell.
pub fn first_clash(puzzle: &Puzzle, grid: &Grid) -> Option<Clash> {
    // Whether there is a clash at all, on bits: each cell is looked at alike, an empty one as
    // no bit, so that no branch on whether a cell is filled can miss. Kept per unit with the
    // first cell of each digit and a branch per cell, a check took 320 ns on a Kaggle grid
    // (73-140 ns on a 17-clue one, by the build); now 105 ns on both. A clash, rare in
    // `validate`'s and the guess's inputs, is then found as before.
    let mut cols = [0u16; N];
    // Sixteen, so that a region id (below 9) masked to four bits needs no bounds check.
    let mut regions = [0u16; 16];
    let mut again = 0u16;
    let ids = puzzle.layout.regions();
    for (cells, ids) in grid.chunks_exact(N).zip(ids.chunks_exact(N)) {
        let mut in_row = 0u16;
        for (col, (&d, &g)) in cells.iter().zip(ids).enumerate() {
            let bit = if d as usize <= N {
                (1u16 << d) & DIGITS
            } else {
                0
            };
            let g = usize::from(g & 15);
            again |= (in_row | cols[col] | regions[g]) & bit;
            in_row |= bit;
            cols[col] |= bit;
            regions[g] |= bit;
        }
    }
    if again == 0 {
        return None;
    }
    first_clash_at(puzzle, grid)
}

/// Bits 1 to 9: the digits.
const DIGITS: u16 = 0x3fe;

/// [`first_clash`] where there is one: which cell, unit and digit.
#[cold]
fn first_clash_at(puzzle: &Puzzle, grid: &Grid) -> Option<Clash> {
    // seen[unit kind][unit][digit] = first cell + 1 (0 = not seen)
    let mut seen = [[[0u8; N + 1]; N]; 3];
    for (cell, &d) in grid.iter().enumerate() {
        let d = d as usize;
        if d == 0 || d > N {
            continue;
        }
        let (r, c, g) = (row_of(cell), col_of(cell), puzzle.layout.region_of(cell));
        let units = [(Unit::Row(r), r), (Unit::Col(c), c), (Unit::Region(g), g)];
        for (kind, (unit, idx)) in units.into_iter().enumerate() {
            let slot = &mut seen[kind][idx][d];
            if *slot != 0 {
                return Some(Clash {
                    unit,
                    digit: d as u8,
                    first: *slot as usize - 1,
                    second: cell,
                    side: N,
                });
            }
            *slot = cell as u8 + 1;
        }
    }
    None
}

/// True when `grid` is full, keeps every given of `puzzle`, and has no clash on its layout.
pub fn is_solution_of(puzzle: &Puzzle, grid: &Grid) -> bool {
    grid.iter().all(|&d| (1..=N as u8).contains(&d))
        && puzzle
            .cells
            .iter()
            .zip(grid)
            .all(|(&g, &s)| g == 0 || g == s)
        && first_clash(puzzle, grid).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testutil::poj_solution;
    use crate::model::{CELLS, Layout};

    /// The first clash, or none, is the board model's (which its own test holds to the slow
    /// definition), on standard and jigsaw regions, sparse grids and dense ones, values past 9
    /// included.
    #[test]
    fn the_first_clash_is_the_boards() {
        let rows: [u8; CELLS] = std::array::from_fn(|c| (c / N) as u8);
        let layouts = [Layout::standard(), Layout::from_regions(&rows).unwrap()];
        let mut rng = crate::rng::Rng::new(2676);
        let mut clashes = 0;
        for layout in layouts {
            for _ in 0..2000 {
                let filled = rng.below(CELLS as u64 + 1);
                let grid: Grid = std::array::from_fn(|_| {
                    if rng.below(CELLS as u64) < filled {
                        rng.below(12) as u8
                    } else {
                        0
                    }
                });
                let p = Puzzle {
                    cells: grid,
                    layout,
                };
                let want = crate::model::Board::from_puzzle(&p).first_clash(&grid);
                assert_eq!(first_clash(&p, &grid), want, "{grid:?}");
                clashes += usize::from(want.is_some());
            }
        }
        assert!(
            (1000..3500).contains(&clashes),
            "{clashes} clashes of 4000 grids"
        );
    }

    #[test]
    fn solved_sample_is_a_solution() {
        let p = Puzzle::standard(poj_solution());
        assert!(is_solution_of(&p, &poj_solution()));
        assert_eq!(first_clash(&p, &p.cells), None);
    }

    #[test]
    fn overwritten_given_is_not_a_solution() {
        let mut givens = [0u8; CELLS];
        givens[0] = 2;
        let p = Puzzle::standard(givens);
        assert!(!is_solution_of(&p, &poj_solution()));
    }

    #[test]
    fn clash_names_unit_digit_and_cells() {
        let mut g = [0u8; CELLS];
        g[0] = 5;
        g[8] = 5;
        let p = Puzzle::standard(g);
        let c = first_clash(&p, &g).unwrap();
        assert_eq!(
            c,
            Clash {
                unit: Unit::Row(0),
                digit: 5,
                first: 0,
                second: 8,
                side: 9
            }
        );
        assert_eq!(c.to_string(), "row 1 has two 5s (r1c1 and r1c9)");
        let mut g = [0u8; CELLS];
        g[0] = 3;
        g[10] = 3;
        assert_eq!(
            first_clash(&Puzzle::standard(g), &g).map(|c| c.unit),
            Some(Unit::Region(0))
        );
        let mut g = [0u8; CELLS];
        g[4] = 7;
        g[76] = 7;
        assert_eq!(
            first_clash(&Puzzle::standard(g), &g).map(|c| c.unit),
            Some(Unit::Col(4))
        );
    }

    #[test]
    fn incomplete_grid_is_not_a_solution() {
        let mut g = poj_solution();
        g[40] = 0;
        assert!(!is_solution_of(&Puzzle::standard([0; CELLS]), &g));
    }
}
