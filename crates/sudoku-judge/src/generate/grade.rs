//! The logic grader: solves a puzzle the way a person would, with named rules and no guessing,
//! and reports the hardest rule it needed. `gen --difficulty` combines it with the bitmask
//! solver's guess count.
//!
//! Rules, easiest first: naked singles, hidden singles, then (only when singles are stuck)
//! naked pairs, pointing/claiming (locked candidates) and hidden pairs. Each harder rule only
//! removes candidates; the grader then goes back to singles, so the hardest rule reported is
//! the least a solver of these rules must know. Works on any layout (rows, columns, regions).

use crate::model::{CELLS, Layout, N, Puzzle, col_of, row_of};

/// A logical rule, ordered from easiest to hardest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rule {
    NakedSingle,
    HiddenSingle,
    NakedPair,
    /// Pointing (a region's candidates for a digit in one line) and claiming (a line's in one
    /// region).
    LockedCandidates,
    HiddenPair,
}

/// What the grader achieved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Logic {
    /// True when the rules filled every cell.
    pub solved: bool,
    /// The hardest rule that was needed (`None` for a full grid).
    pub hardest: Option<Rule>,
}

const ALL: u16 = (1 << N) - 1;

/// The 27 units (9 rows, 9 columns, 9 regions) of a layout, and each cell's three units.
struct Units {
    cells: [[u8; N]; 3 * N],
    of: [[u8; 3]; CELLS],
}

impl Units {
    fn new(layout: &Layout) -> Units {
        let mut cells = [[0u8; N]; 3 * N];
        for c in 0..CELLS {
            let (r, k) = (row_of(c), col_of(c));
            cells[r][k] = c as u8;
            cells[N + k][r] = c as u8;
        }
        let regions = layout.region_cells();
        cells[2 * N..].copy_from_slice(&regions);
        let mut of = [[0u8; 3]; CELLS];
        for (c, u) in of.iter_mut().enumerate() {
            *u = [
                row_of(c) as u8,
                (N + col_of(c)) as u8,
                (2 * N + layout.region_of(c)) as u8,
            ];
        }
        Units { cells, of }
    }
}

/// Candidate state of a grid being solved by rules.
struct Board<'a> {
    units: &'a Units,
    digit: [u8; CELLS],
    cand: [u16; CELLS],
    /// False once a contradiction shows (a cell or a unit digit with no place left).
    ok: bool,
}

impl Board<'_> {
    fn place(&mut self, cell: usize, d: u8) {
        let bit = 1u16 << (d - 1);
        if self.cand[cell] & bit == 0 {
            self.ok = false;
            return;
        }
        self.digit[cell] = d;
        self.cand[cell] = 0;
        for &u in &self.units.of[cell] {
            for &p in &self.units.cells[u as usize] {
                self.cand[p as usize] &= !bit;
            }
        }
    }

    fn naked_singles(&mut self) -> bool {
        let mut any = false;
        for c in 0..CELLS {
            if self.digit[c] == 0 {
                let m = self.cand[c];
                if m == 0 {
                    self.ok = false;
                    return false;
                }
                if m.count_ones() == 1 {
                    self.place(c, m.trailing_zeros() as u8 + 1);
                    any = true;
                }
            }
        }
        any
    }

    fn hidden_singles(&mut self) -> bool {
        let mut any = false;
        for u in 0..3 * N {
            let unit = self.units.cells[u];
            let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
            for &c in &unit {
                let c = c as usize;
                if self.digit[c] != 0 {
                    placed |= 1 << (self.digit[c] - 1);
                }
                twice |= once & self.cand[c];
                once |= self.cand[c];
            }
            if (once | placed) != ALL {
                self.ok = false;
                return false;
            }
            let mut hidden = once & !twice & !placed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden ^= bit;
                if let Some(&c) = unit.iter().find(|&&c| self.cand[c as usize] & bit != 0) {
                    self.place(c as usize, bit.trailing_zeros() as u8 + 1);
                    any = true;
                }
            }
        }
        any
    }

    fn naked_pairs(&mut self) -> bool {
        let mut any = false;
        for unit in self.units.cells {
            for (i, &a) in unit.iter().enumerate() {
                let m = self.cand[a as usize];
                if m.count_ones() != 2 {
                    continue;
                }
                for &b in &unit[i + 1..] {
                    if self.cand[b as usize] != m {
                        continue;
                    }
                    for &o in &unit {
                        if o != a && o != b && self.cand[o as usize] & m != 0 {
                            self.cand[o as usize] &= !m;
                            any = true;
                        }
                    }
                }
            }
        }
        any
    }

    /// Pointing and claiming: when the candidates of a digit in unit A all lie in unit B too,
    /// the digit leaves the rest of B. A is a region and B a line, or the other way round.
    fn locked_candidates(&mut self) -> bool {
        let mut any = false;
        for a in 0..3 * N {
            for d in 0..N {
                let bit = 1u16 << d;
                let mut shared: Option<[bool; 3 * N]> = None;
                for &c in &self.units.cells[a] {
                    if self.cand[c as usize] & bit == 0 {
                        continue;
                    }
                    let mut here = [false; 3 * N];
                    for &u in &self.units.of[c as usize] {
                        here[u as usize] = true;
                    }
                    shared = Some(match shared {
                        None => here,
                        Some(s) => std::array::from_fn(|i| s[i] && here[i]),
                    });
                }
                let Some(shared) = shared else { continue };
                for (b, &common) in shared.iter().enumerate() {
                    // Only line/region pairs: two lines share one cell at most.
                    if !common || b == a || (a < 2 * N) == (b < 2 * N) {
                        continue;
                    }
                    for &o in &self.units.cells[b] {
                        let o = o as usize;
                        if self.cand[o] & bit != 0 && !self.units.of[o].contains(&(a as u8)) {
                            self.cand[o] &= !bit;
                            any = true;
                        }
                    }
                }
            }
        }
        any
    }

    fn hidden_pairs(&mut self) -> bool {
        let mut any = false;
        for unit in self.units.cells {
            // where[d] = positions in the unit (bits 0..9) where digit d is a candidate
            let mut wher = [0u16; N];
            for (i, &c) in unit.iter().enumerate() {
                let m = self.cand[c as usize];
                for (d, w) in wher.iter_mut().enumerate() {
                    if m & (1 << d) != 0 {
                        *w |= 1 << i;
                    }
                }
            }
            for d1 in 0..N {
                if wher[d1].count_ones() != 2 {
                    continue;
                }
                for d2 in d1 + 1..N {
                    if wher[d2] != wher[d1] {
                        continue;
                    }
                    let keep = (1u16 << d1) | (1 << d2);
                    let mut pos = wher[d1];
                    while pos != 0 {
                        let i = pos.trailing_zeros() as usize;
                        pos &= pos - 1;
                        let c = unit[i] as usize;
                        if self.cand[c] & !keep != 0 {
                            self.cand[c] &= keep;
                            any = true;
                        }
                    }
                }
            }
        }
        any
    }
}

