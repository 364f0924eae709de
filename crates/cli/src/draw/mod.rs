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
//! ([`tiles::domino_picture`]). A case on a net is drawn by [`net::picture`]: Tight-Fit's
//! split cells in their 6x6 grid, SGU 437's hexagon in a 7x7 square whose corners are holes
//! (cells that are not drawn, [`Picture::regions`]).

pub mod glyphs;
pub mod mark;
pub mod net;
pub mod svg;
pub mod text;
pub mod tiles;

use crate::model::Geometry;

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

/// One case drawn: a square of cells with the walls between them, a title above and notes
/// below.
#[derive(Clone, Debug)]
pub struct Picture {
    /// `case 2: 9x9 jigsaw, 27 givens`.
    pub title: String,
    /// Cells per row and per column.
    pub side: usize,
    /// Row-major, one per cell.
    pub cells: Vec<Cell>,
    /// The widest spelling of a value of this grid, in characters (1 for digits and letters, 2
    /// for numbers up to 25, 3 at 100x100): every cell is drawn this wide.
    pub width: usize,
    /// Lines under the grid: the answer's and the output's words, the wrong cells.
    pub notes: Vec<String>,
    /// The output is wrong: a wrong cell, or words other than the answer's.
    pub faulty: bool,
    /// Region of each cell, row-major: walls are drawn between cells of different regions
    /// (the boxes, a jigsaw's regions, a cage picture's cages) and around the cells; `None` is
    /// a hole, no cell at all (the corners of SGU 437's hexagon in its square).
    pub regions: Vec<Option<usize>>,
    /// The main diagonal and the anti-diagonal are units (X-sudoku): their cells are shaded.
    pub diagonals: [bool; 2],
    /// Relation marks on the borders between cells.
    pub marks: Vec<Mark>,
}

/// How a border between two cells is drawn: not at all (between two holes, or a hole and the
/// outside), thin (inside a region) or thick (a wall).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Line {
    None,
    Thin,
    Thick,
}

impl Picture {
    /// A picture of `g`'s grid, its walls on the regions and its diagonals shaded, with no
    /// cells, title, notes or marks yet (the callers fill them in).
    pub fn frame(g: &Geometry) -> Picture {
        use crate::model::Unit;
        let has = |u: Unit| g.extras().contains(&u);
        Picture {
            title: String::new(),
            side: g.side(),
            cells: Vec::new(),
            width: 1,
            notes: Vec::new(),
            faulty: false,
            regions: (0..g.cells()).map(|c| Some(g.region_of(c))).collect(),
            diagonals: [has(Unit::Diagonal), has(Unit::AntiDiagonal)],
            marks: Vec::new(),
        }
    }

    /// Side of the grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// True when some cell is filled in (not only givens): givens are then told apart.
    pub fn has_filled(&self) -> bool {
        self.cells.iter().any(|c| c.kind == Kind::Filled || c.wrong)
    }

    /// True when the output got some cell wrong.
    pub fn has_wrong(&self) -> bool {
        self.cells.iter().any(|c| c.wrong)
    }

    /// The region of cell `(r, c)`; `None` for a hole or outside the grid.
    fn region(&self, r: usize, c: usize) -> Option<usize> {
        let s = self.side;
        if r >= s || c >= s {
            return None;
        }
        self.regions[r * s + c]
    }

    /// True when cell `i` is a hole, no cell.
    pub fn is_hole(&self, i: usize) -> bool {
        self.regions[i].is_none()
    }

    /// How the border between two cells (each `None` when a hole or outside) is drawn.
    fn line(a: Option<usize>, b: Option<usize>) -> Line {
        match (a, b) {
            (None, None) => Line::None,
            (Some(x), Some(y)) if x == y => Line::Thin,
            _ => Line::Thick,
        }
    }

    /// How the line along the top of cell `(r, c)` is drawn (`r` may be the side: the
    /// bottom border).
    pub fn line_above(&self, r: usize, c: usize) -> Line {
        let up = r.checked_sub(1).and_then(|r| self.region(r, c));
        Self::line(up, self.region(r, c))
    }

    /// How the line along the left of cell `(r, c)` is drawn (`c` may be the side: the right
    /// border).
    pub fn line_left(&self, r: usize, c: usize) -> Line {
        let left = c.checked_sub(1).and_then(|c| self.region(r, c));
        Self::line(left, self.region(r, c))
    }

    /// True when a thick line runs along the top of cell `(r, c)`.
    pub fn wall_above(&self, r: usize, c: usize) -> bool {
        self.line_above(r, c) == Line::Thick
    }

    /// True when a thick line runs along the left of cell `(r, c)`.
    pub fn wall_left(&self, r: usize, c: usize) -> bool {
        self.line_left(r, c) == Line::Thick
    }

    /// True when cell `(r, c)` lies on a diagonal that is a unit (X-sudoku).
    pub fn on_diagonal(&self, r: usize, c: usize) -> bool {
        (self.diagonals[0] && r == c) || (self.diagonals[1] && r + c == self.side - 1)
    }

    /// The mark on the border below (`down`) or right of cell `(r, c)`, if any.
    pub fn mark(&self, r: usize, c: usize, down: bool) -> Option<char> {
        let cell = r * self.side() + c;
        self.marks
            .iter()
            .find(|m| m.cell == cell && m.down == down)
            .map(|m| m.symbol)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_follow_regions() {
        // 4x4 jigsaw: regions 0 0 0 1 / 0 2 1 1 / 2 2 3 1 / 2 3 3 3.
        let ids = [0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
        let g = Geometry::from_regions(2, &ids).unwrap();
        let p = Picture {
            cells: vec![
                Cell {
                    text: String::new(),
                    kind: Kind::Empty,
                    wrong: false,
                };
                16
            ],
            marks: vec![Mark {
                cell: 1,
                down: true,
                symbol: 'v',
            }],
            ..Picture::frame(&g)
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
            regions: vec![Some(0); 16],
            ..p.clone()
        };
        assert!(!cage.wall_left(1, 2) && !cage.wall_above(1, 1));
        // Holes: no line between two, a wall between a hole and a cell.
        let mut holed = Picture {
            regions: vec![Some(0); 16],
            ..p
        };
        (holed.regions[0], holed.regions[1]) = (None, None);
        assert_eq!(holed.line_left(0, 1), Line::None);
        assert_eq!(holed.line_above(0, 0), Line::None);
        assert_eq!(holed.line_left(0, 2), Line::Thick);
        assert_eq!(holed.line_above(1, 0), Line::Thick);
        assert!(holed.is_hole(1) && !holed.is_hole(2));
    }
}
