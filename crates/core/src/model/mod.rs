//! The puzzle model: a 9x9 grid of digits (0 = empty) and the region layout it is played on
//! ([`Puzzle`], the tuned path), and grids of every size on any [`Geometry`] ([`Board`]).
//!
//! Solvers and formats meet here and nowhere else: formats turn bytes into a [`Puzzle`] or a
//! [`Board`], solvers turn them into outcomes. Nothing in this module does I/O. Why there are
//! two models is said in [`geometry`].

pub mod answer;
pub mod board;
pub mod case;
pub mod cells;
pub mod dominoes;
pub mod geometry;
mod layout;
pub mod net;
pub mod rules;
pub mod symmetry;
#[cfg(any(test, feature = "testutil"))]
pub mod testutil;
mod unit;
mod validate;

pub use answer::{Answer, Mode, Outcome, Reply, ReplyRef};
pub use board::Board;
pub use case::Case;
pub use dominoes::{Tiling, TilingError};
pub use geometry::{Geometry, MAX_BOX, MAX_SOLVE_BOX, RegionError};
pub use layout::{Layout, LayoutError, Side};
pub use net::{Net, NetError};
pub use rules::{Cage, Cmp, Relation, RuleError, Rules};
pub use unit::Unit;
pub use validate::{Clash, first_clash, is_solution_of};

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
    geometry::cell_name(N, cell)
}
