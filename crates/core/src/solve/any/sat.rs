//! A CDCL SAT solver (the `batsat` crate) asked the two questions that make a minimal puzzle:
//! has the board a solution other than a known one ([`SatSearch::another`]: is a carving
//! unique yet), and one in which a cell does not hold a digit ([`SatSearch::avoiding`]). Take a
//! unique puzzle with solution `S` and empty a given `c`: the puzzle stays unique exactly when
//! no solution puts anything but `S[c]` in `c`, since every solution with `S[c]` there solves
//! the puzzle before.
//!
//! The bitmask search answers both by exhausting a tree, and on the sparse 25x25 boards near
//! minimality its trees take millions of guesses (seconds to a minute a check, with hundreds of
//! checks a puzzle). Clause learning cuts them: on the checks of one `gen --format nums --size
//! 25 --minimal` puzzle, half of the SAT solves took under 22 ms and the slowest 4.2 s, where
//! the search took 1 to 60 s a check.
//!
//! The board is first propagated by the bitmask search's root (singles and locked candidates,
//! with the digit struck from the cell), and only what is left goes to the solver: a variable
//! per open cell and candidate; per open cell, one of its candidates and at most one; per unit
//! and digit not yet placed there, one of its places and at most one; for `another`, one open
//! cell off the known solution. The solver decides the known solution's digits true first
//! (without that, the checks above took 2.9x longer in all). Units only: the cages, relations
//! and tilings of [`crate::model::Rules`] are not encoded, so a board that has them is refused.

use super::bitmask::{BitmaskSearch, Bits, digit_bit};
use crate::model::Board;
use batsat::{BasicSolver, Lit, SolverInterface, Var, lbool};

/// No variable: the cell is placed or the digit is not among its candidates.
const NONE: u32 = u32::MAX;

/// The SAT check with its scratch space; reuse one per thread.
#[derive(Default)]
pub struct SatSearch {
    bits: BitmaskSearch,
    /// The propagated candidates of the board being encoded.
    cand: Vec<u32>,
    /// Variable of `cell * side + digit index`, or [`NONE`].
    var: Vec<u32>,
    vars: Vec<Var>,
    clause: Vec<Lit>,
    pair: Vec<Lit>,
}

impl SatSearch {
    /// A check with empty scratch, which grows to the largest board it is given.
    ///
    /// ```
    /// use sudoku_judge_core::model::{Board, Geometry};
    /// use sudoku_judge_core::solve::any::sat::SatSearch;
    ///
    /// // The empty 4x4 grid has a solution without a 1 in its first cell.
    /// let mut sat = SatSearch::new();
    /// let s = sat.avoiding(&Board::empty(Geometry::standard(2)), 0, 1, None).unwrap();
    /// assert_ne!(s[0], 1);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// A solution of `board` in which `cell` does not hold `digit`, or `None` when there is
    /// none. If `cell` is a given holding `digit`, there is none; if `digit` is not among its
    /// candidates, this is any solution. `near`, a grid of the board's size (a known solution,
    /// say), is where the solver starts looking: each cell's digit there is the first it tries,
    /// so a solution that differs from it in few cells comes sooner.
    ///
    /// Panics when the board's geometry carries rules (cages, relations, a domino tiling),
    /// which this solver does not encode, or when `cell` is off the board.
    ///
    /// ```
    /// use sudoku_judge_core::model::{Board, Geometry};
    /// use sudoku_judge_core::solve::any::sat::SatSearch;
    ///
    /// // 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1 without the 1, 3, 3, 1 of a rectangle that
    /// // can be filled the other way round.
    /// let cells = vec![0, 2, 0, 4, 0, 4, 0, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    /// let board = Board::new(Geometry::standard(2), cells);
    /// let mut sat = SatSearch::new();
    /// let other = sat.avoiding(&board, 0, 1, None).unwrap();
    /// assert_eq!(other[..4], [3, 2, 1, 4]);
    /// // With the 3 of the first row given, cell 0 can only hold 1.
    /// let mut pinned = board.clone();
    /// pinned.cells[2] = 3;
    /// assert_eq!(sat.avoiding(&pinned, 0, 1, None), None);
    /// ```
    pub fn avoiding(
        &mut self,
        board: &Board,
        cell: usize,
        digit: u8,
        near: Option<&[u8]>,
    ) -> Option<Vec<u8>> {
        self.solve(board, Some((cell, digit)), None, near)
    }

    /// A solution of `board` other than `known`, or `None` when there is none. `known` is
    /// where the solver starts looking (see [`SatSearch::avoiding`]), so a solution close to it
    /// comes first. Panics as [`SatSearch::avoiding`] does, or when `known` is not of the
    /// board's size.
    ///
    /// ```
    /// use sudoku_judge_core::model::{Board, Geometry};
    /// use sudoku_judge_core::solve::any::sat::SatSearch;
    ///
    /// let known = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    /// let mut cells = known.to_vec();
    /// for c in [0, 2, 4, 6] {
    ///     cells[c] = 0;
    /// }
    /// let mut sat = SatSearch::new();
    /// let board = Board::new(Geometry::standard(2), cells);
    /// assert_eq!(sat.another(&board, &known).unwrap()[..8], [3, 2, 1, 4, 1, 4, 3, 2]);
    /// let full = Board::new(Geometry::standard(2), known.to_vec());
    /// assert_eq!(sat.another(&full, &known), None);
    /// ```
    pub fn another(&mut self, board: &Board, known: &[u8]) -> Option<Vec<u8>> {
        assert_eq!(known.len(), board.cells.len(), "a grid of the board's size");
        self.solve(board, None, Some(known), Some(known))
    }

