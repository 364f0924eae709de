//! The puzzle model: a 9x9 grid of digits (0 = empty) and the region layout it is played on.
//!
//! Solvers and formats meet here and nowhere else: formats turn bytes into a [`Puzzle`], solvers
//! turn a `Puzzle` into an [`crate::solve::Outcome`]. Nothing in this module does I/O.

pub(crate) mod cells;
mod layout;
#[cfg(test)]
pub(crate) mod testutil;
mod validate;

pub use layout::{Layout, LayoutError, Side};
pub use validate::{Clash, Unit, first_clash, is_solution_of};

/// Side length of the grid (rows, columns, regions, digits).
pub const N: usize = 9;
/// Number of cells in the grid.
pub const CELLS: usize = N * N;

/// Row-major cells, `0` for an empty cell and `1..=9` for a digit.
pub type Grid = [u8; CELLS];

/// One case: the givens and the layout they are played on.
///
/// `cells` holds only `0..=9`; readers reject anything else before building a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub cells: Grid,
    pub layout: Layout,
}

impl Puzzle {
    /// A puzzle on the standard 3x3 boxes.
    pub fn standard(cells: Grid) -> Self {
        Puzzle {
            cells,
            layout: Layout::standard(),
        }
    }

    /// Number of givens (non-zero cells).
    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }
}

/// Row of a cell index.
#[inline]
pub const fn row_of(cell: usize) -> usize {
    cell / N
}

/// Column of a cell index.
#[inline]
pub const fn col_of(cell: usize) -> usize {
    cell % N
}

/// `r3c4`-style name of a cell for messages (1-based, as people count).
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", row_of(cell) + 1, col_of(cell) + 1)
}
