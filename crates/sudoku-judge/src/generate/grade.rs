//! The logic grader: solves a puzzle the way a person would, with named rules and no guessing,
//! and reports the hardest rule it needed. `gen --difficulty` combines it with the bitmask
//! solver's guess count.
//!
//! Rules, easiest first: naked singles, hidden singles, then (only when singles are stuck)
//! naked pairs, pointing/claiming (locked candidates) and hidden pairs. Each harder rule only
//! removes candidates; the grader then goes back to singles, so the hardest rule reported is
//! the least a solver of these rules must know. Works on any layout (rows, columns, regions).
//!
//! The singles are `solve::singles`' (the propagation Kattis simplysudoku asks for), so they
//! exist once. On a unique puzzle the order singles are applied in changes neither where they
//! get stuck nor, so, when a harder rule is needed: the grades are those of the grader's own
//! singles, which this replaced (checked on 10,940 unique puzzles of the public sets and HDU
//! 4069's file, every `Logic` equal; `gen` output is pinned by `tests/gen.rs`).

use crate::model::{Board, Geometry, N, Puzzle};
use crate::solve::singles::Candidates;

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

// The harder rules strike candidates from `cand`, as singles leave them (`Candidates::cand`:
// a filled cell keeps its value's bit, which none of them can take for a pair or a locked
// digit), on the geometry's units: rows, columns, regions.

fn naked_pairs(g: &Geometry, cand: &mut [u32]) -> bool {
    let mut any = false;
    for u in 0..3 * N {
        let unit = g.unit(u);
        for (i, &a) in unit.iter().enumerate() {
            let m = cand[a as usize];
            if m.count_ones() != 2 {
                continue;
            }
            for &b in &unit[i + 1..] {
                if cand[b as usize] != m {
                    continue;
                }
                for &o in unit {
                    if o != a && o != b && cand[o as usize] & m != 0 {
                        cand[o as usize] &= !m;
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
fn locked_candidates(g: &Geometry, cand: &mut [u32]) -> bool {
    let mut any = false;
    for a in 0..3 * N {
        for d in 0..N {
            let bit = 1u32 << d;
            let mut shared: Option<[bool; 3 * N]> = None;
            for &c in g.unit(a) {
                if cand[c as usize] & bit == 0 {
                    continue;
                }
                let mut here = [false; 3 * N];
                for u in g.units_of(c as usize) {
                    here[u] = true;
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
                for &o in g.unit(b) {
                    let o = o as usize;
                    if cand[o] & bit != 0 && !g.units_of(o).any(|u| u == a) {
                        cand[o] &= !bit;
                        any = true;
                    }
                }
            }
        }
    }
    any
}

fn hidden_pairs(g: &Geometry, cand: &mut [u32]) -> bool {
    let mut any = false;
    for u in 0..3 * N {
        let unit = g.unit(u);
        // where[d] = positions in the unit (bits 0..9) where digit d is a candidate
        let mut wher = [0u16; N];
        for (i, &c) in unit.iter().enumerate() {
            let m = cand[c as usize];
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
                let keep = (1u32 << d1) | (1 << d2);
                let mut pos = wher[d1];
                while pos != 0 {
                    let i = pos.trailing_zeros() as usize;
                    pos &= pos - 1;
                    let c = unit[i] as usize;
                    if cand[c] & !keep != 0 {
                        cand[c] &= keep;
                        any = true;
                    }
                }
            }
        }
    }
    any
}

/// Solves `puzzle` with the rules alone and reports how far they got and the hardest rule used.
/// The singles are `solve::singles`' (a pass of each, naked first); the harder rules run only
/// where singles are stuck.
pub fn logic(puzzle: &Puzzle) -> Logic {
    let board = Board::from_puzzle(puzzle);
    let mut c = Candidates::new(&board);
    let mut hardest: Option<Rule> = None;
    let mut used = |r: Rule| hardest = hardest.max(Some(r));
    loop {
        if c.contradiction {
            break;
        }
        if c.naked_singles() {
            used(Rule::NakedSingle);
            continue;
        }
        if !c.contradiction && c.hidden_singles() {
            used(Rule::HiddenSingle);
            continue;
        }
        if c.contradiction || c.cells.iter().all(|&d| d != 0) {
            break;
        }
        let (g, cand) = (c.geometry, &mut c.cand);
        let rule = if naked_pairs(g, cand) {
            Rule::NakedPair
        } else if locked_candidates(g, cand) {
            Rule::LockedCandidates
        } else if hidden_pairs(g, cand) {
            Rule::HiddenPair
        } else {
            break;
        };
        used(rule);
    }
    Logic {
        solved: !c.contradiction && c.cells.iter().all(|&d| d != 0),
        hardest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CELLS;
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
        // Remove 7 from rows 2 and 3 of box 1 (cells 9..12, 18..21): box 1's 7 is locked in
        // row 1, columns 1..3.
        let g = crate::model::Geometry::standard(3);
        let mut cand = vec![(1u32 << N) - 1; CELLS];
        for c in [9, 10, 11, 18, 19, 20] {
            cand[c] &= !(1 << 6);
        }
        assert!(locked_candidates(&g, &mut cand));
        // Pointing: 7 leaves row 1 outside box 1.
        assert!((3..9).all(|c| cand[c] & (1 << 6) == 0));
        assert!((0..3).all(|c| cand[c] & (1 << 6) != 0));
    }
}
