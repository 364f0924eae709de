//! Pictures of cases, on the output side: a [`Picture`] says what each cell shows (a given, a
//! filled value, a wrong one) on the grid's geometry, with a title and notes; [`mark`] builds
//! it from a case and what an answer file and a contestant's output say, and [`text`] (box
//! drawing for a terminal, with or without colour) and [`svg`] turn it into bytes.
//!
//! Walls are drawn where two neighbouring cells lie in different regions (the standard boxes or
//! any jigsaw layout, HDU 4069's wall codes read into one) and all around the grid. A case with
//! rules (cages, relation marks) draws its marks on the borders between their two cells, and
//! its cages as a picture of their own: the cages' outlines as walls, each sum in its cage's
//! first cell ([`mark::cage_pictures`]). A Su-Domino-Ku case's dominoes are one more picture
//! ([`tiles::domino_picture`]). A case on a net (SGU 437's hexagon, Tight-Fit's split cells)
//! has no square grid: it is drawn as text in its own shape ([`net::net_text`]).

pub mod glyphs;
pub mod mark;
pub mod net;
pub mod svg;
pub mod text;
pub mod tiles;

use crate::model::Geometry;
use std::sync::Arc;

/// What a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Nothing.
    Empty,
    /// A given of the case.
    Given,
    /// A value the answer or the output filled in.
    Filled,
}

/// One cell of a picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The value as the format spells it (`7`, `G`, `25`), after a `*` where AOJ 0126's output
    /// marks it as repeating; empty for an empty cell.
    pub text: String,
    pub kind: Kind,
    /// The output got this cell wrong (a wrong value, a changed given, a repeat, an empty cell
    /// where a value belongs, a wrong `*` mark).
    pub wrong: bool,
}

/// A relation mark on the border between two neighbouring cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The left or upper cell of the two.
    pub cell: usize,
    /// The other cell is below (else to the right).
    pub down: bool,
    /// What the border shows, read from the left or upper cell: `<` `>` (inside a row), `^`
    /// `v` (the upper cell smaller, larger), or a pair sum's comparison `<` `=` `>`.
    pub symbol: char,
}

/// One case drawn: the geometry, each cell, a title above and notes below.
#[derive(Clone, Debug)]
pub struct Picture {
    /// `case 2: 9x9 jigsaw, 27 givens`.
    pub title: String,
    pub geometry: Arc<Geometry>,
    /// Row-major, one per cell.
    pub cells: Vec<Cell>,
    /// The widest spelling of a value of this grid, in characters (1 for digits and letters, 2
    /// for numbers up to 25, 3 at 100x100): every cell is drawn this wide.
    pub width: usize,
    /// Lines under the grid: the answer's and the output's words, the wrong cells.
    pub notes: Vec<String>,
    /// The output is wrong: a wrong cell, or words other than the answer's.
    pub faulty: bool,
    /// Region of each cell where the walls are drawn from other than the geometry's regions
    /// (a cage picture's cages; cells of no cage each their own).
    pub regions: Option<Vec<usize>>,
    /// Relation marks on the borders between cells.
    pub marks: Vec<Mark>,
}

impl Picture {
    /// Side of the grid.
    pub fn side(&self) -> usize {
        self.geometry.side()
    }

    /// True when some cell is filled in (not only givens): givens are then told apart.
    pub fn has_filled(&self) -> bool {
        self.cells.iter().any(|c| c.kind == Kind::Filled || c.wrong)
    }

    /// True when the output got some cell wrong.
    pub fn has_wrong(&self) -> bool {
        self.cells.iter().any(|c| c.wrong)
    }

    /// True when a thick line runs along the top of cell `(r, c)` (`r` may be the side: the
    /// bottom border).
    pub fn wall_above(&self, r: usize, c: usize) -> bool {
        let s = self.side();
        r == 0 || r == s || self.region(r - 1, c) != self.region(r, c)
    }

    /// True when a thick line runs along the left of cell `(r, c)` (`c` may be the side: the
    /// right border).
    pub fn wall_left(&self, r: usize, c: usize) -> bool {
        let s = self.side();
        c == 0 || c == s || self.region(r, c - 1) != self.region(r, c)
    }

    /// True when cell `(r, c)` lies on a diagonal that is a unit (X-sudoku).
    pub fn on_diagonal(&self, r: usize, c: usize) -> bool {
        use crate::model::Unit;
        let s = self.side();
        self.geometry.extras().iter().any(|u| match u {
            Unit::Diagonal => r == c,
            Unit::AntiDiagonal => r + c == s - 1,
            _ => false,
        })
    }

    /// The mark on the border below (`down`) or right of cell `(r, c)`, if any.
    pub fn mark(&self, r: usize, c: usize, down: bool) -> Option<char> {
        let cell = r * self.side() + c;
        self.marks
            .iter()
            .find(|m| m.cell == cell && m.down == down)
            .map(|m| m.symbol)
    }

    fn region(&self, r: usize, c: usize) -> usize {
        let cell = r * self.side() + c;
        match &self.regions {
            Some(ids) => ids[cell],
            None => self.geometry.region_of(cell),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_follow_regions() {
        // 4x4 jigsaw: regions 0 0 0 1 / 0 2 1 1 / 2 2 3 1 / 2 3 3 3.
        let ids = [0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
        let g = Arc::new(Geometry::from_regions(2, &ids).unwrap());
        let p = Picture {
            title: String::new(),
            geometry: g,
            cells: vec![
                Cell {
                    text: String::new(),
                    kind: Kind::Empty,
                    wrong: false,
                };
                16
            ],
            width: 1,
            notes: Vec::new(),
            faulty: false,
            regions: None,
            marks: vec![Mark {
                cell: 1,
                down: true,
                symbol: 'v',
            }],
        };
        assert!(p.wall_above(0, 2) && p.wall_above(4, 1), "borders");
        assert!(p.wall_left(0, 0) && p.wall_left(3, 4), "borders");
        assert!(!p.wall_left(0, 1) && p.wall_left(0, 3), "r1: 0 0 0 | 1");
        assert!(
            !p.wall_above(1, 0) && p.wall_above(1, 1),
            "r2c2 is region 2"
        );
        assert!(!p.has_filled() && !p.has_wrong());
        assert!(!p.on_diagonal(0, 0));
        assert_eq!(p.mark(0, 1, true), Some('v'));
        assert_eq!(p.mark(0, 1, false), None);
        // Walls from regions of the picture's own: one region, no wall inside.
        let cage = Picture {
            regions: Some(vec![0; 16]),
            ..p
        };
        assert!(!cage.wall_left(1, 2) && !cage.wall_above(1, 1));
    }
}
