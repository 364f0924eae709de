//! The Sudoku symmetries of a 9x9 grid (VARIANTS.md F8: NWERC 2006 = POJ 3120, NWRRC 2013
//! "Intellectual Property"): the transposition, permutations of the bands and of the rows inside
//! each band, of the stacks and of the columns inside each stack, and a relabelling of the
//! digits, on grids with empty cells too (an empty cell stays empty). A [`Transform`] is one of
//! them; [`canonical`] is a grid's smallest image under all of them, with the transform that
//! makes it, so two grids are alike exactly when their canonical forms are equal, and
//! [`isomorphism`] gives the transform from one to the other; [`Transform::operations`] spells
//! it as NWRRC's swaps.
//!
//! # The canonical form
//!
//! The smallest image in row-major order, each cell compared as its relabelled value (empty
//! is 0, below every digit), where the digits are relabelled 1, 2, 3, ... in the order they
//! first appear (that relabelling is the smallest for a fixed arrangement of the cells). The
//! search builds the image row by row: all 2 × 1296 column orders (transposed or not) start
//! with each of the nine rows, and only the candidates whose rows so far are the smallest go
//! on to the next row, from the rows their bands still allow. Candidates with the same future
//! (transposition, column order, rows used, relabelling so far) are merged, so an empty or
//! sparse grid, whose images tie for many rows, keeps tens of thousands of candidates where the
//! arrangements number 3,359,232. A solved grid takes about 70,000 row comparisons, most of
//! them cut off after a cell or two. `make bench-symmetry` (CPU time, release build): 1.8 ms a
//! random solved grid, 0.17 to 0.32 ms a puzzle of 30 to 64 givens, 51 ms the empty grid, the
//! worst case.

use super::Grid;

/// A symmetry of 9x9 Sudoku grids. The image `y` of a grid `g` is: `g` transposed when
/// `transpose` is set, then `y[r][c] = digits[g'[rows[r]][cols[c]]]` (with `digits[0] = 0`, so
/// an empty cell stays empty). `rows` and `cols` keep bands and stacks whole: a symmetry of
/// Sudoku ([`Transform::is_symmetry`]).
///
/// ```
/// use sudoku_judge_core::model::symmetry::Transform;
///
/// let mut g = [0u8; 81];
/// g[1] = 5; // row 1, column 2
/// let t = Transform { transpose: true, ..Transform::IDENTITY };
/// assert_eq!(t.apply(&g)[9], 5); // row 2, column 1
/// assert_eq!(t.inverse().apply(&t.apply(&g)), g);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// The grid is transposed first.
    pub transpose: bool,
    /// Row `r` of the image is row `rows[r]` (0-based).
    pub rows: [u8; 9],
    /// Column `c` of the image is column `cols[c]`.
    pub cols: [u8; 9],
    /// Digit `d` becomes `digits[d]`; `digits[0]` is 0.
    pub digits: [u8; 10],
}

/// One of NWRRC 2013's operations, 1-based as the problem spells them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `D x y`: digits `x` and `y` swapped everywhere.
    Digits(u8, u8),
    /// `R a b`: bands `a` and `b` swapped.
    Bands(u8, u8),
    /// `r a b`: rows `a` and `b` of one band swapped.
    Rows(u8, u8),
    /// `C a b`: stacks `a` and `b` swapped.
    Stacks(u8, u8),
    /// `c a b`: columns `a` and `b` of one stack swapped.
    Cols(u8, u8),
    /// `F`: the grid flipped about its main diagonal.
    Flip,
}

impl std::fmt::Display for Op {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Op::Digits(a, b) => write!(f, "D {a} {b}"),
            Op::Bands(a, b) => write!(f, "R {a} {b}"),
            Op::Rows(a, b) => write!(f, "r {a} {b}"),
            Op::Stacks(a, b) => write!(f, "C {a} {b}"),
            Op::Cols(a, b) => write!(f, "c {a} {b}"),
            Op::Flip => write!(f, "F"),
        }
    }
}

