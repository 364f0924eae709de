//! Singles on 16x16 boards with the standard 4x4 boxes, on per-digit bitboards: the engine's
//! first try for such boards with the bitmask solver kind, before the any-size search.
//!
//! # Why a second path
//!
//! The 16x16 sets of the judges (POJ 3076, `sudoku16_unique_1000`: 110-180 givens) fall mostly
//! to naked and hidden singles, where the any-size bitmask search ([`super::bitmask`]) spends
//! its time setting up its per-geometry state and placing cells one unit at a time (`start`
//! 36%, `place` 34%, `settle` 13% of a run). Here a whole board is 16 digit boards of 256 bits
//! and a round of singles is a few hundred word operations.
//!
//! Measured on `sudoku16_unique_1000` written in POJ 3076 format (each puzzle 16 rows of 16
//! letters, `-` empty, a blank line between), a whole `solve --format poj3076 --threads 1`
//! process (start-up, reading and writing included), mean CPU with
//! `python3 scripts/alternate.py ROUNDS OLD NEW` on a shared, loaded 2-core machine,
//! 2026-11-25, OLD being the release build of the commit before this path (4eb04bc):
//!
//! - 22.4 ms before, 12.2 ms with it and the reader's two fixes of the same issue
//!   (`format::generic`'s character rows): 1.80x (31 rounds, per-round quartiles 1.76-1.90);
//!   this path alone, before those fixes and SIMD, had measured 20.4 -> 13.6 ms (1.50x);
//! - the seeds' `nxn_dlx poj3076` on the same file: 296 ms, 26x this path's run (11 rounds,
//!   quartiles 25.1-27.2; it was 14x);
//! - `sudoku16_hard_100` (the search's boards; singles fill none): 136.6 ms before, 134.2 ms
//!   with it (11 rounds, 1.02x, quartiles 1.00-1.07), 62x faster than `nxn_dlx` (7.4 s): the
//!   failed try costs nothing measurable;
//! - an empty input's process: 2.4 and 2.3 ms.
//!
//! callgrind on the same run: 110.8M instructions with the first version of this path (the
//! digits one after the other), 108.4M with the reader's table borrowed, 88.3M with the
//! word-major boards that the compiler makes SIMD, 81.9M with the reader's slice walk and one
//! scan of the givens, 68.0M with the AVX2 compilation; of these 68.0M, this path takes
//! 24.5M, the search on the 77 boards it leaves 28.0M, reading 12.0M and writing 2.0M.
//!
//! Singles fill 923 of the 1000; of the other 77, the search's locked candidates settle 20 at
//! its root and 57 take guesses.
//!
//! # State
//!
//! ```text
//!   cand[d]     cells where digit d + 1 may go: the cells not yet solved, struck when a
//!               peer holds d + 1, and the cells that hold d + 1 (each alone in its units)
//!   placed[d]   cells that hold d + 1
//!   open        cells not yet solved
//! ```
//!
//! A board is four `u64` words: word `w` holds rows `4w..4w + 4` (a band of boxes), 16 bits a
//! row, so a row is a 16-bit lane, a column the same bit of every lane, and a box a nibble of
//! the four lanes of one word. The 16 boards are stored word-major (`[w][d]`), so that a step
//! on one word of every digit is a loop over 16 contiguous words, which the compiler makes
//! SIMD: every operation is a shift, an add, a subtract or a bitwise one that SSE2 has on
//! 64-bit lanes (the multiplies that would spread a lane or a nibble are shifts). The same code
//! is also compiled for AVX2 and picked at run time when the CPU has it (four digits an
//! instruction instead of two); other targets get the plain compilation.
//!
//! Placing a digit strikes its peers from that digit's board only (a dozen word operations);
//! the other digits lose the cell lazily, at the start of the next round
//! (`cand[e] &= open | placed[e]`), which costs one pass per round instead of 16 words per
//! placement. Between the two, a board holds a superset of its candidates, but only at solved
//! cells, and every deduction below is sound on such a superset.
//!
//! # A round
//!
//! Naked singles: an open cell in exactly one digit board (ones/twos counted bit-sliced over
//! the 16 boards); an open cell in none is a contradiction. Hidden singles, all digits in one
//! scan: a row lane with exactly one bit (`x & ((x | H) - L)` is zero on a lane with at most
//! one bit), a column or a box whose ones/twos fold (the four words, the four lanes, then the
//! nibbles) has exactly one bit; a unit with no place for some digit is a contradiction. Each
//! single is then placed after checking that its cell is still open and still has the digit
//! (two singles that disagree are a contradiction). Rounds go on until every cell is solved,
//! nothing is placed, or a contradiction.
//!
//! # The contract
//!
//! [`solve`] returns a grid only when singles fill every cell: it is then checked (each
//! digit once per row, column and box, the digit boards disjoint, the givens kept) and, every
//! step having been forced, it is the board's only solution, which answers a count to any
//! limit with 1. Otherwise (a contradiction, a stall, clashing givens) it returns nothing and
//! the caller runs the any-size search on the board as before, so that guess counts, first
//! solutions and budgets of every other board stay what they were. The path searches no node,
//! so it charges none: the bitmask search also settles such a board at its root (its
//! propagation includes singles) with zero guesses, so a budget sees the same nodes either way.
//! Nothing is allocated but the answer's cells.

