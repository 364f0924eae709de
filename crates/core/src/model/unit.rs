//! The units a geometry is made of (rows, columns, regions, the X-sudoku diagonals), named as
//! messages name them. A leaf of `model/`: [`super::geometry`] builds its units from these and
//! [`super::validate`] names the unit of a clash with them, neither importing the other's way.

use std::fmt;

/// A row, column or region of the grid (0-based index), or an extra unit of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    Row(usize),
    Col(usize),
    Region(usize),
    /// The main diagonal, top left to bottom right (X-sudoku).
    Diagonal,
    /// The anti-diagonal, top right to bottom left (X-sudoku).
    AntiDiagonal,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Col(i) => write!(f, "column {}", i + 1),
            Unit::Region(i) => write!(f, "region {}", i + 1),
            Unit::Diagonal => f.write_str("the main diagonal"),
            Unit::AntiDiagonal => f.write_str("the anti-diagonal"),
        }
    }
}
