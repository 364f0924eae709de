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
    use crate::model::CELLS;
    use crate::model::testutil::poj_solution;

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
