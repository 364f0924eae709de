//! Propagation only: naked singles (a cell with one candidate left) and hidden singles (a value
//! with one place left in a unit), to their fixed point, with no guessing. Kattis
//! "simplysudoku" asks exactly this: is the puzzle solved by these two rules, and how far do
//! they get.
//!
//! Both rules only ever place values that every solution has, so on a puzzle with a solution
//! the fixed point does not depend on the order they are applied in. On a puzzle without one
//! the rules may run into a contradiction (a cell with no candidate, a value with no place in a
//! unit); propagation then stops where it is, with the cells placed so far.

use crate::model::{Board, Geometry};

/// How far singles got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Propagation {
    /// The givens plus every value the rules placed (`0` where none was).
    pub cells: Vec<u8>,
    /// Every cell is filled (and the grid is a solution).
    pub solved: bool,
    /// The rules found the givens inconsistent (clashing givens included).
    pub contradiction: bool,
}

/// Applies naked and hidden singles to `board` until neither places anything. Works on boards
/// of every solvable size (side at most 32).
pub fn propagate(board: &Board) -> Propagation {
    let mut c = Candidates::new(board);
    let mut changed = !c.contradiction;
    while changed && !c.contradiction {
        changed = c.naked_singles();
        changed |= c.hidden_singles();
    }
    let solved = !c.contradiction && c.cells.iter().all(|&v| v != 0);
    Propagation {
        cells: c.cells,
        solved,
        contradiction: c.contradiction,
    }
}

/// A board's values and candidates as the singles leave them: what [`propagate`] runs to its
/// fixed point, and what the logic grader (the library's `generate::grade`) runs between its harder
/// rules, which strike candidates from `cand` themselves.
pub struct Candidates<'b> {
    pub geometry: &'b Geometry,
    /// The givens plus every value placed (`0` where none is).
    pub cells: Vec<u8>,
    /// Per cell, bit `v - 1` while `v` may go there; a filled cell keeps only its value's bit.
    pub cand: Vec<u32>,
    /// A rule found the values inconsistent (clashing givens included).
    pub contradiction: bool,
}

impl<'b> Candidates<'b> {
    /// The givens of `board` placed, each striking its value from its peers.
    pub fn new(board: &'b Board) -> Candidates<'b> {
        let side = board.geometry.side();
        assert!(side <= 32, "candidate masks hold at most 32 values");
        let all: u32 = if side == 32 { !0 } else { (1 << side) - 1 };
        let mut c = Candidates {
            geometry: &board.geometry,
            cells: board.cells.clone(),
            cand: vec![all; board.cells.len()],
            contradiction: false,
        };
        for cell in 0..c.cells.len() {
            if c.cells[cell] != 0 && !c.place(cell, c.cells[cell]) {
                c.contradiction = true;
            }
        }
        c
    }

    /// Strikes `v` from the peers of `cell`; false when some given or placed peer holds it.
    fn place(&mut self, cell: usize, v: u8) -> bool {
        let g = self.geometry;
        let bit = 1u32 << (v - 1);
        let mut ok = true;
        for u in g.units_of(cell) {
            for &p in g.unit(u) {
                let p = p as usize;
                if p != cell {
                    self.cand[p] &= !bit;
                    ok &= self.cells[p] != v;
                }
            }
        }
        self.cand[cell] = bit;
        ok
    }

    /// One pass of naked singles over the cells in order (stopping at a contradiction); true
    /// when it placed a value.
    pub fn naked_singles(&mut self) -> bool {
        let mut changed = false;
        for cell in 0..self.cells.len() {
            if self.cells[cell] != 0 {
                continue;
            }
            match self.cand[cell].count_ones() {
                0 => self.contradiction = true,
                1 => {
                    let v = self.cand[cell].trailing_zeros() as u8 + 1;
                    self.cells[cell] = v;
                    self.contradiction |= !self.place(cell, v);
                    changed = true;
                }
                _ => {}
            }
            if self.contradiction {
                break;
            }
        }
        changed
    }

    /// One pass of hidden singles, unit by unit, value by value (stopping at a
    /// contradiction); true when it placed a value.
    pub fn hidden_singles(&mut self) -> bool {
        let g = self.geometry;
        let mut changed = false;
        for u in 0..g.unit_count() {
            let unit = g.unit(u);
            for v in 1..=g.side() as u8 {
                let bit = 1u32 << (v - 1);
                if unit.iter().any(|&c| self.cells[c as usize] == v) {
                    continue;
                }
                let mut places = unit.iter().filter(|&&c| self.cand[c as usize] & bit != 0);
                match (places.next(), places.next()) {
                    (None, _) => {
                        self.contradiction = true;
                        return changed;
                    }
                    (Some(&c), None) => {
                        let c = c as usize;
                        self.cells[c] = v;
                        self.contradiction |= !self.place(c, v);
                        changed = true;
                        if self.contradiction {
                            return changed;
                        }
                    }
                    _ => {}
                }
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Geometry;

    fn board9(rows: &str) -> Board {
        let cells = rows
            .split_whitespace()
            .map(|t| t.parse::<u8>().unwrap())
            .collect();
        Board::new(Geometry::standard(3), cells)
    }

    #[test]
    fn kattis_sample_is_easy() {
        // Kattis simplysudoku sample 1 (JUDGES.md B4): singles alone solve it.
        let b = board9(
            "2 6 0 5 1 0 3 0 0  3 0 0 0 6 0 0 0 2  0 1 5 0 7 3 9 0 4
             0 0 9 0 0 0 5 0 0  0 0 2 6 0 1 4 0 0  0 0 6 0 0 0 7 0 0
             6 0 1 9 4 0 2 3 0  9 0 0 0 2 0 0 0 5  0 0 8 0 3 5 0 4 9",
        );
        let p = propagate(&b);
        assert!(p.solved && !p.contradiction);
        let want =
            "264519378397864152815273964139487526572691483486352791651948237943726815728135649";
        let got: String = p.cells.iter().map(|&v| (b'0' + v) as char).collect();
        assert_eq!(got, want);
        assert!(b.is_solved_by(&p.cells));
    }

    #[test]
    fn a_hard_puzzle_stops_part_way() {
        // One of the forum's hardest puzzles: singles stall soon.
        let line =
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
        let spaced: String = line
            .replace('.', "0")
            .chars()
            .map(|c| format!("{c} "))
            .collect();
        let b = board9(&spaced);
        let p = propagate(&b);
        assert!(!p.solved && !p.contradiction);
        assert!(p.cells.iter().filter(|&&v| v != 0).count() >= 17);
        // Every placed value is consistent: no clash.
        assert_eq!(b.first_clash(&p.cells), None);
    }

    #[test]
    fn clashing_givens_are_a_contradiction() {
        let mut b = Board::empty(Geometry::standard(2));
        b.cells[0] = 1;
        b.cells[1] = 1;
        let p = propagate(&b);
        assert!(p.contradiction && !p.solved);
        assert_eq!(p.cells, b.cells);
    }

    #[test]
    fn one_by_one_and_the_full_grid() {
        let p = propagate(&Board::empty(Geometry::standard(1)));
        assert_eq!((p.cells, p.solved), (vec![1], true));
        // An empty 4x4 grid has many solutions: nothing is placed.
        let p = propagate(&Board::empty(Geometry::standard(2)));
        assert!(!p.solved && p.cells.iter().all(|&v| v == 0));
    }
}