    /// A solution of `board` with `exclude`'s digit kept out of its cell and different from
    /// `block` somewhere; the solver first tries `near`'s digits.
    fn solve(
        &mut self,
        board: &Board,
        exclude: Option<(usize, u8)>,
        block: Option<&[u8]>,
        near: Option<&[u8]>,
    ) -> Option<Vec<u8>> {
        let g = &board.geometry;
        assert!(
            !g.has_rules(),
            "the SAT check encodes units only, not rules"
        );
        let cand = self.bits.candidates(board, exclude)?;
        self.cand.clear();
        self.cand.extend_from_slice(cand);
        let side = g.side();
        let cells = self.cand.len();
        let open = |m: u32| m & m.wrapping_sub(1) != 0;
        // `block` matters only if every cell can still hold its digit there: otherwise every
        // solution differs from it.
        let block = block.filter(|b| {
            self.cand
                .iter()
                .zip(*b)
                .all(|(&m, &v)| m & digit_bit(v) != 0)
        });
        if !self.cand.iter().any(|&m| open(m)) {
            return block.is_none().then(|| digits(&self.cand));
        }
        let mut solver = BasicSolver::default();
        self.var.clear();
        self.var.resize(cells * side, NONE);
        self.vars.clear();
        for (c, &m) in self.cand.iter().enumerate() {
            if open(m) {
                for d in Bits(m) {
                    self.var[c * side + d] = self.vars.len() as u32;
                    // A fixed polarity: decide "digit d + 1 in cell c" true first where `near`
                    // has it; elsewhere the solver's own (saved phases, false at first).
                    let first = match near {
                        Some(n) if usize::from(n[c]) == d + 1 => lbool::TRUE,
                        _ => lbool::UNDEF,
                    };
                    self.vars.push(solver.new_var(first, true));
                }
            }
        }
        let lit = |var: &[u32], vars: &[Var], c: usize, d: usize| {
            Lit::new(vars[var[c * side + d] as usize], true)
        };
        // Each open cell holds one of its candidates, and only one.
        for (c, &m) in self.cand.iter().enumerate() {
            if open(m) {
                self.clause.clear();
                self.clause
                    .extend(Bits(m).map(|d| lit(&self.var, &self.vars, c, d)));
                one_of(&mut solver, &mut self.clause, &mut self.pair);
            }
        }
        // Each digit not placed in a unit goes in one of its places there, and only one.
        for u in 0..g.unit_count() {
            let unit = g.unit(u);
            let placed = unit
                .iter()
                .map(|&c| self.cand[c as usize])
                .filter(|&m| !open(m))
                .fold(0, |p, m| p | m);
            for d in 0..side {
                self.clause.clear();
                for &c in unit {
                    if self.var[c as usize * side + d] != NONE {
                        self.clause.push(lit(&self.var, &self.vars, c as usize, d));
                    }
                }
                if placed >> d & 1 == 0 {
                    one_of(&mut solver, &mut self.clause, &mut self.pair);
                } else {
                    // Placing a digit struck it from the unit's open cells.
                    debug_assert!(self.clause.is_empty(), "unit {u} digit {d}");
                }
            }
        }
        // Some open cell holds another digit than in `block`.
        if let Some(block) = block {
            self.clause.clear();
            for (c, &m) in self.cand.iter().enumerate() {
                if open(m) {
                    let d = usize::from(block[c]) - 1;
                    self.clause.push(!lit(&self.var, &self.vars, c, d));
                }
            }
            solver.add_clause_reuse(&mut self.clause);
        }
        if solver.solve_limited(&[]) != lbool::TRUE {
            return None;
        }
        let mut grid = digits(&self.cand);
        for (c, &m) in self.cand.iter().enumerate() {
            if open(m) {
                let d = Bits(m)
                    .find(|&d| solver.value_lit(lit(&self.var, &self.vars, c, d)) == lbool::TRUE)
                    .expect("a model gives every open cell a digit");
                grid[c] = d as u8 + 1;
            }
        }
        Some(grid)
    }
}

/// Exactly one of `lits`: a clause against every pair, then the clause itself (which the
/// solver may reorder). An empty list makes the problem unsatisfiable, which the solver then
/// reports. `pair` is scratch.
fn one_of(solver: &mut BasicSolver, lits: &mut Vec<Lit>, pair: &mut Vec<Lit>) {
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            pair.clear();
            pair.extend([!a, !b]);
            solver.add_clause_reuse(pair);
        }
    }
    solver.add_clause_reuse(lits);
}