impl Op {
    /// The operation applied to `g` in place; `None` (and `g` untouched) when it is not one of
    /// the problem's (a row or column pair across bands, a number out of range).
    ///
    /// ```
    /// use sudoku_judge_core::model::symmetry::Op;
    ///
    /// let mut g = [0u8; 81];
    /// g[0] = 3;
    /// assert_eq!(Op::Rows(1, 3).apply(&mut g), Some(()));
    /// assert_eq!(g[18], 3);
    /// assert_eq!(Op::Rows(3, 4).apply(&mut g), None);
    /// ```
    pub fn apply(&self, g: &mut Grid) -> Option<()> {
        let line = |x: u8| (1..=9).contains(&x).then(|| usize::from(x - 1));
        let group = |x: u8| (1..=3).contains(&x).then(|| usize::from(x - 1));
        let swap_rows = |g: &mut Grid, a: usize, b: usize| {
            for c in 0..9 {
                g.swap(a * 9 + c, b * 9 + c);
            }
        };
        let swap_cols = |g: &mut Grid, a: usize, b: usize| {
            for r in 0..9 {
                g.swap(r * 9 + a, r * 9 + b);
            }
        };
        match *self {
            Op::Digits(x, y) => {
                let (x, y) = (line(x)? as u8 + 1, line(y)? as u8 + 1);
                for v in g.iter_mut() {
                    if *v == x {
                        *v = y;
                    } else if *v == y {
                        *v = x;
                    }
                }
            }
            Op::Bands(a, b) => {
                let (a, b) = (group(a)?, group(b)?);
                for k in 0..3 {
                    swap_rows(g, a * 3 + k, b * 3 + k);
                }
            }
            Op::Stacks(a, b) => {
                let (a, b) = (group(a)?, group(b)?);
                for k in 0..3 {
                    swap_cols(g, a * 3 + k, b * 3 + k);
                }
            }
            Op::Rows(a, b) => {
                let (a, b) = (line(a)?, line(b)?);
                if a / 3 != b / 3 {
                    return None;
                }
                swap_rows(g, a, b);
            }
            Op::Cols(a, b) => {
                let (a, b) = (line(a)?, line(b)?);
                if a / 3 != b / 3 {
                    return None;
                }
                swap_cols(g, a, b);
            }
            Op::Flip => *g = transposed(g),
        }
        Some(())
    }
}

impl Transform {
    /// The transform that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// The image of `g`.
    pub fn apply(&self, g: &Grid) -> Grid {
        let src = if self.transpose { transposed(g) } else { *g };
        let mut out = [0; 81];
        for r in 0..9 {
            for c in 0..9 {
                let v = src[usize::from(self.rows[r]) * 9 + usize::from(self.cols[c])];
                out[r * 9 + c] = self.digits[usize::from(v)];
            }
        }
        out
    }

    /// `self`, then `next`: `self.then(next).apply(g) == next.apply(&self.apply(g))`.
    ///
    /// ```
    /// use sudoku_judge_core::model::symmetry::Transform;
    ///
    /// let mut a = Transform::IDENTITY;
    /// a.rows.swap(0, 2);
    /// let b = Transform { transpose: true, ..Transform::IDENTITY };
    /// let g: [u8; 81] = std::array::from_fn(|i| (i % 10) as u8);
    /// assert_eq!(a.then(&b).apply(&g), b.apply(&a.apply(&g)));
    /// ```
    pub fn then(&self, next: &Transform) -> Transform {
        let (first_rows, first_cols) = if next.transpose {
            (&self.cols, &self.rows)
        } else {
            (&self.rows, &self.cols)
        };
        Transform {
            transpose: self.transpose != next.transpose,
            rows: next.rows.map(|r| first_rows[usize::from(r)]),
            cols: next.cols.map(|c| first_cols[usize::from(c)]),
            digits: self.digits.map(|d| next.digits[usize::from(d)]),
        }
    }

    /// The transform that undoes this one.
    pub fn inverse(&self) -> Transform {
        let inv9 = |p: &[u8; 9]| {
            let mut q = [0; 9];
            for (i, &x) in p.iter().enumerate() {
                q[usize::from(x)] = i as u8;
            }
            q
        };
        let mut digits = [0; 10];
        for (d, &x) in self.digits.iter().enumerate() {
            digits[usize::from(x)] = d as u8;
        }
        let (rows, cols) = if self.transpose {
            (inv9(&self.cols), inv9(&self.rows))
        } else {
            (inv9(&self.rows), inv9(&self.cols))
        };
        Transform {
            transpose: self.transpose,
            rows,
            cols,
            digits,
        }
    }