/// Solves `puzzle` with the rules alone and reports how far they got and the hardest rule used.
pub fn logic(puzzle: &Puzzle) -> Logic {
    let units = Units::new(&puzzle.layout);
    let mut b = Board {
        units: &units,
        digit: [0; CELLS],
        cand: [ALL; CELLS],
        ok: true,
    };
    for (c, &d) in puzzle.cells.iter().enumerate() {
        if d != 0 {
            b.place(c, d);
        }
    }
    let mut hardest: Option<Rule> = None;
    let mut used = |r: Rule| hardest = hardest.max(Some(r));
    loop {
        if !b.ok {
            break;
        }
        if b.naked_singles() {
            used(Rule::NakedSingle);
            continue;
        }
        if b.ok && b.hidden_singles() {
            used(Rule::HiddenSingle);
            continue;
        }
        if !b.ok || b.digit.iter().all(|&d| d != 0) {
            break;
        }
        let rule = if b.naked_pairs() {
            Rule::NakedPair
        } else if b.locked_candidates() {
            Rule::LockedCandidates
        } else if b.hidden_pairs() {
            Rule::HiddenPair
        } else {
            break;
        };
        used(rule);
    }
    Logic {
        solved: b.ok && b.digit.iter().all(|&d| d != 0),
        hardest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testutil::{grid, poj_sample, poj_solution};

    #[test]
    fn easy_puzzle_needs_only_singles() {
        // POJ 2676 sample: solved by singles.
        let p = Puzzle::standard(poj_sample());
        let l = logic(&p);
        assert!(l.solved);
        assert!(l.hardest <= Some(Rule::HiddenSingle), "{l:?}");
    }

    #[test]
    fn hardest_known_puzzle_is_not_solved_by_these_rules() {
        // Arto Inkala's "world's hardest" needs far more than pairs and locked candidates.
        let p = Puzzle::standard(grid(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ));
        assert!(!logic(&p).solved);
    }

    #[test]
    fn full_grid_needs_nothing_and_empty_grid_is_stuck() {
        let full = poj_solution();
        let l = logic(&Puzzle::standard(full));
        assert_eq!(
            l,
            Logic {
                solved: true,
                hardest: None
            }
        );
        assert!(!logic(&Puzzle::standard([0; CELLS])).solved);
    }

    #[test]
    fn locked_candidates_eliminate_outside_the_region() {
        // Row 1 holds 1..6 in columns 4..9 except where digits 7,8,9 must go; put 7 in rows 2
        // and 3 outside box 1 so box 1's 7 is locked in row 1, columns 1..3.
        let units = Units::new(&Layout::standard());
        let mut b = Board {
            units: &units,
            digit: [0; CELLS],
            cand: [ALL; CELLS],
            ok: true,
        };
        // Remove 7 from rows 2 and 3 of box 1 (cells 9..12, 18..21).
        for c in [9, 10, 11, 18, 19, 20] {
            b.cand[c] &= !(1 << 6);
        }
        assert!(b.locked_candidates());
        // Pointing: 7 leaves row 1 outside box 1.
        assert!((3..9).all(|c| b.cand[c] & (1 << 6) == 0));
        assert!((0..3).all(|c| b.cand[c] & (1 << 6) != 0));
    }
}