/// Cells of the grid and values of a digit.
const CELLS: usize = 256;
const SIDE: usize = 16;

/// The lowest and highest bit of each 16-bit lane (row) of a word. The lane arithmetic below
/// never carries out of a lane nor overflows; it is written `wrapping_*` so that a build with
/// overflow checks has no branch there either.
const L: u64 = 0x0001_0001_0001_0001;
const H: u64 = 0x8000_8000_8000_8000;
/// The first cell of each box of a band, in a folded row.
const BOX_FIRST: u64 = 0x1111;

/// A 256-cell bitboard: word `w` holds rows `4w..4w + 4`, bit `16 (r % 4) + c` of it cell
/// `(r, c)`.
type Bits = [u64; 4];

/// The 16 digit boards, word-major: `[w][d]` is word `w` of digit `d + 1`'s board, so that an
/// operation on one word of every digit is a loop over 16 contiguous words, which the compiler
/// turns into SIMD (SSE2: two digits an instruction; every operation below is one SSE2 has).
type Digits = [[u64; SIDE]; 4];

/// The high bit of each lane that is not zero.
#[inline(always)]
fn nonzero_lanes(x: u64) -> u64 {
    ((x & !H).wrapping_add(!H) | x) & H
}

/// Whole lanes from their high bits.
#[inline(always)]
fn widen(high: u64) -> u64 {
    high | high.wrapping_sub(high >> 15)
}

/// Nonzero on the lanes of `x` with two bits or more.
#[inline(always)]
fn several(x: u64) -> u64 {
    x & (x | H).wrapping_sub(L)
}

/// The low lane of `x` copied to all four.
#[inline(always)]
fn lanes(x: u64) -> u64 {
    let x = x | (x << 16);
    x | (x << 32)
}

/// The first bits of the boxes of a folded row ([`BOX_FIRST`]) widened to their nibbles.
#[inline(always)]
fn nibbles(x: u64) -> u64 {
    (x << 4).wrapping_sub(x)
}

/// A word's four lanes folded into the low lane: the columns of the band seen at least once
/// and at least twice.
#[inline(always)]
fn fold_lanes(x: u64) -> (u64, u64) {
    let (mut o, mut t) = (x, 0);
    t |= o & (o >> 32);
    o |= o >> 32;
    t |= (t >> 16) | (o & (o >> 16));
    o |= o >> 16;
    (o & 0xFFFF, t & 0xFFFF)
}

/// A band's columns (from [`fold_lanes`]) folded into its boxes: at least once and at least
/// twice, at the box's first bit ([`BOX_FIRST`]).
#[inline(always)]
fn fold_boxes(o: u64, t: u64) -> (u64, u64) {
    let t = t | (t >> 1) | (o & (o >> 1));
    let o = o | (o >> 1);
    let t = t | (t >> 2) | (o & (o >> 2));
    let o = o | (o >> 2);
    (o & BOX_FIRST, t & BOX_FIRST)
}