    /// True when this is a symmetry of Sudoku: rows and columns are permutations that keep
    /// bands and stacks whole, digits a permutation of 1-9 that keeps 0.
    pub fn is_symmetry(&self) -> bool {
        let perm = |p: &[u8]| {
            let mut seen = 0u32;
            p.iter().all(|&x| {
                let fresh = usize::from(x) < p.len() && seen & 1 << x == 0;
                seen |= 1 << x;
                fresh
            })
        };
        let banded = |p: &[u8; 9]| {
            perm(p) && (0..3).all(|b| (0..3).all(|k| p[b * 3 + k] / 3 == p[b * 3] / 3))
        };
        banded(&self.rows) && banded(&self.cols) && self.digits[0] == 0 && perm(&self.digits)
    }

    /// NWRRC 2013's operations that take a grid to its image, in order: `F` when transposed,
    /// band swaps then row swaps, stack swaps then column swaps, then digit swaps (at most 25
    /// in all). `None` when this is not a symmetry ([`Transform::is_symmetry`]).
    ///
    /// ```
    /// use sudoku_judge_core::model::symmetry::Transform;
    ///
    /// let mut t = Transform::IDENTITY;
    /// t.rows = [3, 4, 5, 0, 1, 2, 6, 7, 8];
    /// t.digits.swap(1, 2);
    /// let ops: Vec<String> = t.operations().unwrap().iter().map(|o| o.to_string()).collect();
    /// assert_eq!(ops, ["R 1 2", "D 1 2"]);
    /// ```
    pub fn operations(&self) -> Option<Vec<Op>> {
        if !self.is_symmetry() {
            return None;
        }
        let mut ops = Vec::new();
        if self.transpose {
            ops.push(Op::Flip);
        }
        arrange(&self.rows, Op::Bands, Op::Rows, &mut ops);
        arrange(&self.cols, Op::Stacks, Op::Cols, &mut ops);
        // Label `now[d]` is what digit `d` of the start shows so far.
        let mut now: [u8; 10] = std::array::from_fn(|d| d as u8);
        for d in 1..10 {
            let want = self.digits[d];
            if now[d] != want {
                let other = (1..10).find(|&e| now[e] == want).expect("a permutation");
                ops.push(Op::Digits(now[d], want));
                now.swap(d, other);
            }
        }
        Some(ops)
    }
}

/// Swaps that put lines in `order` (line `k` of the result is line `order[k]` of the start):
/// groups first (`group(a, b)`), then lines inside each group (`line(a, b)`), 1-based.
fn arrange(order: &[u8; 9], group: fn(u8, u8) -> Op, line: fn(u8, u8) -> Op, ops: &mut Vec<Op>) {
    // `at[k]`: the start's line now at position `k`.
    let mut at: [u8; 9] = std::array::from_fn(|k| k as u8);
    for b in 0..3 {
        let want = order[b * 3] / 3;
        let now = (b..3).find(|&x| at[x * 3] / 3 == want).expect("bands kept");
        if now != b {
            ops.push(group(b as u8 + 1, now as u8 + 1));
            for k in 0..3 {
                at.swap(b * 3 + k, now * 3 + k);
            }
        }
    }
    for (k, &want) in order.iter().enumerate() {
        let now = (k..9).find(|&x| at[x] == want).expect("a permutation");
        if now != k {
            ops.push(line(k as u8 + 1, now as u8 + 1));
            at.swap(k, now);
        }
    }
}

/// `g` flipped about its main diagonal.
pub fn transposed(g: &Grid) -> Grid {
    std::array::from_fn(|i| g[(i % 9) * 9 + i / 9])
}

/// The six orders of three things (three lines of a band, three bands), in lexicographic
/// order.
pub const ORDERS_OF_THREE: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The 1296 orders of nine lines that keep their groups of three whole.
fn line_orders() -> Vec<[u8; 9]> {
    const P: [[u8; 3]; 6] = ORDERS_OF_THREE;
    let mut out = Vec::with_capacity(1296);
    for groups in P {
        for a in P {
            for b in P {
                for c in P {
                    let inner = [a, b, c];
                    out.push(std::array::from_fn(|k| {
                        groups[k / 3] * 3 + inner[k / 3][k % 3]
                    }));
                }
            }
        }
    }
    out
}