/// The digit of each cell whose mask has one bit (0 where it has more).
fn digits(cand: &[u32]) -> Vec<u8> {
    cand.iter()
        .map(|&m| {
            if m & m.wrapping_sub(1) == 0 {
                m.trailing_zeros() as u8 + 1
            } else {
                0
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Geometry;
    use crate::solve::any::Search;
    use crate::solve::any::testdata::{Rng, all_grids, completions, grow_jigsaw, pattern_grid};
    use std::sync::Arc;

    /// The answer checked: `Some` exactly when `want`, and then a solution of `b` keeping the
    /// givens with something else than `v` in `c`.
    fn check(sat: &mut SatSearch, b: &Board, c: usize, v: u8, near: Option<&[u8]>, want: bool) {
        let got = sat.avoiding(b, c, v, near);
        assert_eq!(got.is_some(), want, "{:?} cell {c} digit {v}", b.cells);
        if let Some(s) = got {
            assert_ne!(s[c], v);
            assert!(b.is_solved_by(&s), "{:?} gave {s:?}", b.cells);
        }
    }

    #[test]
    fn every_small_board_against_all_its_grids() {
        // Standard, jigsaw and diagonal 4x4 geometries; every grid of each is known, so the
        // right answer is whether a completion puts another digit in the cell.
        let mut rng = Rng(41);
        let standard = Geometry::standard(2);
        let base = pattern_grid(2, &mut rng);
        let geometries = [
            standard.clone(),
            Arc::new(grow_jigsaw(2, &base, 6, &mut rng)),
            Arc::new(standard.with_diagonals()),
        ];
        let mut sat = SatSearch::new();
        let mut cases = 0;
        for g in &geometries {
            let all = all_grids(g);
            assert!(!all.is_empty());
            for _ in 0..700 {
                let grid = &all[rng.below(all.len())];
                let keep = rng.below(12);
                let mut cells = vec![0; 16];
                for _ in 0..keep {
                    let c = rng.below(16);
                    cells[c] = grid[c];
                }
                // Now and then a clash, which has no solution at all.
                if rng.below(10) == 0 {
                    cells[rng.below(16)] = 1 + rng.below(4) as u8;
                }
                let (c, v) = (rng.below(16), 1 + rng.below(4) as u8);
                let want = completions(&all, &cells).any(|s| s[c] != v);
                let b = Board::new(g.clone(), cells);
                check(&mut sat, &b, c, v, None, want);
                check(&mut sat, &b, c, v, Some(grid), want);
                // Another solution than the grid the givens came from (when they clash, none).
                let want = completions(&all, &b.cells).any(|s| s != grid);
                let got = sat.another(&b, grid);
                assert_eq!(got.is_some(), want, "{:?} other than {grid:?}", b.cells);
                if let Some(s) = got {
                    assert!(&s != grid && b.is_solved_by(&s));
                }
                cases += 1;
            }
        }
        assert_eq!(cases, 2100);
    }

    #[test]
    fn larger_boards_against_the_bitmask_search() {
        // 9x9 standard and jigsaw, 16x16: a given taken out of a carving of a full grid; the
        // search says whether the cell can hold another digit by solving once per digit.
        let mut rng = Rng(7);
        let mut sat = SatSearch::new();
        let mut search = super::super::bitmask::BitmaskSearch::new();
        let mut first = Vec::new();
        let (mut yes, mut no) = (0, 0);
        for (n, rounds, lo, hi) in [(3, 600, 17, 40), (3, 200, 20, 45), (4, 60, 80, 140)] {
            for round in 0..rounds {
                let grid = pattern_grid(n, &mut rng);
                let side = n * n;
                let g = if lo == 20 {
                    Arc::new(grow_jigsaw(n, &grid, 30, &mut rng))
                } else {
                    Geometry::standard(n)
                };
                let mut order: Vec<usize> = (0..side * side).collect();
                rng.shuffle(&mut order);
                let keep = lo + rng.below(hi - lo);
                let mut cells = vec![0; side * side];
                for &c in &order[..keep] {
                    cells[c] = grid[c];
                }
                let c = order[rng.below(keep)];
                let v = grid[c];
                cells[c] = 0;
                let want = (1..=side as u8).filter(|&w| w != v).any(|w| {
                    let mut pinned = cells.clone();
                    pinned[c] = w;
                    search.count(&Board::new(g.clone(), pinned), 1, &mut first) > 0
                });
                let b = Board::new(g.clone(), cells);
                let near = (round % 2 == 0).then_some(&grid[..]);
                check(&mut sat, &b, c, v, near, want);
                let several = search.count(&b, 2, &mut first) == 2;
                let got = sat.another(&b, &grid);
                assert_eq!(got.is_some(), several, "{:?}", b.cells);
                if let Some(s) = got {
                    assert!(s != grid && b.is_solved_by(&s));
                }
                if want {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
        // Both answers well represented.
        assert!(yes > 100 && no > 100, "{yes} {no}");
    }
}