/// Each board's single bit on each row, column and box where it has exactly one, written to
/// `once`; returns `(missing, clash)`: nonzero when some board has no bit in some unit, and
/// when some board has two in some unit.
#[inline(always)]
fn cover(x: &Digits, once: &mut Digits) -> (u64, u64) {
    let (mut co, mut ct) = ([0u64; SIDE], [0u64; SIDE]);
    let (mut missing, mut clash) = (0, 0);
    for w in 0..4 {
        for d in 0..SIDE {
            let v = x[w][d];
            missing |= nonzero_lanes(v) ^ H;
            let many = nonzero_lanes(several(v));
            clash |= many;
            let (o, t) = fold_lanes(v);
            ct[d] |= t | (co[d] & o);
            co[d] |= o;
            let (bo, bt) = fold_boxes(o, t);
            missing |= bo ^ BOX_FIRST;
            clash |= bt;
            once[w][d] = v & (!widen(many) | lanes(nibbles(bo & !bt)));
        }
    }
    for d in 0..SIDE {
        missing |= co[d] ^ 0xFFFF;
        clash |= ct[d];
        let cols = lanes(co[d] & !ct[d]);
        for w in 0..4 {
            once[w][d] |= x[w][d] & cols;
        }
    }
    (missing, clash)
}

/// Every cell that each board sees (the rows, columns and boxes that hold one of its bits),
/// written to `out`; returns nonzero when some board has two bits in some unit.
#[inline(always)]
fn seen(x: &Digits, out: &mut Digits) -> u64 {
    let (mut co, mut ct) = ([0u64; SIDE], [0u64; SIDE]);
    let mut clash = 0;
    for w in 0..4 {
        for d in 0..SIDE {
            let v = x[w][d];
            clash |= nonzero_lanes(several(v));
            let (o, t) = fold_lanes(v);
            ct[d] |= t | (co[d] & o);
            co[d] |= o;
            let (bo, bt) = fold_boxes(o, t);
            clash |= bt;
            out[w][d] = widen(nonzero_lanes(v)) | lanes(nibbles(bo));
        }
    }
    for words in out.iter_mut() {
        for (o, &c) in words.iter_mut().zip(&co) {
            *o |= lanes(c);
        }
    }
    clash | ct.iter().fold(0, |a, &t| a | t)
}

/// The scratch of one solve, on the stack.
struct Grid {
    cand: Digits,
    placed: Digits,
    open: Bits,
    /// Scratch of [`cover`] and [`seen`].
    once: Digits,
}

impl Grid {
    /// Digit `d + 1` in `cell` (and in `out`, the grid being filled), when the cell is open
    /// and may hold it; false otherwise.
    #[inline(always)]
    fn place(&mut self, d: usize, cell: usize, out: &mut [u8]) -> bool {
        let (w, bit) = (cell >> 6, 1u64 << (cell & 63));
        if self.cand[w][d] & self.open[w] & bit == 0 {
            return false;
        }
        let (row, col) = ((cell >> 4) & 3, cell & 15);
        let cols = L << col;
        for c in self.cand.iter_mut() {
            c[d] &= !cols;
        }
        self.cand[w][d] &= !((0xFFFF << (16 * row)) | (0x000F_000F_000F_000F << (col & 12)));
        self.cand[w][d] |= bit;
        self.placed[w][d] |= bit;
        self.open[w] &= !bit;
        if let Some(v) = out.get_mut(cell) {
            *v = d as u8 + 1;
        }
        true
    }
}

/// The solution of a standard-box 16x16 board's `cells` (row-major, `0` empty, `1..=16`) when
/// naked and hidden singles alone fill it, written to `out`; false (and `out` unspecified)
/// when they do not: a contradiction, a stall, clashing givens, or cells that are not 256
/// values in `0..=16`. See the module doc.
pub fn solve(cells: &[u8], out: &mut Vec<u8>) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, just checked.
        return unsafe { solve_avx2(cells, out) };
    }
    singles(cells, out)
}

/// [`singles`] compiled for AVX2 (four digits an instruction in the unit scans); the same
/// operations, so the same answers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn solve_avx2(cells: &[u8], out: &mut Vec<u8>) -> bool {
    singles(cells, out)
}