/// A partial image: the rows chosen so far on one column order of one side of the grid.
#[derive(Clone, Copy)]
struct Candidate {
    /// Which side (0: the grid, 1: its transpose) and which column order.
    side: u8,
    order: u16,
    /// Rows used (a bit each) and in order.
    used: u16,
    rows: [u8; 9],
    /// The relabelling so far (0: not seen yet) and the next label.
    labels: [u8; 10],
    next: u8,
}

impl Candidate {
    /// What decides the rest of the search from here: candidates that agree on it reach the
    /// same smallest image.
    fn future(&self) -> u64 {
        let mut key = u64::from(self.side) << 63 | u64::from(self.order) << 50;
        key |= u64::from(self.used) << 40;
        for (d, &l) in self.labels[1..].iter().enumerate() {
            key |= u64::from(l) << (4 * d);
        }
        key
    }
}

/// The canonical form of `g` (see the module doc) and a transform that takes `g` to it.
///
/// ```
/// use sudoku_judge_core::model::symmetry::{Transform, canonical};
///
/// let g: [u8; 81] = std::array::from_fn(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9 + 1) as u8);
/// let (form, t) = canonical(&g);
/// assert_eq!(t.apply(&g), form);
/// assert_eq!(&form[..9], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
/// let mut other = Transform::IDENTITY;
/// other.transpose = true;
/// other.digits = [0, 9, 8, 7, 6, 5, 4, 3, 2, 1];
/// assert_eq!(canonical(&other.apply(&g)).0, form);
/// ```
pub fn canonical(g: &Grid) -> (Grid, Transform) {
    let orders = line_orders();
    let sides = [*g, transposed(g)];
    let mut live: Vec<Candidate> = Vec::with_capacity(2 * 1296);
    for side in 0..2u8 {
        for order in 0..1296u16 {
            live.push(Candidate {
                side,
                order,
                used: 0,
                rows: [0; 9],
                labels: [0; 10],
                next: 1,
            });
        }
    }
    let mut form = [0u8; 81];
    let mut next_live: Vec<Candidate> = Vec::new();
    for k in 0..9 {
        let mut best = [u8::MAX; 9];
        next_live.clear();
        for cand in &live {
            let src = &sides[usize::from(cand.side)];
            let cols = &orders[usize::from(cand.order)];
            // The rows the bands allow at position k: any row of an unused band at a band's
            // start, else the unused rows of the band begun.
            let band = if k % 3 == 0 {
                None
            } else {
                Some(cand.rows[k - 1] / 3)
            };
            for r in 0..9u8 {
                if cand.used & 1 << r != 0 || band.is_some_and(|b| r / 3 != b) {
                    continue;
                }
                let mut c = *cand;
                let mut row = [0u8; 9];
                // -1: smaller than the best so far, 0: equal so far, 1: larger (dropped).
                let mut order = 0i8;
                for (j, out) in row.iter_mut().enumerate() {
                    let v = src[usize::from(r) * 9 + usize::from(cols[j])];
                    let l = if v == 0 {
                        0
                    } else if c.labels[usize::from(v)] != 0 {
                        c.labels[usize::from(v)]
                    } else {
                        c.labels[usize::from(v)] = c.next;
                        c.next += 1;
                        c.next - 1
                    };
                    *out = l;
                    if order == 0 {
                        order = match l.cmp(&best[j]) {
                            std::cmp::Ordering::Less => -1,
                            std::cmp::Ordering::Equal => 0,
                            std::cmp::Ordering::Greater => 1,
                        };
                        if order > 0 {
                            break;
                        }
                    }
                }
                if order > 0 {
                    continue;
                }
                if order < 0 {
                    best = row;
                    next_live.clear();
                }
                c.used |= 1 << r;
                c.rows[k] = r;
                next_live.push(c);
            }
        }
        form[k * 9..k * 9 + 9].copy_from_slice(&best);
        next_live.sort_unstable_by_key(Candidate::future);
        next_live.dedup_by_key(|c| c.future());
        std::mem::swap(&mut live, &mut next_live);
    }
    let win = live[0];
    // Digits the grid lacks take the labels left, in increasing order.
    let mut digits = win.labels;
    let mut next = win.next;
    for d in digits.iter_mut().skip(1) {
        if *d == 0 {
            *d = next;
            next += 1;
        }
    }
    let t = Transform {
        transpose: win.side == 1,
        rows: win.rows,
        cols: orders[usize::from(win.order)],
        digits,
    };
    (form, t)
}