/// [`solve`], for any target; inlined into each of its compilations.
#[inline(always)]
fn singles(cells: &[u8], out: &mut Vec<u8>) -> bool {
    if cells.len() != CELLS {
        return false;
    }
    // The givens, digit by digit; value 0 collects the empty cells.
    let mut given = [[0u64; SIDE + 1]; 4];
    for (c, &v) in cells.iter().enumerate() {
        match given[c >> 6].get_mut(v as usize) {
            Some(b) => *b |= 1 << (c & 63),
            None => return false,
        }
    }
    let mut g = Grid {
        cand: [[0; SIDE]; 4],
        placed: [[0; SIDE]; 4],
        open: [given[0][0], given[1][0], given[2][0], given[3][0]],
        once: [[0; SIDE]; 4],
    };
    out.clear();
    out.extend_from_slice(cells);
    for (p, given) in g.placed.iter_mut().zip(&given) {
        p.copy_from_slice(&given[1..]);
    }
    if seen(&g.placed, &mut g.once) != 0 {
        return false;
    }
    for w in 0..4 {
        for d in 0..SIDE {
            g.cand[w][d] = (!g.once[w][d] & g.open[w]) | g.placed[w][d];
        }
    }
    loop {
        if g.open == [0; 4] {
            return check(&mut g, &given);
        }
        // Strike the cells solved since the last round, and count each open cell's digits.
        let mut naked = [0; 4];
        for (((cand, placed), &open), naked) in g
            .cand
            .iter_mut()
            .zip(&g.placed)
            .zip(&g.open)
            .zip(&mut naked)
        {
            for (c, &p) in cand.iter_mut().zip(placed) {
                *c &= open | p;
            }
            let (mut ones, mut twos) = (0, 0);
            for &c in cand.iter() {
                twos |= ones & c & open;
                ones |= c & open;
            }
            if open & !ones != 0 {
                return false;
            }
            *naked = ones & !twos;
        }
        if cover(&g.cand, &mut g.once).0 != 0 {
            return false;
        }
        let mut progress = false;
        for (w, &naked) in naked.iter().enumerate() {
            for d in 0..SIDE {
                let mut s = (g.once[w][d] | naked) & g.cand[w][d] & g.open[w];
                while s != 0 {
                    let cell = w * 64 + s.trailing_zeros() as usize;
                    s &= s - 1;
                    if !g.place(d, cell, out) {
                        return false;
                    }
                    progress = true;
                }
            }
        }
        if !progress {
            return false;
        }
    }
}