/// A transform taking `a` to `b`, when the grids are alike under the Sudoku symmetries.
///
/// ```
/// use sudoku_judge_core::model::symmetry::{Transform, isomorphism};
///
/// let mut a = [0u8; 81];
/// a[0] = 1;
/// a[80] = 2;
/// let mut b = [0u8; 81];
/// b[8] = 5;
/// b[72] = 6;
/// let t = isomorphism(&a, &b).unwrap();
/// assert_eq!(t.apply(&a), b);
/// b[40] = 7;
/// assert_eq!(isomorphism(&a, &b), None);
/// ```
pub fn isomorphism(a: &Grid, b: &Grid) -> Option<Transform> {
    let (ca, ta) = canonical(a);
    let (cb, tb) = canonical(b);
    (ca == cb).then(|| ta.then(&tb.inverse()))
}

/// NWRRC 2013's answer for `puzzles`: for each pair `i < j` in order (`(0, 1), (0, 2), ...,
/// (1, 2), ...`), operations that turn puzzle `i` into puzzle `j` ([`Op::apply`] in order), or
/// `None` when the two are not alike. Each puzzle's canonical form is found once; a pair is
/// alike when the forms are equal, and the witness is the first one's transform to the form
/// followed by the inverse of the second's, spelled by [`Transform::operations`] (at most 25
/// operations, where the problem allows 1000).
///
/// ```
/// use sudoku_judge_core::model::symmetry::{Transform, similar};
///
/// let mut a = [0u8; 81];
/// a[0] = 1;
/// a[40] = 2;
/// let mut t = Transform { transpose: true, ..Transform::IDENTITY };
/// t.digits.swap(1, 7);
/// t.rows.swap(0, 2);
/// let b = t.apply(&a);
/// let mut c = a;
/// c[41] = 3;
/// let pairs = similar(&[a, b, c]);
/// let mut g = a;
/// for op in pairs[0].as_ref().unwrap() {
///     op.apply(&mut g).unwrap();
/// }
/// assert_eq!(g, b);
/// assert_eq!((pairs[1].is_none(), pairs[2].is_none()), (true, true));
/// ```
pub fn similar(puzzles: &[Grid]) -> Vec<Option<Vec<Op>>> {
    let forms: Vec<(Grid, Transform)> = puzzles.iter().map(canonical).collect();
    let mut out = Vec::with_capacity(puzzles.len() * puzzles.len().saturating_sub(1) / 2);
    for (i, (fi, ti)) in forms.iter().enumerate() {
        for (fj, tj) in &forms[i + 1..] {
            out.push((fi == fj).then(|| {
                ti.then(&tj.inverse())
                    .operations()
                    .expect("canonical transforms are symmetries")
            }));
        }
    }
    out
}

/// Whether some symmetry takes the full grid `grid` to a grid that agrees with every given of
/// `puzzle` (0: empty): NWERC 2006's question whatever the puzzle's solutions, where
/// [`isomorphism`] of the puzzle's solution answers it for a unique puzzle. For each side and
/// column order, the puzzle's rows are matched in order to rows of `grid` that the bands
/// allow, keeping one relabelling: a backtracking search, cut at the first given that
/// disagrees.
///
/// ```
/// use sudoku_judge_core::model::symmetry::{Transform, embeds};
///
/// let g: [u8; 81] = std::array::from_fn(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9 + 1) as u8);
/// let mut t = Transform { transpose: true, ..Transform::IDENTITY };
/// t.digits.swap(3, 7);
/// let mut puzzle = t.apply(&g);
/// for c in (0..81).step_by(2) {
///     puzzle[c] = 0;
/// }
/// assert!(embeds(&g, &puzzle));
/// puzzle[1] = puzzle[3]; // two equal digits in a row: no image of a solved grid agrees
/// assert!(!embeds(&g, &puzzle));
/// ```
pub fn embeds(grid: &Grid, puzzle: &Grid) -> bool {
    let orders = line_orders();
    for src in [*grid, transposed(grid)] {
        for cols in &orders {
            // The image's rows under this column order.
            let rows: [[u8; 9]; 9] =
                std::array::from_fn(|r| std::array::from_fn(|c| src[r * 9 + usize::from(cols[c])]));
            if place_rows(&rows, puzzle, 0, &mut [0; 9], &mut [0; 10], &mut [0; 10]) {
                return true;
            }
        }
    }
    false
}

/// Rows `k..` of `puzzle` matched to unused rows of `rows` that the bands allow (`chosen[..k]`:
/// the rows matched so far), with the relabelling `fwd` (grid digit to puzzle digit) and its
/// inverse `back`.
fn place_rows(
    rows: &[[u8; 9]; 9],
    puzzle: &Grid,
    k: usize,
    chosen: &mut [usize; 9],
    fwd: &mut [u8; 10],
    back: &mut [u8; 10],
) -> bool {
    if k == 9 {
        return true;
    }
    let want = &puzzle[k * 9..k * 9 + 9];
    for r in 0..9usize {
        if chosen[..k].contains(&r) {
            continue;
        }
        // At a band's start any row of an unused band, else a row of the band begun.
        if !k.is_multiple_of(3) && r / 3 != chosen[k - 1] / 3 {
            continue;
        }
        let (f0, b0) = (*fwd, *back);
        let fits = rows[r].iter().zip(want).all(|(&x, &y)| {
            if y == 0 {
                return true;
            }
            let (xi, yi) = (usize::from(x), usize::from(y));
            let ok = (fwd[xi] == 0 || fwd[xi] == y) && (back[yi] == 0 || back[yi] == x);
            if ok {
                fwd[xi] = y;
                back[yi] = x;
            }
            ok
        });
        chosen[k] = r;
        if fits && place_rows(rows, puzzle, k + 1, chosen, fwd, back) {
            return true;
        }
        *fwd = f0;
        *back = b0;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Fills cells `at..` of `g` by a search that tries digits in a random order: a full grid
    /// drawn from all of them, not only the images of one pattern.
    fn fill(rng: &mut Rng, g: &mut Grid, at: usize) -> bool {
        if at == 81 {
            return true;
        }
        let (r, c) = (at / 9, at % 9);
        let mut digits: [u8; 9] = std::array::from_fn(|d| d as u8 + 1);
        for i in (1..9).rev() {
            digits.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for d in digits {
            let clash = (0..9).any(|k| {
                g[r * 9 + k] == d
                    || g[k * 9 + c] == d
                    || g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == d
            });
            if !clash {
                g[at] = d;
                if fill(rng, g, at + 1) {
                    return true;
                }
            }
        }
        g[at] = 0;
        false
    }

    /// A random symmetry.
    fn random_transform(rng: &mut Rng) -> Transform {
        let orders = line_orders();
        let mut digits: [u8; 10] = std::array::from_fn(|d| d as u8);
        for i in (2..10).rev() {
            let j = 1 + rng.below(i as u64) as usize;
            digits.swap(i, j);
        }
        Transform {
            transpose: rng.below(2) == 1,
            rows: orders[rng.below(1296) as usize],
            cols: orders[rng.below(1296) as usize],
            digits,
        }
    }

    /// A random solved grid with `holes` cells emptied.
    fn random_grid(rng: &mut Rng, holes: usize) -> Grid {
        let mut g = [0u8; 81];
        assert!(fill(rng, &mut g, 0), "a full grid exists");
        let mut cells: Vec<usize> = (0..81).collect();
        for i in 0..holes {
            let j = i + rng.below((81 - i) as u64) as usize;
            cells.swap(i, j);
            g[cells[i]] = 0;
        }
        g
    }

    /// Whether some image of `a` (rows and columns in any order the symmetries allow,
    /// transposed or not, with a consistent relabelling) agrees with every given of `b`, by
    /// trying every arrangement; with `same_holes`, its empty cells must be `b`'s too.
    fn fits_by_brute_force(a: &Grid, b: &Grid, same_holes: bool) -> bool {
        let orders = line_orders();
        for src in [*a, transposed(a)] {
            for rows in &orders {
                'cols: for cols in &orders {
                    let (mut fwd, mut back) = ([0u8; 10], [0u8; 10]);
                    for r in 0..9 {
                        for c in 0..9 {
                            let x = src[usize::from(rows[r]) * 9 + usize::from(cols[c])];
                            let y = b[r * 9 + c];
                            if same_holes && (x == 0) != (y == 0) {
                                continue 'cols;
                            }
                            if y == 0 {
                                continue;
                            }
                            let (x, y) = (usize::from(x), usize::from(y));
                            if (fwd[x] != 0 && fwd[x] as usize != y)
                                || (back[y] != 0 && back[y] as usize != x)
                            {
                                continue 'cols;
                            }
                            fwd[x] = y as u8;
                            back[y] = x as u8;
                        }
                    }
                    return true;
                }
            }
        }
        false
    }

    /// Whether some symmetry takes `a` to `b` (empty cells included), by brute force.
    fn alike_by_brute_force(a: &Grid, b: &Grid) -> bool {
        fits_by_brute_force(a, b, true)
    }

    /// Whether some image of the full grid `a` agrees with every given of `p`, by brute force.
    fn embeds_by_brute_force(a: &Grid, p: &Grid) -> bool {
        fits_by_brute_force(a, p, false)
    }

    /// Puzzles cut from an image of the grid, from another grid, and with a given changed:
    /// the search agrees with every arrangement tried.
    #[test]
    fn embedding_agrees_with_brute_force() {
        let mut rng = Rng::new(2006);
        let (mut yes, mut no) = (0, 0);
        for k in 0..40 {
            let g = random_grid(&mut rng, 0);
            let from = if k % 3 == 0 {
                random_grid(&mut rng, 0)
            } else {
                g
            };
            let mut p = random_transform(&mut rng).apply(&from);
            // Another grid's puzzle with many givens seldom fits; with few, it may. The other
            // grid's puzzles keep many givens so that some answers are no.
            let holes = if k % 3 == 0 {
                [30, 40, 50, 78][k % 4]
            } else {
                [30, 50, 70, 78][k % 4]
            };
            let mut cells: Vec<usize> = (0..81).collect();
            for i in 0..holes {
                let j = i + rng.below((81 - i) as u64) as usize;
                cells.swap(i, j);
                p[cells[i]] = 0;
            }
            if k % 5 == 1 {
                let c = cells[80];
                p[c] = p[c] % 9 + 1;
            }
            let truth = embeds_by_brute_force(&g, &p);
            assert_eq!(embeds(&g, &p), truth, "case {k}");
            if truth { yes += 1 } else { no += 1 }
        }
        assert!(yes > 10 && no > 8, "{yes} {no}");
    }

    #[test]
    fn transforms_compose_invert_and_spell_as_operations() {
        let mut rng = Rng::new(11);
        for _ in 0..2000 {
            let holes = rng.below(60) as usize;
            let g = random_grid(&mut rng, holes);
            let (s, t) = (random_transform(&mut rng), random_transform(&mut rng));
            assert!(s.is_symmetry());
            assert_eq!(s.then(&t).apply(&g), t.apply(&s.apply(&g)));
            assert_eq!(s.inverse().apply(&s.apply(&g)), g);
            assert_eq!(s.apply(&s.inverse().apply(&g)), g);
            let ops = s.operations().unwrap();
            assert!(ops.len() <= 25);
            let mut h = g;
            for op in &ops {
                op.apply(&mut h).unwrap();
            }
            assert_eq!(h, s.apply(&g), "{ops:?}");
        }
        let mut bad = Transform::IDENTITY;
        bad.rows.swap(0, 3);
        assert!(!bad.is_symmetry() && bad.operations().is_none());
    }

    #[test]
    fn alike_grids_have_one_canonical_form_and_a_witness() {
        let mut rng = Rng::new(32);
        for k in 0..3000 {
            let holes = [0, 10, 40, 60, 75][k % 5];
            let g = random_grid(&mut rng, holes);
            let t = random_transform(&mut rng);
            let h = t.apply(&g);
            let (cg, tg) = canonical(&g);
            assert_eq!(tg.apply(&g), cg);
            assert!(tg.is_symmetry());
            assert_eq!(canonical(&h).0, cg, "case {k}");
            let w = isomorphism(&g, &h).expect("alike");
            assert_eq!(w.apply(&g), h, "case {k}");
        }
        // The empty grid, whose images all tie: it is its own canonical form.
        let (form, t) = canonical(&[0; 81]);
        assert_eq!((form, t.apply(&[0; 81])), ([0; 81], [0; 81]));
    }

    /// Near misses (one cell changed, emptied or filled) against every arrangement tried.
    #[test]
    fn canonical_forms_agree_with_brute_force() {
        let mut rng = Rng::new(2013);
        let (mut alike, mut apart) = (0, 0);
        for k in 0..160 {
            let holes = [0, 30, 55, 70][k % 4];
            let g = random_grid(&mut rng, holes);
            let mut h = random_transform(&mut rng).apply(&g);
            if k % 5 != 0 {
                let cell = rng.below(81) as usize;
                h[cell] = match (k / 5) % 3 {
                    0 => 0,
                    1 => 1 + rng.below(9) as u8,
                    _ => h[cell] % 9 + 1,
                };
            }
            let truth = alike_by_brute_force(&g, &h);

            let found = isomorphism(&g, &h);
            assert_eq!(found.is_some(), truth, "case {k}");
            if let Some(t) = found {
                assert_eq!(t.apply(&g), h);
                alike += 1;
            } else {
                apart += 1;
            }
        }
        assert!(alike > 25 && apart > 50, "{alike} {apart}");
    }

    /// NWRRC 2013 on seeded sets: puzzles with their random images and near misses (a given
    /// moved, changed or added; clashing givens too, as the problem's puzzles need not be
    /// solvable). Every `Yes` pair's operations turn the first puzzle into the second exactly;
    /// a pair of an image is always `Yes`, and a few pairs of each answer agree with every
    /// arrangement tried.
    #[test]
    fn similar_pairs_spell_operations_that_turn_one_into_the_other() {
        let mut rng = Rng::new(7087);
        let (mut yes, mut no, mut brute) = (0, 0, 0);
        for k in 0..150 {
            let holes = [40, 55, 64, 72, 81][k % 5];
            let base = random_grid(&mut rng, holes);
            let mut set = vec![base];
            let mut images = vec![true];
            for _ in 0..5 {
                let mut p = random_transform(&mut rng).apply(&base);
                let image = rng.below(2) == 0;
                if !image {
                    let cell = rng.below(81) as usize;
                    p[cell] = match rng.below(3) {
                        0 => 0,
                        1 => 1 + rng.below(9) as u8,
                        _ => p[cell] % 9 + 1,
                    };
                }
                set.push(p);
                images.push(image);
            }
            let pairs = similar(&set);
            assert_eq!(pairs.len(), 15);
            let mut at = 0;
            for i in 0..set.len() {
                for j in i + 1..set.len() {
                    let answer = &pairs[at];
                    at += 1;
                    if i == 0 && images[j] {
                        assert!(answer.is_some(), "set {k}: an image is alike");
                    }
                    match answer {
                        Some(ops) => {
                            assert!(ops.len() <= 25);
                            let mut g = set[i];
                            for op in ops {
                                op.apply(&mut g).expect("a valid operation");
                            }
                            assert_eq!(g, set[j], "set {k}, pair ({i}, {j}): {ops:?}");
                            yes += 1;
                        }
                        None => no += 1,
                    }
                    if k % 10 == 0 && j == i + 1 {
                        let truth = alike_by_brute_force(&set[i], &set[j]);
                        assert_eq!(answer.is_some(), truth, "set {k}, pair ({i}, {j})");
                        brute += 1;
                    }
                }
            }
        }
        assert!(yes > 500 && no > 500 && brute >= 75, "{yes} {no} {brute}");
        assert_eq!(similar(&[[0; 81]]), Vec::<Option<Vec<Op>>>::new());
        assert_eq!(similar(&[[0; 81], [0; 81]]), vec![Some(Vec::new())]);
    }
}