/// Checks the filled grid's digit boards: each digit once per unit, one digit per cell, the
/// givens kept. (`out` holds the givens and every digit placed since.)
#[inline(always)]
fn check(g: &mut Grid, given: &[[u64; SIDE + 1]; 4]) -> bool {
    let (missing, clash) = cover(&g.placed, &mut g.once);
    if missing | clash != 0 {
        return false;
    }
    for (placed, given) in g.placed.iter().zip(given) {
        let (mut ones, mut twos) = (0, 0);
        for (&p, &given) in placed.iter().zip(&given[1..]) {
            if given & !p != 0 {
                return false;
            }
            twos |= ones & p;
            ones |= p;
        }
        if ones != !0 || twos != 0 {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::Search;
    use super::super::bitmask::BitmaskSearch;
    use super::super::testdata::*;
    use super::*;
    use crate::model::{Board, Geometry};

    /// The any-size search's count to 2 and first solution.
    fn reference(s: &mut BitmaskSearch, cells: &[u8]) -> (u64, Vec<u8>) {
        let b = Board::new(Geometry::standard(4), cells.to_vec());
        let mut first = Vec::new();
        let n = s.count(&b, 2, &mut first);
        (n, first)
    }

    /// The fast path agrees with the search whenever it answers; returns whether it did.
    fn agrees(s: &mut BitmaskSearch, cells: &[u8]) -> bool {
        let mut out = vec![7; 3];
        let solved = solve(cells, &mut out);
        if solved {
            let (n, first) = reference(s, cells);
            assert_eq!(n, 1, "{cells:?}");
            assert_eq!(out, first, "{cells:?}");
        }
        solved
    }

    #[test]
    fn solves_the_unique_set_as_the_search_does() {
        let mut s = BitmaskSearch::new();
        let set = line_set(SUDOKU16, SUDOKU16_ANSWERS);
        let mut solved = 0;
        for (b, answer) in &set {
            let mut out = Vec::new();
            if solve(&b.cells, &mut out) {
                solved += 1;
                assert_eq!(out, line_cells(answer));
            }
        }
        for (b, _) in set.iter().take(100) {
            agrees(&mut s, &b.cells);
        }
        // Singles alone fill 923 of the 1000; of the other 77, 20 fall to the search's locked
        // candidates and 57 take guesses.
        assert_eq!(solved, 923);
    }

    #[test]
    fn every_compilation_gives_the_same_answers() {
        // `solve` may run the AVX2 compilation; `singles` here is the baseline one.
        let mut rng = Rng(7);
        let set = line_set(SUDOKU16, SUDOKU16_ANSWERS);
        for (k, (b, _)) in set.iter().enumerate().step_by(7) {
            let mut cells = b.cells.clone();
            if k % 2 == 1 {
                cells[rng.below(256)] = 0;
                cells[rng.below(256)] = rng.below(17) as u8;
            }
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let solved = solve(&cells, &mut a);
            assert_eq!(singles(&cells, &mut b), solved);
            if solved {
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn hard_boards_agree_or_fall_back() {
        let mut s = BitmaskSearch::new();
        let solved = line_set(SUDOKU16_HARD, SUDOKU16_HARD_ANSWERS)
            .iter()
            .filter(|(b, _)| agrees(&mut s, &b.cells))
            .count();
        // Singles fill none of them: they cost only the failed try.
        assert_eq!(solved, 0);
    }

    #[test]
    fn generated_boards_agree_with_the_search() {
        let mut rng = Rng(16);
        let mut s = BitmaskSearch::new();
        let (mut solved, mut total) = (0, 0);
        for round in 0..300 {
            let full = pattern_grid(4, &mut rng);
            let mut cells = full.clone();
            // From nearly full (singles) to sparse (stalls, several solutions).
            let keep = 256 - [10, 60, 100, 130, 160, 200][round % 6];
            let mut order: Vec<usize> = (0..256).collect();
            rng.shuffle(&mut order);
            for &c in &order[keep..] {
                cells[c] = 0;
            }
            match round % 5 {
                // A wrong given: a clash, or a board without solution.
                1 => {
                    let c = order[rng.below(keep)];
                    cells[c] = cells[c] % 16 + 1;
                }
                // An empty cell set to a clashing value.
                2 => {
                    let c = order[keep + rng.below(256 - keep)];
                    cells[c] = cells[order[0]];
                }
                _ => {}
            }
            total += 1;
            if agrees(&mut s, &cells) {
                solved += 1;
                if round % 5 == 0 {
                    assert_eq!(full, {
                        let mut out = Vec::new();
                        assert!(solve(&cells, &mut out));
                        out
                    });
                }
            }
        }
        assert!(solved > 0 && solved < total, "{solved} of {total}");
    }

    #[test]
    fn full_empty_and_odd_boards() {
        let mut rng = Rng(3);
        let full = pattern_grid(4, &mut rng);
        let mut out = Vec::new();
        assert!(solve(&full, &mut out));
        assert_eq!(out, full);
        // The empty board and a board with one given stall: several solutions.
        assert!(!solve(&[0; 256], &mut out));
        let mut one = [0u8; 256];
        one[17] = 5;
        assert!(!solve(&one, &mut out));
        // Clashing givens in a row, a column, a box.
        for (a, b) in [(0, 15), (0, 240), (0, 51)] {
            let mut cells = [0u8; 256];
            cells[a] = 9;
            cells[b] = 9;
            assert!(!solve(&cells, &mut out), "{a} {b}");
        }
        // A full grid with one cell wrong.
        let mut wrong = full.clone();
        wrong[100] = wrong[100] % 16 + 1;
        assert!(!solve(&wrong, &mut out));
        // Out of range, wrong length.
        let mut big = full.clone();
        big[3] = 17;
        assert!(!solve(&big, &mut out));
        assert!(!solve(&full[..255], &mut out));
        assert!(!solve(&[], &mut out));
    }

    #[test]
    fn one_hole_per_unit_kind_is_a_single() {
        // A full grid less every cell of one digit: each is a naked and hidden single.
        let mut rng = Rng(5);
        let full = pattern_grid(4, &mut rng);
        let mut s = BitmaskSearch::new();
        for d in 1..=16 {
            let cells: Vec<u8> = full.iter().map(|&v| if v == d { 0 } else { v }).collect();
            assert!(agrees(&mut s, &cells));
        }
    }
}
